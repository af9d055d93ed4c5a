/**
 * "Workspace settings": where the workspace's sweep checks compute their points, this machine or Slurm (one
 * job array per sweep, docs/slurm.md) with its sbatch settings, and the Python interpreter replays of logbook cells
 * run (docs/replay.md; checked to exist and run by the core when saved). Saving Slurm settings asks Slurm first
 * (sbatch --test-only in the core): what it refuses comes back as one line, shown in the footer and marked on
 * the field it names, and nothing is saved.
 */
import { useEffect, useId, useState } from 'react';
import type { RecheckApi, SweepSettings } from '../../common/api/contract';
import { byReviewer } from '../lib/reviewer';
import { Dialog, FormFooter, useCoreCall } from '../components/Dialog';
import { fieldOfProblem, fieldsOf, settingsOf, type SettingsFields } from './settings-form';
import './settings.css';

export function WorkspaceSettingsDialog(props: {
  api: RecheckApi;
  reviewer: string;
  onSaved(sweeps: SweepSettings): void;
  onClose(): void;
}) {
  const ids = useId();
  const [fields, setFields] = useState<SettingsFields | null>(null);
  const [problemField, setProblemField] = useState<keyof SettingsFields | 'python' | null>(null);
  // The replay interpreter as saved, and as the reviewer edits it ('' = the default).
  const [savedPython, setSavedPython] = useState('');
  const [python, setPython] = useState('');
  const { busy, error, setError, run } = useCoreCall();

  useEffect(() => {
    let live = true;
    props.api.workspaceSettings().then(
      (s) => {
        if (!live) return;
        setFields(fieldsOf(s.sweeps));
        setSavedPython(s.replay?.python ?? '');
        setPython(s.replay?.python ?? '');
      },
      (e: unknown) => {
        if (!live) return;
        // A settings file that does not read: say why, and offer to replace it.
        setFields(fieldsOf({ backend: 'local' }));
        setError(`${e instanceof Error ? e.message : String(e)} (saving replaces it)`);
      },
    );
    return () => {
      live = false;
    };
  }, [props.api, setError]);

  const set = (k: keyof SettingsFields, v: string) => {
    setFields((f) => (f === null ? f : { ...f, [k]: v }));
    if (problemField === k) setProblemField(null);
  };

  const submit = async () => {
    if (fields === null) return;
    const read = settingsOf(fields);
    if ('problem' in read) {
      setError(read.problem);
      setProblemField(read.field);
      return;
    }
    setProblemField(null);
    await run(async () => {
      const r = await props.api.saveWorkspaceSettings({ sweeps: read.sweeps, ...byReviewer(props.reviewer) });
      if (!r.saved) {
        setProblemField(fieldOfProblem(r.problem));
        throw new Error(r.problem);
      }
      if (python.trim() !== savedPython) {
        const p = await props.api.saveReplaySettings({
          ...(python.trim() !== '' ? { python: python.trim() } : {}),
          ...byReviewer(props.reviewer),
        });
        if (!p.saved) {
          setProblemField('python');
          throw new Error(p.problem);
        }
        setSavedPython(python.trim());
      }
      props.onSaved(r.settings.sweeps);
      props.onClose();
    });
  };

  const formId = `${ids}-form`;
  const slurm = fields?.backend === 'slurm';
  const text = (k: Exclude<keyof SettingsFields, 'backend' | 'sbatchArgs'>, label: string, note: string, placeholder: string) => (
    <>
      <label htmlFor={`${ids}-${k}`}>{label}</label>
      <div>
        <input
          id={`${ids}-${k}`}
          type="text"
          className="mono"
          value={fields?.[k] ?? ''}
          onChange={(e) => set(k, e.target.value)}
          placeholder={placeholder}
          aria-invalid={problemField === k}
          aria-describedby={`${ids}-${k}-note`}
          maxLength={128}
          spellCheck={false}
          disabled={busy}
          data-testid={`settings-${k}`}
        />
        <div id={`${ids}-${k}-note`} className="small field-note muted">
          {note}
        </div>
      </div>
    </>
  );

  return (
    <Dialog
      title="Workspace settings"
      testId="workspace-settings-dialog"
      size="narrow"
      onClose={props.onClose}
      busy={busy}
      footer={
        <FormFooter
          formId={formId}
          error={error}
          progress={busy && slurm ? 'Asking Slurm whether it takes these settings (sbatch --test-only)…' : null}
          busy={busy}
          canSubmit={!busy && fields !== null}
          submitLabel={busy ? 'Saving…' : 'Save'}
          onCancel={props.onClose}
          errorTestId="workspace-settings-problem"
          submitTestId="workspace-settings-save"
        />
      }
    >
      {fields === null ? (
        <p className="muted" role="status">
          Reading the workspace settings…
        </p>
      ) : (
        <form
          id={formId}
          className="form-grid workspace-settings"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <fieldset className="settings-where">
            <legend className="form-grid-label">Where sweep checks run</legend>
            <label className="radio">
              <input
                type="radio"
                name={`${ids}-backend`}
                value="local"
                checked={!slurm}
                onChange={() => set('backend', 'local')}
                disabled={busy}
                data-autofocus={!slurm ? true : undefined}
              />
              On this machine <span className="muted small">(its sandboxes, several points at once)</span>
            </label>
            <label className="radio">
              <input
                type="radio"
                name={`${ids}-backend`}
                value="slurm"
                checked={slurm}
                onChange={() => set('backend', 'slurm')}
                disabled={busy}
                data-autofocus={slurm ? true : undefined}
              />
              On Slurm <span className="muted small">(one job array per sweep, followed live)</span>
            </label>
          </fieldset>
          {slurm ? (
            <>
              <p className="settings-note small muted">
                Each array task computes a slice of the sweep in the same sandbox as here, and the results are those of a local sweep, bit
                for bit. The workspace must be on storage the compute nodes share, with this installation at the same path.
              </p>
              {text('partition', 'Partition', "sbatch --partition; empty: the cluster's default.", 'debug')}
              {text('arrayMax', 'Tasks at once', 'At most this many array tasks run at once; empty: no limit.', '16')}
              {text('time', 'Time per task', "sbatch --time, in Slurm's syntax: minutes, H:MM:SS or D-HH.", '1:00:00')}
              {text('mem', 'Memory per task', 'sbatch --mem, such as 2G or 500M.', '2G')}
              <label htmlFor={`${ids}-sbatchArgs`}>More sbatch options</label>
              <div>
                <textarea
                  id={`${ids}-sbatchArgs`}
                  className="mono"
                  rows={3}
                  value={fields.sbatchArgs}
                  onChange={(e) => set('sbatchArgs', e.target.value)}
                  placeholder="--qos=normal"
                  aria-invalid={problemField === 'sbatchArgs'}
                  aria-describedby={`${ids}-sbatchArgs-note`}
                  spellCheck={false}
                  disabled={busy}
                  data-testid="settings-sbatchArgs"
                />
                <div id={`${ids}-sbatchArgs-note`} className="small field-note muted">
                  One per line: --option=value, or an option then its value. Only options Recheck allows (partition, time, memory, account,
                  qos, constraints, GPUs, nodes…); the array, files, script, folder and environment are Recheck&apos;s.
                </div>
              </div>
            </>
          ) : null}
          <fieldset className="settings-where">
            <legend className="form-grid-label">Replays of logbook cells</legend>
            <label htmlFor={`${ids}-python`}>Python interpreter</label>
            <div>
              <input
                id={`${ids}-python`}
                type="text"
                className="mono"
                value={python}
                onChange={(e) => {
                  setPython(e.target.value);
                  if (problemField === 'python') setProblemField(null);
                }}
                placeholder="default: /usr/bin/python3"
                aria-invalid={problemField === 'python'}
                aria-describedby={`${ids}-python-note`}
                maxLength={1024}
                spellCheck={false}
                disabled={busy}
                data-testid="settings-python"
              />
              <div id={`${ids}-python-note`} className="small field-note muted">
                An absolute path; a virtual environment&apos;s bin/python works. It must be the binary, not a pyenv shim (python -c
                &apos;import sys; print(sys.executable)&apos;). It only ever runs inside the sandbox. Empty: the default.
              </div>
            </div>
          </fieldset>
        </form>
      )}
    </Dialog>
  );
}
