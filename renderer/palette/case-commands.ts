/**
 * The open case's layout commands (CaseWorkspace registers them): focus each pane (Alt+1..4), import a logbook,
 * add a file. A focused pane shows a focus ring; Tab then walks into it. The sandbox pane's focus goes to the
 * code editor when it is there (its status line then says how Tab leaves it).
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
  // Monaco takes input in an EditContext element where the browser has the API (Chromium), else a textarea.
  const editor = pane.querySelector<HTMLElement>('.monaco-editor .native-edit-context') ?? pane.querySelector<HTMLElement>('.monaco-editor textarea');
  if (editor !== null) {
    editor.focus();
    return true;
  }
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
