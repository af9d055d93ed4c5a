/**
 * Attacks on the sandbox bundler (issue 9, findings 1, 2 and part of 9): untrusted code must not make the host
 * read files outside the module's folder and the allowed packages' own files, hang it on a fifo, or fill its
 * memory from a device, and `data:` / `blob:` imports are refused at bundling.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleInProcess, bundleSource, REPO_ROOT, sandboxSources } from '../../app/sandbox/bundle';
import { canBundleInChild } from '../../app/sandbox/bundle-isolated';

const secretDir = mkdtempSync(join(tmpdir(), 'recheck-secret-'));
const secret = join(secretDir, 'id_rsa');
writeFileSync(secret, 'BEGIN HOST SECRET');

/** A fresh folder holding `files`; returns the folder. */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'recheck-bundle-attack-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** `../` enough times to climb from the allowed package's folder to the file system root. */
function climbFromPackages(): string {
  const nodeModules = sandboxSources().nodeModules[0] as string;
  return '../'.repeat(nodeModules.split('/').filter((s) => s !== '').length + 1);
}

/** Bundles and returns either the error message or the code; the secret must never be in the code. */
async function attempt(dir: string, entry = 'm.mjs'): Promise<string> {
  try {
    const { code } = await bundleSource({ modulePath: join(dir, entry) });
    expect(code).not.toContain('BEGIN HOST SECRET');
    return code;
  } catch (err) {
    expect(String(err)).not.toContain('BEGIN HOST SECRET');
    return (err as Error).message;
  }
}

