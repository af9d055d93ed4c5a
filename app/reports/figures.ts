/**
 * Static SVG figures of a report: the figures the workbench draws for a check (common/figures/registry.ts, the
 * kind's own builder from its recorded evidence), drawn without script by common/figures/svg.ts. What the evidence
 * supports is drawn, nothing else; a kind without a builder of its own gets its evidence's numeric series.
 * Example: `checkFigures('growth-fit', evidence)` on the bundled paging sweep gives `fit`, `residuals` and `horizon`.
 */
import { figuresFor } from '../../common/figures/registry';
import type { Json } from '../../common/figures/read';
import { figureSvg } from '../../common/figures/svg';

export interface ReportFigure {
  /** Stable name within the check (the spec's id), used in the file name. */
  readonly name: string;
  readonly title: string;
  readonly caption: string;
  readonly svg: string;
}

/** The figures a check's evidence supports, in the order the workbench shows them. */
export function checkFigures(kind: string, evidence: Record<string, unknown>): ReportFigure[] {
  return figuresFor(kind, evidence as Json).map((spec) => ({
    name: spec.id.replace(/[^A-Za-z0-9_-]/g, '-'),
    title: spec.title,
    caption: spec.caption,
    svg: figureSvg(spec),
  }));
}
