// Search across a case (renderer/search/search.ts): on the bundled kl-direction case opened through the service,
// hits land in the logbook cell and the files that hold the words (counted independently with grep-like regexes
// over the files on disk); property tests against a second implementation (a global case-insensitive RegExp) for
// counts, offsets and non-overlap.
import { cpSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRecheckService } from '../../../app/api/service';
import type { CaseDetail } from '../../../common/api/contract';
import { caseDocs, filesToSearch, MAX_HITS_PER_DOC, searchDocs, type SearchDoc } from '../../../renderer/search/search';
import { tempDir } from '../../helpers/temp-case';

const CASE = resolve(import.meta.dirname, '../../../cases/kl-direction');
const count = (text: string, q: string) => (text.match(new RegExp(q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi')) ?? []).length;

describe('search on the kl-direction case', () => {
  let detail: CaseDetail;
  let files: { path: string; text: string }[];
  beforeAll(async () => {
    const ws = tempDir();
    cpSync(CASE, join(ws, 'kl-direction'), { recursive: true });
    const service = await createRecheckService({ workspaceDir: ws });
    detail = await service.openCase('kl-direction');
    const paths = filesToSearch(detail, await service.listCaseFiles('kl-direction'));
    files = paths.map((p) => ({ path: p, text: readFileSync(join(CASE, p), 'utf8') }));
  });

  it('reads the logbook’s own files but not the paper, case.json, sandbox, the write-up cell or the database', () => {
    expect(files.map((f) => f.path)).toEqual(['logbook/loss.mjs']);
  });

  it('finds kl_div in the write-up cell and in loss.mjs, as many times as each holds it', () => {
    const { hits, total } = searchDocs(caseDocs(detail, files), 'KL_DIV');
    const writeup = readFileSync(join(CASE, 'logbook/writeup.md'), 'utf8');
    const loss = readFileSync(join(CASE, 'logbook/loss.mjs'), 'utf8');
    expect(total).toBe(count(writeup, 'kl_div') + count(loss, 'kl_div'));
    expect(hits.map((h) => h.doc.place)).toEqual([
      ...Array(count(writeup, 'kl_div')).fill({ type: 'cell', logbook: 'code-review', page: 'writeup', cell: 'writeup.md' }),
      ...Array(count(loss, 'kl_div')).fill({ type: 'file', path: 'logbook/loss.mjs' }),
    ]);
    expect(hits[0]!.match).toBe('kl_div');
    // Snippets start and end at whole words, cut ends marked.
    for (const h of hits) {
      if (h.index > 48) expect(h.before).toMatch(/^…\S/);
      if (h.index + h.match.length + 48 < h.doc.text.length) expect(h.after).toMatch(/\S…$/);
      expect(`${h.before}${h.match}${h.after}`).not.toMatch(/\n/);
    }
  });

  it('places paper, claim and finding hits', () => {
    const places = searchDocs(caseDocs(detail, files), 'reverse KL').hits.map((h) => h.doc.place.type);
    expect(places).toContain('paper');
    expect(places).toContain('claim');
    expect(places).toContain('finding');
    const sandbox = searchDocs(caseDocs(detail, files), 'discretisedGaussian').hits[0]!;
    expect(sandbox.doc.place).toEqual({ type: 'sandbox-file', path: 'sandbox/mode-fit.ts' });
  });
});

describe('searchDocs against a RegExp count', () => {
  const doc = (text: string): SearchDoc => ({ group: 'Files', label: 'f', text, place: { type: 'file', path: 'f' } });
  it('counts every non-overlapping case-insensitive match and gives each at its offset', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom('a', 'B', 'b', ' ', 'x', '.'), maxLength: 60 }), { maxLength: 5 }),
        fc.string({ unit: fc.constantFrom('a', 'b', 'B', '.'), minLength: 1, maxLength: 3 }),
        (texts, q) => {
          const docs = texts.map(doc);
          const { hits, total } = searchDocs(docs, q);
          const query = q.trim();
          if (query === '') return;
          expect(total).toBe(texts.reduce((n, t) => n + count(t, query), 0));
          for (const h of hits) expect(h.doc.text.slice(h.index, h.index + query.length).toLowerCase()).toBe(query.toLowerCase());
          for (const d of docs) {
            const mine = hits.filter((h) => h.doc === d);
            expect(mine.length).toBe(Math.min(MAX_HITS_PER_DOC, count(d.text, query)));
            for (let i = 1; i < mine.length; i++) expect(mine[i]!.index).toBeGreaterThanOrEqual(mine[i - 1]!.index + query.length);
          }
        },
      ),
    );
  });
  it('finds nothing for a blank query', () => {
    expect(searchDocs([doc('abc')], '   ')).toEqual({ hits: [], total: 0, places: 0 });
  });
});
