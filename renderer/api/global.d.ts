/**
 * The object the Electron preload exposes through contextBridge: the RecheckApi, nothing else. Absent in
 * browser mode, where the renderer talks HTTP + WebSocket instead (see http-client.ts).
 */
import type { RecheckApi } from '../../common/api/contract';

declare global {
  interface Window {
    recheck?: RecheckApi;
  }
}

export {};
