// The viewer's pieces rendered to markup (react-dom/server, no DOM): what reaches the page for a large table,
// a JSON document, and the file chips of a check result.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseCsvText } from '../../../renderer/evidence/csv';
import { createFakeApi } from '../fake-api';
import { viewer } from './components';

const [TableView, TextView, JsonTree, CheckFiles, CaseFilesProvider] = await Promise.all([
  viewer.TableView(),
  viewer.TextView(),
  viewer.JsonTree(),
  viewer.CheckFiles(),
  viewer.CaseFilesProvider(),
]);

describe('evidence viewer markup', () => {
  it('puts a screenful of a 100,000-row table in the page, not the table', () => {
    const lines = ['model,seq,pos,token,nll'];
    for (let i = 0; i < 100_000; i++) lines.push(`student,s${i},${i % 64},${(i * 7) % 50},${(i % 1000) / 100}`);
    const t = parseCsvText(`${lines.join('\n')}\n`);
    expect(t.ok && t.rows.length).toBe(100_000);
    if (!t.ok) return;
    const html = renderToStaticMarkup(h(TableView, { columns: t.columns, rows: t.rows, label: 'positions' }));
    const rendered = html.match(/role="row"/g)?.length ?? 0;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(60);
    expect(html).toContain('data-rows="100000"');
    expect(html).toContain('height:2200000px');
    expect(html).toContain('>student<');
  });

  it('numbers text lines from 1 and drops the empty line after a final line break', () => {
    const html = renderToStaticMarkup(h(TextView, { text: 'a\nb\n', label: 't' }));
    expect(html).toContain('data-rows="2"');
    expect(html.match(/data-line="(\d+)"/g)).toEqual(['data-line="1"', 'data-line="2"']);
  });

  it('unfolds two levels of JSON and folds the rest, each fold a button saying its state', () => {
    const html = renderToStaticMarkup(h(JsonTree, { value: { a: { b: { c: [1, 2, 3] } }, s: 'x' } }));
    expect(html.match(/aria-expanded="true"/g)?.length).toBe(2);
    expect(html.match(/aria-expanded="false"/g)?.length).toBe(1);
    expect(html).toContain('aria-label="Unfold &quot;b&quot;"');
    expect(html).toContain('1 key');
    expect(html).not.toContain('"c"');
  });

  it('links a check result’s artifacts and the files its evidence names, each once', () => {
    const evidence = {
      table: 'runs/r1/F1-full-sweep/sweep.csv',
      sweep: { checkpoint: 'runs/r1/sweep-1', program: 'sandbox/point.ts' },
      unit: 's/batch',
    };
    const artifacts = ['runs/r1/F1-full-sweep/growth-fit.svg', 'runs/r1/F1-full-sweep/sweep.csv'];
    const html = renderToStaticMarkup(
      h(CaseFilesProvider, { api: createFakeApi(), caseId: 'alpha', children: h(CheckFiles, { artifacts, evidence }) }),
    );
    expect([...html.matchAll(/<button[^>]*data-path="([^"]+)"/g)].map((m) => m[1])).toEqual([
      ...artifacts,
      'runs/r1/sweep-1',
      'sandbox/point.ts',
    ]);
    // Outside a provider they are plain chips (no button to a viewer that is not there).
    expect(renderToStaticMarkup(h(CheckFiles, { artifacts, evidence }))).not.toContain('<button');
  });

  it('names every file beyond the first 50 by count instead of dropping them silently (issue 22)', () => {
    const evidence = { pairs: Array.from({ length: 130 }, (_, i) => ({ image: `images/q2/s${String(i).padStart(3, '0')}.png` })) };
    const html = renderToStaticMarkup(
      h(CaseFilesProvider, { api: createFakeApi(), caseId: 'alpha', children: h(CheckFiles, { artifacts: [], evidence }) }),
    );
    expect(html.match(/data-testid="evidence-file-link"/g)?.length).toBe(50);
    expect(html).toMatch(/data-testid="evidence-files-more"[^>]*> and 80 more/);
  });
});
