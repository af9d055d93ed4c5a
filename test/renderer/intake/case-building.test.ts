// Small pure pieces of case building: the case id check (against the contract's own validator), the
// reviewer's name, and how a selected quote is tidied.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_METHODS } from '../../../common/api/methods';
import { caseIdProblem, suggestCaseId } from '../../../renderer/intake/case-id';
import { byReviewer, loadReviewer, saveReviewer, type NameStorage } from '../../../renderer/lib/reviewer';
import { normalizeQuote } from '../../../renderer/intake/quote';

/** Whether the contract's validator takes `id` as a case id. */
function contractAccepts(id: string): boolean {
  try {
    API_METHODS.openCase.validate([id]);
    return true;
  } catch {
    return false;
  }
}

describe('caseIdProblem', () => {
  it.each([
    ['timing-normalization', null],
    ['a', null],
    ['', 'the case id is required: it names the case folder'],
    ['-x', 'must start with a letter or a digit'],
    ['timing from ui', '" " is not allowed: use letters, digits, ".", "_" or "-"'],
    ['é', 'must start with a letter or a digit'],
    ['aé', '"é" is not allowed: use letters, digits, ".", "_" or "-"'],
    ['a'.repeat(129), 'at most 128 characters (this one has 129)'],
    ['alpha', 'the workspace already has a case "alpha": pick another id'],
  ])('%j -> %s', (id, want) => {
    expect(caseIdProblem(id, ['alpha'])).toBe(want);
  });

  it('accepts exactly what the contract accepts', () => {
    const chars = fc.constantFrom(...'aZ09._- /é\u0000'.split(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: chars, maxLength: 140 }), fc.string({ maxLength: 10 })), (id) => {
        expect(caseIdProblem(id, []) === null).toBe(contractAccepts(id));
      }),
    );
  });

  it('suggests a valid id from a folder name', () => {
    expect(suggestCaseId('trackio-logbook-timing')).toBe('trackio-logbook-timing');
    expect(suggestCaseId('My logbook (copy)')).toBe('My-logbook-copy');
    expect(suggestCaseId('.trackio')).toBe('trackio');
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (name) => {
        const id = suggestCaseId(name);
        expect(id === '' || contractAccepts(id)).toBe(true);
      }),
    );
  });
});

describe('reviewer name', () => {
  it('is remembered trimmed, and storage failures are harmless', () => {
    const data = new Map<string, string>();
    const storage: NameStorage = { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
    expect(loadReviewer(storage)).toBe('');
    saveReviewer(storage, '  Ada Lovelace ');
    expect(loadReviewer(storage)).toBe('Ada Lovelace');
    const broken: NameStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadReviewer(broken)).toBe('');
    expect(() => saveReviewer(broken, 'x')).not.toThrow();
    expect(loadReviewer(null)).toBe('');
  });

  it('goes with an edit only when given', () => {
    expect(byReviewer('  Ada ')).toEqual({ reviewer: 'Ada' });
    expect(byReviewer('   ')).toEqual({});
  });
});

describe('normalizeQuote', () => {
  it.each([
    [' a  b \n\n\n c ', 'a b\n\nc'],
    ['x\u00a0y\r\nz', 'x y\nz'],
    ['\tResult:\t2x slower. ', 'Result: 2x slower.'],
    ['', ''],
  ])('%j -> %j', (raw, want) => {
    expect(normalizeQuote(raw)).toBe(want);
  });
});
