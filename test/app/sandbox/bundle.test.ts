import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleProgram } from '../../../app/sandbox/bundle';
import { sha256 } from '../../../app/fs/hash';

function moduleIn(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'recheck-bundle-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('bundleProgram', () => {
  it('bundles a TypeScript module, its own folder and the checkers library into one file, with hashes', async () => {
    const dir = moduleIn({
      'sandbox/main.ts': `import { half } from './util';\nimport { splitSeed } from '../../../checkers/random/xoshiro128';\nexport default (x: number): number => half(x) + splitSeed(1, 2) * 0;`,
      'sandbox/util.ts': 'export const half = (x: number): number => x / 2;',
    });
    const p = await bundleProgram({ modulePath: join(dir, 'sandbox/main.ts') });
    try {
      const text = readFileSync(p.file, 'utf8');
      expect(text).toContain('function splitSeed'); // `../../../checkers/...` means the library, from any folder
      expect(p.codeHash).toBe(sha256(text));
      expect(p.moduleHash).toBe(sha256(readFileSync(join(dir, 'sandbox/main.ts'))));
    } finally {
      await p.cleanup();
    }
  });

  it('refuses packages outside the pure list and reports syntax errors with file and line', async () => {
    const a = moduleIn({ 'm.mjs': `import ws from 'ws';\nexport default () => ws;` });
    await expect(bundleProgram({ modulePath: join(a, 'm.mjs') })).rejects.toThrow(/import "ws" is not available in the sandbox/);
    const b = moduleIn({ 'm.ts': `export default () => {\n  return 1 +;\n};` });
    await expect(bundleProgram({ modulePath: join(b, 'm.ts') })).rejects.toThrow(/m\.ts: cannot be bundled for the sandbox: m\.ts:2: /);
  });

  it('replaces denied Node modules by stubs and keeps harmless ones', async () => {
    const dir = moduleIn({
      'm.mjs': `import { join } from 'node:path';\nimport { spawn } from 'child_process';\nexport default () => [join('a', 'b'), typeof spawn];`,
    });
    const p = await bundleProgram({ modulePath: join(dir, 'm.mjs') });
    try {
      const text = readFileSync(p.file, 'utf8');
      expect(text).toMatch(/from "node:path"/);
      expect(text).not.toMatch(/from "node:child_process"/);
      expect(text).toContain('"node:child_process", "spawn"');
    } finally {
      await p.cleanup();
    }
  });
});
