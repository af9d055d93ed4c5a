// The challenge generator (test/support/challenge/): the same seed writes the same bytes, and every defect
// kind is planted in its stated proportion.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/temp-case';
import { generateChallenge, PROPORTIONS } from '../../support/challenge/generate';

function files(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(root, p)] = readFileSync(p).toString('base64');
    }
  };
  walk(root);
  return out;
}

describe('generated challenges', () => {
  it('are deterministic and plant each kind in proportion', async () => {
    const [a, b] = [tempDir(), tempDir()];
    const ta = await generateChallenge(a, { count: 200, seed: 5 });
    const tb = await generateChallenge(b, { count: 200, seed: 5 });
    expect(tb).toEqual(ta);
    expect(files(b)).toEqual(files(a));
    for (const [kind, perMille] of Object.entries(PROPORTIONS))
      expect([kind, ta.filter((t) => t.kinds.includes(kind as never) && t.name !== 'hidden-paging').length]).toEqual([
        kind,
        Math.round((200 * perMille) / 1000),
      ]);
    expect(ta).toHaveLength(200);
  }, 60_000);
});
