// Types of scripts/resource-manifest.mjs.
export const RESOURCE_MANIFEST_FORMAT: string;
export const CLOSED_FOLDERS: string[];
export interface ResourceManifest {
  format: string;
  closedFolders: string[];
  files: Record<string, string>;
}
export function resourceManifest(root?: string): ResourceManifest;
export function writeResourceManifest(root?: string): string;
