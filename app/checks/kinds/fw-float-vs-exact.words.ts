/**
 * Letter words of `fw-float-vs-exact`, from its evidence: the first exit of the origin in float64 and in exact
 * arithmetic over the horizon run; a float64 artefact is diagnosed only when float64 exits and exact arithmetic
 * does not (or later).
 * Example: on fw-attention-collapse F2, "The origin first leaves the hull at step 2 in float64, and not up to
 * step 2000 in exact arithmetic (c = 1)."
 */
import type { CheckResultView } from '../../../common/api/contract';
import { numberAt } from '../../text/prose-numbers';
import type { KindLetterWords } from '../kind-words';

function sentence(r: CheckResultView): string | null {
  const ev = r.evidence;
  const c = numberAt(ev, 'c');
  const horizon = numberAt(ev, 'horizon');
  if (c === null || horizon === null || !('exactFirstExitStep' in ev) || !('float64FirstExitStep' in ev)) return null;
  const exact = numberAt(ev, 'exactFirstExitStep');
  const float = numberAt(ev, 'float64FirstExitStep');
  const at = (s: number | null) => (s !== null ? `at step ${s}` : `not up to step ${horizon}`);
  if (exact === float) return `The origin first leaves the hull ${at(exact)} in float64 and in exact arithmetic alike (c = ${c}).`;
  return `The origin first leaves the hull ${at(float)} in float64, and ${at(exact)} in exact arithmetic (c = ${c}).`;
}

export const fwFloatVsExactWords: KindLetterWords = {
  rerun: (params, at) =>
    at.file('config') !== null && Number.isInteger(params.horizon)
      ? `npx recheck search ${at.file('config')} --horizon ${params.horizon as number}`
      : null,
  finding: sentence,
  diagnosis(r) {
    const exact = numberAt(r.evidence, 'exactFirstExitStep');
    const float = numberAt(r.evidence, 'float64FirstExitStep');
    return float !== null && (exact === null || exact > float) ? sentence(r) : null;
  },
};
