/**
 * The command registry in React: components register what they can do with `useCommands([...])` (or
 * `useCommand(...)`) while they are mounted, into the store of the nearest CommandProvider (CommandProvider.tsx).
 * The latest `run` is always called, so callers need not memoise.
 */
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { isMacPlatform } from './chord';
import type { Command, CommandStore } from './commands';

export const CommandContext = createContext<CommandStore | null>(null);
/** True on macOS (Mod is Cmd there). */
export const MAC = isMacPlatform(typeof navigator === 'undefined' ? undefined : navigator);

function signature(c: Command): string {
  return [
    c.id,
    c.title,
    c.group,
    c.enabled !== false,
    (c.shortcut ?? []).join(' '),
    c.scope ?? '',
    c.detail ?? '',
    c.kind ?? '',
    c.inDialogs === true,
  ].join('\u0000');
}

/**
 * Registers the commands while the component is mounted (into `store`, else the provider's). Re-registers when
 * an id, title, shortcut or enabled state changes; `run` is read fresh at each call.
 */
export function useCommands(commands: readonly Command[], store?: CommandStore): void {
  const fromContext = useContext(CommandContext);
  const target = store ?? fromContext;
  const owner = useRef(Symbol('commands'));
  const latest = useRef(commands);
  latest.current = commands;
  const key = commands.map(signature).join('\n');
  // A layout effect: the registry changes in the same commit as the DOM, so a key pressed as soon as a control
  // shows enabled (Escape right after Cancel enables) finds its command enabled too. A passive effect ran later,
  // and such a key was dropped.
  useLayoutEffect(() => {
    if (target === null) return;
    target.set(
      owner.current,
      latest.current.map((c) => ({ ...c, run: () => latest.current.find((x) => x.id === c.id)?.run() })),
    );
  }, [target, key]);
  useEffect(() => {
    if (target === null) return;
    const me = owner.current;
    return () => target.remove(me);
  }, [target]);
}

export function useCommand(command: Command, store?: CommandStore): void {
  useCommands([command], store);
}

/** The registered commands, re-read when they change. */
export function useCommandList(store: CommandStore): readonly Command[] {
  return useSyncExternalStore(store.subscribe, store.list);
}
