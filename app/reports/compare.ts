/**
 * Compares a check's recorded result with the same check recomputed (`recheck report --verify --rerun`),
 * tolerating only what is documented as runtime-dependent (docs/reports.md, "What a rerun tolerates"):
 * - keys ignored wherever they occur in the evidence: timings (any key ending in `Ms`, e.g. `wallMs`), how a
 *   sweep's points were obtained (`resumedPoints`, `computedPoints`: a checkpoint may be reused), how the
 *   sandbox was confined on the machine (`confined`, `isolation`), and the hash of a bundled sandbox program
 *   (`codeSha256`: esbuild names the sources by their path relative to the case folder, so the bundle depends on
 *   where the case lives; the program's own source hash, `programSha256` or `moduleHash`, is compared); the
 *   check's own `durationMs`;
 * - run folders inside strings (`runs/<run-id>/` is read as `runs/<run>/`: each run writes to its own folder);
 * - numbers of the evidence: equal within a relative tolerance of 1e-9 (absolute 1e-12 near zero), which
 *   absorbs a different libm's last bits; strings, booleans, nulls and the shape of the evidence must be equal
 *   (decimal strings of exact and high-precision results are compared as strings, exactly);
 * - numbers printed in a summary (three significant digits or more): a relative tolerance of 1e-2; the words
 *   around them must be equal.
 * Example: `compareEvidence({ b: 0.5, wallMs: 3 }, { b: 0.5 + 1e-12, wallMs: 9 }).problems` is `[]`.
 */

export const EVIDENCE_REL_TOL = 1e-9;
export const EVIDENCE_ABS_TOL = 1e-12;
export const SUMMARY_REL_TOL = 1e-2;

const RUNTIME_KEYS = new Set(['resumedPoints', 'computedPoints', 'confined', 'isolation', 'codeSha256']);

/** Whether a key of the evidence is runtime-dependent (ignored on a rerun). */
export function isRuntimeKey(key: string): boolean {
  return RUNTIME_KEYS.has(key) || /Ms$/.test(key);
}

/** A string with every run folder named generically. Example: `runs/2026-01-01T00-00-00-000Z-a1b2c3/x.csv` -> `runs/<run>/x.csv`. */
export function withoutRunIds(s: string): string {
  return s.replace(/runs\/[A-Za-z0-9._-]+\//g, 'runs/<run>/');
}

export function numbersClose(a: number, b: number, rel = EVIDENCE_REL_TOL, abs = EVIDENCE_ABS_TOL): boolean {
  if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return true;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return Math.abs(a - b) <= Math.max(abs, rel * Math.max(Math.abs(a), Math.abs(b)));
}

export interface EvidenceComparison {
  /** Differences beyond the tolerance, one line each (`/models/1/params/b: 0.61 recorded, 0.62 now`). */
  readonly problems: string[];
  /** Runtime-dependent fields that differed (ignored), and numbers that differed within the tolerance. */
  readonly tolerated: string[];
}

function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

function walk(a: unknown, b: unknown, at: string, out: { problems: string[]; tolerated: string[] }): void {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a !== b) (numbersClose(a, b) ? out.tolerated : out.problems).push(`${at || '/'}: ${a} recorded, ${b} now`);
    return;
  }
  if (typeof a === 'string' && typeof b === 'string') {
    if (withoutRunIds(a) !== withoutRunIds(b)) out.problems.push(`${at || '/'}: ${show(a)} recorded, ${show(b)} now`);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) {
      out.problems.push(`${at || '/'}: ${a.length} items recorded, ${b.length} now`);
      return;
    }
    a.forEach((x, i) => walk(x, b[i], `${at}/${i}`, out));
    return;
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && !Array.isArray(a) && !Array.isArray(b)) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    for (const k of [...new Set([...Object.keys(ra), ...Object.keys(rb)])].sort()) {
      const path = `${at}/${k}`;
      if (isRuntimeKey(k)) {
        if (JSON.stringify(ra[k]) !== JSON.stringify(rb[k])) out.tolerated.push(`${path}: runtime-dependent, ignored`);
        continue;
      }
      if (!(k in ra)) out.problems.push(`${path}: absent in the record, ${show(rb[k])} now`);
      else if (!(k in rb)) out.problems.push(`${path}: ${show(ra[k])} recorded, absent now`);
      else walk(ra[k], rb[k], path, out);
    }
    return;
  }
  if (a !== b) out.problems.push(`${at || '/'}: ${show(a)} recorded, ${show(b)} now`);
}

/** The recorded evidence against the recomputed one. */
export function compareEvidence(recorded: unknown, now: unknown): EvidenceComparison {
  const out = { problems: [] as string[], tolerated: [] as string[] };
  walk(recorded, now, '', out);
  return out;
}

const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;

/**
 * Whether two summaries say the same: equal words, numbers within SUMMARY_REL_TOL.
 * Example: `summariesAgree('b = 0.614 (k = 1024)', 'b = 0.615 (k = 1024)')` is true.
 */
export function summariesAgree(recorded: string, now: string): boolean {
  const a = withoutRunIds(recorded);
  const b = withoutRunIds(now);
  if (a.replace(NUMBER, '#') !== b.replace(NUMBER, '#')) return false;
  const na = a.match(NUMBER) ?? [];
  const nb = b.match(NUMBER) ?? [];
  return na.length === nb.length && na.every((x, i) => numbersClose(Number(x), Number(nb[i]), SUMMARY_REL_TOL, 0));
}
