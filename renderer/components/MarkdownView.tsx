/**
 * Markdown with KaTeX math, rendered by renderer/lib/markdown (which lets no raw HTML through). This module and
 * what it imports (markdown-it, KaTeX and its stylesheet) form a chunk of their own, loaded by `Markdown` when
 * the first text is shown, so the case list does not wait for them.
 */
import { useMemo } from 'react';
import 'katex/dist/katex.min.css';
import { renderMarkdown } from '../lib/markdown';

export default function MarkdownView(props: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(props.source), [props.source]);
  return <div className={`markdown ${props.className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
