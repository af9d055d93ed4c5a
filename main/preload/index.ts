// Preload of the main window (bundled to out/preload/index.cjs: sandboxed preloads must be CommonJS and
// cannot import modules at run time, so methods.ts is bundled in). Exposes exactly one object.
import { contextBridge, ipcRenderer } from 'electron';
import { buildPreloadApi, PRELOAD_GLOBAL } from './api';

contextBridge.exposeInMainWorld(PRELOAD_GLOBAL, buildPreloadApi(ipcRenderer));
