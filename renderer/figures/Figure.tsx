/** One figure of a check: its title, the plot its spec calls for, and the caption saying what it shows. */
import { BarChart } from './BarChart';
import { HullDiagram } from './HullDiagram';
import type { FigureSpec } from '../../common/figures/spec';
import { Timeline } from './Timeline';
import { XYPlot } from './XYPlot';

function Plot({ spec }: { spec: FigureSpec }) {
  switch (spec.type) {
    case 'xy':
      return <XYPlot spec={spec} />;
    case 'bars':
      return <BarChart spec={spec} />;
    case 'hull':
      return <HullDiagram spec={spec} />;
    case 'timeline':
      return <Timeline spec={spec} />;
  }
}

export function Figure({ spec }: { spec: FigureSpec }) {
  return (
    <figure className="check-figure" data-testid={`figure-${spec.id}`} data-figure-type={spec.type}>
      <div className="figure-title">{spec.title}</div>
      <Plot spec={spec} />
      <figcaption className="figure-caption small muted">{spec.caption}</figcaption>
    </figure>
  );
}
