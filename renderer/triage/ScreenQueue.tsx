/**
 * "Screen a challenge": the core runs `recheck screen` on a folder of the workspace the reviewer picks (the
 * workspace's own cases, or a challenge folder holding logbooks and a verdict file), with its progress and a Cancel;
 * results are cached in the workspace, so a second screen of an unchanged folder is quick. Then the queue in the
 * CLI's order (docs/screen.md), each row with its logbooks' verdicts and flags, opening the logbook at the flagged
 * cell (renderer/triage/ScreenLogbook.tsx) and becoming a case in one action (caseFromScreen: claim, finding quoted
 * from its cell, logbook imported, the checks that raised the flag); and the judge view: each verdict kind's
 * support counts and the claims whose verdicts flip, with each logbook's horizon.
 */
import { useEffect, useId, useState } from 'react';
import type { CaseSummary, RecheckApi } from '../../common/api/contract';
import type { ScreenCaseView, ScreenFolderView, ScreenProgressView, ScreenQueueRowView, ScreenResultView } from '../../common/api/screen';
import { JudgeView } from './JudgeView';
import { ScreenRow } from './ScreenRow';
import { ScreenLogbook, type OpenedCell } from './ScreenLogbook';
import { caseLogbook, flagCountWords, openTarget, progressWords } from './screen';
import './screen.css';

/** Rows shown before "Show more". */
const PAGE = 100;

/**
 * The screen's queue. `onOpenCase` opens a case the app lists; `onCaseMade` opens one made here, which the app's
 * case list does not hold yet (the app reads its list again, then selects it).
 */
