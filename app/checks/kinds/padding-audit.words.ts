/**
 * Letter words of `padding-audit`, from its evidence: each model's perplexity with padding excluded and counted,
 * the share of padding positions, the quality cost both ways; padding is diagnosed only when the evidence says
 * the logbook's figures are the padded ones (`explainedByPadding`).
 * Example: on padding-perplexity, the diagnosis is "The logbook's figures (perplexity of teacher 1.7, ...) match
 * the values with padding counted (69% of positions are padding), not those with it excluded (5.22, ...)."
 */
import type { CheckResultView } from '../../../common/api/contract';
import { arrayAt, joinWords, num, numberAt, pct, stringAt } from '../../text/prose-numbers';
import type { KindLetterWords } from '../kind-words';

/** "teacher 5.22 (1.7 with padding counted, 69% of positions are padding)" per model. */
function models(r: CheckResultView): string[] {
  return arrayAt(r.evidence, 'models').flatMap((m) => {
    const name = stringAt(m, 'name');
    const clean = numberAt(m, 'perplexityNoPad');
    const all = numberAt(m, 'perplexityAll');
    const share = numberAt(m, 'padFraction');
    return name === null || clean === null || all === null || share === null
      ? []
      : [`${name} ${num(clean)} (${num(all)} with padding counted; ${pct(share)} of positions are padding)`];
  });
}

function costs(r: CheckResultView): string[] {
  const baseline = stringAt(r.evidence, 'baseline');
  return arrayAt(r.evidence, 'qualityCost').flatMap((c) => {
    const model = stringAt(c, 'model');
    const clean = numberAt(c, 'costNoPad');
    const all = numberAt(c, 'costAll');
    return model === null || clean === null || all === null || baseline === null
      ? []
      : [`${model} against ${baseline} ${pct(clean)} (${pct(all)} with padding counted)`];
  });
}

/** "perplexity of teacher" for a comparison row. */
const figureName = (c: unknown) =>
  `${stringAt(c, 'figure') === 'qualityCost' ? 'quality cost' : (stringAt(c, 'figure') ?? 'figure')} of ${stringAt(c, 'model') ?? '?'}`;
const figureValue = (c: unknown, v: number) => (stringAt(c, 'figure') === 'qualityCost' ? pct(v) : num(v));

export const paddingAuditWords: KindLetterWords = {
  rerun: (params, at) =>
    at.file('positions') !== null && at.arg(params.padToken) !== null
      ? `npx recheck audit padding ${at.file('positions')} --pad-token ${at.arg(params.padToken)}${at.arg(params.baseline) !== null ? ` --baseline ${at.arg(params.baseline)}` : ''}`
      : null,
  finding(r) {
    const m = models(r);
    if (m.length === 0) return null;
    const c = costs(r);
    return `With padding excluded, the perplexities are ${joinWords(m)}.${c.length > 0 ? ` Quality cost: ${joinWords(c)}.` : ''}`;
  },
  diagnosis(r) {
    if (r.evidence.explainedByPadding !== true) return null;
    const rows = arrayAt(r.evidence, 'logbookComparison');
    const stated = rows.flatMap((c) =>
      numberAt(c, 'stated') !== null ? [`${figureName(c)} ${figureValue(c, numberAt(c, 'stated') as number)}`] : [],
    );
    const corrected = rows.flatMap((c) => (numberAt(c, 'corrected') !== null ? [figureValue(c, numberAt(c, 'corrected') as number)] : []));
    const share = numberAt(arrayAt(r.evidence, 'models')[0], 'padFraction');
    if (stated.length === 0) return null;
    return `The logbook's figures (${joinWords(stated)}) match the values with padding counted${share !== null ? ` (${pct(share)} of positions are padding)` : ''}, not those with it excluded (${joinWords(corrected)}).`;
  },
};
