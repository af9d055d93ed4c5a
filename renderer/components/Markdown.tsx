/**
 * Renders Markdown (with KaTeX math). The renderer is a lazy chunk (MarkdownView): until it has loaded, the
 * source shows as plain text in the same place, marked busy, so nothing is blank and nothing jumps far.
 */
import { lazy, Suspense } from 'react';

const MarkdownView = lazy(() => import('./MarkdownView'));

export function Markdown(props: { source: string; className?: string }) {
  const fallback = (
    <div className={`markdown markdown-pending ${props.className ?? ''}`} aria-busy="true">
      {props.source}
    </div>
  );
  return (
    <Suspense fallback={fallback}>
      <MarkdownView {...props} />
    </Suspense>
  );
}
