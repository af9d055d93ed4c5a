// A case folder is untrusted: a letters/ folder that is a symlink out of the case, a letter.json that is not
// ours, a letter id that climbs out, and Markdown carrying HTML or script are refused or rendered inert.
import { describe, expect, it } from 'vitest';
import { mkdirSync, symlinkSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { API_METHODS } from '../../../common/api/methods';
import { letterHtml } from '../../../app/letters/html';
import { listLetters, readLetterFile, saveLetterVersion } from '../../../app/letters/store';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

const ctx = { caseId: 'mini', who: 'Ada', ready: false, missing: [] };

describe('letters from an untrusted case folder', () => {
  it('never writes through a letters/ symlink that leaves the case', async () => {
    const ws = tempDir();
    const dir = writeMinimalCase(ws, 'mini');
    const outside = tempDir();
    symlinkSync(outside, join(dir, 'letters'));
    await expect(saveLetterVersion(dir, { kind: 'authors', falsificationIds: ['F1'], markdown: '# L\n' }, ctx)).rejects.toThrow(
      /symlink that leaves the case folder/,
    );
    expect(readdirSync(outside)).toEqual([]);
  });

  it('skips a letter.json that is not a letter when listing, and names it when read', async () => {
    const dir = writeMinimalCase(tempDir(), 'mini');
    mkdirSync(join(dir, 'letters/authors-1'), { recursive: true });
    writeFileSync(
      join(dir, 'letters/authors-1/letter.json'),
      JSON.stringify({ format: 'recheck.letter/1', id: 'authors-1', kind: 'editors' }),
    );
    expect(await listLetters(dir)).toEqual([]);
    await expect(readLetterFile(dir, 'authors-1')).rejects.toThrow(
      /^letters\/authors-1\/letter\.json: kind must be "authors" or "logbook"$/,
    );
    await expect(readLetterFile(dir, '../../etc')).rejects.toThrow(/is not a letter id/);
  });

  it('refuses a letter id or kind that is not ours at the API boundary', () => {
    expect(() => API_METHODS.readLetter.validate(['mini', '../x', 1])).toThrow(/letterId must be an identifier/);
    expect(() => API_METHODS.saveLetter.validate([{ caseId: 'mini', kind: 'editors', falsificationIds: ['F1'], markdown: 'x' }])).toThrow(
      /kind must be one of authors, logbook/,
    );
    expect(() => API_METHODS.setLetterStatus.validate([{ caseId: 'mini', letterId: 'authors-1', state: 'won' }])).toThrow(
      /state must be one of/,
    );
    // An empty list is the service's to refuse in words (a letter about no finding has nothing to print); not a list is bad.
    expect(() => API_METHODS.exportLetterPdf.validate([{ caseId: 'mini', markdown: 'x', falsificationIds: 'F1' }])).toThrow(
      /falsificationIds must be a list of 1 to 1000 ids/,
    );
  });

  it('renders HTML in a letter as text: no script, no remote image, no link out of the page', () => {
    const html = letterHtml(
      '# L\n\n<script>alert(1)</script> <img src="https://evil.example/x.png">\n\n![x](https://evil.example/y.png)\n',
      'L',
      [],
    );
    expect(html).not.toMatch(/<script>alert/);
    expect(html).not.toMatch(/<img src="https:/);
    expect(html).toContain("default-src 'none'");
  });
});
