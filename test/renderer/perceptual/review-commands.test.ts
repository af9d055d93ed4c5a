// The review screen's keys, registered in the palette registry: one command per answer with the case's key,
// the view, zoom, note and undo keys (dropped where an answer takes the same key), none of them while the
// reviewer types in the note field, and answers only once both images are shown.
import { describe, expect, it, vi } from 'vitest';
import type { PerceptualAnswerOption } from '../../../common/api/contract';
import type { KeyLike } from '../../../renderer/palette/chord';
import { commandForKey } from '../../../renderer/palette/commands';
import { answerChord, reviewCommands, type ReviewControls } from '../../../renderer/perceptual/review-commands';

const key = (k: Partial<KeyLike> & { key: string; code: string }): KeyLike => ({
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...k,
});
const outside = { typing: null, dialogOpen: false, mac: false } as const;
const typing = { typing: 'field', dialogOpen: false, mac: false } as const;

const RATE: PerceptualAnswerOption[] = [
  { value: 'usable', key: '1', label: 'Usable' },
  { value: 'degraded', key: '2', label: 'Degraded' },
  { value: 'unusable', key: '3', label: 'Unusable' },
];
const COMPARE: PerceptualAnswerOption[] = [
  { value: 'left', key: 'a', label: 'Left is better' },
  { value: 'right', key: 'B', label: 'Right is better' },
  { value: 'same', key: '=', label: 'Same' },
];

function controls(more: Partial<ReviewControls> = {}): ReviewControls {
  return {
    answers: RATE,
    canAnswer: true,
    canUndo: true,
    view: 'side-by-side',
    autoBlink: false,
    onAnswer: vi.fn(),
    onUndo: vi.fn(),
    onView: vi.fn(),
    onBlinkToggle: vi.fn(),
    onAutoBlink: vi.fn(),
    onZoom: vi.fn(),
    onZoomReset: vi.fn(),
    onPan: vi.fn(),
    onNote: vi.fn(),
    onClose: vi.fn(),
    ...more,
  };
}

describe('review commands', () => {
  it('gives each answer its key, first, under the Review group, with unique ids', () => {
    const c = controls();
    const list = reviewCommands(c);
    expect(list.slice(0, 3).map((x) => [x.id, x.shortcut])).toEqual([
      ['review.answer:usable', ['1']],
      ['review.answer:degraded', ['2']],
      ['review.answer:unusable', ['3']],
    ]);
    expect(new Set(list.map((x) => x.id)).size).toBe(list.length);
    expect(list.every((x) => x.group === 'Review')).toBe(true);
    commandForKey(list, key({ key: '2', code: 'Digit2' }), outside)?.run();
    expect(c.onAnswer).toHaveBeenCalledWith('degraded');
  });

  it('answers nothing until both images are shown, and undoes only when there is an answer', () => {
    const list = reviewCommands(controls({ canAnswer: false, canUndo: false }));
    expect(commandForKey(list, key({ key: '1', code: 'Digit1' }), outside)).toBeNull();
    expect(commandForKey(list, key({ key: 'u', code: 'KeyU' }), outside)).toBeNull();
    expect(commandForKey(list, key({ key: 'z', code: 'KeyZ', ctrlKey: true }), outside)).toBeNull();
  });

  it('undoes with U and Ctrl+Z, switches views with S, B, D and zooms with + - 0', () => {
    const c = controls();
    const list = reviewCommands(c);
    const press = (k: KeyLike) => commandForKey(list, k, outside)?.run();
    press(key({ key: 'u', code: 'KeyU' }));
    press(key({ key: 'z', code: 'KeyZ', ctrlKey: true }));
    expect(c.onUndo).toHaveBeenCalledTimes(2);
    press(key({ key: 'd', code: 'KeyD' }));
    expect(c.onView).toHaveBeenCalledWith('difference');
    press(key({ key: 'b', code: 'KeyB' }));
    expect(c.onBlinkToggle).toHaveBeenCalledTimes(1);
    press(key({ key: '+', code: 'Equal', shiftKey: true }));
    press(key({ key: '-', code: 'Minus' }));
    press(key({ key: '0', code: 'Digit0' }));
    expect(c.onZoom).toHaveBeenNthCalledWith(1, 1);
    expect(c.onZoom).toHaveBeenNthCalledWith(2, -1);
    expect(c.onZoomReset).toHaveBeenCalledTimes(1);
  });

  it('fires no key while the reviewer types in the note field', () => {
    const c = controls();
    const list = reviewCommands(c);
    for (const k of [
      key({ key: '1', code: 'Digit1' }),
      key({ key: 'u', code: 'KeyU' }),
      key({ key: 'z', code: 'KeyZ', ctrlKey: true }),
      key({ key: 'b', code: 'KeyB' }),
    ]) {
      expect(commandForKey(list, k, typing)).toBeNull();
    }
  });

  it('lets an answer key win over a control key, which then keeps only its button', () => {
    const c = controls({ answers: COMPARE });
    const list = reviewCommands(c);
    const blink = list.find((x) => x.id === 'review.blink')!;
    expect(blink.shortcut ?? []).toEqual([]);
    commandForKey(list, key({ key: 'b', code: 'KeyB' }), outside)?.run();
    expect(c.onAnswer).toHaveBeenCalledWith('right');
    expect(c.onBlinkToggle).not.toHaveBeenCalled();
    commandForKey(list, key({ key: '=', code: 'Equal' }), outside)?.run();
    expect(c.onAnswer).toHaveBeenLastCalledWith('same');
    // '+' is Shift+= on many keyboards: it still zooms.
    commandForKey(list, key({ key: '+', code: 'Equal', shiftKey: true }), outside)?.run();
    expect(c.onZoom).toHaveBeenCalledWith(1);
  });

  it("turns a case's answer key into a chord, refusing what is not one key", () => {
    expect(answerChord('1')).toBe('1');
    expect(answerChord('A')).toBe('a');
    expect(answerChord('=')).toBe('=');
    expect(answerChord('')).toBeNull();
    expect(answerChord('Ctrl+1')).toBeNull();
    expect(answerChord('ab')).toBeNull();
  });
});
