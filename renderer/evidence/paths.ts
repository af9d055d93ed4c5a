/**
 * The file paths a check's evidence names (a positions table, a module, a certificate, a sweep's checkpoint
 * folder), found by shape: a relative path of plain segments with `/` between them that ends in a file
 * extension or lies under `runs/` (a run's outputs), never `..`, never absolute, never a URL or a unit like
 * `s/batch`. Walked to a few levels, in the evidence's own order, each path once with the field that names it.
 * Example: `evidencePaths({ file: 'logbook/eval/positions.csv', unit: 's/batch' })` is
 * `[{ path: 'logbook/eval/positions.csv', field: 'file' }]`.
 */

export interface EvidencePath {
  path: string;
  /** Where the evidence names it, e.g. `sweep.checkpoint`. */
  field: string;
}

const SEGMENT = /^[A-Za-z0-9_@+][A-Za-z0-9_.@+-]*$/;
const EXTENSION = /\.[A-Za-z][A-Za-z0-9]{0,7}$/;
const MAX_DEPTH = 3;
/** Paths shown as links; the rest are counted and said (CheckFiles), never dropped silently. */
export const SHOWN_PATHS = 50;
/** Values visited at most (evidence is bounded JSON; this bounds the walk's time, and is said when reached). */
const MAX_VISITS = 100_000;

/** True when `s` has the shape of a path inside a case. */
export function looksLikeCasePath(s: string): boolean {
  if (s.length > 512) return false;
  const parts = s.split('/');
  if (!parts.every((p) => SEGMENT.test(p))) return false;
  if (parts[0] === 'runs' && parts.length >= 2) return true;
  return EXTENSION.test(s) && (parts.length >= 2 || /^[a-z][a-z0-9_-]*\.(md|json|jsonl|csv|txt|svg|png|ts|mjs|js|py)$/i.test(s));
}

/**
 * Every path the evidence names (see above), each once, in the evidence's order; `complete` is false when the
 * walk stopped at MAX_VISITS values, so that the caller can say the list may go on.
 */
export function evidencePathsOf(evidence: Record<string, unknown>): { paths: EvidencePath[]; complete: boolean } {
  const out: EvidencePath[] = [];
  const seen = new Set<string>();
  let visits = 0;
  const walk = (v: unknown, field: string, depth: number) => {
    if (++visits > MAX_VISITS) return;
    if (typeof v === 'string') {
      if (!seen.has(v) && looksLikeCasePath(v)) {
        seen.add(v);
        out.push({ path: v, field });
      }
      return;
    }
    if (depth >= MAX_DEPTH || typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, `${field}[${i}]`, depth + 1));
      return;
    }
    for (const [k, x] of Object.entries(v)) walk(x, field === '' ? k : `${field}.${k}`, depth + 1);
  };
  walk(evidence, '', 0);
  return { paths: out, complete: visits <= MAX_VISITS };
}

/** The paths the evidence names. Example above. */
export function evidencePaths(evidence: Record<string, unknown>): EvidencePath[] {
  return evidencePathsOf(evidence).paths;
}
