/** The settings capability's types and words, where their importers find them (declared in common/api/settings.ts). */
export type * from './settings';
export { sweepPlaceWords } from './settings';
