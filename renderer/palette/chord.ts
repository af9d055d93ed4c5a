/**
 * Keyboard shortcuts as text: a chord is modifiers and one key joined by '+', e.g. 'Mod+Enter', 'Mod+Shift+P',
 * 'Alt+1', 'Escape', '?'. `Mod` is Cmd on macOS and Ctrl elsewhere. Letters and digits match by physical key
 * (KeyboardEvent.code), so Alt+1 works on a Mac keyboard where it types '¡'; symbols such as '?' match by the
 * character typed, whatever Shift it took.
 */

/** What a chord match needs of a keyboard event (a DOM KeyboardEvent, or a plain object in tests). */
export interface KeyLike {
  readonly key: string;
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

interface Chord {
  readonly ctrl: boolean;
  readonly meta: boolean;
  readonly alt: boolean;
  readonly shift: boolean;
  readonly key: string;
}

const MODIFIERS = new Set(['Mod', 'Ctrl', 'Meta', 'Alt', 'Shift']);

/** Parses a chord for a platform. Throws on an empty key or an unknown modifier (a programming error). */
export function parseChord(text: string, mac: boolean): Chord {
  // '+' itself as the key: 'Mod++'.
  const parts = text.endsWith('++')
    ? [
        ...text
          .slice(0, -2)
          .split('+')
          .filter((p) => p !== ''),
        '+',
      ]
    : text.split('+');
  const key = parts.pop();
  if (key === undefined || key === '') throw new Error(`chord "${text}": no key`);
  const mods = new Set(parts);
  for (const m of mods) if (!MODIFIERS.has(m)) throw new Error(`chord "${text}": unknown modifier ${m}`);
  return {
    ctrl: mods.has('Ctrl') || (mods.has('Mod') && !mac),
    meta: mods.has('Meta') || (mods.has('Mod') && mac),
    alt: mods.has('Alt'),
    shift: mods.has('Shift'),
    key,
  };
}

function isSymbol(key: string): boolean {
  return key.length === 1 && !/[A-Za-z0-9]/.test(key);
}

/** True when the event is this chord. Example: `matchesChord({ key: 'Enter', ctrlKey: true, ... }, 'Mod+Enter', false)`. */
export function matchesChord(e: KeyLike, text: string, mac: boolean): boolean {
  const c = parseChord(text, mac);
  if (e.ctrlKey !== c.ctrl || e.metaKey !== c.meta || e.altKey !== c.alt) return false;
  // A symbol names the character typed, which already says whether Shift was down ('?' is Shift+/ on US keys).
  if (isSymbol(c.key)) return e.key === c.key;
  if (e.shiftKey !== c.shift) return false;
  if (/^[A-Za-z]$/.test(c.key)) return e.code === `Key${c.key.toUpperCase()}`;
  if (/^[0-9]$/.test(c.key)) return e.code === `Digit${c.key}` || e.code === `Numpad${c.key}`;
  return e.key === c.key;
}

const KEY_NAMES: Readonly<Record<string, string>> = { ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→', Escape: 'Esc' };

/**
 * The keys of a chord as shown to the reviewer, one string per key cap.
 * Example: `chordKeys('Mod+Shift+P', false)` is ['Ctrl', 'Shift', 'P']; on a Mac ['⌘', '⇧', 'P'].
 */
export function chordKeys(text: string, mac: boolean): string[] {
  const c = parseChord(text, mac);
  const keys: string[] = [];
  if (c.ctrl) keys.push(mac ? '⌃' : 'Ctrl');
  if (c.alt) keys.push(mac ? '⌥' : 'Alt');
  if (c.shift) keys.push(mac ? '⇧' : 'Shift');
  if (c.meta) keys.push(mac ? '⌘' : 'Meta');
  keys.push(KEY_NAMES[c.key] ?? (c.key.length === 1 ? c.key.toUpperCase() : c.key));
  return keys;
}

/** One line for a title or an aria-keyshortcuts-like label. Example: `chordLabel('Mod+Enter', false)` is 'Ctrl+Enter'. */
export function chordLabel(text: string, mac: boolean): string {
  return chordKeys(text, mac).join(mac ? '' : '+');
}

/** The platform's idea of Mod, read once from the browser. */
export function isMacPlatform(nav: { platform?: string; userAgent?: string } | undefined): boolean {
  return /Mac|iPhone|iPad/.test(nav?.platform ?? nav?.userAgent ?? '');
}
