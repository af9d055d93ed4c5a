/** Monaco language ids for sandbox files, by extension. */

const BY_EXTENSION: Readonly<Record<string, string>> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  json: 'json',
  md: 'markdown',
  py: 'python',
  sh: 'shell',
};

/** Language id for a path; `plaintext` for anything else. Example: `languageFor('sandbox/a.ts')` -> `typescript`. */
export function languageFor(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return 'plaintext';
  return BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? 'plaintext';
}
