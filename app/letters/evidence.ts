/**
 * The evidence a letter cites for each check: the case's published files the check read (with their SHA-256,
 * and inline when it is a small certificate), the figures it drew (SVG, with their SHA-256), and the headless
 * command that recomputes it from the case's published data. Paths are relative to the case folder, named
 * under the case's id (`timing-normalization/sandbox/quantities.json`), never where the workspace lives; a
 * run's folder is never named, only the figure's file name.
 */
import type { LatestFalsificationReport } from '../../common/api/contract';
import type { CaseFile } from '../cases/model';
import { readInside } from '../fs/confine';
import { sha256 } from '../fs/hash';
import { buildGalleries, type Gallery } from '../perceptual/gallery';
import type { RerunArgs } from '../checks/kind-words';
import { KIND_LETTER_WORDS } from './kind-words';

/** A certificate this small (bytes) is quoted whole in the letter. */
const INLINE_MAX_BYTES = 1024;
/** Largest input file hashed for a letter. */
const MAX_INPUT_BYTES = 256 * 1024 * 1024;
const MAX_FIGURE_BYTES = 8 * 1024 * 1024;
/**
 * A run's folder as figures name it (`runs/<run-id>/` and the check's `<falsification>-<check>/` under it):
 * internal to the case, and different on every run.
 */
const RUN_FOLDER = /runs\/[A-Za-z0-9._-]+\/(?:[A-Za-z0-9._-]+\/)?/g;

export interface EvidenceFile {
  /** Relative to the case folder. */
  readonly path: string;
  readonly sha256: string;
  /** The file's text, for a small certificate quoted in the letter. */
  readonly inline?: string;
}

export interface EvidenceFigure {
  /** Its number in the letter (Figure 1, 2, ...), in the order the letter cites them. */
  readonly number: number;
  /** The figure as attached: the drawn SVG with the run's folder taken out of the paths it names. */
  readonly svg: string;
  /** sha256 of `svg`. */
  readonly sha256: string;
}

export interface CheckEvidence {
  readonly inputs: readonly EvidenceFile[];
  readonly figures: readonly EvidenceFigure[];
  /**
   * A perceptual verdict's gallery (app/perceptual/gallery.ts) with the figure number of each of its pairs, which
   * follow the check's own figures.
   */
  readonly gallery?: { readonly gallery: Gallery; readonly numbers: readonly number[] };
  /** The command that recomputes this check headless. */
  readonly command: string;
}

/** Evidence by `falsificationId/checkId`. */
export type LetterEvidence = ReadonlyMap<string, CheckEvidence>;

export const evidenceKey = (falsificationId: string, checkId: string): string => `${falsificationId}/${checkId}`;

/** The command recomputing every check of a falsification. Example: `npx recheck run timing-normalization --falsification F1`. */
export function runCommand(caseName: string, falsificationId: string): string {
  return `npx recheck run ${caseName} --falsification ${falsificationId}`;
}

/**
 * Reads what the letter cites for the checks of `falsificationIds` (their latest reports), in the letter's
 * order: claim by claim, each claim's falsifications in the case's order, each one's checks in its report's.
 */
export async function letterEvidence(
  dir: string,
  c: CaseFile,
  latest: readonly LatestFalsificationReport[],
  falsificationIds: readonly string[],
): Promise<LetterEvidence> {
  const out = new Map<string, CheckEvidence>();
  let figureCount = 0;
  const ordered = c.paper.claims.flatMap((claim) =>
    c.falsifications.filter((f) => f.claim === claim.id && falsificationIds.includes(f.id)),
  );
  for (const f of ordered) {
    const report = latest.find((r) => r.falsificationId === f.id);
    for (const result of report?.checks ?? []) {
      const decl = f.checks.find((x) => x.id === result.checkId);
      const params = decl?.params ?? {};
      const inputs: EvidenceFile[] = [];
      for (const path of caseFilesIn(params)) {
        const bytes = await readOrNull(dir, path, MAX_INPUT_BYTES);
        if (bytes === null || inputs.some((i) => i.path === path)) continue;
        const text = bytes.toString('utf8');
        const inline =
          bytes.length <= INLINE_MAX_BYTES && /"format"\s*:\s*"recheck\.certificate\/1"/.test(text) ? text.trimEnd() : undefined;
        inputs.push({ path, sha256: sha256(bytes), ...(inline !== undefined ? { inline } : {}) });
      }
      const figures: EvidenceFigure[] = [];
      for (const artifact of result.artifacts) {
        if (!artifact.endsWith('.svg')) continue;
        const bytes = await readOrNull(dir, artifact, MAX_FIGURE_BYTES);
        if (bytes === null) continue;
        const svg = bytes.toString('utf8').replace(RUN_FOLDER, '');
        figures.push({ number: ++figureCount, svg, sha256: sha256(svg) });
      }
      const gallery =
        result.kind === 'perceptual-verdict'
          ? ((await buildGalleries(dir, f.id, [result, ...(report?.checks ?? []).filter((x) => x.kind === 'image-metrics')]))[0] ?? null)
          : null;
      const numbered = gallery === null ? {} : { gallery: { gallery, numbers: gallery.pairs.map(() => ++figureCount) } };
      out.set(evidenceKey(f.id, result.checkId), { inputs, figures, ...numbered, command: checkCommand(c.id, result.kind, params, f.id) });
    }
  }
  return out;
}

/** The string params naming a file of the case (any depth: a sweep's program too). */
function caseFilesIn(params: Record<string, unknown>): string[] {
  const out: string[] = [];
  const visit = (v: unknown) => {
    if (typeof v === 'string') {
      if (/^[A-Za-z0-9_][^\0]*\.[A-Za-z0-9]+$/.test(v) && v.includes('/') && !v.split('/').includes('..')) out.push(v);
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(visit);
  };
  visit(params);
  return out;
}

async function readOrNull(dir: string, path: string, maxBytes: number): Promise<Buffer | null> {
  try {
    return await readInside(dir, path, { maxBytes });
  } catch {
    return null; // not a file of the case (a param that only looks like a path), or gone: not cited
  }
}

/**
 * The `recheck` command that recomputes one check from the case's files, run from the folder holding the case:
 * the kind's own command where its words give one (`rerun` in app/checks/kinds/<kind>.words.ts), else the case's
 * run of the falsification.
 * Example: `checkCommand('timing', 'units-audit', { quantities: 'sandbox/q.json' }, 'F1')` is
 * `npx recheck audit units timing/sandbox/q.json`.
 */
export function checkCommand(caseName: string, kind: string, params: Record<string, unknown>, falsificationId: string): string {
  const at: RerunArgs = {
    file: (key) => (typeof params[key] === 'string' ? `${caseName}/${params[key] as string}` : null),
    arg: (v) => (typeof v === 'string' && /^[A-Za-z0-9._-]+$/.test(v) ? v : null),
  };
  return KIND_LETTER_WORDS[kind]?.rerun?.(params, at) ?? runCommand(caseName, falsificationId);
}
