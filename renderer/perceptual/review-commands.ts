/**
 * The review screen's keys, as commands of the palette registry (renderer/palette): so the key handler, the
 * palette and the shortcuts sheet all know them. One command per answer, with the key the case gives it (first,
 * so that it wins), then the view, zoom, pan, note and undo keys; a control whose key an answer already uses
 * keeps only its button. Every key waits while the reviewer types (the note field keeps its own keys, Ctrl+Z
 * included); answers wait until both images are shown.
 *
 * Example: answers 1/2/3 give '1' → answer "usable"; 'B' toggles the blink view; 'U' or Ctrl+Z undoes.
 */
import type { PerceptualAnswerOption } from '../../common/api/contract';
import { parseChord } from '../palette/chord';
import type { Command } from '../palette/commands';

export type ReviewView = 'side-by-side' | 'blink' | 'difference';

export interface ReviewControls {
  readonly answers: readonly PerceptualAnswerOption[];
  /** Both images of the next item are shown and no answer is being written. */
  readonly canAnswer: boolean;
  /** There is an answer to take back and nothing is being written. */
  readonly canUndo: boolean;
  readonly view: ReviewView;
  readonly autoBlink: boolean;
  onAnswer(value: string): void;
  onUndo(): void;
  onView(view: ReviewView): void;
  /** In the blink view: show the other image in place; elsewhere: go to the blink view. */
  onBlinkToggle(): void;
  onAutoBlink(): void;
  onZoom(direction: 1 | -1): void;
  onZoomReset(): void;
  onPan(dx: number, dy: number): void;
  onNote(): void;
  onClose(): void;
}

/** How far one arrow key moves the zoomed images, as a share of the box's width or height. */
export const PAN_STEP = 0.1;

/** The chord of a case's answer key (one key, no modifier; letters lower-cased), or null when it is not one. */
export function answerChord(key: string): string | null {
  if ([...key].length !== 1) return null;
  if (key === '+') return '++';
  const k = /^[A-Za-z]$/.test(key) ? key.toLowerCase() : key;
  try {
    parseChord(k, false);
  } catch {
    return null;
  }
  return k;
}

export function reviewCommands(c: ReviewControls): Command[] {
  const answers: Command[] = c.answers.map((a) => {
    const chord = answerChord(a.key);
    return {
      id: `review.answer:${a.value}`,
      title: `Answer: ${a.label}`,
      group: 'Review',
      ...(chord !== null ? { shortcut: [chord] } : {}),
      enabled: c.canAnswer,
      run: () => c.onAnswer(a.value),
    };
  });
  const taken = new Set(answers.flatMap((a) => a.shortcut ?? []));
  const keys = (...chords: string[]) => chords.filter((k) => !taken.has(k));
  const controls: Command[] = [
    { id: 'review.undo', title: 'Undo the last answer', group: 'Review', shortcut: keys('u', 'Mod+z'), enabled: c.canUndo, run: c.onUndo },
    {
      id: 'review.side-by-side',
      title: 'Show the images side by side',
      group: 'Review',
      shortcut: keys('s'),
      run: () => c.onView('side-by-side'),
    },
    {
      id: 'review.blink',
      title: c.view === 'blink' ? 'Blink: show the other image' : 'Blink the images in place',
      group: 'Review',
      shortcut: keys('b'),
      run: c.onBlinkToggle,
    },
    {
      id: 'review.auto-blink',
      title: c.autoBlink ? 'Stop blinking automatically' : 'Blink automatically',
      group: 'Review',
      shortcut: keys('t'),
      run: c.onAutoBlink,
    },
    {
      id: 'review.difference',
      title: 'Show the difference |left − right|',
      group: 'Review',
      shortcut: keys('d'),
      run: () => c.onView('difference'),
    },
    { id: 'review.zoom-in', title: 'Zoom in (both images)', group: 'Review', shortcut: keys('++'), run: () => c.onZoom(1) },
    { id: 'review.zoom-out', title: 'Zoom out (both images)', group: 'Review', shortcut: keys('-'), run: () => c.onZoom(-1) },
    { id: 'review.zoom-reset', title: 'Reset zoom and pan', group: 'Review', shortcut: keys('0'), run: c.onZoomReset },
    { id: 'review.pan-left', title: 'Pan left', group: 'Review', shortcut: keys('ArrowLeft'), run: () => c.onPan(PAN_STEP, 0) },
    { id: 'review.pan-right', title: 'Pan right', group: 'Review', shortcut: keys('ArrowRight'), run: () => c.onPan(-PAN_STEP, 0) },
    { id: 'review.pan-up', title: 'Pan up', group: 'Review', shortcut: keys('ArrowUp'), run: () => c.onPan(0, PAN_STEP) },
    { id: 'review.pan-down', title: 'Pan down', group: 'Review', shortcut: keys('ArrowDown'), run: () => c.onPan(0, -PAN_STEP) },
    { id: 'review.note', title: 'Write a note on this pair', group: 'Review', shortcut: keys('n'), run: c.onNote },
    { id: 'review.close', title: 'Close the review (it resumes where it stopped)', group: 'Review', run: c.onClose },
  ];
  return [...answers, ...controls];
}

/** The first shortcut of a command in a list, for a button's label and aria-keyshortcuts. */
export function shortcutOf(commands: readonly Command[], id: string): string | undefined {
  return commands.find((x) => x.id === id)?.shortcut?.[0];
}
