/**
 * Letter words of `fw-horizon-trap`, from its evidence: the first exact exit of the origin and whether a check
 * stopped at the short horizon sees it; a horizon too short is diagnosed only when the evidence shows the short
 * check missing an exit that exists.
 * Example: on fw-attention-collapse F1, "In exact arithmetic the origin first leaves the hull at step 706 (c =
 * 200); a check stopped at step 300 misses it."
 */
import type { CheckResultView } from '../../../common/api/contract';
import { numberAt } from '../../text/prose-numbers';
import type { KindLetterWords } from '../kind-words';

function sentence(r: CheckResultView): string | null {
  const ev = r.evidence;
  const c = numberAt(ev, 'c');
  const short = numberAt(ev, 'shortHorizon');
  const horizon = numberAt(ev, 'horizon');
  if (c === null || short === null || horizon === null || typeof ev.seenByShortCheck !== 'boolean') return null;
  const first = numberAt(ev, 'firstExitStep');
  if (first === null) return `In exact arithmetic the origin stays in the hull up to step ${horizon} (c = ${c}).`;
  return `In exact arithmetic the origin first leaves the hull at step ${first} (c = ${c}); a check stopped at step ${short} ${ev.seenByShortCheck ? 'sees it' : 'misses it'}.`;
}

export const fwHorizonTrapWords: KindLetterWords = {
  rerun: (params, at) =>
    at.file('config') !== null && Number.isInteger(params.horizon)
      ? `npx recheck search ${at.file('config')} --horizon ${params.horizon as number}`
      : null,
  finding: sentence,
  diagnosis: (r) => (r.evidence.seenByShortCheck === false && numberAt(r.evidence, 'firstExitStep') !== null ? sentence(r) : null),
};
