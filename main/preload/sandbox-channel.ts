/**
 * Constants of the desktop sandbox bridge, typed by the literal types in common/sandbox/page-messages.ts so the
 * page (which declares its own copies) and main cannot drift apart.
 */
import type { BridgeChannel, BridgeGlobal } from '../../common/sandbox/page-messages';

/** The one IPC channel between a hidden sandbox window's page and the main process. */
export const SANDBOX_BRIDGE_CHANNEL: BridgeChannel = 'recheck-sandbox/1';

/** Global the sandbox preload adds to the sandbox page: `{ post(message), onMessage(listener) }`. */
export const SANDBOX_BRIDGE_GLOBAL: BridgeGlobal = 'recheckSandboxBridge';
