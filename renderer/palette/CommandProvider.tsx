/**
 * The keyboard layer of the workbench: `CommandProvider` holds the command registry (commands.ts), listens for
 * shortcuts (one keydown listener on the window, in the capture phase so the code editor does not swallow
 * Ctrl/Cmd+K or Ctrl/Cmd+P), and shows the command palette, quick open and the shortcuts sheet.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { commandForKey, type CommandStore } from './commands';
import { typingIn } from './typing';
import { CommandPalette, type PaletteMode } from './CommandPalette';
import { ShortcutsSheet } from './ShortcutsSheet';
import { CommandContext, MAC, useCommands } from './use-commands';

export function CommandProvider(props: { store: CommandStore; children: ReactNode }) {
  const { store } = props;
  const [open, setOpen] = useState<PaletteMode | 'sheet' | null>(null);
  useCommands(
    [
      // Ctrl/Cmd+Shift+P works in the code editor too; Ctrl/Cmd+K there starts the editor's own chords.
      {
        id: 'palette.open',
        title: 'Show all commands',
        group: 'Help',
        shortcut: ['Mod+Shift+P'],
        scope: 'anywhere',
        run: () => setOpen('commands'),
      },
      {
        id: 'palette.open-k',
        title: 'Show all commands',
        group: 'Help',
        shortcut: ['Mod+K'],
        scope: 'outside-editor',
        run: () => setOpen('commands'),
      },
      {
        id: 'files.open',
        title: 'Go to a file of the case…',
        group: 'Files',
        shortcut: ['Mod+P'],
        scope: 'anywhere',
        run: () => setOpen('files'),
      },
      { id: 'shortcuts.show', title: 'Keyboard shortcuts', group: 'Help', shortcut: ['?'], run: () => setOpen('sheet') },
    ],
    store,
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const where = {
        typing: typingIn(e.target instanceof Element ? e.target : document.activeElement),
        dialogOpen: document.querySelector('dialog[open]') !== null,
        mac: MAC,
      };
      const command = commandForKey(store.list(), e, where);
      if (command === null) return;
      e.preventDefault();
      e.stopPropagation();
      command.run();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [store]);

  return (
    <CommandContext.Provider value={store}>
      {props.children}
      {open === 'commands' || open === 'files' ? (
        <CommandPalette store={store} mode={open} onMode={setOpen} onClose={() => setOpen(null)} />
      ) : null}
      {open === 'sheet' ? <ShortcutsSheet store={store} onClose={() => setOpen(null)} /> : null}
    </CommandContext.Provider>
  );
}
