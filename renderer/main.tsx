/** Renderer entry: picks the transport (Electron preload or browser-mode HTTP) and mounts the workbench. */
import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/app.css';
import { pickTransport } from './api/transport';
import type { EventConnection } from './api/http-client';
import { App } from './components/App';
import { createThemeController } from './lib/theme-document';
import type { ThemeStorage } from './lib/theme';

function localStorageOrNull(): ThemeStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// The theme applies before the first render, so the page never flashes the other theme.
const theme = createThemeController(window, localStorageOrNull());

// The event socket's state, observed by the top bar (browser mode only).
let connection: EventConnection | null = null;
const connectionListeners = new Set<() => void>();
const transport = pickTransport(window, (s) => {
  connection = s;
  for (const l of connectionListeners) l();
});
const subscribeConnection = (l: () => void) => {
  connectionListeners.add(l);
  return () => connectionListeners.delete(l);
};

function Root() {
  const conn = useSyncExternalStore(subscribeConnection, () => connection);
  if (transport.kind === 'none') {
    return (
      <div className="fatal">
        <h1>Recheck</h1>
        <p>{transport.error}</p>
      </div>
    );
  }
  return <App api={transport.api} mode={transport.kind} connection={transport.kind === 'browser' ? conn : null} theme={theme} />;
}

const root = document.getElementById('root');
if (root === null) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
