/** Builds the CheckContext a check kind runs with: path resolution confined to the case folder, artifacts under runs/. */
import { mkdir } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { BadInputError } from '../errors';
import { defaultSandboxRunner, type SandboxRunner } from '../sandbox/runner';
import type { CheckContext, CheckProgress } from './kind';

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
  /** The sandbox for untrusted code (default: the headless Node child, refusing unconfined runs). */
  sandbox?: () => Promise<SandboxRunner>;
}

/** Resolves a case-relative path and refuses one that leaves the case folder. */
export function resolveInCase(caseDir: string, rel: string): string {
  if (isAbsolute(rel)) throw new BadInputError(join(caseDir, 'case.json'), `path "${rel}" must be relative to the case folder`);
  const abs = resolve(caseDir, rel);
  const back = relative(caseDir, abs);
  if (back.startsWith('..') || isAbsolute(back)) {
    throw new BadInputError(join(caseDir, 'case.json'), `path "${rel}" leaves the case folder`);
  }
  return abs;
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
      await mkdir(dir, { recursive: true });
      return dir;
    },
    signal: o.signal,
    progress: (p) => o.onProgress?.(p),
    log: (line) => o.onLog?.(line),
    sandbox: o.sandbox ?? (() => defaultSandboxRunner()),
  };
}
