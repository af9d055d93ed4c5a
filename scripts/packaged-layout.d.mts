// Types of scripts/packaged-layout.mjs.
export interface ExtraResource {
  readonly from: string;
  readonly to: string;
  readonly filter?: readonly string[];
}
export interface BuilderConfig extends Record<string, unknown> {
  extraResources: ExtraResource[];
  asarUnpack: string[];
}
export const REPO: string;
export function builderConfig(root?: string): BuilderConfig;
export function filesUnder(dir: string): string[];
export function shippedAs(cfg: { extraResources: readonly ExtraResource[] }, repoRelative: string): string | null;
export function shippedSandboxSources(cfg?: BuilderConfig, root?: string): [string, string][];
