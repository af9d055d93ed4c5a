/**
 * "Run in sandbox" for one sandbox module: bundles the saved file (prepareSandboxProgram) and runs it in the
 * browser sandbox (a Web Worker in a sandboxed page, renderer/sandbox-client/run-in-page.ts), showing
 * progress, logs and the result or the reason it ended. The input is JSON, prefilled with the params of the
 * declared check that runs the module when there is one. The reviewer chooses the seed (handed to the program
 * as `api.seed`) and the wall-clock limit, kept per file while the panel is open; after a run the status line
 * is its record: seed, limit, measured wall time and how it ended.
 *
 * Whether the file can run at all: the core says so when it lists the case's files (`SandboxFile.runProblem`,
 * a cheap export check); after a save here that answer is stale, and the bundling result decides. A file the
 * sandbox cannot run (no default export, a syntax error, a refused import) gets the reason instead of the Run
 * button. A runnable one is bundled when shown, which brings the core's suggested input (and seed), so the first
 * run works without typing: a module check's params, or a sweep's first point.
 */
import { useEffect, useRef, useState } from 'react';
import type { RecheckApi } from '../../common/api/contract';
import { runInCore } from '../sandbox-client/run-in-core';
import { runInPage, type SandboxRun, type SandboxRunEnd, type SandboxStreamMessage } from '../sandbox-client/run-in-page';
import {
  DEFAULT_SETTINGS_TEXT,
  parseLimitSeconds,
  parseRunSettings,
  parseSeed,
  recordLine,
  settingsLine,
  type RunRecord,
  type RunSettings,
  type RunSettingsText,
} from '../sandbox-client/run-settings';

const MAX_LOG_LINES = 200;
const MAX_RESULT_CHARS = 4000;

/** True for files the sandbox can run (ES modules in TypeScript or JavaScript). */
export function isRunnableModule(path: string): boolean {
  return /\.(ts|mts|js|mjs)$/.test(path);
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'preparing'; settings: RunSettings }
  | { kind: 'running'; settings: RunSettings; sha256: string }
  // record is null when the program could not be bundled (nothing ran).
  | { kind: 'ended'; end: SandboxRunEnd; record: RunRecord | null; sha256: string | null };

/** What bundling the saved file said: not yet known, runnable (with where its suggestion came from), or why not. */
type Runnable = { kind: 'checking' } | { kind: 'yes'; from: string | null; seed: number | null } | { kind: 'no'; reason: string };

function progressLine(p: Extract<SandboxStreamMessage, { type: 'progress' }> | null): string {
  if (p === null) return 'running…';
  const parts = [p.total !== undefined ? `${p.done} / ${p.total}` : String(p.done)];
  if (p.rate !== undefined) parts.push(`${p.rate < 10 ? p.rate.toFixed(2) : Math.round(p.rate)}/s`);
  if (p.etaSeconds !== undefined) parts.push(`ETA ${Math.ceil(p.etaSeconds)} s`);
  if (p.message !== undefined) parts.push(p.message);
  return parts.join(' · ');
}

