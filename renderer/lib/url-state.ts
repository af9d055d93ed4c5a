/**
 * Where the reviewer is, in the page's URL (`?case=fw-attention-collapse&tab=decide&f=F2`), so that a link or
 * a reload returns to the same place: the open case, the dock tab, the falsification in focus and the perceptual
 * review open on the case (`&review=ID`, renderer/perceptual/). The hash is left alone (browser mode keeps its
 * session token there). Opening another case pushes a history entry (Back
 * returns to the previous case); a tab or falsification change replaces the current one.
 */
export interface UrlState {
  readonly case?: string;
  readonly tab?: string;
  readonly f?: string;
  /** The perceptual review of the open case shown in place of the case (renderer/perceptual/ReviewScreen.tsx). */
  readonly review?: string;
}

const KEYS = ['case', 'tab', 'f', 'review'] as const;
const VALUE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** The state a query string holds; values that are not plain identifiers are ignored. */
export function parseUrlState(search: string): UrlState {
  const q = new URLSearchParams(search);
  const out: Record<string, string> = {};
  for (const k of KEYS) {
    const v = q.get(k);
    if (v !== null && VALUE.test(v)) out[k] = v;
  }
  return out;
}

/** The query string for a state, keeping unrelated parameters of `search`. */
export function formatUrlState(search: string, state: UrlState): string {
  const q = new URLSearchParams(search);
  for (const k of KEYS) {
    const v = state[k];
    if (v === undefined) q.delete(k);
    else q.set(k, v);
  }
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
}
