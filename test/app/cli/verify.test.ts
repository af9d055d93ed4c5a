// `recheck verify` in process through main(): holds (exit 0), does not hold (exit 1), bad input (exit 2).
import { describe, it, expect } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';

const cert = (over: Record<string, unknown> = {}, step = 706) =>
  JSON.stringify({
    format: 'recheck.certificate/1',
    dynamic: 'fw-attention',
    params: { c: 200 },
    points: [
      ['-3', '1/4'],
      ['-3', '-3'],
      ['-1/3', '-7/4'],
      ['3', '1/2'],
    ],
    claim: { kind: 'origin-leaves-hull', step },
    ...over,
  });

describe('recheck verify', () => {
  const dir = tempDir();

  it('the issue example holds: first exit at step 706, float64 agrees (exit 0, one JSON document)', async () => {
    writeFileSync(join(dir, 'ok.json'), cert());
    const r = await cli(['verify', 'ok.json', '--json'], dir);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ holds: true, firstExitStep: 706, claimedStep: 706 });
    expect(out.reason).toMatch(/steps 0..705/);
    expect(out.float64).toMatchObject({ firstExitStep: 706, holds: true, agreesWithExact: true });
    expect(r.stderr).toBe('');
    const human = await cli(['verify', 'ok.json'], dir);
    expect(human.stdout).toMatch(/HOLDS/);
  });

  it('a claim that is too early or too late does not hold (exit 1)', async () => {
    writeFileSync(join(dir, 'early.json'), cert({}, 705));
    writeFileSync(join(dir, 'late.json'), cert({}, 707));
    const early = await cli(['verify', 'early.json', '--json'], dir);
    expect(early.code).toBe(1);
    expect(JSON.parse(early.stdout)).toMatchObject({ holds: false, firstExitStep: null });
    const late = await cli(['verify', 'late.json', '--json'], dir);
    expect(late.code).toBe(1);
    expect(JSON.parse(late.stdout)).toMatchObject({ holds: false, firstExitStep: 706 });
  });

  it('shows when float64 alone would have confirmed a false certificate', async () => {
    // Exactly, x_1 reaches 0 at step 2 and stays: the origin never leaves; float64 sees an exit at step 2.
    writeFileSync(
      join(dir, 'fake.json'),
      cert(
        {
          params: { c: 1 },
          points: [
            ['1/10', '3/10'],
            ['-1/5', '-3/5'],
          ],
        },
        2,
      ),
    );
    const r = await cli(['verify', 'fake.json', '--json'], dir);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.holds).toBe(false);
    expect(out.float64).toMatchObject({ firstExitStep: 2, holds: true, agreesWithExact: false });
  });

  it.each([
    [
      'zero denominator',
      cert({
        points: [
          ['1/0', '1'],
          ['1', '1'],
        ],
      }),
      /zero\.json: \/points\/0\/0: zero denominator/,
    ],
    [
      'float coordinate',
      cert({
        points: [
          ['1', 0.5],
          ['1', '1'],
        ],
      }),
      /zero\.json: \/points\/0\/1: float coordinate 0\.5/,
    ],
    ['malformed JSON', '{"format": "recheck.certificate/1",', /zero\.json: malformed JSON at line 1, column 36/],
    ['missing claim', cert({ claim: undefined }), /zero\.json: \/claim: missing claim/],
  ])('bad input (%s): exit 2 with one line naming the file and place', async (_name, text, message) => {
    writeFileSync(join(dir, 'zero.json'), text);
    const r = await cli(['verify', 'zero.json', '--json'], dir);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });

  it('a missing file is bad input', async () => {
    const r = await cli(['verify', 'nope.json'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('recheck: nope.json: no such file\n');
  });
});