export function ScreenQueue(props: {
  api: RecheckApi;
  cases: readonly CaseSummary[];
  onOpenCase(caseId: string): void;
  onCaseMade(caseId: string): void;
}) {
  const { api } = props;
  const ids = useId();
  const [folders, setFolders] = useState<ScreenFolderView[] | null>(null);
  const [folder, setFolder] = useState<string>('.');
  const [progress, setProgress] = useState<ScreenProgressView | null>(null);
  const [result, setResult] = useState<ScreenResultView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(PAGE);
  const [opened, setOpened] = useState<OpenedCell | null>(null);
  const [making, setMaking] = useState<number | null>(null);
  const [made, setMade] = useState<Record<number, ScreenCaseView>>({});
  const [part, setPart] = useState<'queue' | 'judge'>('queue');

  useEffect(() => {
    api.listScreenFolders().then(
      (f) => {
        setFolders(f);
        setFolder((cur) => (f.some((x) => x.path === cur) ? cur : (f.find((x) => x.path !== '.')?.path ?? '.')));
      },
      (e: unknown) => setError((e as Error).message),
    );
  }, [api]);

  // Poll the running screen until it ends.
  const running = progress?.status === 'running' ? progress.screenId : null;
  useEffect(() => {
    if (running === null) return;
    let stop = false;
    const tick = () => {
      api.screenProgress(running).then(
        (p) => {
          if (stop) return;
          setProgress(p);
          if (p.status === 'done' && p.result !== undefined) {
            setResult(p.result);
            setShown(PAGE);
            setMade({});
          }
          if (p.status === 'failed') setError(p.error ?? 'the screen failed');
          if (p.status === 'running') timer = window.setTimeout(tick, 250);
        },
        (e: unknown) => !stop && setError((e as Error).message),
      );
    };
    let timer = window.setTimeout(tick, 100);
    return () => {
      stop = true;
      window.clearTimeout(timer);
    };
  }, [api, running]);

  const start = async () => {
    setError(null);
    setOpened(null);
    try {
      const { screenId } = await api.startScreen(folder);
      setProgress({ screenId, folder, status: 'running', done: 0, total: 0 });
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const open = async (row: ScreenQueueRowView) => {
    const t = openTarget(row);
    if (t === null || result === null) return;
    setError(null);
    try {
      const logbook = await api.readScreenedLogbook(result.folder, t.logbook);
      setOpened({ name: t.logbook, logbook, page: t.page, cell: t.cell, flag: t.flag, nonce: Date.now() });
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const makeCase = async (row: ScreenQueueRowView) => {
    const logbook = caseLogbook(row);
    if (logbook === null || result === null) return;
    setError(null);
    setMaking(row.position);
    try {
      const view = await api.caseFromScreen({ folder: result.folder, paper: row.paper, claim: row.claim, logbook });
      setMade((m) => ({ ...m, [row.position]: view }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setMaking(null);
    }
  };

  const picked = folders?.find((f) => f.path === folder);
  return (
    <div className="screen-queue" data-testid="screen-queue">
      <div className="triage-pick">
        <label htmlFor={`${ids}-folder`} className="triage-pick-label">
          Folder of the workspace
        </label>
        <select
          id={`${ids}-folder`}
          value={folder}
          onChange={(e) => setFolder(e.target.value)}
          disabled={folders === null || running !== null}
          data-testid="screen-folder"
        >
          {(folders ?? []).map((f) => (
            <option key={f.path} value={f.path}>
              {f.path === '.' ? 'the workspace’s cases' : f.path} ({f.logbooks} logbook{f.logbooks === 1 ? '' : 's'}
              {f.ledger !== null ? `, ${f.ledger}` : ''})
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void start()}
          disabled={running !== null || folders === null || folders.length === 0}
          data-testid="screen-start"
        >
          Screen
        </button>
        {running !== null ? (
          <button type="button" className="btn" onClick={() => void api.cancelScreen(running)} data-testid="screen-cancel">
            Cancel
          </button>
        ) : null}
        <span className="small muted">
          {folders !== null && folders.length === 0 ? (
            <span data-testid="screen-no-folder">
              Nothing to screen in the workspace yet: put a challenge folder there (its logbooks in logbooks/, its verdicts in
              verdicts.jsonl, .json or .csv), or cases with Trackio logbooks.{' '}
            </span>
          ) : null}
          {picked?.ledger != null
            ? `Verdicts from ${picked.ledger}.`
            : 'No verdict file: the logbooks’ own findings stand in for the verdicts.'}{' '}
          Results are cached in the workspace: an unchanged logbook is not screened again.
        </span>
      </div>
      <div role="status" className="small triage-status" data-testid="screen-status">
        {progress?.status === 'running' ? (
          <span className="screen-progress">
            <progress max={Math.max(progress.total, 1)} value={progress.done} aria-label="Screen progress" />{' '}
            {progressWords(progress.done, progress.total)}
          </span>
        ) : null}
        {progress?.status === 'cancelled' ? (
          <span className="muted">Cancelled after {progress.done} logbooks; what was screened stays cached.</span>
        ) : null}
      </div>
      {error !== null ? (
        <div className="error-box" role="alert" data-testid="screen-error">
          {error}
        </div>
      ) : null}
      {opened !== null ? <ScreenLogbook opened={opened} onClose={() => setOpened(null)} /> : null}
      {result !== null ? (
        <>
          <section className="triage-summary" aria-label="Screen summary" data-testid="screen-summary">
            <p className="triage-lead">
              <span className="mono">{result.folder === '.' ? 'the workspace' : result.folder}</span>:{' '}
              <strong>{result.logbooks.toLocaleString('en-US')}</strong> logbooks screened,{' '}
              <strong>{result.flaggedLogbooks.toLocaleString('en-US')}</strong> flagged
              {result.flaggedLogbooks > 0 ? ` (${flagCountWords(result.flagCounts)})` : ''};{' '}
              <strong data-testid="screen-queue-length">{result.queue.length}</strong> claim{result.queue.length === 1 ? '' : 's'} in the
              queue, verdicts from {result.ledger ?? 'the logbooks’ own findings'}.
            </p>
          </section>
          <div className="segmented screen-parts" role="group" aria-label="Which part of the screen">
            <button
              type="button"
              className={part === 'queue' ? 'active' : ''}
              aria-pressed={part === 'queue'}
              onClick={() => setPart('queue')}
              data-testid="screen-part-queue"
            >
              Queue ({result.queue.length})
            </button>
            <button
              type="button"
              className={part === 'judge' ? 'active' : ''}
              aria-pressed={part === 'judge'}
              onClick={() => setPart('judge')}
              data-testid="screen-part-judge"
            >
              The judge’s verdicts ({result.judge.flips.length} flip{result.judge.flips.length === 1 ? '' : 's'})
            </button>
          </div>
          {part === 'judge' ? <JudgeView judge={result.judge} /> : null}
          {part === 'queue' ? (
            <>
              <h2 className="triage-heading screen-queue-heading">Queue, in the order of recheck screen</h2>
              {result.queue.length === 0 ? <p className="empty-state">Nothing flagged and nothing contested.</p> : null}
              <ol className="triage-rows screen-rows">
                {result.queue.slice(0, shown).map((row) => (
                  <ScreenRow
                    key={row.position}
                    row={row}
                    made={made[row.position]}
                    making={making === row.position}
                    onOpen={() => void open(row)}
                    onMakeCase={() => void makeCase(row)}
                    onOpenCase={(id) => (props.cases.some((c) => c.id === id) ? props.onOpenCase(id) : props.onCaseMade(id))}
                  />
                ))}
              </ol>
              {result.queue.length > shown ? (
                <button type="button" className="btn" onClick={() => setShown((n) => n + PAGE)} data-testid="screen-more">
                  Show {Math.min(PAGE, result.queue.length - shown)} more of {result.queue.length - shown}
                </button>
              ) : null}
            </>
          ) : null}
        </>
      ) : null}
      {result === null && progress === null && error === null ? (
        <p className="empty-state">
          Pick a folder and screen it: every logbook’s printed fits, growth tables, runs, artifacts, metrics and units are checked without a
          person, and the claims to re-check first come out on top.
        </p>
      ) : null}
    </div>
  );
}
