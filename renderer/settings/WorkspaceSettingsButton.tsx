/**
 * The way into the workspace settings: a "Workspace settings" button in the top bar, with where sweeps run
 * beside it, and the same command in the palette ("Workspace settings…"); both open WorkspaceSettingsDialog.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { RecheckApi, SweepSettings } from '../../common/api/contract';
import { sweepPlaceWords } from '../../common/api/contract-settings';
import { useCommands } from '../palette/use-commands';
import { sweepsPlaceShort } from './settings-form';
import { WorkspaceSettingsDialog } from './WorkspaceSettingsDialog';

export function WorkspaceSettingsButton(props: { api: RecheckApi; reviewer: string }) {
  const { api } = props;
  const [open, setOpen] = useState(false);
  const [sweeps, setSweeps] = useState<SweepSettings | null>(null);
  useEffect(() => {
    let live = true;
    // A settings file that does not read shows no place here; the dialog says why.
    api.workspaceSettings().then(
      (s) => live && setSweeps(s.sweeps),
      () => live && setSweeps(null),
    );
    return () => {
      live = false;
    };
  }, [api]);
  useCommands([
    {
      id: 'workspace.settings',
      title: 'Workspace settings…',
      group: 'Workspace',
      detail: sweeps !== null ? `sweeps ${sweepPlaceWords(sweeps)}` : undefined,
      run: () => setOpen(true),
    },
  ]);
  return (
    <>
      <button
        type="button"
        className="btn btn-small topbar-btn"
        onClick={() => setOpen(true)}
        data-testid="workspace-settings"
        title={sweeps !== null ? `Sweep checks run ${sweepPlaceWords(sweeps)}` : undefined}
      >
        Workspace settings
      </button>
      {sweeps !== null ? (
        <span className="small muted" data-testid="sweeps-place">
          {sweepsPlaceShort(sweeps)}
        </span>
      ) : null}
      {/* In the body, not inside the top bar: its header and footer are the dialog's, not landmarks inside the page's banner. */}
      {open
        ? createPortal(
            <WorkspaceSettingsDialog api={api} reviewer={props.reviewer} onSaved={setSweeps} onClose={() => setOpen(false)} />,
            document.body,
          )
        : null}
    </>
  );
}