function resultText(value: unknown): string {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS)}\n… (${text.length} characters in all)` : text;
}

/**
 * Where "Run in sandbox" runs: `page` — a sandboxed iframe of this page (browser mode); `core` — the core's
 * own sandbox through the API (the desktop app, where main opens a hidden sandboxed window per run).
 */
export type SandboxPlace = 'page' | 'core';

export function SandboxRunPanel(props: {
  api: RecheckApi;
  caseId: string;
  path: string;
  dirty: boolean;
  /** The saved text of the file: when it changes, the file is bundled again to know whether it can run. */
  saved: string;
  /** Why the core said the saved text cannot run (null: it can); undefined when unknown (saved since). */
  runProblem: string | null | undefined;
  sandboxIn: SandboxPlace;
}) {
  const { api, caseId, path, dirty, saved, runProblem, sandboxIn } = props;
  const [runnable, setRunnable] = useState<Runnable>({ kind: 'checking' });
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [input, setInput] = useState<string>('');
  const [progress, setProgress] = useState<Extract<SandboxStreamMessage, { type: 'progress' }> | null>(null);
  const [logs, setLogs] = useState<string[]>([]);
  const [points, setPoints] = useState<Record<string, number>>({});
  const [inputError, setInputError] = useState<string | null>(null);
  const [settingsByFile, setSettingsByFile] = useState<ReadonlyMap<string, RunSettingsText>>(new Map());
  const run = useRef<SandboxRun | null>(null);
  const suggested = useRef(new Map<string, string>());
  const fileKey = `${caseId}\u0000${path}`;
  const settingsText = settingsByFile.get(fileKey) ?? DEFAULT_SETTINGS_TEXT;
  const settings = parseRunSettings(settingsText);
  const editSettings = (change: Partial<RunSettingsText>) =>
    setSettingsByFile((m) => new Map(m).set(fileKey, { ...settingsText, ...change }));
  const inputRef = useRef(input);
  inputRef.current = input;

  // Bundle the saved file once shown and after each save: its result says whether the file can run, and brings
  // the suggested input (and seed) in before the reviewer clicks Run.
  useEffect(() => {
    let live = true;
    if (typeof runProblem === 'string') {
      setRunnable({ kind: 'no', reason: runProblem });
      return;
    }
    setRunnable({ kind: 'checking' });
    api.prepareSandboxProgram(caseId, path).then(
      (program) => {
        if (!live) return;
        setRunnable({ kind: 'yes', from: program.suggestedFrom ?? null, seed: program.suggestedSeed ?? null });
        if (program.suggestedInput !== undefined) {
          const text = JSON.stringify(program.suggestedInput, null, 2);
          suggested.current.set(path, text);
          if (inputRef.current.trim() === '') setInput(text);
        }
        const seed = program.suggestedSeed;
        // The reviewer's own seed for this file, once typed, stays.
        if (seed !== undefined)
          setSettingsByFile((m) => (m.has(fileKey) ? m : new Map(m).set(fileKey, { ...DEFAULT_SETTINGS_TEXT, seed: String(seed) })));
      },
      (e: unknown) => live && setRunnable({ kind: 'no', reason: (e as Error).message }),
    );
    return () => {
      live = false;
    };
  }, [api, caseId, path, saved, runProblem, fileKey]);

  // A run belongs to its file and case: leaving either cancels it.
  useEffect(() => {
    setPhase({ kind: 'idle' });
    setInput(suggested.current.get(path) ?? '');
    return () => {
      run.current?.cancel();
      run.current = null;
    };
  }, [caseId, path]);

  const start = async () => {
    if (!settings.ok) return;
    const chosen = settings.value;
    let parsedInput: unknown = null;
    if (input.trim() !== '') {
      try {
        parsedInput = JSON.parse(input);
      } catch (e) {
        setInputError(`Input is not JSON: ${(e as Error).message}`);
        return;
      }
    }
    setInputError(null);
    setProgress(null);
    setLogs([]);
    setPoints({});
    setPhase({ kind: 'preparing', settings: chosen });
    let program;
    try {
      program = await api.prepareSandboxProgram(caseId, path);
    } catch (e) {
      setPhase({ kind: 'ended', end: { outcome: 'error', reason: 'threw', message: (e as Error).message }, record: null, sha256: null });
      return;
    }
    if (input.trim() === '' && program.suggestedInput !== undefined) {
      parsedInput = program.suggestedInput;
      const text = JSON.stringify(program.suggestedInput, null, 2);
      suggested.current.set(path, text);
      setInput(text);
    }
    const t0 = performance.now();
    setPhase({ kind: 'running', settings: chosen, sha256: program.sha256 });
    const onMessage = (m: SandboxStreamMessage) => {
      if (m.type === 'progress') setProgress(m);
      else if (m.type === 'log') setLogs((l) => [...l.slice(-(MAX_LOG_LINES - 1)), `${m.level === 'info' ? '' : `${m.level}: `}${m.text}`]);
      else setPoints((p) => ({ ...p, [m.series]: (p[m.series] ?? 0) + 1 }));
    };
    const r =
      sandboxIn === 'core'
        ? runInCore(api, { caseId, path, input: parsedInput, seed: chosen.seed, timeoutSeconds: chosen.limitS, onMessage })
        : runInPage({ code: program.code, input: parsedInput, seed: chosen.seed, timeoutMs: chosen.limitS * 1000, onMessage });
    run.current = r;
    const end = await r.ended;
    if (run.current !== r) return; // superseded by another file or case
    run.current = null;
    const record: RunRecord = {
      settings: chosen,
      wallMs: performance.now() - t0,
      outcome: end.outcome === 'result' ? 'finished' : end.reason,
    };
    setPhase({ kind: 'ended', end, record, sha256: program.sha256 });
  };

  const busy = phase.kind === 'preparing' || phase.kind === 'running';
  const seriesText = Object.entries(points)
    .map(([s, n]) => `${s}: ${n} points`)
    .join(' · ');
  let status = '';
  if (phase.kind === 'idle') status = settings.ok ? settingsLine(settings.value) : '';
  else if (phase.kind === 'preparing') status = `${settingsLine(phase.settings)} · bundling…`;
  else if (phase.kind === 'running') status = `${settingsLine(phase.settings)} · ${progressLine(progress)}`;
  else
    status =
      phase.record !== null
        ? `${recordLine(phase.record)}${phase.end.record !== undefined ? ` · record ${phase.end.record}` : ''}`
        : 'not run: the module could not be bundled';
  const sha = phase.kind === 'running' || phase.kind === 'ended' ? phase.sha256 : null;
  let runTitle = 'Bundle the saved file and run it in a sandboxed Web Worker (no network)';
  if (dirty) runTitle = 'Save the file first: the sandbox runs the saved version';
  else if (!settings.ok) runTitle = settings.problem;
  else if (runnable.kind === 'checking') runTitle = 'Bundling the saved file to see whether it can run…';
  if (runnable.kind === 'no' && !busy) {
    return (
      <div className="sandbox-run small" data-testid="sandbox-run" style={{ borderTop: '1px solid var(--line)', padding: '6px 10px' }}>
        <div className="muted" data-testid="sandbox-run-unavailable" role="note">
          Not runnable in the sandbox: {runnable.reason.replace(/^.*?cannot be (?:run|bundled) (?:in|for) the sandbox: /, '')}
        </div>
      </div>
    );
  }
  return (
    <div
      className="sandbox-run small"
      data-testid="sandbox-run"
      style={{ borderTop: '1px solid var(--line)', padding: '6px 10px', maxHeight: '40%', overflow: 'auto' }}
    >
      <div className="sandbox-run-controls">
        <button
          type="button"
          className="btn btn-small"
          disabled={busy || dirty || !settings.ok || runnable.kind !== 'yes'}
          title={runTitle}
          onClick={() => void start()}
          data-testid="sandbox-run-start"
        >
          Run in sandbox
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={!busy}
          onClick={() => run.current?.cancel()}
          data-testid="sandbox-run-cancel"
        >
          Cancel
        </button>
        <label className="sandbox-run-field muted" title="Unsigned 32-bit integer handed to the program as api.seed">
          Seed
          <input
            type="text"
            inputMode="numeric"
            className="mono"
            size={10}
            value={settingsText.seed}
            onChange={(e) => editSettings({ seed: e.target.value })}
            disabled={busy}
            aria-invalid={!parseSeed(settingsText.seed).ok}
            data-testid="sandbox-run-seed"
          />
        </label>
        <label className="sandbox-run-field muted" title="Wall-clock limit of the run, sandbox page load included (1 to 3600 s)">
          Limit
          <input
            type="text"
            inputMode="numeric"
            className="mono"
            size={4}
            value={settingsText.limitS}
            onChange={(e) => editSettings({ limitS: e.target.value })}
            disabled={busy}
            aria-invalid={!parseLimitSeconds(settingsText.limitS).ok}
            data-testid="sandbox-run-timeout"
          />
          s
        </label>
        <span className="muted" data-testid="sandbox-run-status" title={sha !== null ? `program sha256 ${sha}` : undefined}>
          {status}
        </span>
      </div>
      {!settings.ok ? (
        <div className="error-text" data-testid="sandbox-run-settings-error">
          {settings.problem}
        </div>
      ) : null}
      <label className="muted" style={{ display: 'block', marginTop: 4 }}>
        Input (JSON; empty = the suggested input, or null)
        <textarea
          className="mono"
          rows={2}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          disabled={busy}
          style={{ display: 'block', width: '100%', boxSizing: 'border-box' }}
          data-testid="sandbox-run-input"
        />
      </label>
      {runnable.kind === 'yes' && runnable.from !== null ? (
        <div className="muted" data-testid="sandbox-run-suggestion">
          Suggested input{runnable.seed !== null ? ` and seed ${runnable.seed}` : ''}: {runnable.from}
        </div>
      ) : null}
      {inputError !== null ? <div className="error-text">{inputError}</div> : null}
      {seriesText !== '' ? (
        <div className="muted" data-testid="sandbox-run-series">
          {seriesText}
        </div>
      ) : null}
      {logs.length > 0 ? (
        <pre className="mono" data-testid="sandbox-run-logs" style={{ margin: '4px 0', maxHeight: 120, overflow: 'auto' }}>
          {logs.join('\n')}
        </pre>
      ) : null}
      {phase.kind === 'ended' && phase.end.outcome === 'error' ? (
        <div className="error-text" data-testid="sandbox-run-error" data-reason={phase.end.reason}>
          {phase.end.reason}: {phase.end.message}
        </div>
      ) : null}
      {phase.kind === 'ended' && phase.end.outcome === 'result' ? (
        <pre className="mono" data-testid="sandbox-run-result" style={{ margin: '4px 0', maxHeight: 200, overflow: 'auto' }}>
          {resultText(phase.end.value)}
        </pre>
      ) : null}
    </div>
  );
}