describe('bundler: reads only the module folder and the allowed packages', () => {
  it('refuses a sub-path of an allowed package that climbs out of it (finding 1)', async () => {
    const spec = `gmp-wasm/${climbFromPackages()}${secret.slice(1)}`;
    const dir = folder({ 'm.mjs': `import t from ${JSON.stringify(spec)} with { type: 'text' };\nexport default () => t;` });
    expect(await attempt(dir)).toMatch(/cannot be bundled for the sandbox: .*(leaves|not allowed)/);
  });

  it('refuses a sub-path that reaches another installed package through an allowed one', async () => {
    const dir = folder({ 'm.mjs': `import e from 'mathjs/../esbuild/lib/main.js';\nexport default () => typeof e;` });
    expect(await attempt(dir)).toMatch(/cannot be bundled for the sandbox/);
  });

  it("refuses import attributes (text, bytes, file) even on the module's own files", async () => {
    const dir = folder({ 'm.mjs': `import t from './notes.txt' with { type: 'text' };\nexport default () => t;`, 'notes.txt': 'hello' });
    expect(await attempt(dir)).toMatch(/import attributes? .*not allowed/);
  });

  it('refuses data: and blob: imports at bundling (finding 9)', async () => {
    const a = folder({ 'm.mjs': `import x from 'data:text/javascript,export default 1';\nexport default () => x;` });
    expect(await attempt(a)).toMatch(/URL imports .*not allowed/);
    const b = folder({ 'm.mjs': `export default async () => (await import('data:text/javascript,export default 2')).default;` });
    expect(await attempt(b)).toMatch(/URL imports .*not allowed/);
  });

  it('refuses a fifo at once instead of hanging the host (finding 2)', async () => {
    const dir = folder({ 'm.mjs': `import t from './pipe.json';\nexport default () => t;` });
    execFileSync('mkfifo', [join(dir, 'pipe.json')]);
    const started = Date.now();
    expect(await attempt(dir)).toMatch(/not a regular file|fifo/);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('refuses /dev/zero reached through a package sub-path instead of filling memory (finding 2)', async () => {
    const spec = `gmp-wasm/${climbFromPackages()}dev/zero`;
    const dir = folder({ 'm.mjs': `import t from ${JSON.stringify(spec)} with { type: 'text' };\nexport default () => t.length;` });
    expect(await attempt(dir)).toMatch(/cannot be bundled for the sandbox/);
  });

  it('refuses a symlink that leaves the folder, as an import and as the entry (finding 3)', async () => {
    const dir = folder({ 'm.mjs': `import s from './data.json';\nexport default () => s;` });
    writeFileSync(join(secretDir, 'data.json'), '{"secret":"BEGIN HOST SECRET"}');
    symlinkSync(join(secretDir, 'data.json'), join(dir, 'data.json'));
    expect(await attempt(dir)).toMatch(/leaves the module's folder|symlink/);
    const entry = folder({});
    writeFileSync(join(secretDir, 'evil.mjs'), `export default () => 'BEGIN HOST SECRET';`);
    symlinkSync(join(secretDir, 'evil.mjs'), join(entry, 'm.mjs'));
    expect(await attempt(entry)).toMatch(/symlink|leaves/);
  });

  it('refuses a source file over the size cap', async () => {
    const dir = folder({ 'm.mjs': `import big from './big.json';\nexport default () => big.length;` });
    writeFileSync(join(dir, 'big.json'), `"${'x'.repeat(20 * 1024 * 1024)}"`);
    expect(await attempt(dir)).toMatch(/over the limit/);
  });

  it('refuses a module without a default export, and a JSON file as the module', async () => {
    expect(await attempt(folder({ 'm.mjs': '' }))).toMatch(/no default export/);
    expect(await attempt(folder({ 'm.mjs': 'export const f = () => 1;' }))).toMatch(/no default export/);
    expect(await attempt(folder({ 'm.json': '{"a": 1}' }), 'm.json')).toMatch(/not a \.ts, \.mts, \.js or \.mjs module/);
  });

  it('still bundles the legitimate forms: own files, checkers, allowed packages and their sub-paths', async () => {
    const dir = folder({
      'sandbox/m.ts': [
        `import { half } from './util';`,
        `import data from './data.json';`,
        `import { splitSeed } from '../../../checkers/random/xoshiro128';`,
        `import Decimal from 'decimal.js';`,
        `import { create, all } from 'mathjs';`,
        `export default () => [half(2), data.a, splitSeed(1, 2) * 0, new Decimal(1).toString(), typeof create, typeof all];`,
      ].join('\n'),
      'sandbox/util.ts': 'export const half = (x: number): number => x / 2;',
      'sandbox/data.json': '{"a": 3}',
    });
    const code = await attempt(dir, 'sandbox/m.ts');
    expect(code).toContain('function splitSeed');
  });
});

describe('bundler: runs in a child process under the run limits (finding 2)', () => {
  it('bundling is held to the wall clock of the run, and can be cancelled', async () => {
    const dir = folder({ 'm.mjs': `import { create, all } from 'mathjs';\nexport default () => typeof create(all);` });
    await expect(bundleSource({ modulePath: join(dir, 'm.mjs') }, { limits: { timeoutMs: 50 } })).rejects.toThrow(
      /bundling took longer than 0\.05 s/,
    );
    const ac = new AbortController();
    const pending = bundleSource({ modulePath: join(dir, 'm.mjs') }, { signal: ac.signal });
    ac.abort();
    await expect(pending).rejects.toThrow(/cancelled/);
    // The same module bundles within the default limits.
    expect((await bundleSource({ modulePath: join(dir, 'm.mjs') })).code.length).toBeGreaterThan(100_000);
  });

  it('the host does not run the bundler itself: a child does (Node hosts)', () => {
    expect(canBundleInChild(REPO_ROOT)).toBe(true);
  });
});

describe('bundler in process (the desktop app): the wall clock and cancel hold too', () => {
  it('times out and cancels with the same one-line reasons', async () => {
    const dir = folder({ 'm.mjs': `import { create, all } from 'mathjs';\nexport default () => typeof create(all);` });
    await expect(bundleInProcess({ modulePath: join(dir, 'm.mjs') }, { limits: { timeoutMs: 5 } })).rejects.toThrow(
      /bundling took longer than 0\.005 s/,
    );
    const ac = new AbortController();
    ac.abort();
    await expect(bundleInProcess({ modulePath: join(dir, 'm.mjs') }, { signal: ac.signal })).rejects.toThrow(/cancelled/);
    expect((await bundleInProcess({ modulePath: join(dir, 'm.mjs') })).code.length).toBeGreaterThan(100_000);
  });
});
