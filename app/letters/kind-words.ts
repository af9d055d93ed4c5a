/**
 * The one list of check kinds with words for letters (each kind's `<kind>.words.ts` beside its module), and the
 * sentences a letter states about a check result: its finding, its diagnosis, its worth. Adding a kind's words
 * touches its words file and this list; a kind without words is cited by its own summary (the check's own
 * sentence, computed from the same evidence).
 * Example: `findingSentence(result, 'verified')` for a growth-fit on the logbook's 4 rows is "The 4 rows of the
 * logbook's own table (`k` = 2..16) are below the minimums (6 distinct `k` over a decade): they cannot tell
 * growth from a bound."
 */
import type { CheckResultView, FindingSays } from '../../common/api/contract';
import { BASIS_WORDS, guaranteeWords } from '../../common/words/outcomes';
import { calcAssertionWords } from '../checks/kinds/calc-assertion.words';
import { divergenceAuditWords } from '../checks/kinds/divergence-audit.words';
import { fwCertificateWords } from '../checks/kinds/fw-certificate.words';
import { fwFloatVsExactWords } from '../checks/kinds/fw-float-vs-exact.words';
import { fwHorizonTrapWords } from '../checks/kinds/fw-horizon-trap.words';
import { growthFitWords } from '../checks/kinds/growth-fit.words';
import { hypothesisTestWords } from '../checks/kinds/hypothesis-test.words';
import { klModeFitWords } from '../checks/kinds/kl-mode-fit.words';
import { metricsSeriesWords } from '../checks/kinds/metrics-series.words';
import { metricClaimWords } from '../checks/kinds/metric-claim.words';
import { paddingAuditWords } from '../checks/kinds/padding-audit.words';
import { printedConsistencyWords } from '../checks/kinds/printed-consistency.words';
import { replayWords } from '../checks/kinds/replay.words';
import { sandboxVerdictWords } from '../checks/kinds/sandbox-verdict.words';
import { unitsAuditWords } from '../checks/kinds/units-audit.words';
import type { KindLetterWords } from '../checks/kind-words';

/** Words for letters by check kind. */
export const KIND_LETTER_WORDS: Readonly<Record<string, KindLetterWords>> = {
  'growth-fit': growthFitWords,
  'printed-consistency': printedConsistencyWords,
  'units-audit': unitsAuditWords,
  'padding-audit': paddingAuditWords,
  'fw-certificate': fwCertificateWords,
  'fw-float-vs-exact': fwFloatVsExactWords,
  'fw-horizon-trap': fwHorizonTrapWords,
  'divergence-audit': divergenceAuditWords,
  'kl-mode-fit': klModeFitWords,
  'calc-assertion': calcAssertionWords,
  'hypothesis-test': hypothesisTestWords,
  'metrics-series': metricsSeriesWords,
  replay: replayWords,
  'sandbox-verdict': sandboxVerdictWords,
  'metric-claim': metricClaimWords,
};

/** What the check found: its kind's words from its evidence, else its summary; a failed check says it failed. */
export function findingSentence(result: CheckResultView, says: FindingSays): string {
  if (result.outcome === 'error') return `This computation failed: ${result.summary}`;
  return KIND_LETTER_WORDS[result.kind]?.finding(result, says) ?? result.summary;
}

/**
 * Where the finding's evidence went wrong, as this result shows it: its kind's diagnosis from its evidence;
 * for a result saying the evidence is insufficient and no words for it, that reason as the check wrote it;
 * else null (no diagnosis is ever chosen by kind alone).
 */
export function diagnosisSentence(result: CheckResultView, says: FindingSays): string | null {
  if (result.outcome !== 'refutes' && result.insufficient === undefined) return null;
  const words = KIND_LETTER_WORDS[result.kind]?.diagnosis?.(result, says) ?? null;
  if (words !== null) return words;
  if (result.insufficient !== undefined) return `${result.insufficient.charAt(0).toUpperCase()}${result.insufficient.slice(1)}.`;
  return null;
}

/** "Worth: statistical (t-test, p = 0.036, dof 2); basis: the logbook's own numbers." */
export function worthSentence(result: CheckResultView): string {
  if (result.outcome === 'error') return '';
  return `Worth: ${guaranteeWords(result.guarantee)}; basis: ${BASIS_WORDS[result.basis ?? 'logbook']}.`;
}
