/**
 * Where a claimed falsification's assertion is quoted from: "quoted from <page> / <cell>" (titles from the
 * case's logbooks; ids when the logbook no longer has them), a link that shows that cell in the logbook pane.
 */
import type { FalsificationView, LogbookView } from '../../common/api/contract';

export type QuoteSourceView = NonNullable<FalsificationView['source']>;

export function QuoteSource(props: {
  source: QuoteSourceView;
  logbooks: readonly LogbookView[];
  onShow(source: QuoteSourceView): void;
  testId?: string;
}) {
  const { source } = props;
  const logbook = props.logbooks.find((l) => l.id === source.logbook);
  const page = source.page !== undefined ? logbook?.pages.find((p) => p.slug === source.page) : undefined;
  const cell =
    source.cell !== undefined ? (page?.cells ?? logbook?.pages.flatMap((p) => p.cells) ?? []).find((c) => c.id === source.cell) : undefined;
  const pageText = page?.title ?? source.page;
  const cellText = cell !== undefined ? cell.title || cell.id : source.cell;
  const where = [pageText, cellText].filter((x): x is string => x !== undefined && x !== '').join(' / ') || source.logbook;
  const ids = [source.logbook, source.page, source.cell].filter((x) => x !== undefined).join(' › ');
  return (
    <span className="quote-source small">
      quoted from{' '}
      <a
        href={`#cell-${source.cell ?? ''}`}
        className="quote-source-link"
        onClick={(e) => {
          e.preventDefault();
          props.onShow(source);
        }}
        title={`${logbook?.title ?? source.logbook} (${ids}): show it in the logbook pane`}
        data-testid={props.testId ?? 'quote-source-link'}
      >
        {where}
      </a>
    </span>
  );
}
