/**
 * The review screen: one item of a perceptual review at a time, blind (the images come by index and side, the
 * page never learns which condition is where), with the case's question, the answers as keys and buttons, the
 * views (side by side, blink, difference) under one locked zoom and pan, a note per pair, progress, undo,
 * export, and once done what the case's checks decide from the answers. It takes the place of the open case while
 * `&review=ID` is in the URL; closing it returns to the case, and reopening the review resumes at its next
 * unanswered item.
 *
 * Until every item is answered it shows nothing that could tell the sides apart beyond the two pictures: no seed,
 * no numbers for the difference view (they stand in for the metric under test), and no checks (their titles,
 * results and the falsification state the hypothesis and the conditions). The App gives it no case detail while
 * the review is incomplete (blind-gate.ts); `detail` arrives once the review is complete.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { CaseDetail, RecheckApi } from '../../common/api/contract';
import type { RunState } from '../lib/run-state';
import { useCommands } from '../palette/use-commands';
import { chordLabel } from '../palette/chord';
import { MAC } from '../palette/use-commands';
import { AnswerLegend } from './AnswerLegend';
import { PairStage, type Side } from './PairStage';
import { isComplete, progressShare, progressWords } from './progress';
import { reviewCommands, shortcutOf, type ReviewView } from './review-commands';
import { createReviewSession } from './review-session';
import { ReviewOutcome } from './ReviewOutcome';
import { IDENTITY, panBy, zoomStep, type ViewTransform } from './view-transform';
import './review.css';

const UNIT = { width: 1, height: 1 };
const BLINK_PERIODS = [250, 500, 1000];
const GAINS = [1, 4, 16];

export function ReviewScreen(props: {
  api: RecheckApi;
  caseId: string;
  /** The open case, or null while it is blind to the reviewer (blind-gate.ts). */
  detail: CaseDetail | null;
  reviewId: string;
  run: RunState | undefined;
  starting: boolean;
  runError: string | null;
  onRun(): void;
  onClose(): void;
  /** Every item is answered (the App then reads the case again: it is no longer blind). */
  onComplete?(): void;
}) {
  const { api, caseId, detail, reviewId, onComplete } = props;
  const ids = useId();
  const store = useMemo(() => createReviewSession(api, caseId, reviewId, () => performance.now()), [api, caseId, reviewId]);
  useEffect(() => {
    void store.open();
    return () => store.dispose();
  }, [store]);
  const snap = useSyncExternalStore(store.subscribe, store.snapshot);
  const session = snap.session;
  const item = session?.next ?? null;

  const [view, setView] = useState<ReviewView>('side-by-side');
  const [blinkSide, setBlinkSide] = useState<Side>('left');
  const [autoBlink, setAutoBlink] = useState(false);
  const [blinkMs, setBlinkMs] = useState(500);
  const [transform, setTransform] = useState<ViewTransform>(IDENTITY);
  const [gain, setGain] = useState(4);
  const [diffError, setDiffError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [showOutcome, setShowOutcome] = useState(false);
  const noteRef = useRef<HTMLInputElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);

  // A new item: its own note (an undone answer gives its note back), the left image first in the blink view.
  const index = item?.index;
  useEffect(() => {
    setNote(snap.undone !== null && snap.undone.index === index ? (snap.undone.note ?? '') : '');
    setBlinkSide('left');
    setDiffError(null);
  }, [index]); // only when the item changes (snap.undone is read as it is then)

  useEffect(() => {
    if (!autoBlink || view !== 'blink') return;
    const t = setInterval(() => setBlinkSide((s) => (s === 'left' ? 'right' : 'left')), blinkMs);
    return () => clearInterval(t);
  }, [autoBlink, view, blinkMs]);

  const complete = session !== null && isComplete(session);
  useEffect(() => {
    if (!complete) return;
    setShowOutcome(true);
    onComplete?.();
  }, [complete, onComplete]);

  const canAnswer = item !== null && snap.shownAt !== null && !snap.busy;
  const answer = (value: string) => void store.answer(value, note);
  const onShown = useCallback((i: number) => store.shown(i), [store]);
  // The difference view's numbers (largest and mean |left − right|, share of pixels that differ) stand in for the
  // metric under test: only a failure to draw it is shown.
  const onDifference = useCallback((_stats: unknown, error: string | null) => setDiffError(error), []);
  const toggleBlink = () => {
    if (view !== 'blink') {
      setView('blink');
      setBlinkSide('left');
    } else setBlinkSide((s) => (s === 'left' ? 'right' : 'left'));
  };
  const commands = reviewCommands({
    answers: session?.set.answers ?? [],
    canAnswer,
    canUndo: session?.last != null && !snap.busy,
    view,
    autoBlink,
    onAnswer: answer,
    onUndo: () => void store.undo(),
    onView: setView,
    onBlinkToggle: toggleBlink,
    onAutoBlink: () => {
      setAutoBlink((on) => !on);
      setView('blink');
    },
    onZoom: (d) => setTransform((t) => zoomStep(t, d, UNIT)),
    onZoomReset: () => setTransform(IDENTITY),
    onPan: (dx, dy) => setTransform((t) => panBy(t, dx, dy, UNIT)),
    onNote: () => noteRef.current?.focus(),
    onClose: props.onClose,
  });
  useCommands(commands);
  const keyOf = (id: string) => {
    const k = shortcutOf(commands, id);
    return k === undefined ? undefined : chordLabel(k, MAC);
  };
  const withKey = (text: string, id: string) => {
    const k = keyOf(id);
    return k === undefined ? text : `${text} (${k})`;
  };

  const viewButton = (v: ReviewView, label: string, id: string) => (
    <button
      type="button"
      className={view === v ? 'active' : ''}
      aria-pressed={view === v}
      onClick={() => (v === 'blink' ? toggleBlink() : setView(v))}
      title={withKey(label, id)}
      aria-keyshortcuts={keyOf(id)}
      data-testid={`review-view-${v}`}
    >
      {label}
      {keyOf(id) !== undefined ? <kbd className="review-kbd">{keyOf(id)}</kbd> : null}
    </button>
  );

  const status = (() => {
    if (snap.undone !== null && snap.undone.index === index) {
      const label = session?.set.answers.find((a) => a.value === snap.undone!.answer)?.label ?? snap.undone.answer;
      return `Took back the answer “${label}” to item ${snap.undone.index + 1}: answer it again.`;
    }
    if (session?.last != null) {
      const label = session.set.answers.find((a) => a.value === session.last!.answer)?.label ?? session.last.answer;
      return `Saved: item ${session.last.index + 1} answered “${label}”${session.last.note !== undefined ? ' with a note' : ''}.`;
    }
    return null;
  })();

  return (
    <section className="review-screen" data-testid="review-screen" data-review={reviewId} aria-labelledby={`${ids}-title`}>
      <header className="case-header review-header">
        <div className="case-heading">
          <h1 id={`${ids}-title`}>Review image pairs</h1>
          <div className="small muted" title={detail?.title ?? caseId} data-testid="review-case">
            {detail?.title ?? caseId}
          </div>
          {session !== null ? (
            <div className="review-progress" data-testid="review-progress" data-answered={session.answered} data-total={session.total}>
              <span
                className="progress-track"
                role="progressbar"
                aria-label="Review progress"
                aria-valuemin={0}
                aria-valuemax={session.total}
                aria-valuenow={session.answered}
                aria-valuetext={progressWords(session)}
              >
                <span className="progress-fill" style={{ width: `${progressShare(session) * 100}%` }} />
              </span>
              <span className="small review-progress-words">
                {progressWords(session)} · reviewer <strong data-testid="review-reviewer">{session.reviewer}</strong>
                {session.seed !== undefined ? (
                  <>
                    {' '}
                    · seed{' '}
                    <span className="mono" data-testid="review-seed">
                      {session.seed}
                    </span>
                  </>
                ) : null}
              </span>
            </div>
          ) : null}
        </div>
        <button
          type="button"
          className="btn"
          onClick={() => void store.undo()}
          disabled={session?.last == null || snap.busy}
          aria-keyshortcuts={keyOf('review.undo')}
          title={withKey('Undo the last answer', 'review.undo')}
          data-testid="review-undo"
        >
          Undo{keyOf('review.undo') !== undefined ? <kbd className="review-kbd">{keyOf('review.undo')}</kbd> : null}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => void store.exportCsv()}
          disabled={session === null || snap.busy}
          title="Write the answers as a CSV in the case (reviewer, pair, sides, answer, time, note; with the seed and settings)"
          data-testid="review-export"
        >
          Export CSV
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => setShowOutcome((s) => !s)}
          aria-expanded={showOutcome}
          aria-controls={`${ids}-outcome`}
          data-testid="review-checks-toggle"
        >
          {showOutcome ? 'Hide checks' : 'Checks'}
        </button>
        <button
          type="button"
          className="btn"
          onClick={props.onClose}
          title="Close the review: it resumes where it stopped"
          data-testid="review-close"
        >
          Close
        </button>
      </header>

      {snap.error !== null ? (
        <div className="error-box review-error" role="alert" data-testid="review-error">
          {snap.error}
        </div>
      ) : null}
      {snap.exported !== null ? (
        <div className="review-exported small" role="status" data-testid="review-exported">
          Exported {snap.exported.rows} row{snap.exported.rows === 1 ? '' : 's'} to{' '}
          <span className="mono" data-testid="review-exported-path">
            {snap.exported.path}
          </span>{' '}
          <span className="muted">(sha256 {snap.exported.sha256.slice(0, 12)}…)</span>
        </div>
      ) : null}

      <div className="review-body">
        <div className="review-main">
          {session !== null && item !== null ? (
            <>
              <div className="review-question">
                <span className="review-item-no small muted" data-testid="review-item" data-index={item.index}>
                  Item {item.index + 1} of {session.total}
                </span>
                <h2 id={`${ids}-question`} className="review-question-text" data-testid="review-question">
                  {session.set.question}
                </h2>
                {item.prompt !== undefined ? (
                  <span className="small review-prompt">
                    Prompt: <q>{item.prompt}</q>
                  </span>
                ) : null}
              </div>
              <div className="review-tools" role="toolbar" aria-label="How the images are shown">
                <div className="segmented" role="group" aria-label="View">
                  {viewButton('side-by-side', 'Side by side', 'review.side-by-side')}
                  {viewButton('blink', view === 'blink' ? `Blink: ${blinkSide}` : 'Blink', 'review.blink')}
                  {viewButton('difference', 'Difference', 'review.difference')}
                </div>
                <label className="checkbox-label small">
                  <input
                    type="checkbox"
                    checked={autoBlink}
                    onChange={() => {
                      setAutoBlink((on) => !on);
                      setView('blink');
                    }}
                    data-testid="review-auto-blink"
                  />{' '}
                  blink automatically
                  {keyOf('review.auto-blink') !== undefined ? <kbd className="review-kbd">{keyOf('review.auto-blink')}</kbd> : null}
                </label>
                <label className="small">
                  every{' '}
                  <select value={blinkMs} onChange={(e) => setBlinkMs(Number(e.target.value))} aria-label="Blink period">
                    {BLINK_PERIODS.map((ms) => (
                      <option key={ms} value={ms}>
                        {ms / 1000} s
                      </option>
                    ))}
                  </select>
                </label>
                {view === 'difference' ? (
                  <label className="small">
                    amplify ×{' '}
                    <select
                      value={gain}
                      onChange={(e) => setGain(Number(e.target.value))}
                      aria-label="Difference amplification"
                      data-testid="review-gain"
                    >
                      {GAINS.map((g) => (
                        <option key={g} value={g}>
                          {g}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
                <span className="spacer" />
                <div className="review-zoom" role="group" aria-label="Zoom (both images together)">
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => setTransform((t) => zoomStep(t, -1, UNIT))}
                    aria-label={withKey('Zoom out', 'review.zoom-out')}
                    title={withKey('Zoom out', 'review.zoom-out')}
                    data-testid="review-zoom-out"
                  >
                    −
                  </button>
                  <span className="small num review-zoom-level" data-testid="review-zoom-level" aria-live="polite">
                    {Math.round(transform.scale * 100)}%
                  </span>
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => setTransform((t) => zoomStep(t, 1, UNIT))}
                    aria-label={withKey('Zoom in', 'review.zoom-in')}
                    title={withKey('Zoom in', 'review.zoom-in')}
                    data-testid="review-zoom-in"
                  >
                    +
                  </button>
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => setTransform(IDENTITY)}
                    disabled={transform.scale === 1}
                    title={withKey('Reset zoom and pan', 'review.zoom-reset')}
                    data-testid="review-zoom-reset"
                  >
                    Reset
                  </button>
                </div>
              </div>
              <div
                className="review-stage-slot"
                ref={stageRef}
                tabIndex={-1}
                aria-label="The pair: wheel or + and − zoom both images, drag or the arrow keys pan them"
              >
                {snap.images !== null && snap.images.index === item.index ? (
                  <PairStage
                    index={item.index}
                    left={snap.images.left}
                    right={snap.images.right}
                    width={item.width}
                    height={item.height}
                    view={view}
                    blinkSide={blinkSide}
                    transform={transform}
                    onTransform={setTransform}
                    gain={gain}
                    onDifference={onDifference}
                    onShown={onShown}
                  />
                ) : (
                  <div className="placeholder muted">Loading the pair…</div>
                )}
              </div>
              {view === 'difference' ? (
                <div className="small review-diff-stats" data-testid="review-difference-stats">
                  {diffError !== null ? (
                    <span className="error-text">{diffError}</span>
                  ) : (
                    <>The difference |left − right| of the two images, not one of them, amplified ×{gain}.</>
                  )}
                </div>
              ) : null}
              <div className="review-answer-bar">
                <AnswerLegend answers={session.set.answers} enabled={canAnswer} onAnswer={answer} labelledBy={`${ids}-question`} />
                <label className="review-note">
                  <span className="small">
                    Note{keyOf('review.note') !== undefined ? <kbd className="review-kbd">{keyOf('review.note')}</kbd> : null}
                  </span>
                  <input
                    ref={noteRef}
                    type="text"
                    value={note}
                    onChange={(e) => setNote(e.target.value)}
                    onKeyDown={(e) => {
                      // Escape or Enter ends the note: focus returns to the pair, so the next key answers it.
                      if (e.key === 'Escape' || e.key === 'Enter') {
                        e.preventDefault();
                        stageRef.current?.focus();
                      }
                    }}
                    maxLength={5000}
                    placeholder="optional, saved with this pair's answer; Enter or Esc leaves the field"
                    data-testid="review-note"
                  />
                </label>
              </div>
            </>
          ) : null}

          {session !== null && item === null ? (
            <div className="review-complete" role="status" data-testid="review-complete">
              <h2>Review complete</h2>
              <p>
                All {session.total} items are answered. Export the answers as a CSV, and run the case’s checks to see whether the review is
                consistent and what it decides.
              </p>
            </div>
          ) : null}
          {session === null && snap.error === null ? <div className="placeholder muted">Opening the review…</div> : null}

          <div className="small review-status" aria-live="polite" data-testid="review-status">
            {status}
          </div>
        </div>
        {showOutcome ? (
          <aside id={`${ids}-outcome`} className="review-outcome-slot" aria-label="What the reviews decide">
            {complete && detail !== null ? (
              <ReviewOutcome
                detail={detail}
                run={props.run}
                starting={props.starting}
                runError={props.runError}
                onRun={props.onRun}
                complete={complete}
              />
            ) : (
              <section className="review-outcome" data-testid="review-outcome-hidden" aria-labelledby={`${ids}-hidden`}>
                <h2 id={`${ids}-hidden`} className="section-heading">
                  What the reviews decide
                </h2>
                <p className="small muted">
                  {complete
                    ? 'Opening the case…'
                    : 'Hidden until every item is answered: the checks, their results and what they test name the conditions and the hypothesis, which would no longer be blind.'}
                </p>
              </section>
            )}
          </aside>
        ) : null}
      </div>
    </section>
  );
}
