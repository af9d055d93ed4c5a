// A reader that stops reading (`recheck fit big.csv --json | head -c 200`) makes the next write fail with EPIPE.
// The CLI must end as the command would have (exit 0 here), with nothing on stderr and without waiting for ever on
// a stream that will not drain (a handler that dropped writes after EPIPE left the piecewise JSON writer waiting:
// exit 13, caught by this test).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/temp-case';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('recheck with its standard output closed early', () => {
  it('a reader that stops after the first bytes ends the command quietly', { timeout: 300_000 }, async () => {
    const dir = tempDir();
    const rows = Array.from({ length: 50_000 }, (_, i) => `${i + 2},${(0.5 + 0.25 * Math.log(i + 2)).toFixed(6)},0.01`);
    writeFileSync(join(dir, 'sweep.csv'), `k,additive,se\n${rows.join('\n')}\n`);
    const child = spawn(
      process.execPath,
      [join(ROOT, 'bin/recheck.mjs'), 'fit', 'sweep.csv', '--x', 'k', '--y', 'additive', '--se', 'se', '--json'],
      {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => void (stderr += d.toString('utf8')));
    let first = '';
    child.stdout.once('data', (d: Buffer) => {
      first = d.toString('utf8');
      child.stdout.destroy(); // the reader goes away, as `head` does
    });
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    expect(first.startsWith('{')).toBe(true);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
