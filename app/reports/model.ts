/**
 * An auditable report of a case (format `recheck.report/1`): what `recheck report` writes and `recheck report
 * --verify` checks. A report folder holds `index.html` (the static report, rendered from `report.json`),
 * `report.json` (the same content as data), `figures/` (the SVG figures, also inline in the HTML), `inputs/`
 * (the case's files: case.json, paper.md, logbooks, sandbox, letters), `records/audit.jsonl` (the case's audit
 * log), `outputs/runs/<run-id>/` (the run folders the decisions come from) and `manifest.json` (every other
 * file with its SHA-256, and the hash chain over them). Documented in docs/reports.md.
 */
import type {
  ChecklistItemStatus,
  CheckOutcome,
  CheckResultView,
  DecisionGate,
  FalsificationDecision,
  FindingSays,
  ReviewerVerdict,
} from '../../common/api/contract';
import type { Gallery } from '../perceptual/gallery';

export const REPORT_FORMAT = 'recheck.report/1';
export const MANIFEST_FORMAT = 'recheck.report-manifest/1';

/** The report's files and folders, relative to the report folder. */
export const REPORT_FILES = {
  html: 'index.html',
  data: 'report.json',
  manifest: 'manifest.json',
  figures: 'figures',
  inputs: 'inputs',
  audit: 'records/audit.jsonl',
  outputs: 'outputs',
} as const;

/** A file with its content hash; `path` is relative to the case folder, `reportPath` to the report folder. */
export interface HashedFile {
  readonly path: string;
  readonly reportPath: string;
  readonly sha256: string;
  readonly bytes: number;
}

/** A file a check read, named by the param (JSON pointer) that names it. */
export interface CheckInputFile {
  readonly param: string;
  readonly path: string;
  /** sha256 of the file, or null when it is not a regular file of the case (a folder: its files follow). */
  readonly sha256: string | null;
  readonly files?: readonly { path: string; sha256: string }[];
}

export interface ReportCheckResult {
  readonly outcome: CheckOutcome | 'error';
  readonly summary: string;
  readonly evidence: Record<string, unknown>;
  /** sha256 of the evidence in canonical JSON (keys sorted). */
  readonly evidenceSha256: string;
  readonly artifacts: readonly HashedFile[];
  readonly durationMs: number;
  /** What the result is worth and where its evidence comes from (absent in runs from before gates). */
  readonly guarantee?: CheckResultView['guarantee'];
  readonly basis?: CheckResultView['basis'];
  readonly seeds?: number;
  readonly sources?: number;
  readonly dataSha256?: string;
  readonly insufficient?: string;
}

export interface ReportCheck {
  readonly id: string;
  readonly kind: string;
  readonly title: string;
  readonly params: Record<string, unknown>;
  readonly inputs: readonly CheckInputFile[];
  /** The result in the falsification's latest run; null when it never ran (or ran before the check was declared). */
  readonly result: ReportCheckResult | null;
  /** SVG figures drawn from the evidence (report paths under figures/). */
  readonly figures: readonly { title: string; reportPath: string; sha256: string }[];
}

export interface ReportVerdict {
  readonly at: string;
  readonly who: string;
  readonly verdict: ReviewerVerdict;
  readonly rationale: string;
  readonly runId: string | null;
  readonly computedDecision: FalsificationDecision | null;
  readonly agreesWithComputed: boolean | null;
  readonly overridesComputed: FalsificationDecision | null;
  readonly openQuestions: readonly string[];
}

export interface ReportChecklistItem {
  readonly id: string;
  readonly question: string;
  readonly why: string;
  readonly status: ChecklistItemStatus;
  readonly checks: readonly string[];
  readonly reason?: string;
  readonly note?: string;
}

export interface ReportFalsification {
  readonly id: string;
  readonly claim: string;
  readonly logbook: string;
  readonly assertion: string;
  /** What the finding says (absent: falsified). */
  readonly says?: FindingSays;
  /** The computed decision from this falsification's own latest run, with its gate (absent in runs from before gates); null when it never ran. */
  readonly decision: { decision: FalsificationDecision; reason: string; runId: string; finishedAt: string; gate?: DecisionGate } | null;
  readonly checks: readonly ReportCheck[];
  readonly checklist: readonly ReportChecklistItem[];
  /** Reviewers' verdicts, oldest first (audit.jsonl `decision` entries). */
  readonly verdicts: readonly ReportVerdict[];
  /** Shell commands that recompute this falsification's checks headless from the report's inputs. */
  readonly rerun: readonly string[];
  /**
   * The image pairs its perceptual verdicts were decided on (app/perceptual/gallery.ts), their images under inputs/
   * (shown inline in index.html as data: URIs); absent in reports built before galleries existed.
   */
  readonly galleries?: readonly Gallery[];
}

export interface ReportLetter {
  /** The folder under letters/ (or `.` for files directly in it). */
  readonly id: string;
  readonly files: readonly HashedFile[];
  /** letter.json, when present and valid JSON. */
  readonly meta: unknown;
  /** The newest version (v<N>.md with the largest N), case-relative. */
  readonly latest: string | null;
}

export interface ReportRun {
  readonly runId: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly who: string | null;
  /** sha256 of runs/<run-id>/report.json as copied, and as the audit log recorded it when the run finished. */
  readonly reportSha256: string;
  readonly recordedSha256: string | null;
}

export interface ReportProvenance {
  readonly recheck: string;
  readonly node: string;
  readonly chromium: string;
  readonly esbuild: string;
  readonly platform: string;
  readonly electron?: string;
  /** Every input (case files) and output (run files) with its hash. */
  readonly inputs: readonly HashedFile[];
  readonly outputs: readonly HashedFile[];
  readonly audit: HashedFile | null;
  /** Shell commands to check and recompute the whole report. */
  readonly commands: readonly string[];
  /** Case files left out of inputs/ (a linked logbook, a symlink out of the case, ...), with why. */
  readonly leftOut: readonly { path: string; why: string }[];
}

export interface ReportData {
  readonly format: typeof REPORT_FORMAT;
  readonly reportId: string;
  readonly createdAt: string;
  readonly createdBy: string;
  readonly case: {
    readonly id: string;
    readonly title: string;
    readonly paper: { title: string; venueId: string; authors: string[]; claims: { id: string; text: string }[] };
    readonly logbooks: { id: string; path: string; format: string; title: string; linked: boolean }[];
  };
  readonly falsifications: readonly ReportFalsification[];
  readonly runs: readonly ReportRun[];
  readonly letters: readonly ReportLetter[];
  readonly provenance: ReportProvenance;
}

/** One file of the manifest and its link in the hash chain. */
export interface ManifestEntry {
  readonly path: string;
  readonly sha256: string;
  readonly bytes: number;
  /** sha256(previous link + "\n" + path + "\n" + sha256 + "\n" + bytes). */
  readonly chain: string;
}

export interface ReportManifest {
  readonly format: typeof MANIFEST_FORMAT;
  readonly reportId: string;
  readonly createdAt: string;
  /** The chain's first link: sha256("recheck.report-chain/1\n" + reportId). */
  readonly genesis: string;
  /** Every file of the report but manifest.json, sorted by path. */
  readonly files: readonly ManifestEntry[];
  /** The last link: one hash that changes when any byte of any file, or the list of files, changes. */
  readonly root: string;
}
