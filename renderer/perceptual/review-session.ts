/**
 * The state of one open perceptual review, as the review screen shows it, over the API (plain TypeScript; the
 * screen binds it with useSyncExternalStore). It opens the review where it stopped, fetches the next item's two
 * images by index and side (never by file: the page never learns which condition is where), and writes one
 * answer, undo or export at a time. An answer is refused until the screen reports both images shown (`shown`);
 * its time is measured from that moment with the clock passed in.
 *
 * Example: open → shown(0) at t=500 → answer('usable', '') at t=1750 sends elapsedMs 1250 for item 0.
 */
import type { RecheckApi, ReviewExportView, ReviewSessionView } from '../../common/api/contract';
import { imageDataUrl } from './image-url';

type ReviewApi = Pick<RecheckApi, 'openReview' | 'answerReview' | 'undoReviewAnswer' | 'reviewImage' | 'exportReview'>;

export interface ReviewImages {
  readonly index: number;
  readonly left: string;
  readonly right: string;
}

export interface ReviewSnapshot {
  readonly session: ReviewSessionView | null;
  /** The next item's images as data: URLs, once both are fetched. */
  readonly images: ReviewImages | null;
  /** Clock time since which both images of the next item are on screen; null before. */
  readonly shownAt: number | null;
  /** An answer, undo or export is being written. */
  readonly busy: boolean;
  readonly error: string | null;
  /** The answer the last undo took back (to say so, and to give its note back). */
  readonly undone: { readonly index: number; readonly answer: string; readonly note?: string } | null;
  readonly exported: ReviewExportView | null;
}

export interface ReviewSessionStore {
  snapshot(): ReviewSnapshot;
  subscribe(listener: () => void): () => void;
  open(): Promise<void>;
  /** Both images of item `index` are painted: answers are taken, and timed, from now. */
  shown(index: number): void;
  /** Answers the next item; false when it cannot now (images not shown, another write going, no item). */
  answer(value: string, note: string): Promise<boolean>;
  undo(): Promise<void>;
  exportCsv(): Promise<void>;
  /** Stops updating (the screen closed); a later `open` starts again. */
  dispose(): void;
}

const EMPTY: ReviewSnapshot = { session: null, images: null, shownAt: null, busy: false, error: null, undone: null, exported: null };

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function createReviewSession(api: ReviewApi, caseId: string, reviewId: string, now: () => number): ReviewSessionStore {
  let state = EMPTY;
  let disposed = false;
  const listeners = new Set<() => void>();
  const set = (change: Partial<ReviewSnapshot>) => {
    if (disposed) return;
    state = { ...state, ...change };
    for (const l of listeners) l();
  };

  const fetchImages = (index: number) => {
    Promise.all([api.reviewImage(caseId, reviewId, index, 'left'), api.reviewImage(caseId, reviewId, index, 'right')]).then(
      ([l, r]) => {
        if (state.session?.next?.index !== index) return;
        try {
          set({ images: { index, left: imageDataUrl(l), right: imageDataUrl(r) } });
        } catch (e) {
          set({ error: message(e) });
        }
      },
      (e: unknown) => {
        if (state.session?.next?.index === index) set({ error: message(e) });
      },
    );
  };

  /** A new session from the core: its next item's images are fetched unless they are the ones shown. */
  const arrive = (session: ReviewSessionView, more: Partial<ReviewSnapshot> = {}) => {
    const index = session.next?.index;
    const same = index !== undefined && state.images?.index === index;
    set({ session, images: same ? state.images : null, shownAt: same ? state.shownAt : null, error: null, ...more });
    if (index !== undefined && !same) fetchImages(index);
  };

  /** Runs one write at a time; false when another is going. */
  const write = async (what: () => Promise<void>): Promise<boolean> => {
    if (state.busy) return false;
    set({ busy: true });
    try {
      await what();
      return true;
    } catch (e) {
      set({ error: message(e) });
      return false;
    } finally {
      set({ busy: false });
    }
  };

  return {
    snapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async open() {
      disposed = false;
      try {
        arrive(await api.openReview(caseId, reviewId));
      } catch (e) {
        set({ error: message(e) });
      }
    },
    shown(index) {
      if (state.session?.next?.index !== index || state.images?.index !== index || state.shownAt !== null) return;
      set({ shownAt: now() });
    },
    async answer(value, note) {
      const next = state.session?.next;
      const shownAt = state.shownAt;
      if (next === null || next === undefined || shownAt === null || state.busy) return false;
      const text = note.trim();
      const elapsedMs = Math.max(0, Math.round(now() - shownAt));
      let ok = false;
      await write(async () => {
        const session = await api.answerReview({
          caseId,
          reviewId,
          index: next.index,
          answer: value,
          elapsedMs,
          ...(text !== '' ? { note: text } : {}),
        });
        ok = true;
        arrive(session, { undone: null, exported: null });
      });
      return ok;
    },
    async undo() {
      const last = state.session?.last;
      if (last === null || last === undefined) return;
      await write(async () => {
        const session = await api.undoReviewAnswer(caseId, reviewId);
        arrive(session, { undone: last, exported: null });
      });
    },
    async exportCsv() {
      await write(async () => {
        const exported = await api.exportReview(caseId, reviewId);
        set({ exported });
      });
    },
    dispose() {
      disposed = true;
    },
  };
}
