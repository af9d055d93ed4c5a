/**
 * Every capability of the RecheckApi, by name: the one list from which the API's type (common/api/contract.ts),
 * its method table (common/api/methods.ts) and the service's slices (app/api/slices/) are derived.
 * Adding an API method: declare it once in common/api/<capability>.ts; implement it once in
 * app/api/slices/<capability>.ts. Nothing else names it.
 */
import { CASES } from './cases';
import { EDITS } from './edits';
import { INTAKE } from './intake';
import { LETTERS } from './letters';
import { METRICS } from './metrics';
import { DOWNLOADS } from './downloads';
import type { DeclaredTwice, MethodsOf } from './method';
import { PERCEPTUAL } from './perceptual';
import { REPLAY } from './replay';
import { REPORTS } from './reports';
import { RUNS } from './runs';
import { SANDBOX } from './sandbox';
import { SCREEN } from './screen';
import { SETTINGS } from './settings';
import { TRIAGE } from './triage';
import { VERDICTS } from './verdicts';

export const API_CAPABILITIES = {
  cases: CASES,
  edits: EDITS,
  runs: RUNS,
  verdicts: VERDICTS,
  sandbox: SANDBOX,
  letters: LETTERS,
  reports: REPORTS,
  intake: INTAKE,
  triage: TRIAGE,
  perceptual: PERCEPTUAL,
  settings: SETTINGS,
  metrics: METRICS,
  downloads: DOWNLOADS,
  screen: SCREEN,
  replay: REPLAY,
};

export type ApiCapabilities = typeof API_CAPABILITIES;
export type ApiCapability = keyof ApiCapabilities;

/** The part of the RecheckApi one capability declares. Example: `CapabilityApi<'reports'>` is `{ buildReport(caseId: string): Promise<ReportBuildView> }`. */
export type CapabilityApi<C extends ApiCapability> = MethodsOf<ApiCapabilities[C]>;

/** Compiles only when `T` is `true`. */
type Assert<T extends true> = T;

/** A method name declared by two capabilities fails to compile here ("Type 'false' does not satisfy the constraint 'true'"). */
export type EachMethodDeclaredOnce = Assert<[DeclaredTwice<ApiCapabilities>] extends [never] ? true : false>;
