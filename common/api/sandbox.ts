/**
 * The sandbox capability: a case's sandbox files and programs, sandbox runs and how they end, and the methods
 * that save, bundle and run them.
 * Each method is declared once here (common/api/method.ts); app/api/slices/sandbox.ts implements them.
 */
import type { EndReason } from '../sandbox/protocol';
import type { AuditEntry } from './cases';
import { method, returns } from './method';
import {
  ApiArgumentError,
  ARGUMENT_JSON_LIMITS,
  arity,
  id,
  jsonArgument,
  modulePath,
  record,
  reviewer,
  sandboxPath,
  text,
} from './validate';

export interface SandboxFile {
  /** Path relative to the case folder, e.g. `sandbox/dynamic.ts`. */
  path: string;
  text: string;
  /**
   * Modules (.ts/.mts/.js/.mjs) only: null when the sandbox can run `text`, else why not, one line (no default
   * export, a syntax error). Absent for other files.
   */
  runProblem?: string | null;
}

/** How a sandbox run ended, with what the core measured. */
export type SandboxRunEndView = ({ outcome: 'result'; value: unknown } | { outcome: 'error'; reason: EndReason; message: string }) & {
  wallMs: number;
  /** How the run was isolated (the core's SandboxRunner description). */
  isolation: string;
  /** sha256 of the bundled program that ran. */
  codeSha256: string;
  /** The run's record (code, input and version hashes, seed, limits, outcome), relative to the case folder. */
  record?: string;
};

/** A case's sandbox module to run in the core's sandbox (the hidden sandboxed window in the desktop app). */
export interface SandboxRunInput {
  caseId: string;
  /** Path relative to the case folder, under `sandbox/`, of a .ts/.mts/.js/.mjs module. */
  path: string;
  /** JSON handed to the program. */
  input: unknown;
  /** Unsigned 32-bit seed (the program's `api.seed`). */
  seed: number;
  /** Wall-clock limit in seconds (1..3600); the CPU-time limit is twice that plus one. */
  timeoutSeconds: number;
}

export interface SaveSandboxFileInput {
  caseId: string;
  /** Path relative to the case folder; must stay under `sandbox/`. */
  path: string;
  text: string;
  /** Who saves it, as the audit log names them (the reviewer's name in the UI). */
  reviewer?: string;
}

/** A case's sandbox module bundled for the browser sandbox (one classic script for a dedicated Web Worker). */
export interface SandboxProgram {
  /** Path relative to the case folder, under `sandbox/`. */
  path: string;
  /** The bundle: guards + the module + runner + checkers; speaks the sandbox run protocol over postMessage. */
  code: string;
  /** sha256 of `code` (hex). */
  sha256: string;
  /**
   * A starting input, in the shape the module receives when a declared check runs it (the first such check):
   * the check's params without `module`, or the first grid point of a sweep that runs it. Absent otherwise.
   */
  suggestedInput?: unknown;
  /** The seed that goes with suggestedInput when the check fixes one (a sweep's point 0: splitSeed(seed, 0)). */
  suggestedSeed?: number;
  /** Where suggestedInput came from, one line (e.g. "point 1 of 10 of the sweep of check F1/full-sweep"). */
  suggestedFrom?: string;
}

/** A case's sandbox modules: edit them, bundle one for the browser sandbox, or run one in the core's sandbox. */
export const SANDBOX = {
  /** Saves an edited sandbox file atomically and logs the edit. */
  saveSandboxFile: method({
    validate: (a, m): [input: SaveSandboxFileInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'path', 'text', 'reviewer']);
      const input: SaveSandboxFileInput = {
        caseId: id(m, 'caseId', r.caseId),
        path: sandboxPath(m, r.path),
        text: text(m, 'text', r.text, 2_000_000),
        ...reviewer(m, r.reviewer),
      };
      return [input];
    },
    result: returns<AuditEntry>(),
  }),
  /** Bundles a sandbox module of the case for the browser sandbox (a Web Worker inside a sandboxed page). */
  prepareSandboxProgram: method({
    validate: (a, m): [caseId: string, path: string] => {
      arity(m, a, 2);
      return [id(m, 'caseId', a[0]), modulePath(m, a[1])];
    },
    result: returns<SandboxProgram>(),
  }),
  /**
   * Runs a sandbox module of the case in the core's own sandbox (the desktop app's hidden sandboxed window;
   * the Node child sandbox elsewhere). Messages and the end arrive as RunEvents; cancelRun(runId) stops it.
   */
  runSandboxProgram: method({
    validate: (a, m): [input: SandboxRunInput] => {
      arity(m, a, 1);
      const r = record(m, a[0], ['caseId', 'path', 'input', 'seed', 'timeoutSeconds']);
      if (!Number.isInteger(r.seed) || (r.seed as number) < 0 || (r.seed as number) > 0xffffffff)
        throw new ApiArgumentError(m, 'seed must be an integer in [0, 4294967295]');
      const t = r.timeoutSeconds;
      if (typeof t !== 'number' || !Number.isFinite(t) || t < 1 || t > 3600)
        throw new ApiArgumentError(m, 'timeoutSeconds must be a number in [1, 3600]');
      const input: SandboxRunInput = {
        caseId: id(m, 'caseId', r.caseId),
        path: modulePath(m, r.path),
        input: jsonArgument(m, 'input', r.input ?? null, ARGUMENT_JSON_LIMITS),
        seed: r.seed as number,
        timeoutSeconds: t,
      };
      return [input];
    },
    result: returns<{ runId: string }>(),
  }),
};
