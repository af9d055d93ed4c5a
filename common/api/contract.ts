/**
 * The one API between the Recheck UI and its core. The Electron main process implements it over IPC, the
 * browser-mode server over HTTP + WebSocket; the renderer only ever sees this interface. Pure types: this file
 * imports nothing from Node, Electron or the DOM, so both TypeScript projects can see it.
 *
 * Each method is declared once, in its capability's file (common/api/<capability>.ts, listed in
 * common/api/capabilities.ts): the RecheckApi below is derived from those declarations, and every view and input
 * type is re-exported here from them.
 */
import type { CapabilityApi } from './capabilities';

export type * from './cases';
export type * from './edits';
export type * from './runs';
export type * from './verdicts';
export type * from './sandbox';
export type * from './letters';
export type * from './reports';
export type * from './intake';
export type * from './triage';
export type * from './perceptual';
export type * from './settings';
export type * from './metrics';
export type * from './downloads';
export type * from './screen';
export type * from './replay';

/** Everything the UI can ask of the core: the methods of every capability, and `onRunEvent` (runs). */
export interface RecheckApi
  extends
    CapabilityApi<'cases'>,
    CapabilityApi<'edits'>,
    CapabilityApi<'runs'>,
    CapabilityApi<'verdicts'>,
    CapabilityApi<'sandbox'>,
    CapabilityApi<'letters'>,
    CapabilityApi<'reports'>,
    CapabilityApi<'intake'>,
    CapabilityApi<'triage'>,
    CapabilityApi<'perceptual'>,
    CapabilityApi<'settings'>,
    CapabilityApi<'metrics'>,
    CapabilityApi<'downloads'>,
    CapabilityApi<'screen'>,
    CapabilityApi<'replay'> {}
