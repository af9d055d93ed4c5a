/**
 * The core's implementation of the RecheckApi over a workspace folder, composed of one slice per capability
 * (app/api/slices/<capability>.ts, each implementing exactly the methods common/api/<capability>.ts declares).
 * Both transports (Electron IPC and the browser-mode server) forward to one instance of this; neither adds
 * behaviour of its own. Example: `const api = await createRecheckService({ workspaceDir }); await api.listCases()`.
 */
import type { ApiCapability } from '../../common/api/capabilities';
import type { RecheckApi } from '../../common/api/contract';
import { BadInputError } from '../errors';
import { createServiceContext, workspaceRelative, type ApiSlice, type ServiceContext, type ServiceOptions } from './context';
import { casesSlice } from './slices/cases';
import { editsSlice } from './slices/edits';
import { intakeSlice } from './slices/intake';
import { lettersSlice } from './slices/letters';
import { metricsSlice } from './slices/metrics';
import { downloadsSlice } from './slices/downloads';
import { perceptualSlice } from './slices/perceptual';
import { replaySlice } from './slices/replay';
import { reportsSlice } from './slices/reports';
import { runsSlice } from './slices/runs';
import { sandboxSlice } from './slices/sandbox';
import { screenSlice } from './slices/screen';
import { settingsSlice } from './slices/settings';
import { triageSlice } from './slices/triage';
import { verdictsSlice } from './slices/verdicts';

export type { ServiceOptions } from './context';

export interface RecheckService extends RecheckApi {
  /** Cancels running checks and drops listeners. */
  dispose(): void;
}

/** The slice that implements each capability (a capability without one does not compile). */
export const SERVICE_SLICES: { [C in ApiCapability]: (ctx: ServiceContext) => ApiSlice<C> } = {
  cases: casesSlice,
  edits: editsSlice,
  runs: runsSlice,
  verdicts: verdictsSlice,
  sandbox: sandboxSlice,
  letters: lettersSlice,
  reports: reportsSlice,
  intake: intakeSlice,
  triage: triageSlice,
  perceptual: perceptualSlice,
  settings: settingsSlice,
  metrics: metricsSlice,
  downloads: downloadsSlice,
  screen: screenSlice,
  replay: replaySlice,
};

export async function createRecheckService(o: ServiceOptions): Promise<RecheckService> {
  const ctx = createServiceContext(o);
  const api: Record<string, unknown> = {};
  for (const slice of Object.values(SERVICE_SLICES)) Object.assign(api, slice(ctx));
  const { running, listeners } = ctx.runs;
  const service = {
    // Every capability's slice is in SERVICE_SLICES and each implements exactly its capability's methods.
    ...(api as unknown as RecheckApi),
    dispose() {
      for (const c of running.values()) c.abort();
      listeners.clear();
    },
  };
  return withWorkspaceRelativeErrors(o.workspaceDir, service);
}

/**
 * The service with every method's bad-input error re-worded without the workspace's absolute path (errors go
 * to the UI, and on to screenshots and letters: `timing/case.json: ...`, not `/home/ada/.local/...`).
 */
function withWorkspaceRelativeErrors<T extends object>(workspaceDir: string, api: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(api)) {
    if (typeof value !== 'function' || name === 'onRunEvent' || name === 'dispose') {
      wrapped[name] = value;
      continue;
    }
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await (value as (...a: unknown[]) => Promise<unknown>).apply(api, args);
      } catch (err) {
        if (err instanceof BadInputError)
          throw new BadInputError(workspaceRelative(err.file, workspaceDir), workspaceRelative(err.problem, workspaceDir), err.pointer);
        throw err;
      }
    };
  }
  return wrapped as T;
}
