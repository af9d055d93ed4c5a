// Types of the layering rule's helpers, for the tests that import them (test/lint/app-graph.test.ts).
import type { Rule } from 'eslint';

export function layerOf(rel: string): string | null;
export const APP_ORDER: readonly (readonly string[])[];
export function appFolderOf(rel: string): string | null;
export function appRank(folder: string | null): number;
declare const rule: Rule.RuleModule;
export default rule;
