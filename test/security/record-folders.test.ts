// Issue 24, finding 10: `addCaseFile` (the API method and `recheck case add-file`) could write into the folders
// and files the app itself keeps as records: a review's answers.jsonl, a run's report, a letter's versions, the
// audit log's torn-line file. A file planted there before the app writes it is read as the app's own record
// (a forged answer, a forged report). Every record path is refused with one line naming it; reviewer files
// (sandbox/, tables/, anything else) are still accepted.
import { describe, it, expect } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { addCaseFile, isRecordPath } from '../../app/cases/files';
import { createCheckRegistry } from '../../app/checks/registry';
import { BadInputError } from '../../app/errors';
import { fixedKind } from '../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../helpers/temp-case';

const registry = createCheckRegistry([fixedKind]);
const bytes = new TextEncoder().encode('{"forged":true}\n');

const RECORDS = [
  'reviews/r1/answers.jsonl',
  'reviews/r1/review.json',
  'reviews/r1/answers.jsonl.torn',
  'reviews/new/answers.csv',
  'runs/2026-12-01T00-00-00Z/report.json',
  'runs/sweep-1/manifest.json',
  'runs/x',
  'letters/authors-1/letter.json',
  'letters/authors-1/v1.md',
  'audit.jsonl.torn',
  'audit.jsonl.1',
  'case.json',
  'Runs/x/report.json',
  'REVIEWS/r1/answers.jsonl',
  'sandbox/sweep.csv.provenance.json',
  'sandbox/points.jsonl.torn',
  'sandbox/.quantities.json.0a1b2c3d4e5f.tmp',
];

const ALLOWED = [
  'sandbox/quantities.json',
  'tables/runs.csv',
  'sandbox/letters.ts',
  'notes/reviews.md',
  'sandbox/runs/data.csv',
  'audit.md',
];

describe('record folders are closed to addCaseFile (issue 24, finding 10)', () => {
  it('refuses every record path with one line naming it, and writes nothing', async () => {
    const dir = writeMinimalCase(tempDir());
    for (const rel of RECORDS) {
      const err = await addCaseFile(dir, registry, { who: 'mallory' }, rel, bytes).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, rel).toBeInstanceOf(BadInputError);
      const message = (err as Error).message;
      expect(message).toContain(rel);
      expect(message).toMatch(/written by Recheck/);
      expect(message).not.toMatch(/\n/);
      if (rel !== 'case.json') expect(existsSync(join(dir, rel)), rel).toBe(false);
    }
  });

  it('still accepts reviewer files whose names only resemble records', async () => {
    const dir = writeMinimalCase(tempDir());
    for (const rel of ALLOWED) {
      const entry = await addCaseFile(dir, registry, { who: 'ada' }, rel, bytes);
      expect(entry.details?.edit, rel).toBe('add-file');
      expect(existsSync(join(dir, rel)), rel).toBe(true);
    }
  });

  it('classifies paths the same way with backslashes and any letter case', () => {
    expect(isRecordPath('reviews\\r1\\answers.jsonl'.replace(/\\/g, '/'))).toBe(true);
    expect(isRecordPath('LeTTers/a/v1.md')).toBe(true);
    expect(isRecordPath('Audit.JSONL.torn')).toBe(true);
    expect(isRecordPath('sandbox/model.ts')).toBe(false);
  });
});
