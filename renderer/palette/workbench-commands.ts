/**
 * The workbench's own commands (the App registers them): run and cancel, new case, triage, the letter, and one
 * "Open case" per case. The open case's panes register theirs (focus, falsifications, files) where they live.
 */
import type { CaseDetail, CaseSummary } from '../../common/api/contract';
import type { Command } from './commands';

export interface WorkbenchState {
  cases: readonly CaseSummary[];
  open: CaseDetail | null;
  /** A run of the open case is starting or going. */
  running: boolean;
  /** The open case's run can be cancelled now. */
  canCancel: boolean;
  onRunAll(): void;
  onCancel(): void;
  onNewCase(): void;
  onTriage(): void;
  onDraftLetter(): void;
  onOpenCase(id: string): void;
}

export function workbenchCommands(s: WorkbenchState): Command[] {
  const checks = s.open?.falsifications.reduce((n, f) => n + f.checks.length, 0) ?? 0;
  return [
    {
      id: 'run.all',
      title: 'Run all checks of the case',
      group: 'Run',
      shortcut: ['Mod+Enter'],
      enabled: s.open !== null && !s.running && checks > 0,
      run: s.onRunAll,
    },
    { id: 'run.cancel', title: 'Cancel the run', group: 'Run', shortcut: ['Escape'], enabled: s.canCancel, run: s.onCancel },
    { id: 'case.new', title: 'New case…', group: 'Case', run: s.onNewCase },
    { id: 'triage.open', title: 'Triage a verdict ledger', group: 'Case', run: s.onTriage },
    { id: 'letter.draft', title: 'Draft the letter to the authors', group: 'Case', enabled: s.open !== null, run: s.onDraftLetter },
    ...s.cases.map((c) => ({
      id: `case.open:${c.id}`,
      title: `Open case: ${c.title}`,
      group: 'Cases',
      detail: c.id,
      enabled: c.id !== s.open?.id,
      run: () => s.onOpenCase(c.id),
    })),
  ];
}
