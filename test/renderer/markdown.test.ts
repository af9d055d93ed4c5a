// Oracle for math: KaTeX called directly on the same source; for the rest, markdown-it's own rendering.
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../renderer/lib/markdown';

const inline = (s: string) =>
  katex.renderToString(s, { displayMode: false, throwOnError: false, output: 'htmlAndMathml', strict: 'ignore' });
const display = (s: string) =>
  katex.renderToString(s, { displayMode: true, throwOnError: false, output: 'htmlAndMathml', strict: 'ignore' });

describe('renderMarkdown math', () => {
  it('renders $...$ inline with KaTeX', () => {
    expect(renderMarkdown('The step $g_t = 2/(t + c)$ shrinks.')).toBe(`<p>The step ${inline('g_t = 2/(t + c)')} shrinks.</p>\n`);
  });

  it('renders a $$ block over several lines and on one line', () => {
    expect(renderMarkdown('$$\n\\sum_i p_i \\ln \\frac{p_i}{q_i}\n$$')).toBe(
      `<div class="math-block" tabindex="0">${display('\n\\sum_i p_i \\ln \\frac{p_i}{q_i}\n')}</div>\n`,
    );
    expect(renderMarkdown('$$x^2$$')).toBe(`<div class="math-block" tabindex="0">${display('x^2')}</div>\n`);
  });

  it('renders $$...$$ inside a paragraph as display math', () => {
    expect(renderMarkdown('so $$a+b$$ holds')).toBe(`<p>so ${display('a+b')} holds</p>\n`);
  });

  it('leaves prices and unclosed dollars alone', () => {
    expect(renderMarkdown('costs $5 and $6 today')).toBe('<p>costs $5 and $6 today</p>\n');
    expect(renderMarkdown('a $ b $ c')).toBe('<p>a $ b $ c</p>\n');
    expect(renderMarkdown('only $one')).toBe('<p>only $one</p>\n');
    expect(renderMarkdown('escaped \\$x$')).toBe('<p>escaped $x$</p>\n');
  });

  it('shows a KaTeX error in place instead of throwing', () => {
    expect(renderMarkdown('bad $\\frac{$ here')).toContain('katex-error');
  });
});

describe('renderMarkdown safety', () => {
  it('escapes raw HTML from untrusted logbooks', () => {
    const html = renderMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('refuses javascript: links', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('href="javascript:');
  });

  it('keeps code fences verbatim (no math inside code)', () => {
    expect(renderMarkdown('`$x$`')).toBe('<p><code>$x$</code></p>\n');
    expect(renderMarkdown('```\n$$y$$\n```')).toBe('<pre><code>$$y$$\n</code></pre>\n');
  });
});
