// Issue 22: Export PDF of a letter with no falsification said "exportLetterPdf: falsificationIds must be a list of
// 1 to 1000 ids" (the API's own words). A letter is about at least one claimed falsification (saving refuses one
// that is not), so printing one that is about none is refused the same way, in one line a reviewer can act on.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecheckService } from '../../../app/api/service';
import type { RecheckApi } from '../../../common/api/contract';
import { API_METHODS } from '../../../common/api/methods';

const CASES = resolve(import.meta.dirname, '../../../cases');

describe('exportLetterPdf of a letter about no falsification', () => {
  let api: RecheckApi & { dispose(): void };
  const printed: string[] = [];

  beforeAll(async () => {
    const ws = mkdtempSync(join(tmpdir(), 'recheck-letter-pdf-'));
    cpSync(join(CASES, 'padding-perplexity'), join(ws, 'padding-perplexity'), { recursive: true });
    const printPdf = async (html: string): Promise<Uint8Array> => {
      printed.push(html);
      return Buffer.from('%PDF-1.4 <</Type /Page>>');
    };
    api = await createRecheckService({ workspaceDir: ws, who: 'UI Reviewer', printPdf });
  });
  afterAll(() => api.dispose());

  it('passes the validator (the refusal is the letter model’s, not an argument error)', () => {
    expect(API_METHODS.exportLetterPdf.validate([{ caseId: 'padding-perplexity', markdown: '# L\n', falsificationIds: [] }])).toEqual([
      { caseId: 'padding-perplexity', markdown: '# L\n', falsificationIds: [] },
    ]);
    expect(() => API_METHODS.exportLetterPdf.validate([{ caseId: 'x', markdown: 'x', falsificationIds: ['ok', 'no/slash'] }])).toThrow(
      /each of falsificationIds/,
    );
    expect(() =>
      API_METHODS.exportLetterPdf.validate([
        { caseId: 'x', markdown: 'x', falsificationIds: Array.from({ length: 1001 }, (_, i) => `F${i}`) },
      ]),
    ).toThrow(/falsificationIds must be a list of 1 to 1000 ids/);
  });

  it('is refused in one line that says why and what to do, and nothing is printed', async () => {
    const err = await api
      .exportLetterPdf({ caseId: 'padding-perplexity', markdown: '# A letter\n\nDear authors,\n', falsificationIds: [] })
      .then(
        () => null,
        (e: unknown) => e as Error,
      );
    expect(err).toBeInstanceOf(Error);
    expect(err!.name).toBe('BadInputError');
    expect(err!.message).not.toContain('\n');
    expect(err!.message).toMatch(/^letter: it is about no claimed falsification/);
    expect(err!.message).toMatch(/choose one/);
    expect(err!.message).not.toMatch(/exportLetterPdf|falsificationIds|1000/);
    expect(printed).toEqual([]);
  });

  it('still prints a letter about a falsification', async () => {
    const { base64 } = await api.exportLetterPdf({
      caseId: 'padding-perplexity',
      markdown: '# A letter\n\nDear authors,\n',
      falsificationIds: ['F1'],
    });
    expect(Buffer.from(base64, 'base64').toString('latin1')).toMatch(/^%PDF-/);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('<title>A letter</title>');
  });
});
