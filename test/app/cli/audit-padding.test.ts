// `recheck audit padding` in process through main(): a hand-computed table, the baseline cost, bad rows.
import { describe, it, expect } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';

describe('recheck audit padding', () => {
  const dir = tempDir();
  // Rows deliberately out of order. Model big: seq a = [7, 2(pad), 2, 2], nll [1.0, 0.2, 0.01, 0.01];
  // model small: same tokens, nll [1.4, 0.3, 0.02, 0.02]. Pad id 2: positions 2 and 3 are padding.
  writeFileSync(
    join(dir, 'pos.csv'),
    'model,seq,pos,token,nll\nbig,a,3,2,0.01\nbig,a,0,7,1.0\nsmall,a,0,7,1.4\nbig,a,1,2,0.2\nbig,a,2,2,0.01\nsmall,a,1,2,0.3\nsmall,a,2,2,0.02\nsmall,a,3,2,0.02\n',
  );

  it('reports per-model perplexities with and without padding and the quality cost', async () => {
    const r = await cli(['audit', 'padding', 'pos.csv', '--pad-token', '2', '--baseline', 'big', '--json'], dir);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    const big = out.models.find((m: { name: string }) => m.name === 'big');
    expect(big.positions).toBe(4);
    expect(big.padPositions).toBe(2);
    expect(big.padFraction).toBe(0.5);
    expect(big.perplexityAll).toBeCloseTo(Math.exp(1.22 / 4), 12);
    expect(big.perplexityNoPad).toBeCloseTo(Math.exp(1.2 / 2), 12);
    expect(big.deflation).toBeCloseTo(Math.exp(0.6 - 0.305), 12);
    expect(out.qualityCost).toEqual([{ model: 'small', costAll: expect.any(Number), costNoPad: expect.any(Number) }]);
    expect(out.qualityCost[0].costAll).toBeCloseTo(Math.exp(1.74 / 4 - 1.22 / 4) - 1, 12);
    expect(out.qualityCost[0].costNoPad).toBeCloseTo(Math.exp(1.7 / 2 - 1.2 / 2) - 1, 12);
  });

  it('a pad token that never occurs is bad input naming the tokens that occur most (issue 13)', async () => {
    const r = await cli(['audit', 'padding', 'pos.csv', '--pad-token', '0'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'recheck: pos.csv: the pad token "0" never occurs in column "token"; the most frequent tokens are "2" (6 positions), "7" (2 positions)\n',
    );
  });

  it('bad rows are one-line bad input naming file and line', async () => {
    writeFileSync(join(dir, 'bad.csv'), 'seq,pos,token,nll\na,0,1,0.5\na,1.5,2,0.1\n');
    const a = await cli(['audit', 'padding', 'bad.csv', '--pad-token', '2'], dir);
    expect(a.code).toBe(2);
    expect(a.stderr).toBe('recheck: bad.csv: line 3: column "pos": 1.5 is not an integer\n');
    writeFileSync(join(dir, 'nocol.csv'), 'seq,pos,nll\na,0,0.5\n');
    expect((await cli(['audit', 'padding', 'nocol.csv', '--pad-token', '2'], dir)).stderr).toMatch(/no column "token"/);
    const c = await cli(['audit', 'padding', 'pos.csv', '--pad-token', '2', '--baseline', 'huge'], dir);
    expect(c.code).toBe(2);
    expect(c.stderr).toMatch(/pos\.csv: baseline model "huge" not among/);
  });
});
