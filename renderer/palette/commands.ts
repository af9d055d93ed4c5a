/**
 * The command registry: every action the reviewer can take by keyboard, registered by the component that owns
 * it (id, title, group, shortcuts, whether it is enabled now, what it does). The command palette, quick open,
 * the shortcuts sheet and the global key handler all read this one list, so an action exists in all four or
 * in none. Plain TypeScript (no React): CommandContext.tsx binds it to components.
 */
import { matchesChord, type KeyLike } from './chord';

/**
 * Where a command's shortcut works: everywhere (also while typing in a field or the code editor); everywhere but
 * the code editor (whose own chords start with it: Ctrl/Cmd+K); or only outside text fields and the editor.
 */
export type ShortcutScope = 'anywhere' | 'outside-editor' | 'outside-text';

export interface Command {
  /** Stable id, e.g. 'run.all', 'falsification.next', 'file.open:sandbox/point.ts'. */
  readonly id: string;
  /** What the palette shows, e.g. 'Run all checks'. */
  readonly title: string;
  /** Heading it is listed under: 'Run', 'Go to', 'Case', 'Cases', 'Files', 'Editor', 'Help'. */
  readonly group: string;
  /** Chords (chord.ts); the first is the one shown. */
  readonly shortcut?: readonly string[];
  /** Default 'outside-text'. */
  readonly scope?: ShortcutScope;
  /** False when it cannot run now (shown dimmed, never run); default true. */
  readonly enabled?: boolean;
  /** A line shown beside the title (a path, a case id). */
  readonly detail?: string;
  /** 'file' items are what quick open (Ctrl/Cmd+P) lists; the palette lists commands. Default 'command'. */
  readonly kind?: 'command' | 'file';
  /** Also handled while a modal dialog is open (the palette's own keys): default false. */
  readonly inDialogs?: boolean;
  run(): void;
}

export interface CommandStore {
  /** Replaces the commands one owner (a mounted component) registers. */
  set(owner: symbol, commands: readonly Command[]): void;
  remove(owner: symbol): void;
  /** Every registered command, owners in the order they first registered; the same array until a change. */
  list(): readonly Command[];
  subscribe(listener: () => void): () => void;
  /** Runs the enabled command with this id; false when there is none. */
  run(id: string): boolean;
}

export function createCommandStore(): CommandStore {
  const owners = new Map<symbol, readonly Command[]>();
  const listeners = new Set<() => void>();
  let snapshot: readonly Command[] = [];
  const changed = () => {
    snapshot = [...owners.values()].flat();
    for (const l of listeners) l();
  };
  return {
    set(owner, commands) {
      owners.set(owner, commands);
      changed();
    },
    remove(owner) {
      if (owners.delete(owner)) changed();
    },
    list: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    run(id) {
      const c = snapshot.find((x) => x.id === id && x.enabled !== false);
      if (c === undefined) return false;
      c.run();
      return true;
    },
  };
}

/** Where a key event happened, as the key handler needs to know it. */
export interface KeyContext {
  /** Focus is in a text field or a content-editable element ('field'), the code editor ('editor'), or neither. */
  readonly typing: 'field' | 'editor' | null;
  /** A modal dialog is open. */
  readonly dialogOpen: boolean;
  readonly mac: boolean;
}

/**
 * The command a key event triggers, or null: the first enabled command with a matching chord that may run where
 * the event happened (outside-text commands wait while the reviewer types; no command runs under a modal
 * dialog unless it says so). Example: Ctrl+Enter outside a field gives 'run.all' when a case is open.
 */
export function commandForKey(commands: readonly Command[], e: KeyLike, where: KeyContext): Command | null {
  for (const c of commands) {
    if (c.enabled === false || c.shortcut === undefined) continue;
    if (where.dialogOpen && c.inDialogs !== true) continue;
    const scope = c.scope ?? 'outside-text';
    if (where.typing !== null && scope === 'outside-text') continue;
    if (where.typing === 'editor' && scope === 'outside-editor') continue;
    if (c.shortcut.some((chord) => matchesChord(e, chord, where.mac))) return c;
  }
  return null;
}
