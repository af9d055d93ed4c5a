// The screen's rules on hand-built logbooks: the hidden-style paging logbook (both flags, the refit checked
// against numpy's least squares), the units slip of the timing fixture (normalised ratio against Python's
// Fraction), finding words, and what a clean page must not raise.
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadMpfr, type Mpfr } from '../../../checkers/precise/mpfr';
import { findingSays } from '../../../checkers/screen/findings';
import type { ScreenInput, ScreenPage } from '../../../checkers/screen/model';
import { screenLogbook, screenLogbookWithHorizons } from '../../../checkers/screen/rules';
import { findingHorizons } from '../../../checkers/screen/judge';
import { PYTHON, pythonModules } from '../../helpers/required';

const missing = pythonModules(['numpy']);
const md = (id: string, markdown: string) => ({ type: 'markdown' as const, id, title: '', markdown });
const run = (id: string, output: string, exitCode = 0, elidedChars?: number) => ({
  type: 'code' as const,
  id,
  title: 'Run',
  command: ['python3', 'x.py'],
  exitCode,
  blocks: [{ lang: 'output', text: output, ...(elidedChars !== undefined ? { elidedChars } : {}) }],
});
const input = (pages: ScreenPage[]): ScreenInput => ({ pages, artifacts: [], metrics: [] });
const PAGING_TABLE = '| k | additive |\n|---|---|\n| 2 | 0.2931 |\n| 4 | 0.4030 |\n| 8 | 0.4616 |\n| 16 | 0.4919 |';

function paging(fit: string): ScreenInput {
  return input([
    {
      slug: 'paging',
      title: 'Paging',
      cells: [
        md('c1', 'Claim under test: the additive term is O(1).'),
        md('c2', `${PAGING_TABLE}\n\nA least-squares fit of the additive term against ln k gives ${fit}.`),
        md('c3', '**Claim verified at this scale.**'),
      ],
    },
  ]);
}

