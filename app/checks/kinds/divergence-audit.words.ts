/**
 * Letter words of `divergence-audit`, from its evidence: which divergence the module computes (the candidate
 * within tolerance, its worst relative error over the probes) against the one the theory analyses.
 * Example: on kl-direction, "Over 64 probes against 40-digit references, `logbook/loss.mjs` computes forward-kl
 * (worst relative error 5.7e-13), not the reverse-kl the theory analyses (off by 5.16)."
 */
import type { CheckResultView } from '../../../common/api/contract';
import { arrayAt, num, numberAt, pval, stringAt } from '../../text/prose-numbers';
import type { KindLetterWords } from '../kind-words';

/** A relative error: exponent form when tiny (as p-values), else three digits. */
const rel = (v: number) => (v < 1e-4 ? pval(v) : num(v));

function sentence(r: CheckResultView): string | null {
  const ev = r.evidence;
  const module = stringAt(ev, 'module');
  const verdict = stringAt(ev, 'verdict');
  const theory = stringAt(ev, 'theory');
  const probes = numberAt(ev, 'probes');
  const digits = numberAt(ev, 'referenceDigits');
  if (module === null || verdict === null || theory === null || probes === null || digits === null) return null;
  const error = (name: string) =>
    numberAt(
      arrayAt(ev, 'candidates').find((c) => stringAt(c, 'name') === name),
      'maxRelError',
    );
  const own = error(verdict);
  const lead = `Over ${probes} probes against ${digits}-digit references, \`${module}\` computes ${verdict}${own !== null ? ` (worst relative error ${rel(own)})` : ''}`;
  if (ev.mismatch !== true) return `${lead}, the divergence the theory analyses.`;
  const off = error(theory);
  return `${lead}, not the ${theory} the theory analyses${off !== null ? ` (off by ${rel(off)})` : ''}.`;
}

export const divergenceAuditWords: KindLetterWords = {
  rerun: (params, at) =>
    at.file('module') !== null && at.arg(params.theory) !== null
      ? `npx recheck audit divergence ${at.file('module')} --theory ${at.arg(params.theory)}`
      : null,
  finding: sentence,
  diagnosis: (r) => (r.evidence.mismatch === true ? sentence(r) : null),
};
