/**
 * Letter words of `printed-consistency`, from its evidence: the statistic as printed (its text, never re-rounded),
 * the value recomputed from the table the logbook printed, how far apart they are, and whether the finding
 * quotes it.
 * Example: on the hidden-style paging logbook, `printedConsistencyWords.finding(result, 'verified')` is "The
 * printed b = 0.41 ± 0.07 does not follow from the table printed beside it: recomputing it from its 4 rows (log law, OLS)
 * gives b = 0.094 ± 0.018, 4.5 printed SE (17 recomputed SE) away, over every rounding of the printed cells."
 */
import type { CheckResultView } from '../../../common/api/contract';
import { num, numberAt, objectAt, stringAt } from '../../text/prose-numbers';
import type { KindLetterWords } from '../kind-words';

function sentence(r: CheckResultView): string | null {
  const ev = r.evidence;
  const verdict = stringAt(ev, 'verdict');
  const printed = objectAt(ev, 'printed');
  const recomputed = objectAt(ev, 'recomputed');
  const text = stringAt(printed, 'text');
  const value = numberAt(recomputed, 'value');
  const label = stringAt(ev, 'label') ?? 'the statistic';
  if ((verdict !== 'inconsistent' && verdict !== 'consistent') || text === null || value === null) return null;
  const seText = stringAt(objectAt(printed, 'se'), 'text');
  const se = numberAt(recomputed, 'se');
  const rows = numberAt(recomputed, 'n') ?? numberAt(ev, 'n');
  const method = stringAt(ev, 'method');
  const file = stringAt(objectAt(ev, 'tableSource'), 'file');
  const table = file !== null ? `the table in \`${file}\`` : 'the table printed beside it';
  const recomputedText = `${label} = ${num(value, 2)}${se !== null ? ` ± ${num(se, 2)}` : ''}`;
  const how = `recomputing it from ${rows !== null ? `its ${rows} rows` : 'its rows'}${method !== null ? ` (${method})` : ''} gives ${recomputedText}`;
  const printedText = `${label} = ${text}${seText !== null ? ` ± ${seText}` : ''}`;
  if (verdict === 'consistent')
    return `The printed ${printedText} follows from ${table}: ${how}, within the rounding of the printed cells.`;
  const printedUnits = numberAt(ev, 'printedSeUnits');
  const recomputedUnits = numberAt(ev, 'recomputedSeUnits');
  const away =
    printedUnits !== null
      ? `, ${num(printedUnits, 2)} printed SE${recomputedUnits !== null ? ` (${num(recomputedUnits, 2)} recomputed SE)` : ''} away`
      : '';
  return `The printed ${printedText} does not follow from ${table}: ${how}${away}, over every rounding of the printed cells.`;
}

export const printedConsistencyWords: KindLetterWords = {
  finding: sentence,
  diagnosis(r) {
    const s = sentence(r);
    if (s === null || stringAt(r.evidence, 'verdict') !== 'inconsistent') return null;
    return r.evidence.findingQuotesIt === true ? `${s} The finding quotes this statistic as its evidence.` : s;
  },
};
