/**
 * Letter words of `units-audit`, from its evidence: the ratio after normalising both quantities to one unit,
 * the ratio of the numbers as written, and the claim's ratio; a units slip is diagnosed only when the evidence
 * says the asserted ratio is the naive one (`explainedByUnitSlip`).
 * Example: on timing-normalization, the diagnosis is "The asserted `method`/`baseline` = 2 is the ratio of the
 * numbers as written (3.0 s/batch and 1.5 s/trajectory, with batch = 50 trajectory): normalised to s /
 * trajectory it is 0.04."
 */
import type { CheckResultView } from '../../../common/api/contract';
import { arrayAt, num, numberAt, objectAt, stringAt } from '../../text/prose-numbers';
import type { KindLetterWords } from '../kind-words';

const RELATION: Readonly<Record<string, string>> = { atLeast: 'at least ', atMost: 'at most ' };

function parts(r: CheckResultView) {
  const ev = r.evidence;
  const claim = objectAt(ev, 'claim');
  const ratio = numberAt(ev, 'ratio');
  const naive = numberAt(ev, 'naiveRatio');
  const numerator = stringAt(claim, 'numerator');
  const denominator = stringAt(claim, 'denominator');
  const claimed = numberAt(claim, 'ratio');
  const unit = stringAt(ev, 'unit');
  if (
    ev.commensurable !== true ||
    ratio === null ||
    naive === null ||
    numerator === null ||
    denominator === null ||
    claimed === null ||
    unit === null
  )
    return null;
  const quantities = objectAt(ev, 'quantities') ?? {};
  const written = [numerator, denominator].map((q) => (typeof quantities[q] === 'string' ? (quantities[q] as string) : null));
  const definitions = arrayAt(ev, 'definitions').filter((d): d is string => typeof d === 'string');
  return {
    ev,
    ratio,
    naive,
    name: `\`${numerator}\`/\`${denominator}\``,
    claimed: `${RELATION[stringAt(claim, 'relation') ?? ''] ?? ''}${num(claimed)}`,
    unit,
    written,
    definitions,
  };
}

export const unitsAuditWords: KindLetterWords = {
  rerun: (params, at) => (at.file('quantities') !== null ? `npx recheck audit units ${at.file('quantities')}` : null),
  finding(r) {
    const p = parts(r);
    if (p === null) return null;
    const whose = stringAt(p.ev, 'role') === 'claim' ? "the paper's" : 'the asserted';
    const holds = p.ev.claimHolds === true ? 'holds' : p.ev.claimHolds === false ? 'does not hold' : null;
    return `Normalised to ${p.unit}, ${p.name} = ${num(p.ratio)} (the ratio of the numbers as written is ${num(p.naive)})${holds !== null ? `: ${whose} ${p.name} = ${p.claimed} ${holds}` : ''}.`;
  },
  diagnosis(r) {
    const p = parts(r);
    if (p === null || p.ev.explainedByUnitSlip !== true) return null;
    const written = p.written.every((w) => w !== null)
      ? ` (${p.written.join(' and ')}${p.definitions.length > 0 ? `, with ${p.definitions.join(', ')}` : ''})`
      : '';
    return `The asserted ${p.name} = ${p.claimed} is the ratio of the numbers as written${written}: normalised to ${p.unit} it is ${num(p.ratio)}.`;
  },
};
