/**
 * The intake capability: logbooks as read (pages, cells, files, problems), logbook import, tables extracted
 * from cells, two logbooks' settings compared, and their methods.
 * Each method is declared once here (common/api/method.ts); app/api/slices/intake.ts implements them.
 */
import type { SettingValue } from '../../checkers/logbook/settings';
import type { ByReviewer } from './cases';
import { method, returns } from './method';
import { ApiArgumentError, arity, id, name, optional, record, reviewer, text, uploadedFiles, uploadPath } from './validate';

export interface LogbookBlock {
  /** Fence language (`python`, `bash`, `output`, ...). */
  lang: string;
  title?: string;
  text: string;
  /**
   * Characters the logbook writer elided from this output block (Trackio keeps the first 2,000 and the last
   * 18,000 of an output longer than 20,000 and writes `... [N chars elided] ...` between them).
   */
  elidedChars?: number;
}

/** Fields every cell has. `problem` says what the reader could not read in it (it shows what it could). */
interface CellBase {
  id: string;
  title: string;
  createdAt?: string;
  pinned?: boolean;
  problem?: string;
}

export type LogbookCell =
  | (CellBase & { type: 'markdown'; markdown: string })
  | (CellBase & {
      type: 'code';
      /** The command that ran (`logbook run`), or [] for a code cell without one. */
      command: string[];
      exitCode: number | null;
      durationS: number | null;
      /** Language of a code cell written with `cell code`. */
      language?: string;
      /** The run was interrupted (Trackio writes `[interrupted]` at the end of its output). */
      interrupted?: boolean;
      blocks: LogbookBlock[];
    })
  | (CellBase & {
      type: 'figure';
      /**
       * The figure's images, as `data:image/...` URIs taken from its HTML (the HTML itself, which may hold
       * scripts, is never rendered); `omitted` counts what was left out (scripts, external sources).
       */
      images: string[];
      omitted: number;
    })
  | (CellBase & {
      type: 'artifact';
      /** `project/name:version` of a Trackio artifact, or the workspace path of an auto-captured file. */
      ref: string;
      artifactType?: string;
      size?: number;
      /** Where the logbook says it is (`trackio-artifact://...`, `trackio-local-path://...`, a Hub URL). */
      uri?: string;
    })
  | (CellBase & { type: 'dashboard'; project: string; url?: string });

export interface LogbookPage {
  slug: string;
  title: string;
  depth: number;
  cells: LogbookCell[];
}

export interface LogbookFile {
  /** Path relative to the logbook folder. */
  path: string;
  size: number;
  /** Text content for small text files; absent for binaries and large files. */
  text?: string;
}

/** Something the reader could not read, and where: the logbook, a page, or one cell of a page. */
export interface LogbookProblem {
  page?: string;
  cell?: string;
  problem: string;
}

/** An agent-trace session the logbook lists (its events stay in the logbook's files). */
export interface TraceSessionView {
  id: string;
  title: string;
  provider?: string;
  model?: string;
  startedAt?: string;
  endedAt?: string;
  events?: number;
  turns?: number;
}

export interface LogbookView {
  id: string;
  title: string;
  format: 'trackio' | 'plain';
  /** The paper the logbook is about, as `openreview:ID`, `arxiv:ID` or the string the logbook wrote. */
  paper?: string;
  tags: string[];
  pages: LogbookPage[];
  files: LogbookFile[];
  /** Number of agent-trace sessions the logbook carries. */
  traceCount: number;
  traces?: TraceSessionView[];
  /** Trackio's logbook schema version (1 or 2), when known. */
  schemaVersion?: number;
  /** What could not be read, per page and cell (empty when everything was). */
  problems: LogbookProblem[];
}

/** A file sent from the UI (a logbook folder picked in a dialog): its path inside the folder and its bytes. */
export interface UploadedFile {
  /** Relative path with `/` separators, e.g. `.trackio/logbook/pages/index.md`. */
  path: string;
  /** The bytes, base64-encoded. */
  base64: string;
}

export interface ImportLogbookInput extends ByReviewer {
  /** The case to import into; created (with `newCase`) when it does not exist. */
  caseId: string;
  /** The files of a Trackio logbook folder (workspace or downloaded Space). */
  files: UploadedFile[];
  newCase?: { paperMarkdown?: string; paperTitle?: string; venueId?: string };
  logbookId?: string;
}

/** What an import did (counts, what could not be read, what was left out, remarks). */
export interface ImportSummaryView {
  caseId: string;
  created: boolean;
  logbookId: string;
  path: string;
  paper: string | null;
  pages: number;
  cells: number;
  runCells: number;
  failedRuns: number;
  truncatedOutputs: number;
  elidedChars: number;
  files: number;
  bytes: number;
  skipped: { path: string; why: string }[];
  problems: LogbookProblem[];
  notices: string[];
}

