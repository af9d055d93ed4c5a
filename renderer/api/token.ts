/**
 * The browser-mode access token. The server prints `http://127.0.0.1:PORT/#token=<hex>`; the page reads the
 * token from the fragment once, removes it from the address bar (so no URL a reviewer copies or a log records
 * carries it), and keeps it in the origin's localStorage, so that a reload, and a copied link opened in another
 * tab of the same origin, still work. Storage is per origin (scheme, host and port), so another local server
 * never sees it; the token is per server launch, so one kept from an earlier launch opens nothing. The
 * environment is passed in, so this runs under tests without a DOM.
 */

/** The parts of `window` this module touches. */
export interface TokenEnv {
  hash: string;
  storage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  /** Replaces the current URL without the fragment (history.replaceState). */
  clearHash(): void;
}

const STORAGE_KEY = 'recheck.token';
const TOKEN = /^[0-9a-f]{16,256}$/i;

/** Token from a URL fragment such as `#token=ab12...`, or null. Example: `tokenFromHash('#token=00ff...')`. */
export function tokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const t = params.get('token');
  return t !== null && TOKEN.test(t) ? t : null;
}

/**
 * Takes the token from the fragment (then clears the fragment and stores the token), else from storage.
 * Returns null when neither has one.
 */
export function takeToken(env: TokenEnv): string | null {
  const fromHash = tokenFromHash(env.hash);
  if (fromHash !== null) {
    env.storage.setItem(STORAGE_KEY, fromHash);
    env.clearHash();
    return fromHash;
  }
  const stored = env.storage.getItem(STORAGE_KEY);
  return stored !== null && TOKEN.test(stored) ? stored : null;
}
