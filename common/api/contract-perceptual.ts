/** The perceptual capability's view and input types, where their importers find them (declared in common/api/perceptual.ts). */
export type * from './perceptual';
