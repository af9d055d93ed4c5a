// The checkers' declarations for the sandbox editor are generated from checkers/ itself: one .d.ts per source
// file, keeping the doc comments (hover docs), and the cache gives back exactly what the compiler emits.
import { describe, expect, it } from 'vitest';
import { checkersDeclarations, checkersSources, editorDeclarations } from '../../scripts/checkers-types';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../..');

describe('checkers declarations', () => {
  it('declares every checkers file, with its doc comments, and the cache agrees with the compiler', { timeout: 120_000 }, () => {
    const fresh = checkersDeclarations();
    const expected = checkersSources().map((f) => path.relative(repo, f).split(path.sep).join('/').replace(/\.ts$/, '.d.ts'));
    expect(Object.keys(fresh).sort()).toEqual(expected.sort());
    expect(fresh['checkers/exact/rational.d.ts']).toMatch(/static of\(num: bigint, den\?: bigint\): Rational;/);
    expect(fresh['checkers/exact/rational.d.ts']).toContain('num/den in canonical form');
    const cached = editorDeclarations();
    for (const [k, v] of Object.entries(fresh)) expect(cached[k], k).toBe(v);
    expect(cached['node_modules/decimal.js/index.d.ts']).toContain('declare class Decimal');
  });
});
