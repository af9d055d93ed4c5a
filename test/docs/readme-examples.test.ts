// Issue 13: the README's CLI examples run as written on bundled data. Every line of the first `sh` block of
// "The `recheck` CLI" runs through bin/recheck.mjs in a temporary folder holding a copy of cases/ (so nothing
// is written into the repository) and must end with 0 (done) or 1 (a checked statement does not hold).
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from '../helpers/temp-case';

const ROOT = resolve(import.meta.dirname, '../..');

function bundledExamples(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## The `recheck` CLI'));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (block === null) throw new Error('README: no sh block in "The recheck CLI"');
  return block[1]!
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l.startsWith('npx recheck'));
}

/** Splits a shell line into words (double quotes only, as the README uses). */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

describe('README examples', () => {
  const examples = bundledExamples();

  it('name only bundled data (no <placeholders>)', () => {
    expect(examples.length).toBeGreaterThan(10);
    for (const e of examples) expect(e, e).not.toMatch(/[<>[\]]/);
  });

  it('run as written, in order, from a folder holding the bundled cases', { timeout: 600_000 }, () => {
    const dir = tempDir('recheck-readme-');
    cpSync(join(ROOT, 'cases'), join(dir, 'cases'), {
      recursive: true,
      filter: (src) => !/[/\\]runs[/\\].+/.test(src) || src.endsWith('.gitkeep'),
    });
    for (const e of examples) {
      const args = words(e).slice(2);
      const r = spawnSync(process.execPath, [join(ROOT, 'bin/recheck.mjs'), ...args], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 240_000,
        env: { ...process.env, RECHECK_WORKSPACE: join(dir, 'workspace'), RECHECK_DEBUG: '', NO_COLOR: '1' },
      });
      expect([0, 1], `${e}\nexit ${r.status}\n${r.stderr}`).toContain(r.status);
    }
  });
});
