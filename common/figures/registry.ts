/**
 * Which figures a check shows: its kind's builder turns the evidence into figure specs; a kind without one
 * gets the generic series figures. Example: `figuresFor('units-audit', evidence)` is one bar figure.
 */
import { divergenceAuditFigures } from './kinds/divergence-audit';
import { fwRunFigures } from './kinds/fw-run';
import { genericFigures } from './generic';
import { growthFitFigures } from './kinds/growth-fit';
import { imageMetricsFigures } from './kinds/image-metrics';
import { klModeFitFigures } from './kinds/kl-mode-fit';
import { paddingAuditFigures } from './kinds/padding-audit';
import { perceptualVerdictFigures } from './kinds/perceptual-verdict';
import { printedConsistencyFigures } from './kinds/printed-consistency';
import { replayFigures } from './kinds/replay';
import type { Json } from './read';
import { reviewConsistencyFigures } from './kinds/review-consistency';
import { sandboxVerdictFigures } from './kinds/sandbox-verdict';
import type { FigureSpec } from './spec';
import { unitsAuditFigures } from './kinds/units-audit';
import { metricClaimFigures } from './kinds/metric-claim';
import { hypothesisTestFigures } from './kinds/hypothesis-test';
import { metricsSeriesFigures } from './kinds/metrics-series';

type Builder = (evidence: Json) => FigureSpec[];

const BUILDERS: Readonly<Record<string, Builder>> = {
  'growth-fit': growthFitFigures,
  'fw-certificate': fwRunFigures,
  'fw-horizon-trap': fwRunFigures,
  'fw-float-vs-exact': fwRunFigures,
  'kl-mode-fit': klModeFitFigures,
  'padding-audit': paddingAuditFigures,
  'units-audit': unitsAuditFigures,
  'divergence-audit': divergenceAuditFigures,
  'perceptual-verdict': perceptualVerdictFigures,
  'review-consistency': reviewConsistencyFigures,
  'image-metrics': imageMetricsFigures,
  'printed-consistency': printedConsistencyFigures,
  replay: replayFigures,
  'sandbox-verdict': sandboxVerdictFigures,
  'metric-claim': metricClaimFigures,
  'hypothesis-test': hypothesisTestFigures,
  'metrics-series': metricsSeriesFigures,
};

/** The figures of a check's evidence (none for an empty evidence, as a check that failed has). */
export function figuresFor(kind: string, evidence: Json): FigureSpec[] {
  if (Object.keys(evidence).length === 0) return [];
  const build = Object.hasOwn(BUILDERS, kind) ? BUILDERS[kind]! : genericFigures;
  return build(evidence);
}
