// runProblem: the cheap check the case listing makes so that the UI offers "Run in sandbox" only where bundling
// would accept the module; compared with what bundling itself says about the same sources.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleInProcess, runProblem } from '../../../app/sandbox/bundle';

const SOURCES: [string, string][] = [
  ['default-fn.ts', 'export default function point(p: { k: number }) { return { k: p.k }; }\n'],
  ['default-arrow.mjs', 'export default async () => 1;\n'],
  ['default-as.ts', 'const f = () => 2;\nexport { f as default };\n'],
  ['helpers.ts', 'export function beladyCost(k: number): number { return k; }\n'],
  ['comment-only.ts', '// export default () => 1\nexport const x = 1;\n'],
  ['broken.ts', 'export default (a: number => a;\n'],
];

describe('runProblem', () => {
  it('agrees with bundling on which modules can run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recheck-run-problem-'));
    for (const [name, text] of SOURCES) {
      writeFileSync(join(dir, name), text);
      const cheap = await runProblem(`sandbox/${name}`, text);
      const bundled = await bundleInProcess({ modulePath: join(dir, name), target: 'worker' }).then(
        () => null,
        (e: Error) => e.message,
      );
      expect(cheap === null, `${name}: cheap ${cheap} vs bundling ${bundled}`).toBe(bundled === null);
    }
  });

  it('names the missing default export and the syntax error', async () => {
    expect(await runProblem('sandbox/paging.ts', 'export const a = 1;\n')).toMatch(/no default export/);
    expect(await runProblem('sandbox/broken.ts', 'export default (a: number => a;\n')).toMatch(/broken\.ts:1/);
    expect(await runProblem('sandbox/notes.md', '# x')).toMatch(/not a \.ts/);
  });
});
