/**
 * Letter words of `kl-mode-fit`, from its evidence: the Gaussian fitted to the teacher under each direction,
 * where the forward fit's mean sits in the teacher's density, and each divergence at both fits (computed at
 * the stated digits).
 * Example: on kl-direction, "The forward-KL fit is N(mean -0.608, sd 3.07) and the reverse-KL fit N(mean -3,
 * sd 0.801); the forward fit's mean sits where the teacher density is 0.0115 of its peak. ..."
 */
import type { CheckResultView } from '../../../common/api/contract';
import { num, numberAt, objectAt, stringAt } from '../../text/prose-numbers';
import type { KindLetterWords } from '../kind-words';

/** A divergence printed as a decimal string at many digits, to three significant digits. */
const at = (o: Record<string, unknown> | null, key: string) => {
  const s = stringAt(o, key);
  return s !== null && Number.isFinite(Number(s)) ? num(Number(s)) : null;
};

function sentence(r: CheckResultView): string | null {
  const ev = r.evidence;
  const fits = objectAt(ev, 'fits');
  const fwd = objectAt(fits, 'forward-kl');
  const rev = objectAt(fits, 'reverse-kl');
  const gauss = (f: Record<string, unknown> | null) =>
    numberAt(f, 'mean') !== null && numberAt(f, 'sd') !== null
      ? `N(mean ${num(numberAt(f, 'mean') as number)}, sd ${num(numberAt(f, 'sd') as number)})`
      : null;
  if (gauss(fwd) === null || gauss(rev) === null) return null;
  const density = numberAt(ev, 'teacherDensityAtForwardMeanOverPeak');
  const atF = objectAt(ev, 'divergencesAtForwardFit');
  const atR = objectAt(ev, 'divergencesAtReverseFit');
  const digits = numberAt(ev, 'digits');
  const values = [at(atF, 'forwardKl'), at(atR, 'forwardKl'), at(atR, 'reverseKl'), at(atF, 'reverseKl')];
  const divergences = values.every((v) => v !== null)
    ? ` At ${digits ?? 'high'} digits, forward KL is ${values[0]} at its own fit and ${values[1]} at the reverse one; reverse KL is ${values[2]} at its own fit and ${values[3]} at the forward one.`
    : '';
  return `The forward-KL fit is ${gauss(fwd)} and the reverse-KL fit ${gauss(rev)}${density !== null ? `; the forward fit's mean sits where the teacher density is ${num(density)} of its peak` : ''}.${divergences}`;
}

export const klModeFitWords: KindLetterWords = { finding: sentence };
