// The command registry and the key handler's choice: owners register and unregister, disabled commands never run,
// and a key runs a command only where its scope allows (typing in a field, in the editor, under a dialog).
import { describe, expect, it, vi } from 'vitest';
import { commandForKey, createCommandStore, type Command } from '../../../renderer/palette/commands';
import type { KeyLike } from '../../../renderer/palette/chord';

const key = (k: Partial<KeyLike> & { key: string; code: string }): KeyLike => ({
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...k,
});
const cmd = (id: string, more: Partial<Command> = {}): Command => ({ id, title: id, group: 'g', run: vi.fn(), ...more });
const outside = { typing: null, dialogOpen: false, mac: false } as const;

describe('createCommandStore', () => {
  it("lists owners in registration order, replaces and removes an owner's commands, and notifies", () => {
    const store = createCommandStore();
    const a = Symbol('a');
    const b = Symbol('b');
    const seen = vi.fn();
    store.subscribe(seen);
    store.set(a, [cmd('a1'), cmd('a2')]);
    store.set(b, [cmd('b1')]);
    expect(store.list().map((c) => c.id)).toEqual(['a1', 'a2', 'b1']);
    const before = store.list();
    expect(store.list()).toBe(before);
    store.set(a, [cmd('a3')]);
    expect(store.list().map((c) => c.id)).toEqual(['a3', 'b1']);
    store.remove(b);
    expect(store.list().map((c) => c.id)).toEqual(['a3']);
    expect(seen).toHaveBeenCalledTimes(4);
  });

  it('runs only enabled commands', () => {
    const store = createCommandStore();
    const on = cmd('on');
    const off = cmd('off', { enabled: false });
    store.set(Symbol('x'), [on, off]);
    expect(store.run('on')).toBe(true);
    expect(store.run('off')).toBe(false);
    expect(store.run('absent')).toBe(false);
    expect(on.run).toHaveBeenCalledTimes(1);
    expect(off.run).not.toHaveBeenCalled();
  });
});

describe('commandForKey', () => {
  const run = cmd('run.all', { shortcut: ['Mod+Enter'] });
  const palette = cmd('palette.open', { shortcut: ['Mod+Shift+P'], scope: 'anywhere' });
  const paletteK = cmd('palette.open-k', { shortcut: ['Mod+K'], scope: 'outside-editor' });
  const cancel = cmd('run.cancel', { shortcut: ['Escape'], enabled: false });
  const all = [run, palette, paletteK, cancel];
  const ctrlEnter = key({ key: 'Enter', code: 'Enter', ctrlKey: true });
  const ctrlK = key({ key: 'k', code: 'KeyK', ctrlKey: true });
  const ctrlShiftP = key({ key: 'P', code: 'KeyP', ctrlKey: true, shiftKey: true });

  it('outside text fields every scope applies', () => {
    expect(commandForKey(all, ctrlEnter, outside)?.id).toBe('run.all');
    expect(commandForKey(all, ctrlK, outside)?.id).toBe('palette.open-k');
  });

  it('while typing in a field only anywhere and outside-editor shortcuts apply', () => {
    const field = { ...outside, typing: 'field' as const };
    expect(commandForKey(all, ctrlEnter, field)).toBeNull();
    expect(commandForKey(all, ctrlK, field)?.id).toBe('palette.open-k');
    expect(commandForKey(all, ctrlShiftP, field)?.id).toBe('palette.open');
  });

  it('in the code editor Ctrl+K is left to the editor', () => {
    const editor = { ...outside, typing: 'editor' as const };
    expect(commandForKey(all, ctrlK, editor)).toBeNull();
    expect(commandForKey(all, ctrlShiftP, editor)?.id).toBe('palette.open');
  });

  it('a disabled command and a modal dialog stop a shortcut', () => {
    expect(commandForKey(all, key({ key: 'Escape', code: 'Escape' }), outside)).toBeNull();
    expect(commandForKey(all, ctrlShiftP, { ...outside, dialogOpen: true })).toBeNull();
    expect(commandForKey([{ ...palette, inDialogs: true }], ctrlShiftP, { ...outside, dialogOpen: true })?.id).toBe('palette.open');
  });
});
