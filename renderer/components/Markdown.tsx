/** Renders Markdown (with KaTeX math) produced by renderer/lib/markdown, which lets no raw HTML through. */
import { useMemo } from 'react';
import { renderMarkdown } from '../lib/markdown';

export function Markdown(props: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(props.source), [props.source]);
  return <div className={`markdown ${props.className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
