/**
 * The letter editor: a letter drafted from the case's decisions (to the paper's authors, or to a logbook's
 * author), edited as Markdown beside a live preview (math rendered), with the "not ready to send" banner saying
 * what is missing, saved as versions under the case's letters/ folder (each save logged), exported as Markdown
 * or PDF, and the response tracked per saved letter (renderer/letters/LetterStatusForm.tsx).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import type { LetterKind, LetterView, RecheckApi, SetLetterStatusInput } from '../../common/api/contract';
import { byReviewer } from '../lib/reviewer';
import { base64Bytes, downloadFile } from './download';
import { LetterStatusForm } from './LetterStatusForm';
import { KIND_WORDS, STATE_WORDS } from './words';
import { Dialog } from '../components/Dialog';
import { Markdown } from '../components/Markdown';
import { ReviewerInput } from '../components/ReviewerInput';

interface Readiness {
  ready: boolean;
  missing: string[];
}

export function LetterDialog(props: {
  api: RecheckApi;
  caseId: string;
  /** The case's falsifications (id and assertion), for "About". */
  falsifications: { id: string; assertion: string }[];
  reviewer: string;
  onReviewerChange(name: string): void;
  /** A letter was saved or its status changed (the case list and the queue show it). */
  onChanged(): void;
  onClose(): void;
}) {
  const { api, caseId, onChanged } = props;
  const id = useId();
  const [kind, setKind] = useState<LetterKind | null>(null);
  const [about, setAbout] = useState('');
  const [falsificationIds, setFalsificationIds] = useState<string[]>([]);
  const [text, setText] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [readiness, setReadiness] = useState<Readiness | null>(null);
  const [letters, setLetters] = useState<LetterView[]>([]);
  const [current, setCurrent] = useState<{ letterId: string; version: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // Closing with unsaved edits asks first (Escape, Close): the letter's text is the reviewer's work.
  const [confirmClose, setConfirmClose] = useState(false);
  const requestClose = () => (dirty ? setConfirmClose(true) : props.onClose());

  const call = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      await action();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }, []);

  /** A fresh draft of `k` (null: the kind the decisions call for) about `f` ('' : all that apply). */
  const draft = useCallback(
    (k: LetterKind | null, f: string) =>
      call(async () => {
        const d = await api.draftLetter(caseId, { ...(k !== null ? { kind: k } : {}), ...(f !== '' ? { falsificationId: f } : {}) });
        setKind(d.kind);
        setFalsificationIds(d.falsificationIds);
        setText(d.markdown);
        setReadiness({ ready: d.ready, missing: d.missing });
        setCurrent(null);
        setDirty(false);
      }),
    [api, caseId, call],
  );

  useEffect(() => {
    void draft(null, '');
    api.listLetters(caseId).then(setLetters, (e: unknown) => setError((e as Error).message));
  }, [api, caseId, draft]);

  const openVersion = (letterId: string, version: number) =>
    call(async () => {
      const letter = letters.find((l) => l.id === letterId);
      if (letter === undefined) return;
      const markdown = await api.readLetter(caseId, letterId, version);
      // Readiness now (not when the version was saved): the decisions may have changed since.
      const now = await api.draftLetter(caseId, {
        kind: letter.kind,
        ...(letter.falsificationIds.length === 1 ? { falsificationId: letter.falsificationIds[0]! } : {}),
      });
      setKind(letter.kind);
      setFalsificationIds(letter.falsificationIds);
      setText(markdown);
      setReadiness({ ready: now.ready, missing: now.missing });
      setCurrent({ letterId, version });
      setDirty(false);
    });

  const save = () =>
    call(async () => {
      if (text === null || kind === null) return;
      const saved = await api.saveLetter({
        caseId,
        kind,
        falsificationIds,
        markdown: text,
        ...(current !== null ? { letterId: current.letterId } : {}),
        ...byReviewer(props.reviewer),
      });
      const last = saved.versions.at(-1)!;
      setLetters((ls) => [...ls.filter((l) => l.id !== saved.id), saved]);
      setCurrent({ letterId: saved.id, version: last.version });
      setReadiness({ ready: last.ready, missing: last.missing });
      setDirty(false);
      setMessage(`Saved ${saved.id}, version ${last.version} (letters/${saved.id}/v${last.version}.md), logged in the audit log.`);
      onChanged();
    });

  const recordStatus = (change: Omit<SetLetterStatusInput, 'caseId' | 'letterId' | 'reviewer'>) =>
    call(async () => {
      if (current === null) return;
      const updated = await api.setLetterStatus({ caseId, letterId: current.letterId, ...change, ...byReviewer(props.reviewer) });
      setLetters((ls) => ls.map((l) => (l.id === updated.id ? updated : l)));
      setMessage(`Recorded: ${STATE_WORDS[updated.status.state]}.`);
      onChanged();
    });

  const fileName = (ext: string) =>
    `${caseId}-${current !== null ? `${current.letterId}-v${current.version}` : `${kind ?? 'letter'}-draft`}.${ext}`;
  const exportMarkdown = () => {
    if (text !== null) downloadFile(fileName('md'), new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  };
  const exportPdf = () =>
    call(async () => {
      if (text === null) return;
      const { base64 } = await api.exportLetterPdf({ caseId, markdown: text, falsificationIds });
      downloadFile(fileName('pdf'), new Blob([base64Bytes(base64)], { type: 'application/pdf' }));
      setMessage(`Exported ${fileName('pdf')}.`);
    });

  const letter = current !== null ? letters.find((l) => l.id === current.letterId) : undefined;
  const footer = confirmClose ? (
    <>
      <div className="foot-message" role="alert" data-testid="letter-confirm-close">
        <span className="error-text">This letter has unsaved edits. Close and lose them?</span>
      </div>
      <button type="button" className="btn" onClick={() => setConfirmClose(false)} data-testid="letter-keep-editing" autoFocus>
        Keep editing
      </button>
      <button type="button" className="btn btn-danger" onClick={props.onClose} data-testid="letter-discard">
        Discard edits and close
      </button>
    </>
  ) : (
    <>
      <div className="foot-message" role="status" data-testid="letter-message">
        {error !== null ? (
          <span className="error-text">{error}</span>
        ) : message !== null ? (
          <span className="muted">{message}</span>
        ) : dirty ? (
          <span className="muted">Unsaved edits.</span>
        ) : null}
      </div>
      <button type="button" className="btn" onClick={exportMarkdown} disabled={text === null} data-testid="letter-export-md">
        Export Markdown
      </button>
      <button
        type="button"
        className="btn"
        onClick={() => void exportPdf()}
        disabled={text === null || busy}
        data-testid="letter-export-pdf"
      >
        Export PDF
      </button>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => void save()}
        disabled={text === null || busy || falsificationIds.length === 0}
        data-testid="letter-save"
      >
        {current !== null ? 'Save new version' : 'Save version'}
      </button>
    </>
  );

  return (
    <Dialog
      title={kind !== null ? `Letter ${KIND_WORDS[kind]}` : 'Letter'}
      testId="letter-dialog"
      onClose={requestClose}
      footer={footer}
      size="wide"
    >
      <div className="letter-editor">
        <div className="form-row letter-controls">
          <label>
            To
            <select
              value={kind ?? 'authors'}
              disabled={busy}
              onChange={(e) => void draft(e.target.value as LetterKind, about)}
              data-testid="letter-kind"
              data-autofocus
            >
              <option value="authors">the paper's authors</option>
              <option value="logbook">the logbook's author</option>
            </select>
          </label>
          <label>
            About
            <select
              value={about}
              disabled={busy}
              onChange={(e) => {
                setAbout(e.target.value);
                void draft(kind, e.target.value);
              }}
              data-testid="letter-about"
            >
              <option value="">every falsification that applies</option>
              {props.falsifications.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.id}: {f.assertion.length > 60 ? `${f.assertion.slice(0, 60)}…` : f.assertion}
                </option>
              ))}
            </select>
          </label>
          <label>
            Saved letters
            <select
              value={current?.letterId ?? ''}
              disabled={busy}
              onChange={(e) => {
                const l = letters.find((x) => x.id === e.target.value);
                if (l === undefined) void draft(kind, about);
                else void openVersion(l.id, l.versions.at(-1)?.version ?? 1);
              }}
              data-testid="letter-saved"
            >
              <option value="">new draft (not saved)</option>
              {letters.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.id}: {KIND_WORDS[l.kind]}, {STATE_WORDS[l.status.state]}, {l.versions.length} version
                  {l.versions.length === 1 ? '' : 's'}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={`${id}-who`}>
            Reviewer
            <ReviewerInput id={`${id}-who`} value={props.reviewer} onChange={props.onReviewerChange} />
          </label>
        </div>
        {letter !== undefined ? (
          <div className="letter-versions small" role="group" aria-label="Versions" data-testid="letter-versions">
            Versions:
            {letter.versions.map((v) => (
              <button
                key={v.version}
                type="button"
                className="btn btn-small"
                aria-pressed={current?.version === v.version}
                onClick={() => void openVersion(letter.id, v.version)}
                title={`sha256 ${v.sha256}`}
              >
                v{v.version} · {v.who} · {v.at.slice(0, 10)}
                {v.ready ? '' : ' · not ready'}
              </button>
            ))}
          </div>
        ) : null}
        {readiness !== null && !readiness.ready ? (
          <div className="letter-banner" role="note" aria-label="Not ready to send" data-testid="letter-not-ready">
            <strong>Not ready to send.</strong> Missing:
            <ul>
              {readiness.missing.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        ) : readiness !== null ? (
          <div className="letter-ready small" data-testid="letter-ready">
            Ready to send: every falsification has a verdict agreeing with its checks, and the checklist is answered.
          </div>
        ) : null}
        {text === null && error === null ? <div className="muted">Drafting…</div> : null}
        {text !== null ? (
          <div className="letter-panes">
            <label className="letter-pane" htmlFor={`${id}-src`}>
              <span className="small muted">Markdown</span>
              <textarea
                id={`${id}-src`}
                className="letter-source mono"
                value={text}
                spellCheck
                onChange={(e) => {
                  setText(e.target.value);
                  setDirty(true);
                  setMessage(null);
                }}
                data-testid="letter-source"
              />
            </label>
            <section className="letter-pane" aria-label="Preview">
              <span className="small muted">Preview</span>
              <div className="letter-preview" tabIndex={0} data-testid="letter-preview">
                <Markdown source={text} className="letter" />
              </div>
            </section>
          </div>
        ) : null}
        {letter !== undefined ? (
          <LetterStatusForm key={letter.id} letter={letter} busy={busy} onRecord={(c) => void recordStatus(c)} />
        ) : (
          <p className="small muted">Save the letter to track its response (sent, acknowledged, agreed, disputed, fixed).</p>
        )}
      </div>
    </Dialog>
  );
}
