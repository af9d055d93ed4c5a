// Preload of the hidden sandbox windows (bundled to out/preload/sandbox.cjs). Exposes one bridge object to the
// sandbox page: post a page message to main, receive main's messages. No API method, no raw IPC object; the
// untrusted program runs in a Worker, which never sees this bridge.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { SANDBOX_BRIDGE_CHANNEL, SANDBOX_BRIDGE_GLOBAL } from './sandbox-channel';

contextBridge.exposeInMainWorld(SANDBOX_BRIDGE_GLOBAL, {
  post: (message: unknown): void => ipcRenderer.send(SANDBOX_BRIDGE_CHANNEL, message),
  onMessage: (listener: (message: unknown) => void): void => {
    if (typeof listener !== 'function') throw new TypeError('onMessage: listener must be a function');
    ipcRenderer.on(SANDBOX_BRIDGE_CHANNEL, (_event: IpcRendererEvent, message: unknown) => listener(message));
  },
});
