// `recheck audit divergence` in process through main(): the module runs in the real sandbox (bubblewrap).
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';
import { confinementOrSkip } from '../sandbox/harness';

const c = await confinementOrSkip();

const dir = tempDir();
const modules: Record<string, string> = {
  'forward.mjs': `export default (p, q) => p.reduce((s, pi, i) => s + pi * Math.log(pi / q[i]), 0);`,
  // TypeScript, importing the checkers library bundled into the sandbox.
  'reverse.ts': `import { float64Candidate } from '@recheck/checkers/divergence/candidates';\nexport default (p: number[], q: number[]): number => float64Candidate('reverse-kl', p, q);`,
  'mean.mjs': `export default (p, q) => p.reduce((s, pi, i) => s + pi * Math.log(pi / q[i]), 0) / p.length;`,
  'snoop.mjs': `import { readFileSync } from 'node:fs';\nexport default (p, q) => { readFileSync('/etc/passwd'); return 0; };`,
  'phone-home.mjs': `export default async (p, q) => { await fetch('http://127.0.0.1:9/'); return 0; };`,
  'spin.mjs': `export default (p, q) => { for (;;) {} };`,
  'boom.mjs': `export default () => { throw new Error('shape mismatch'); };`,
};
for (const [name, src] of Object.entries(modules)) writeFileSync(join(dir, name), src);

describe.skipIf(c === null)('recheck audit divergence', () => {
  it('classifies a forward-KL loss, and flags the mismatch with a reverse-KL theory (exit 1)', async () => {
    const r = await cli(['audit', 'divergence', 'forward.mjs', '--theory', 'reverse-kl', '--json', '--probes', '24'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ verdict: 'forward-kl', theory: 'reverse-kl', mismatch: true, probes: 24, confined: true });
    expect(out.candidates.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['forward-kl', 'reverse-kl', 'cross-entropy', 'js']),
    );
    expect(out.candidates[0]).toMatchObject({ name: 'forward-kl' });
    expect(out.candidates[0].maxRelError).toBeLessThan(1e-12);
    expect(out.candidates[1].maxRelError).toBeGreaterThan(1e-2);
  });

  it('TypeScript module using the bundled checkers: reverse-kl, agrees with the theory (exit 0); human output', async () => {
    const r = await cli(['audit', 'divergence', 'reverse.ts', '--theory', 'reverse-kl', '--probes', '16'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^reverse\.ts: computes reverse-kl/);
    expect(r.stdout).toMatch(/theory analyses reverse-kl; the code agrees/);
  });

  it('a mean instead of a sum is unknown', async () => {
    const r = await cli(['audit', 'divergence', 'mean.mjs', '--json', '--probes', '16'], dir);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ verdict: 'unknown', mismatch: null });
  });

  it('modules that misbehave: exit 2, one line naming the module and what it tried', async () => {
    const cases: [string, string[], RegExp][] = [
      ['snoop.mjs', [], /^recheck: snoop\.mjs: denied: tried file access: node:fs\.readFileSync \/etc\/passwd\n$/],
      ['phone-home.mjs', [], /^recheck: phone-home\.mjs: denied: tried network access: fetch http:\/\/127\.0\.0\.1:9\/\n$/],
      ['spin.mjs', ['--timeout', '1'], /^recheck: spin\.mjs: timeout: wall-clock limit of 1 s reached\n$/],
      ['boom.mjs', [], /^recheck: boom\.mjs: threw: Error: shape mismatch\n$/],
    ];
    for (const [file, extra, line] of cases) {
      const r = await cli(['audit', 'divergence', file, '--json', '--probes', '8', ...extra], dir);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(line);
    }
  });

  it('usage errors', async () => {
    const r = await cli(['audit', 'divergence', 'forward.mjs', '--theory', 'kl'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--theory must be/);
  });
});
