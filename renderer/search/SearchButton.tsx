/**
 * The case header's "Search" button, and the "Search this case…" command (Ctrl/Cmd+Shift+F, outside the code
 * editor, whose own find it leaves alone) that opens the same dialog (SearchDialog.tsx).
 */
import { useCommand } from '../palette/use-commands';

export function SearchButton({ onOpen }: { onOpen(): void }) {
  useCommand({
    id: 'case.search',
    title: 'Search this case…',
    group: 'Case',
    shortcut: ['Mod+Shift+F'],
    scope: 'outside-editor',
    run: onOpen,
  });
  return (
    <button
      type="button"
      className="btn"
      onClick={onOpen}
      data-testid="search-case"
      title="Search the paper, logbook cells and files of this case (Ctrl+Shift+F)"
    >
      Search
    </button>
  );
}