describe.skipIf(missing !== '')('screen rules', () => {
  let mpfr: Mpfr;
  let oracle: { b: number; se: number };
  beforeAll(async () => {
    mpfr = await loadMpfr();
    const py = `import numpy as np
k=np.array([2,4,8,16.]);y=np.array([0.2931,0.4030,0.4616,0.4919])
X=np.column_stack([np.ones(4),np.log(k)]);c,res,_,_=np.linalg.lstsq(X,y,rcond=None)
s2=res[0]/2;cov=s2*np.linalg.inv(X.T@X);print(c[1],np.sqrt(cov[1,1]))`;
    const r = spawnSync(PYTHON, ['-c', py], { encoding: 'utf8' });
    const [b, se] = r.stdout.trim().split(/\s+/).map(Number);
    oracle = { b: b as number, se: se as number };
  });

  it('flags the hidden-style paging logbook twice: the printed fit and the premature verification', () => {
    const { flags, findings } = screenLogbook(mpfr, paging('b = 0.41 ± 0.07'));
    expect(findings).toEqual([{ page: 'paging', cell: 'c3', says: 'verified', claim: 'the additive term is O(1)' }]);
    expect(flags.map((f) => [f.kind, f.cell])).toEqual([
      ['printed-inconsistent', 'c2'],
      ['premature-verification', 'c3'],
    ]);
    // The message names the refit, which numpy's least squares reproduces (b = 0.094 ± 0.018).
    expect(flags[0]?.message).toContain(`b = ${oracle.b.toFixed(3)} ± ${Number(oracle.se.toPrecision(2))}`);
    expect(flags[1]?.message).toMatch(/4 distinct x, at least 6 needed.*xmax\/xmin = 8/);
  });

  it('a printed fit that does follow from the table raises only the premature verification', () => {
    const fit = `b = ${oracle.b.toFixed(4)} ± ${Number(oracle.se.toPrecision(2))}`;
    expect(screenLogbook(mpfr, paging(fit)).flags.map((f) => f.kind)).toEqual(['premature-verification']);
  });

  it('states the units slip of the timing fixture with the normalised ratio (Python Fraction: 3/50 / 1.5 = 1/25)', () => {
    const r = spawnSync(PYTHON, ['-c', 'from fractions import Fraction as F; print(float(F(3,1)/50/F(3,2)))'], { encoding: 'utf8' });
    const ratio = Number(r.stdout.trim());
    const { flags } = screenLogbook(
      mpfr,
      input([
        {
          slug: 't',
          title: 'T',
          cells: [
            run('r1', 'method: 3.0 s per batch (batch = 50 trajectories)\nbaseline: 1.5 s per trajectory'),
            md('v', 'The method takes 3.0 s and the baseline 1.5 s, so it is 2x slower. Claim falsified.'),
          ],
        },
      ]),
    );
    expect(flags.map((f) => f.kind)).toEqual(['units-mismatch']);
    expect(flags[0]?.message).toContain(`a ratio of ${ratio}, not the 2 the raw numbers give`);
  });

  it('tells apart two compared quantities that print the same number (found by the 7,000-logbook challenge)', () => {
    const { flags } = screenLogbook(
      mpfr,
      input([
        {
          slug: 't',
          title: 'T',
          cells: [
            run('r1', 'method: 1.1 s per batch (batch = 20 trajectories)\nbaseline: 1.1 s per trajectory'),
            md('v', 'The method takes 1.1 s and the baseline 1.1 s. Claim falsified.'),
          ],
        },
      ]),
    );
    expect(flags.map((f) => f.kind)).toEqual(['units-mismatch']);
    expect(flags[0]?.message).toContain('a ratio of 0.05, not the 1 the raw numbers give');
  });

  it('flags a failed and an elided run of the evidence, and nothing on a page without a finding', () => {
    const cells = [run('a', 'Traceback\nRuntimeError', 1), run('b', 'step 1', 0, 5000), md('v', 'Claim verified.')];
    const flags = screenLogbook(mpfr, input([{ slug: 'p', title: 'P', cells }])).flags;
    expect(flags.map((f) => [f.kind, f.cell, f.finding])).toEqual([
      ['failed-run', 'a', 'v'],
      ['truncated-output', 'b', 'v'],
    ]);
    expect(screenLogbook(mpfr, input([{ slug: 'p', title: 'P', cells: cells.slice(0, 2) }])).flags).toEqual([]);
  });

  it('reads finding words: negations and claim statements are no findings, the last word wins', () => {
    expect(findingSays('Claim falsified.')).toBe('falsified');
    expect(findingSays('Not verified, but refuted after all')).toBe('falsified');
    expect(findingSays('Claim under test: the result is verified by the authors')).toBeNull();
    fc.assert(
      fc.property(
        fc.constantFrom('verified', 'confirmed', 'reproduced', 'falsified', 'refuted'),
        fc.string({ maxLength: 20 }),
        (word, pad) => {
          const clean = pad.replace(/[A-Za-z]/g, ' ');
          expect(findingSays(`${clean} not ${word} ${clean}`)).toBeNull();
          expect(findingSays(`${clean} ${word}.`)).toBe(word === 'falsified' || word === 'refuted' ? 'falsified' : 'verified');
        },
      ),
    );
  });

  it('is deterministic: the same input gives the same flags, whatever the order of cells across pages', () => {
    const a = screenLogbook(mpfr, paging('b = 0.41 ± 0.07'));
    const b = screenLogbook(mpfr, paging('b = 0.41 ± 0.07'));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('gives, in one pass, the same horizons as the judge view computes from the pages (one choice of table)', () => {
    for (const fit of ['b = 0.41 ± 0.07', 'b = 0.094 ± 0.018', 'nothing printed']) {
      const one = screenLogbookWithHorizons(mpfr, paging(fit));
      expect(one.screen).toEqual(screenLogbook(mpfr, paging(fit)));
      expect(one.horizons).toEqual(findingHorizons(mpfr, paging(fit).pages));
      expect(one.horizons).toEqual([{ x: 'k', max: 16, rows: 4, page: 'paging', cell: 'c2' }]);
    }
  });
});
