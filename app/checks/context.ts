/** Builds the CheckContext a check kind runs with: path resolution confined to the case folder, artifacts under runs/. */
import { mkdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { isInside, mkdirInside } from '../fs/confine';
import { resolveInCase } from '../cases/resolve';
import { defaultSandboxRunner, type SandboxRunner } from '../sandbox/runner';
import type { SweepBackend } from '../runs/backends/backend';
import type { CheckContext, CheckProgress, SeriesPoint } from './kind';

export interface ContextOptions {
  caseDir: string;
  caseId: string;
  falsificationId: string;
  checkId: string;
  /** Folder of this run under runs/ (absolute). */
  runDir: string;
  signal: AbortSignal;
  onProgress?: (p: CheckProgress) => void;
  onLog?: (line: string) => void;
  /** A series point computed while the check runs (forwarded as a `series-point` RunEvent). */
  onPoint?: (p: SeriesPoint) => void;
  /** The sandbox for untrusted code (default: the headless Node child, refusing unconfined runs). */
  sandbox?: () => Promise<SandboxRunner>;
  /** Where sweeps compute their points (default: this process's sandboxes). */
  sweepBackend?: SweepBackend;
}

export function createCheckContext(o: ContextOptions): CheckContext {
  return {
    caseDir: o.caseDir,
    caseId: o.caseId,
    falsificationId: o.falsificationId,
    checkId: o.checkId,
    resolve: (rel) => resolveInCase(o.caseDir, rel),
    async artifactDir() {
      const dir = join(o.runDir, `${o.falsificationId}-${o.checkId}`);
      // Inside the case (runs/<run-id>/, as every run does), one folder at a time: a `runs` symlink out of the
      // case is refused. A run folder the caller put elsewhere (tests, a --runs folder) is the caller's own.
      if (isInside(resolve(o.runDir), resolve(o.caseDir))) return mkdirInside(o.caseDir, relative(o.caseDir, dir));
      await mkdir(dir, { recursive: true });
      return dir;
    },
    signal: o.signal,
    progress: (p) => o.onProgress?.(p),
    log: (line) => o.onLog?.(line),
    point: (p) => o.onPoint?.(p),
    sandbox: o.sandbox ?? (() => defaultSandboxRunner()),
    ...(o.sweepBackend !== undefined ? { sweepBackend: o.sweepBackend } : {}),
  };
}
