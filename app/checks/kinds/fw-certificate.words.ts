/**
 * Letter words of `fw-certificate`, from its evidence: whether the certificate holds in exact arithmetic, the
 * first exit step, and what float64 alone says; a float64 artefact is diagnosed only when the evidence shows
 * float64 holding where exact arithmetic does not.
 * Example: on fw-attention-collapse F2, the diagnosis is "In exact arithmetic the certificate (c = 1, exit
 * claimed at step 2) does not hold: the origin is still in the closed hull at step 2: no exit at or before the
 * claimed step; float64 alone would say it holds (first exit at step 2)."
 */
import type { CheckResultView } from '../../../common/api/contract';
import { numberAt, stringAt } from '../../text/prose-numbers';
import type { KindLetterWords } from '../kind-words';

function sentence(r: CheckResultView): string | null {
  const ev = r.evidence;
  const c = numberAt(ev, 'c');
  const claimed = numberAt(ev, 'claimedStep');
  if (typeof ev.holds !== 'boolean' || c === null || claimed === null) return null;
  const what = `the certificate (c = ${c}, exit claimed at step ${claimed})`;
  if (ev.holds) {
    const first = numberAt(ev, 'firstExitStep');
    return `In exact arithmetic ${what} holds${first !== null ? `: the origin first leaves the hull at step ${first}` : ''}.`;
  }
  const reason = stringAt(ev, 'reason');
  const float = numberAt(ev, 'float64FirstExitStep');
  const floatSays =
    ev.float64Holds === true ? `; float64 alone would say it holds${float !== null ? ` (first exit at step ${float})` : ''}` : '';
  return `In exact arithmetic ${what} does not hold${reason !== null ? `: ${reason}` : ''}${floatSays}.`;
}

export const fwCertificateWords: KindLetterWords = {
  rerun: (_params, at) => (at.file('certificate') !== null ? `npx recheck verify ${at.file('certificate')}` : null),
  finding: sentence,
  diagnosis: (r) => (r.evidence.holds === false && r.evidence.float64Holds === true ? sentence(r) : null),
};
