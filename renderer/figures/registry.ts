/**
 * Which figures a check shows: its kind's builder turns the evidence into figure specs; a kind without one
 * gets the generic series figures. Example: `figuresFor('units-audit', evidence)` is one bar figure.
 */
import { divergenceAuditFigures } from './divergence-audit';
import { fwRunFigures } from './fw-run';
import { genericFigures } from './generic';
import { growthFitFigures } from './growth-fit';
import { imageMetricsFigures } from './image-metrics';
import { klModeFitFigures } from './kl-mode-fit';
import { paddingAuditFigures } from './padding-audit';
import { perceptualVerdictFigures } from './perceptual-verdict';
import { printedConsistencyFigures } from './printed-consistency';
import type { Json } from './read';
import { reviewConsistencyFigures } from './review-consistency';
import type { FigureSpec } from './spec';
import { unitsAuditFigures } from './units-audit';

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
};

/** The figures of a check's evidence (none for an empty evidence, as a check that failed has). */
export function figuresFor(kind: string, evidence: Json): FigureSpec[] {
  if (Object.keys(evidence).length === 0) return [];
  const build = Object.hasOwn(BUILDERS, kind) ? BUILDERS[kind]! : genericFigures;
  return build(evidence);
}