/** One value of a setting as a logbook printed it, with where (checkers/logbook/settings.ts). */
export type SettingValueView = SettingValue;

/** The settings two logbooks of a case report, lined up: horizon, scale, precision, seed, units, loss, padding, code version. */
export interface SettingsComparisonView {
  a: string;
  b: string;
  rows: { name: string; comparison: 'same' | 'differs' | 'only-a' | 'only-b' | 'neither'; a: SettingValueView[]; b: SettingValueView[] }[];
}

export interface ExtractTableInput extends ByReviewer {
  caseId: string;
  /** The cell (id) whose printed output holds the table, and optionally its logbook. */
  cell: string;
  logbook?: string;
  /** Block of the cell, counted from 1 (default: the run's output); table number when several. */
  block?: number;
  table?: number;
  /** Where to write the CSV, relative to the case folder (e.g. `tables/sweep.csv`; never in a logbook). */
  out: string;
  /** Extract a table the logbook writer's elision may have cut (recorded). */
  allowElided?: boolean;
}

export interface ExtractTableView {
  /** The CSV and its provenance sidecar, relative to the case folder. */
  path: string;
  provenancePath: string;
  columns: string[];
  rows: number;
  /** Notes and warnings (a table chosen among several, an elision). */
  notes: string[];
}

/** What comes into a case from logbooks: an imported logbook, a table a cell printed, two logbooks' settings. */
export const INTAKE = {
  /** Imports a Trackio logbook (its files) into a case, creating the case when needed. */
  importLogbook: method({
    validate: (a, m): [input: ImportLogbookInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'files', 'newCase', 'logbookId', 'reviewer']);
      let newCase: ImportLogbookInput['newCase'];
      if (r.newCase !== undefined) {
        const n = record(m, r.newCase, ['paperMarkdown', 'paperTitle', 'venueId']);
        const paperMarkdown = optional(n.paperMarkdown, (x) => text(m, 'paperMarkdown', x, 2_000_000));
        const paperTitle = optional(n.paperTitle, (x) => name(m, 'paperTitle', x, 500));
        const venueId = optional(n.venueId, (x) => name(m, 'venueId', x, 300));
        newCase = {
          ...(paperMarkdown !== undefined ? { paperMarkdown } : {}),
          ...(paperTitle !== undefined ? { paperTitle } : {}),
          ...(venueId !== undefined ? { venueId } : {}),
        };
      }
      const logbookId = optional(r.logbookId, (x) => id(m, 'logbookId', x));
      const input: ImportLogbookInput = {
        caseId: id(m, 'caseId', r.caseId),
        files: uploadedFiles(m, r.files),
        ...(newCase !== undefined ? { newCase } : {}),
        ...(logbookId !== undefined ? { logbookId } : {}),
        ...reviewer(m, r.reviewer),
      };
      return [input];
    },
    result: returns<ImportSummaryView>(),
  }),
  /** Writes a table a logbook cell printed as CSV in the case, with its provenance (exact strings as printed). */
  extractTable: method({
    validate: (a, m): [input: ExtractTableInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'cell', 'logbook', 'block', 'table', 'out', 'allowElided', 'reviewer']);
      const count = (what: string, v: unknown) => {
        if (!Number.isInteger(v) || (v as number) < 1 || (v as number) > 1_000_000)
          throw new ApiArgumentError(m, `${what} must be a positive integer`);
        return v as number;
      };
      const out = uploadPath(m, r.out);
      if (!/\.csv$/i.test(out)) throw new ApiArgumentError(m, 'out must name a .csv file inside the case');
      if (r.allowElided !== undefined && typeof r.allowElided !== 'boolean')
        throw new ApiArgumentError(m, 'allowElided must be true or false');
      const logbook = optional(r.logbook, (x) => id(m, 'logbook', x));
      const block = optional(r.block, (x) => count('block', x));
      const table = optional(r.table, (x) => count('table', x));
      const input: ExtractTableInput = {
        caseId: id(m, 'caseId', r.caseId),
        cell: name(m, 'cell', r.cell, 300),
        out,
        ...(logbook !== undefined ? { logbook } : {}),
        ...(block !== undefined ? { block } : {}),
        ...(table !== undefined ? { table } : {}),
        ...(r.allowElided === true ? { allowElided: true } : {}),
        ...reviewer(m, r.reviewer),
      };
      return [input];
    },
    result: returns<ExtractTableView>(),
  }),
  /** Lines up the settings two logbooks of a case report, marking the differences. */
  compareLogbooks: method({
    validate: (a, m): [caseId: string, logbookA: string, logbookB: string] => {
      arity(m, a, 3);
      return [id(m, 'caseId', a[0]), id(m, 'logbookA', a[1]), id(m, 'logbookB', a[2])];
    },
    result: returns<SettingsComparisonView>(),
  }),
};
