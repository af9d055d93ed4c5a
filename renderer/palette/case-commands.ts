/**
 * The open case's layout commands (CaseWorkspace registers them): focus each pane (Alt+1..4), import a logbook,
 * add a file. A focused pane shows a focus ring; Tab then walks into it. The sandbox pane is no exception: the
 * focus goes to the pane, not into the code editor, where the next Tab would have indented (and dirtied) the file.
 */
import type { Command } from './commands';

/** The panes, in their order on screen, with the test id of their section. */
const PANES = [
  { id: 'paper', title: 'Paper', testId: 'pane-paper' },
  { id: 'logbook', title: 'Logbook', testId: 'pane-logbook' },
  { id: 'sandbox', title: 'Sandbox', testId: 'pane-sandbox' },
  { id: 'dock', title: 'Checks and decisions', testId: 'checks-dock' },
] as const;

/** Moves the focus into a pane of `root`; false when the pane is not shown. */
export function focusPane(root: HTMLElement | null, testId: string): boolean {
  const pane = root?.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  if (pane === null || pane === undefined || pane.offsetParent === null) return false;
  if (!pane.hasAttribute('tabindex')) pane.tabIndex = -1;
  pane.focus();
  return true;
}

export function caseCommands(s: { root(): HTMLElement | null; onImportLogbook(): void; onAddFile(): void }): Command[] {
  return [
    ...PANES.map((p, i) => ({
      id: `focus.${p.id}`,
      title: `Focus the ${p.title.toLowerCase()} pane`,
      group: 'Go to',
      shortcut: [`Alt+${i + 1}`],
      scope: 'anywhere' as const,
      run: () => void focusPane(s.root(), p.testId),
    })),
    { id: 'logbook.import', title: 'Import a logbook…', group: 'Case', run: s.onImportLogbook },
    { id: 'file.add', title: 'Add a file to the case…', group: 'Files', run: s.onAddFile },
  ];
}
