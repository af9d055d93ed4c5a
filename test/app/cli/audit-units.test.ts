// `recheck audit units` in process through main(): the example, incommensurable dimensions, bad input.
import { describe, it, expect } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';

const doc = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    format: 'recheck.units/1',
    definitions: ['batch = 32 trajectory'],
    quantities: { method: '6.4 s/batch', baseline: '0.8 s/trajectory' },
    claim: { numerator: 'method', denominator: 'baseline', ratio: 8, relTol: 0.05 },
    ...over,
  });

describe('recheck audit units', () => {
  const dir = tempDir();
  it('the issue example: ratio 0.25 in common units, naive 8, explained by a unit slip', async () => {
    writeFileSync(join(dir, 'q.json'), doc());
    const r = await cli(['audit', 'units', 'q.json', '--json'], dir);
    // Issue 13: the checked ratio does not hold, so the exit code is 1, like verify and audit divergence.
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.commensurable).toBe(true);
    expect(out.ratio).toBeCloseTo(0.25, 12);
    expect(out.naiveRatio).toBeCloseTo(8, 12);
    expect(out.normalized.method.value).toBeCloseTo(0.2, 12);
    expect(out.claimHolds).toBe(false);
    expect(out.explainedByUnitSlip).toBe(true);
    const h = await cli(['audit', 'units', 'q.json'], dir);
    expect(h.stdout).toMatch(/explained by a unit slip/);
  });

  it('without the definition the dimensions are named and commensurable is false', async () => {
    writeFileSync(join(dir, 'nodef.json'), doc({ definitions: [] }));
    const r = await cli(['audit', 'units', 'nodef.json', '--json'], dir);
    expect(r.code).toBe(1); // a ratio of incommensurable quantities cannot equal the claimed number
    const out = JSON.parse(r.stdout);
    expect(out.commensurable).toBe(false);
    expect(out.dimensions).toEqual({ method: 'time / batch', baseline: 'time / trajectory' });
  });

  it('exits 0 when the claim holds, and when there is no claim to check', async () => {
    writeFileSync(join(dir, 'holds.json'), doc({ claim: { numerator: 'method', denominator: 'baseline', ratio: 0.25, relTol: 0.05 } }));
    expect((await cli(['audit', 'units', 'holds.json'], dir)).code).toBe(0);
    writeFileSync(join(dir, 'noclaim.json'), doc({ claim: undefined }));
    expect((await cli(['audit', 'units', 'noclaim.json'], dir)).code).toBe(0);
  });

  it('an unknown unit, a wrong format or malformed JSON is bad input (exit 2, one line)', async () => {
    writeFileSync(join(dir, 'unk.json'), doc({ quantities: { method: '6.4 s/batch', baseline: '0.8 s/trajectoryz' } }));
    const a = await cli(['audit', 'units', 'unk.json'], dir);
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/^recheck: unk\.json: quantities\.baseline: .*trajectoryz/);
    writeFileSync(join(dir, 'fmt.json'), doc({ format: 'units/2' }));
    expect((await cli(['audit', 'units', 'fmt.json'], dir)).stderr).toMatch(/fmt\.json: format: expected "recheck\.units\/1"/);
    writeFileSync(join(dir, 'broken.json'), '{"format": ');
    const c = await cli(['audit', 'units', 'broken.json'], dir);
    expect(c.code).toBe(2);
    expect(c.stderr.trim().split('\n')).toHaveLength(1);
  });
});
