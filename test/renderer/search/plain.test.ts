// Search snippets showed raw Markdown and LaTeX (issue 22 item 5: `**forward KL** $\mathrm{KL}(p \,\|\, q)$`):
// renderer/search/plain.ts gives the plain text with where each character came from; searchDocs shows it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownPlain } from '../../../renderer/search/plain';
import { searchDocs, type SearchDoc } from '../../../renderer/search/search';

describe('markdownPlain', () => {
  it.each([
    ['**forward KL** $\\mathrm{KL}(p \\,\\|\\, q)$ punishes', 'forward KL \\mathrm{KL}(p \\,\\|\\, q) punishes'],
    ['- **reverse KL** is _mode-seeking_', 'reverse KL is mode-seeking'],
    ['# Title\n> quoted *words*', 'Title\nquoted words'],
    ['see [the loss](logbook/loss.mjs) and ![plot](a.png)', 'see the loss and plot'],
    ['`F.kl_div(input, target)` and snake_case_name', 'F.kl_div(input, target) and snake_case_name'],
    ['$$\\sum_i p_i$$ costs $5 and 2 * 3', '\\sum_i p_i costs $5 and 2 * 3'],
    ['```python\nx = a*b_c\n```\nafter', 'x = a*b_c\nafter'],
    ['an escaped \\*star\\* and ~~struck~~', 'an escaped *star* and struck'],
  ])('%j -> %j', (src, want) => {
    expect(markdownPlain(src).text).toBe(want);
  });

  it('maps every plain character to the same character of the source, in order', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', ' ', '*', '_', '`', '$', '[', ']', '(', ')', '\\', '\n', '#', '-', '!', '~'),
          maxLength: 80,
        }),
        (src) => {
          const p = markdownPlain(src);
          expect(p.from).toHaveLength(p.text.length);
          p.from.forEach((at, i) => {
            expect(src[at]).toBe(p.text[i]);
            if (i > 0) expect(at).toBeGreaterThan(p.from[i - 1]!);
          });
        },
      ),
    );
  });

  it('leaves text without marks as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '.', ',', '1', '\n'), maxLength: 80 }), (src) => {
        expect(markdownPlain(src).text).toBe(src);
      }),
    );
  });
});

describe('searchDocs snippets of Markdown', () => {
  const paper: SearchDoc = {
    group: 'Paper',
    label: 'p',
    text: 'Distillation fits θ by minimising a divergence:\n\n- **forward KL** $\\mathrm{KL}(p \\,\\|\\, q) = \\sum_i p_i$ punishes `q_i = 0`.\n',
    place: { type: 'paper' },
    markdown: true,
  };
  it('shows plain text around the marked words, counts and offsets on the source', () => {
    const { hits, total } = searchDocs([paper], 'forward kl');
    expect(total).toBe(1);
    const h = hits[0]!;
    expect(paper.text.slice(h.index, h.index + 10)).toBe('forward KL');
    expect(h.match).toBe('forward KL');
    expect(`${h.before}${h.match}${h.after}`).not.toMatch(/\*\*|\$|`/);
    expect(h.after).toContain(' \\mathrm{KL}(p \\,\\|\\, q) = \\sum_i p_i punishes');
  });

  it('a match across marks shows the plain words; code files keep their text as written', () => {
    expect(searchDocs([paper], 'KL** $').hits[0]!.match).toBe('KL ');
    const code: SearchDoc = { ...paper, group: 'Files', place: { type: 'file', path: 'a.py' }, markdown: undefined };
    expect(searchDocs([code], 'forward').hits[0]!.after).toContain('KL** $\\mathrm');
  });
});
