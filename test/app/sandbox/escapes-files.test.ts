import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleProgram } from '../../../app/sandbox/bundle';
import { confinementOrSkip, runSource } from './harness';

const c = await confinementOrSkip();
const secretDir = mkdtempSync(join(tmpdir(), 'recheck-secret-'));
const secret = join(secretDir, 'secret.txt');
writeFileSync(secret, 'host secret');

describe.skipIf(c === null)('sandbox: files', () => {
  it('cannot read a file through a static import (named in the reason)', async () => {
    const r = await runSource(c!, `import { readFileSync } from 'node:fs'; export default () => readFileSync(${JSON.stringify(secret)}, 'utf8');`);
    expect(r.outcome).toBe('denied');
    if (r.outcome === 'ok') return;
    expect(r.denied).toEqual({ resource: 'file', what: `node:fs.readFileSync ${secret}` });
  });

  it('cannot read a file through a computed dynamic import (Node permission model)', async () => {
    const r = await runSource(c!, `export default async (input) => { const fs = await import(input.mod); return fs.readFileSync(${JSON.stringify(secret)}, 'utf8'); };`, { input: { mod: 'node:fs' } });
    expect(r.outcome).toBe('denied');
    if (r.outcome === 'ok') return;
    expect(r.denied?.resource).toBe('file');
    expect(r.message).toContain(secret);
  });

  it('reports the attempt even when the program catches the error', async () => {
    const r = await runSource(c!, `export default async (input) => { try { const fs = await import(input.mod); return fs.readFileSync('/etc/passwd', 'utf8'); } catch { return 'nothing to see'; } };`, { input: { mod: 'node:fs' } });
    // The permission-model error was caught by the program: not a guard denial, but the content never came back.
    expect(r.outcome).toBe('ok');
    expect(r.outcome === 'ok' ? r.value : null).toBe('nothing to see');
    const r2 = await runSource(c!, `import fs from 'node:fs'; export default () => { try { fs.readdirSync('/'); } catch {} return 1; };`);
    expect(r2.outcome).toBe('denied');
  });

  it('cannot write a file (static and dynamic import); nothing appears on disk', async () => {
    const target = join(secretDir, 'written.txt');
    const r1 = await runSource(c!, `import { writeFileSync } from 'node:fs'; export default () => writeFileSync(${JSON.stringify(target)}, 'x');`);
    const r2 = await runSource(c!, `export default async (input) => { const fs = await import(input.mod); fs.writeFileSync(${JSON.stringify(target)}, 'x'); };`, { input: { mod: 'node:fs' } });
    expect([r1.outcome, r2.outcome]).toEqual(['denied', 'denied']);
    expect(existsSync(target)).toBe(false);
  });

  it('cannot make the host read a file outside its folder at bundle time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recheck-sbx-test-'));
    const file = join(dir, 'm.mjs');
    writeFileSync(file, `import s from ${JSON.stringify(join(secretDir, 'data.json'))}; export default () => s;`);
    writeFileSync(join(secretDir, 'data.json'), '{"a":1}');
    await expect(bundleProgram({ modulePath: file })).rejects.toThrow(/leaves the module's folder/);
  });

  it('cannot reach the raw fs binding (process.binding), through the guard or the real process object', async () => {
    const r1 = await runSource(c!, `export default () => process.binding('fs');`);
    expect(r1.outcome).toBe('denied');
    if (r1.outcome !== 'ok') expect(r1.denied).toEqual({ resource: 'native-code', what: 'process.binding fs' });
    const r2 = await runSource(c!, `export default async (input) => { const p = (await import(input.mod)).default; try { p.binding('fs'); return 'reached'; } catch (e) { return e.code; } };`, { input: { mod: 'node:process' } });
    expect(r2.outcome === 'ok' ? r2.value : r2.outcome).toBe('ERR_ACCESS_DENIED'); // Node's permission model
  });

  it('sees an empty environment', async () => {
    const r = await runSource(c!, `export default async (input) => { const p = await import(input.mod); return [Object.keys(process.env).length, Object.keys(p.default.env).filter((k) => k !== 'PWD').length]; };`, { input: { mod: 'node:process' } });
    expect(r.outcome).toBe('ok');
    if (r.outcome === 'ok') expect(r.value).toEqual([0, 0]);
  });
});
