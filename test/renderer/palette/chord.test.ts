// Shortcut chords: parsing, matching key events (by physical key for letters and digits, by character for
// symbols), and the key caps shown, on macOS and elsewhere.
import { describe, expect, it } from 'vitest';
import { chordKeys, chordLabel, isMacPlatform, matchesChord, parseChord, type KeyLike } from '../../../renderer/palette/chord';

const key = (k: Partial<KeyLike> & { key: string }): KeyLike => ({
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...k,
});

describe('chords', () => {
  it('Mod is Ctrl elsewhere and Cmd on macOS', () => {
    const ctrlEnter = key({ key: 'Enter', code: 'Enter', ctrlKey: true });
    const cmdEnter = key({ key: 'Enter', code: 'Enter', metaKey: true });
    expect(matchesChord(ctrlEnter, 'Mod+Enter', false)).toBe(true);
    expect(matchesChord(cmdEnter, 'Mod+Enter', false)).toBe(false);
    expect(matchesChord(cmdEnter, 'Mod+Enter', true)).toBe(true);
    expect(matchesChord(ctrlEnter, 'Mod+Enter', true)).toBe(false);
  });

  it('letters and digits match the physical key, whatever character Alt or Shift typed', () => {
    expect(matchesChord(key({ key: 'P', code: 'KeyP', ctrlKey: true, shiftKey: true }), 'Mod+Shift+P', false)).toBe(true);
    expect(matchesChord(key({ key: 'p', code: 'KeyP', ctrlKey: true }), 'Mod+Shift+P', false)).toBe(false);
    expect(matchesChord(key({ key: 'p', code: 'KeyP', ctrlKey: true }), 'Mod+P', false)).toBe(true);
    // Alt+1 on a Mac types '¡'.
    expect(matchesChord(key({ key: '¡', code: 'Digit1', altKey: true }), 'Alt+1', true)).toBe(true);
    expect(matchesChord(key({ key: '1', code: 'Digit1' }), 'Alt+1', false)).toBe(false);
  });

  it('a symbol matches the character typed, with the Shift it took', () => {
    expect(matchesChord(key({ key: '?', code: 'Slash', shiftKey: true }), '?', false)).toBe(true);
    expect(matchesChord(key({ key: '/', code: 'Slash' }), '?', false)).toBe(false);
    expect(matchesChord(key({ key: '?', code: 'Slash', shiftKey: true, ctrlKey: true }), '?', false)).toBe(false);
  });

  it('named keys and extra modifiers', () => {
    expect(matchesChord(key({ key: 'Escape', code: 'Escape' }), 'Escape', false)).toBe(true);
    expect(matchesChord(key({ key: 'Escape', code: 'Escape', shiftKey: true }), 'Escape', false)).toBe(false);
    expect(matchesChord(key({ key: 'ArrowDown', code: 'ArrowDown', altKey: true }), 'Alt+ArrowDown', false)).toBe(true);
    expect(matchesChord(key({ key: 'ArrowDown', code: 'ArrowDown', altKey: true, ctrlKey: true }), 'Alt+ArrowDown', false)).toBe(false);
  });

  it('shows key caps per platform', () => {
    expect(chordKeys('Mod+Shift+P', false)).toEqual(['Ctrl', 'Shift', 'P']);
    expect(chordKeys('Mod+Shift+P', true)).toEqual(['⇧', '⌘', 'P']);
    expect(chordLabel('Mod+Enter', false)).toBe('Ctrl+Enter');
    expect(chordLabel('Alt+ArrowUp', false)).toBe('Alt+↑');
    expect(chordKeys('Escape', false)).toEqual(['Esc']);
  });

  it('refuses unknown modifiers and empty keys', () => {
    expect(() => parseChord('Hyper+K', false)).toThrow(/unknown modifier/);
    expect(() => parseChord('', false)).toThrow(/no key/);
    expect(parseChord('Mod++', false).key).toBe('+');
  });

  it('knows a Mac', () => {
    expect(isMacPlatform({ platform: 'MacIntel' })).toBe(true);
    expect(isMacPlatform({ platform: 'Linux x86_64' })).toBe(false);
    expect(isMacPlatform(undefined)).toBe(false);
  });
});
