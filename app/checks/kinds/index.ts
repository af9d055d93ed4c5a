/** Every built-in check kind. Cases name them in case.json (`"kind": "..."`). */
import type { CheckKind } from '../kind';
import { unitsAuditKind } from './units-audit';
import { paddingAuditKind } from './padding-audit';
import { growthFitKind } from './growth-fit';
import { fwCertificateKind } from './fw-certificate';
import { fwHorizonTrapKind } from './fw-horizon-trap';
import { fwFloatVsExactKind } from './fw-float-vs-exact';
import { divergenceAuditKind } from './divergence-audit';
import { klModeFitKind } from './kl-mode-fit';
import { reviewConsistencyKind } from './review-consistency';
import { perceptualVerdictKind } from './perceptual-verdict';
import { imageMetricsKind } from './image-metrics';
import { printedConsistencyKind } from './printed-consistency';
import { calcAssertionKind } from './calc-assertion';
import { hypothesisTestKind } from './hypothesis-test';
import { metricsSeriesKind } from './metrics-series';
import { replayKind } from './replay';
import { metricClaimKind } from './metric-claim';
import { sandboxVerdictKind } from './sandbox-verdict';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const builtinCheckKinds: CheckKind<any>[] = [
  unitsAuditKind,
  paddingAuditKind,
  growthFitKind,
  fwCertificateKind,
  fwHorizonTrapKind,
  fwFloatVsExactKind,
  divergenceAuditKind,
  klModeFitKind,
  reviewConsistencyKind,
  perceptualVerdictKind,
  imageMetricsKind,
  printedConsistencyKind,
  calcAssertionKind,
  hypothesisTestKind,
  metricsSeriesKind,
  replayKind,
  metricClaimKind,
  sandboxVerdictKind,
];
