// Issue 22: legends clipped: a long series name was cut off by the figure's width with nothing to say so. A legend
// label now shows at most LEGEND_MAX_CHARS characters, ending in "…" when cut, and its whole text is the title
// (renderer/figures/legend.ts); the bar chart's legend uses it.
import { join } from 'node:path';
import { createElement as h, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEGEND_MAX_CHARS, legendText } from '../../../renderer/figures/legend';
import type { BarSpec } from '../../../common/figures/spec';

// Loaded by path, as vitest compiles it (the tests' TypeScript project has no JSX; see ../perceptual/components.ts).
const BarChart = (
  (await import(/* @vite-ignore */ join(import.meta.dirname, '../../../renderer/figures/BarChart.tsx'))) as {
    BarChart: FunctionComponent<{ spec: BarSpec }>;
  }
).BarChart;

const LONG = 'perplexity of the padded model over the unpadded one, per sequence length bucket (tokens)';

function bars(labels: string[], interval?: string): BarSpec {
  return {
    type: 'bars',
    id: 'f1',
    title: 'Bars',
    caption: 'A caption.',
    categories: ['a', 'b'],
    series: labels.map((label, i) => ({ label, tone: ((i % 4) + 1) as 1 | 2 | 3 | 4, values: [1, 2] })),
    ...(interval !== undefined ? { interval } : {}),
    value: { label: 'ratio' },
  };
}

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('legendText', () => {
  it('keeps a short label whole and cuts a long one with "…", the whole label as its title', () => {
    expect(legendText('loss')).toEqual({ text: 'loss', title: 'loss' });
    const cut = legendText(LONG);
    expect(cut.title).toBe(LONG);
    expect(cut.text.endsWith('…')).toBe(true);
    expect(Array.from(cut.text).length).toBeLessThanOrEqual(LEGEND_MAX_CHARS);
    expect(LONG.startsWith(cut.text.slice(0, -1))).toBe(true);
    // Never half of a surrogate pair.
    const emoji = '📈'.repeat(60);
    expect(Array.from(legendText(emoji).text).every((c) => c === '📈' || c === '…')).toBe(true);
  });

  it('shows a prefix of the label within the bound and never loses it: the title is the label (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.integer({ min: 2, max: 120 }), (label, max) => {
        const { text, title } = legendText(label, max);
        expect(title).toBe(label);
        const n = Array.from(label).length;
        expect(Array.from(text).length).toBeLessThanOrEqual(Math.max(n, max));
        if (n <= max) expect(text).toBe(label);
        else {
          expect(text.endsWith('…')).toBe(true);
          expect(label.startsWith(text.slice(0, -1))).toBe(true);
        }
      }),
      { seed: 22, numRuns: 500 },
    );
  });
});

describe('the bar chart’s legend', () => {
  it('shows a long series name cut, with its whole text on hover, and a short one as it is', () => {
    const html = renderToStaticMarkup(h(BarChart, { spec: bars([LONG, 'baseline'], `95% Wilson interval over ${LONG}`) }));
    const items = [
      ...html.matchAll(/<span class="legend-item" title="([^"]*)" data-testid="legend-item"><span[^>]*><\/span> ([^<]*)<\/span>/g),
    ];
    expect(items).toHaveLength(2);
    const [long, short] = items.map((m) => ({ title: unescape(m[1]!), text: unescape(m[2]!) }));
    expect(long!.title).toBe(LONG);
    expect(long!.text).toBe(legendText(LONG).text);
    expect(short).toEqual({ title: 'baseline', text: 'baseline' });
    expect(unescape(html)).toContain(`title="95% Wilson interval over ${LONG}"`);
  });
});
