/**
 * What every slice of the service (app/api/slices/<capability>.ts) shares: the workspace, the check registry,
 * the one way to reach a case (`caseDir`, `caseOf`) and to name the reviewer (`reviewerOf`), and the live runs.
 * Example: `const { dir, loaded } = await ctx.caseOf('timing')` finds the workspace's case folder `timing` and
 * loads its case.json; `ctx.reviewerOf({})` is the service's `who`, else 'reviewer (UI)'.
 */
import { basename } from 'node:path';
import type { ApiCapability, CapabilityApi } from '../../common/api/capabilities';
import type { RunEvent } from '../../common/api/contract';
import { loadCase } from '../cases/load';
import type { LoadedCase } from '../cases/model';
import { listCaseDirs } from '../cases/workspace';
import { builtinCheckKinds } from '../checks/kinds/index';
import { createCheckRegistry, type CheckRegistry } from '../checks/registry';
import { BadInputError } from '../errors';
import type { PdfPrinter } from '../letters/pdf';
import { LiveRuns } from '../runs/live';
import type { SandboxRunner } from '../sandbox/runner';
import type { SlurmPolicy } from '../settings/sweep-backend';

export interface ServiceOptions {
  workspaceDir: string;
  registry?: CheckRegistry;
  /** Name recorded in the audit log for runs started from the UI. */
  who?: string;
  /**
   * Where check kinds run untrusted code. Default: the headless Node child sandbox (bubblewrap), refusing
   * unconfined runs. The desktop app injects its hidden-window runner (main/sandbox-window.ts).
   */
  sandbox?: () => Promise<SandboxRunner>;
  /** Prints a letter's HTML to PDF. Default: the system's Chromium headless (app/letters/pdf.ts). */
  printPdf?: PdfPrinter;
  /**
   * Whether sweeps may run on Slurm (app/settings/sweep-backend.ts). Default 'allow'; the packaged desktop app
   * passes 'refuse-desktop': saving Slurm settings and starting a sweep under them give one line saying how to
   * run the sweep from the CLI.
   */
  slurm?: SlurmPolicy;
}

/** The methods of one capability, as its slice implements them: a missing or an extra method does not compile. */
export type ApiSlice<C extends ApiCapability> = CapabilityApi<C>;

/** The check runs and sandbox runs going on, and who listens to their events. */
export interface RunState {
  readonly live: LiveRuns;
  /** Abort controllers of the runs going on, by run id. */
  readonly running: Map<string, AbortController>;
  readonly listeners: Set<(e: RunEvent) => void>;
  /** Records the event in `live` and sends it to every listener (a failure's message without the workspace's path). */
  emit(e: RunEvent): void;
}

export interface ServiceContext {
  readonly options: ServiceOptions;
  readonly workspaceDir: string;
  readonly registry: CheckRegistry;
  readonly runs: RunState;
  /** Who the audit log names for an edit: the reviewer the call names, else the service's `who`, else 'reviewer (UI)'. */
  reviewerOf(input: { reviewer?: string }): string;
  /** The folder of the workspace's case `caseId`; BadInputError when there is none. */
  caseDir(caseId: string): Promise<string>;
  /** The case's folder and its case.json, loaded and validated against the registry. */
  caseOf(caseId: string): Promise<{ dir: string; loaded: LoadedCase }>;
}

/** The context of one service instance over `o.workspaceDir`. */
export function createServiceContext(o: ServiceOptions): ServiceContext {
  const registry = o.registry ?? createCheckRegistry(builtinCheckKinds);
  const live = new LiveRuns();
  const listeners = new Set<(e: RunEvent) => void>();
  const emit = (e: RunEvent): void => {
    live.observe(e);
    const shown = e.type === 'failed' ? { ...e, error: workspaceRelative(e.error, o.workspaceDir) } : e;
    for (const l of listeners) l(shown);
  };
  async function caseDir(caseId: string): Promise<string> {
    const dirs = await listCaseDirs(o.workspaceDir);
    const dir = dirs.find((d) => basename(d) === caseId);
    if (!dir) throw new BadInputError(o.workspaceDir, `no case "${caseId}" in the workspace`);
    return dir;
  }
  return {
    options: o,
    workspaceDir: o.workspaceDir,
    registry,
    runs: { live, running: new Map(), listeners, emit },
    reviewerOf: (input) => input.reviewer ?? o.who ?? 'reviewer (UI)',
    caseDir,
    async caseOf(caseId) {
      const dir = await caseDir(caseId);
      return { dir, loaded: await loadCase(dir, registry) };
    },
  };
}

/** A message with the workspace folder's own path taken out: the UI names a case by its id, not by where it lives. */
export function workspaceRelative(text: string, workspaceDir: string): string {
  const prefix = `${workspaceDir.replace(/\/+$/, '')}/`;
  return text.split(prefix).join('');
}
