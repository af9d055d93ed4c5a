// `recheck search` in process through main(): first exit, no exit, certificate output, progress only on a TTY.
import { describe, it, expect } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';

const config = (c: number, points: unknown[]) =>
  JSON.stringify({ format: 'recheck.certificate/1', dynamic: 'fw-attention', params: { c }, points });
const EXAMPLE = [
  ['-3', '1/4'],
  ['-3', '-3'],
  ['-1/3', '-7/4'],
  ['3', '1/2'],
];

describe('recheck search', () => {
  const dir = tempDir();

  it('finds the first exit (c = 50: step 103) and writes a certificate that verify accepts', async () => {
    writeFileSync(join(dir, 'c50.json'), config(50, EXAMPLE));
    const r = await cli(['search', 'c50.json', '--horizon', '500', '--json', '--certificate', 'c50-cert.json'], dir);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ firstExitStep: 103, horizon: 500, float64FirstExitStep: 103, certificate: 'c50-cert.json' });
    const written = JSON.parse(readFileSync(join(dir, 'c50-cert.json'), 'utf8'));
    expect(written.claim).toEqual({ kind: 'origin-leaves-hull', step: 103 });
    const v = await cli(['verify', 'c50-cert.json', '--json'], dir);
    expect(v.code).toBe(0);
  });

  it('reports null when the horizon is too short (the finite-horizon trap)', async () => {
    writeFileSync(join(dir, 'c50.json'), config(50, EXAMPLE));
    const r = await cli(['search', 'c50.json', '--horizon', '100', '--json'], dir);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ firstExitStep: null, horizon: 100, float64FirstExitStep: null });
  });

  it('draws progress on stderr only when it is a terminal; stdout stays one JSON document', async () => {
    writeFileSync(join(dir, 'c10.json'), config(10, EXAMPLE));
    const tty = await cli(['search', 'c10.json', '--horizon', '50', '--json'], dir, true);
    expect(tty.stderr).toMatch(/search/);
    expect(JSON.parse(tty.stdout).firstExitStep).toBe(5);
    const pipe = await cli(['search', 'c10.json', '--horizon', '50', '--json'], dir, false);
    expect(pipe.stderr).toBe('');
  });

  it('usage and input errors exit 2', async () => {
    writeFileSync(join(dir, 'c10.json'), config(10, EXAMPLE));
    expect((await cli(['search', 'c10.json'], dir)).code).toBe(2);
    expect((await cli(['search', 'c10.json', '--horizon', '-3'], dir)).code).toBe(2);
    writeFileSync(join(dir, 'bad.json'), config(0, EXAMPLE));
    const bad = await cli(['search', 'bad.json', '--horizon', '5'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/bad\.json: \/params\/c: c must be an integer >= 1/);
  });
});
