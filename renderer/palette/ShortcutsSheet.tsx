/**
 * The shortcuts sheet (`?` outside a text field): every registered command that has a shortcut, by group, read
 * from the same registry the key handler uses, plus the code editor's own keys (saving, and how Tab leaves it).
 */
import { Dialog } from '../components/Dialog';
import { MAC, useCommandList } from './use-commands';
import type { Command, CommandStore } from './commands';
import { Keys } from './CommandPalette';

/** Keys the code editor handles itself (Monaco), listed so that nobody is trapped in it. */
const EDITOR_KEYS: readonly { chord: string; title: string }[] = [
  { chord: 'Mod+S', title: 'Save the file' },
  { chord: MAC ? 'Ctrl+Shift+M' : 'Ctrl+M', title: 'Toggle whether Tab moves the focus out of the editor (instead of indenting)' },
  { chord: 'F1', title: 'The editor’s own commands' },
];

export function ShortcutsSheet(props: { store: CommandStore; onClose(): void }) {
  // Commands of one title (one action offered under two scopes) share a row.
  const withKeys: Command[] = [];
  for (const c of useCommandList(props.store)) {
    if (c.shortcut === undefined || c.shortcut.length === 0) continue;
    const same = withKeys.findIndex((x) => x.title === c.title && x.group === c.group);
    if (same < 0) withKeys.push(c);
    else withKeys[same] = { ...withKeys[same]!, shortcut: [...withKeys[same]!.shortcut!, ...c.shortcut], scope: 'anywhere' };
  }
  const groups = [...new Set(withKeys.map((c) => c.group))];
  return (
    <Dialog title="Keyboard shortcuts" testId="shortcuts-sheet" onClose={props.onClose} size="narrow" scrollableBody>
      <p className="small muted" style={{ marginTop: 0 }}>
        {MAC ? '⌘' : 'Ctrl'}+K lists every command, shortcut or not. Shortcuts marked “outside text” wait while you type in a field or the
        editor; in the editor, {MAC ? '⌘' : 'Ctrl'}+K starts the editor’s own chords.
      </p>
      {groups.map((g) => (
        <section key={g} className="shortcut-group">
          <h3>{g}</h3>
          <dl className="shortcut-list">
            {withKeys
              .filter((c) => c.group === g)
              .map((c) => (
                <div key={c.id} className="shortcut-row" data-command={c.id}>
                  <dt>
                    {c.shortcut!.map((k, i) => (
                      <span key={k}>
                        {i > 0 ? <span className="muted"> or </span> : null}
                        <Keys chord={k} />
                      </span>
                    ))}
                  </dt>
                  <dd>
                    {c.title}
                    {(c.scope ?? 'outside-text') === 'outside-text' ? <span className="muted small"> (outside text)</span> : null}
                  </dd>
                </div>
              ))}
          </dl>
        </section>
      ))}
      <section className="shortcut-group">
        <h3>In the code editor</h3>
        <dl className="shortcut-list">
          {EDITOR_KEYS.map((k) => (
            <div key={k.chord} className="shortcut-row">
              <dt>
                <Keys chord={k.chord} />
              </dt>
              <dd>{k.title}</dd>
            </div>
          ))}
        </dl>
      </section>
    </Dialog>
  );
}
