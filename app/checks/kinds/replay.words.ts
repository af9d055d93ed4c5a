/**
 * Letter words of `replay`, from its evidence only: whether the logbook's run cell, replayed in Recheck's
 * sandbox, prints what the logbook shows (how many lines and numbers agree, and within which tolerance), or the
 * first line where it does not (both lines, both numbers, the difference and the bound); the diagnosis of a
 * finding that rests on printed output its code does not reproduce; and the `recheck replay` command.
 * Example: on the timing case, `replayWords.finding(result, 'falsified')` is "Replayed in Recheck's sandbox, run
 * cell `cell_cad14a3ec345` (`python3 bench.py`) prints what the logbook shows: 3 lines and 3 numbers agree within
 * the printed rounding (half a unit in the last printed digit)."
 */
import type { CheckResultView } from '../../../common/api/contract';
import { arrayAt, numberAt, objectAt, stringAt } from '../../text/prose-numbers';
import type { KindLetterWords } from '../kind-words';

const TOLERANCE = /^(printed|(abs|rel):[0-9.eE+-]{1,40})$/;

function commandOf(ev: Record<string, unknown>): string | null {
  const words = arrayAt(ev, 'command').filter((w): w is string => typeof w === 'string');
  return words.length > 0 ? words.join(' ').replace(/`/g, "'") : null;
}

function finding(r: CheckResultView): string | null {
  const ev = r.evidence;
  const result = stringAt(ev, 'result');
  const cell = stringAt(ev, 'cell');
  const command = commandOf(ev);
  if (result === null || cell === null || command === null) return null;
  const head = `Replayed in Recheck's sandbox, run cell \`${cell}\` (\`${command}\`)`;
  const c = objectAt(ev, 'comparison');
  if (result === 'reproduces') {
    const lines = numberAt(c, 'linesCompared');
    const numbers = numberAt(c, 'numbersCompared');
    const tolerance = stringAt(c, 'tolerance');
    if (lines === null || numbers === null || tolerance === null) return null;
    const elided = objectAt(c, 'elision') !== null ? ' (only the part of the output the logbook kept)' : '';
    return `${head} prints what the logbook shows${elided}: ${lines} lines and ${numbers} numbers agree within ${tolerance}.`;
  }
  if (result === 'differs') {
    const exit = objectAt(ev, 'exit');
    if (exit !== null && exit.agree === false)
      return `${head} does not end as the logbook recorded: exit ${String(exit.recorded)} recorded, exit ${String(exit.replayed)} replayed.`;
    const d = objectAt(c, 'first');
    const line = numberAt(d, 'printedLine');
    const printed = stringAt(d, 'printed');
    const replayed = stringAt(d, 'replayed');
    const n = objectAt(d, 'number');
    const diff = stringAt(n, 'difference');
    const bound = stringAt(n, 'bound');
    if (d === null) return null;
    const where = line !== null ? `at line ${line} of its output the logbook shows "${printed ?? ''}"` : 'the logbook shows fewer lines';
    const what = replayed !== null ? `the code prints "${replayed}"` : 'the code prints no such line';
    return `${head} does not print what the logbook shows: ${where} where ${what}${diff !== null && bound !== null ? ` (a difference of ${diff}, where ${bound} is allowed)` : ''}.`;
  }
  return null;
}

export const replayWords: KindLetterWords = {
  rerun: (params, at) => {
    const cell = at.arg(params.cell);
    const cellPath = at.file('cell');
    if (cell === null || cellPath === null) return null;
    // An overridden run, or ignore patterns, do not fit a plain command line: the letter gives the case's run.
    if (params.set !== undefined || params.args !== undefined || params.env !== undefined || params.ignore !== undefined) return null;
    const caseFolder = cellPath.slice(0, cellPath.length - cell.length - 1);
    const logbook = params.logbook === undefined ? '' : at.arg(params.logbook) !== null ? ` --logbook ${at.arg(params.logbook)}` : null;
    const tolerance =
      params.tolerance === undefined
        ? ''
        : typeof params.tolerance === 'string' && TOLERANCE.test(params.tolerance)
          ? ` --tolerance ${params.tolerance}`
          : null;
    if (caseFolder === '' || logbook === null || tolerance === null) return null;
    return `npx recheck replay ${caseFolder} --cell ${cell}${logbook}${tolerance}`;
  },
  finding,
  diagnosis(r) {
    if (stringAt(r.evidence, 'result') !== 'differs') return null;
    const f = finding(r);
    return f === null ? null : `The finding rests on printed output that its own code does not reproduce. ${f}`;
  },
};
