/**
 * The page's URL state (renderer/lib/url-state.ts) bound to `window.location` and history: read it, change it,
 * and follow it across Back/Forward and changes made elsewhere in the page.
 */
import { useEffect, useState } from 'react';
import { formatUrlState, parseUrlState, type UrlState } from './url-state';

const CHANGED = 'recheck:url-state';

export function currentUrlState(): UrlState {
  return parseUrlState(window.location.search);
}

/** Changes some fields of the URL state (undefined removes one); `push` adds a history entry. */
export function setUrlState(change: Partial<Record<keyof UrlState, string | undefined>>, how: 'push' | 'replace' = 'replace'): void {
  const next = { ...currentUrlState(), ...change };
  const search = formatUrlState(window.location.search, next);
  if (search === window.location.search) return;
  const url = `${window.location.pathname}${search}${window.location.hash}`;
  if (how === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(window.history.state, '', url);
  window.dispatchEvent(new Event(CHANGED));
}

/** The URL state, kept current across Back/Forward and changes made elsewhere in the page. */
export function useUrlState(): UrlState {
  const [state, setState] = useState(currentUrlState);
  useEffect(() => {
    const update = () => setState(currentUrlState());
    window.addEventListener('popstate', update);
    window.addEventListener(CHANGED, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(CHANGED, update);
    };
  }, []);
  return state;
}
