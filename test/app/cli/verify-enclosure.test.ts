// `recheck verify` by the enclosure stepper (the default) and by the exact stepper (--exact): the same verdicts,
// with the count of steps that needed the exact path in the text and in the JSON record.
import { describe, it, expect } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';

const cert = (c: number, points: string[][], step: number) =>
  JSON.stringify({
    format: 'recheck.certificate/1',
    dynamic: 'fw-attention',
    params: { c },
    points,
    claim: { kind: 'origin-leaves-hull', step },
  });
const EXAMPLE = [
  ['-3', '1/4'],
  ['-3', '-3'],
  ['-1/3', '-7/4'],
  ['3', '1/2'],
];

describe('recheck verify: enclosure stepper', () => {
  const dir = tempDir();

  it('records how many steps needed the exact path (JSON and text); --exact gives the same verdict', async () => {
    writeFileSync(join(dir, 'ok.json'), cert(200, EXAMPLE, 706));
    const r = await cli(['verify', 'ok.json', '--json'], dir);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ holds: true, firstExitStep: 706, stepper: 'enclosure' });
    expect(doc.enclosure).toMatchObject({ states: 707, exactSteps: 0, reasons: { tie: 0, degenerateHull: 0, width: 0 } });
    const text = await cli(['verify', 'ok.json'], dir);
    expect(text.stdout).toMatch(
      /stepper: float64 enclosure; 0 steps decided by high-precision balls \(0 ball steps\); 0 of 707 steps needed the exact path \(ties 0, degenerate hulls 0, width 0\); 0 exact steps replayed \(longest replay 0\)/,
    );
    const exact = await cli(['verify', 'ok.json', '--exact', '--json'], dir);
    expect(exact.code).toBe(0);
    expect(JSON.parse(exact.stdout)).toMatchObject({ holds: true, firstExitStep: 706, stepper: 'exact', enclosure: null });
    expect((await cli(['verify', 'ok.json', '--exact'], dir)).stdout).toMatch(/stepper: exact rational state at every step/);
  });

  it('the collinear float trap: exact steps > 0, with their reasons, and the exact verdict', async () => {
    writeFileSync(
      join(dir, 'fake.json'),
      cert(
        1,
        [
          ['1/10', '3/10'],
          ['-1/5', '-3/5'],
        ],
        2,
      ),
    );
    const r = await cli(['verify', 'fake.json', '--json'], dir);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ holds: false, firstExitStep: null, stepper: 'enclosure' });
    expect(doc.enclosure.exactSteps).toBeGreaterThan(0);
    const exact = await cli(['verify', 'fake.json', '--exact', '--json'], dir);
    expect(JSON.parse(exact.stdout)).toMatchObject({ holds: false, firstExitStep: null, stepper: 'exact' });
    expect((await cli(['verify', 'fake.json'], dir)).stdout).toMatch(
      /stepper: float64 enclosure; \d+ steps decided by high-precision balls \(\d+ ball steps\); [1-9]\d* of 3 steps needed the exact path/,
    );
  });

  it('search decides by the same enclosure stepper (default) or the exact one (--exact): the same first exit', async () => {
    writeFileSync(
      join(dir, 'cfg.json'),
      JSON.stringify({ format: 'recheck.certificate/1', dynamic: 'fw-attention', params: { c: 280 }, points: EXAMPLE }),
    );
    const a = JSON.parse((await cli(['search', 'cfg.json', '--horizon', '2000', '--json'], dir)).stdout);
    const b = JSON.parse((await cli(['search', 'cfg.json', '--horizon', '2000', '--json', '--exact'], dir)).stdout);
    expect([a.firstExitStep, a.stepper, b.firstExitStep, b.stepper]).toEqual([947, 'enclosure', 947, 'exact']);
    expect(a.enclosure).toMatchObject({ exactSteps: 0, replayedSteps: 0 });
    expect(b.enclosure).toBeNull();
  });
});
