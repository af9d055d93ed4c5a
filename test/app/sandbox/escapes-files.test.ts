import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleProgram } from '../../../app/sandbox/bundle';
import { confinementOrSkip, runRaw, runSource } from './harness';

const c = await confinementOrSkip();
const secretDir = mkdtempSync(join(tmpdir(), 'recheck-secret-'));
const secret = join(secretDir, 'secret.txt');
writeFileSync(secret, 'host secret');

describe.skipIf(c === null)('sandbox: files', () => {
  it('cannot read a file through a static import (named in the reason)', async () => {
    const r = await runSource(
      c!,
      `import { readFileSync } from 'node:fs'; export default () => readFileSync(${JSON.stringify(secret)}, 'utf8');`,
    );
    expect(r.outcome).toBe('denied');
    if (r.outcome === 'ok') return;
    expect(r.denied).toEqual({ resource: 'file', what: `node:fs.readFileSync ${secret}` });
  });

  it('cannot read a file through a computed dynamic import (guard), nor without the guard (permission model)', async () => {
    const r = await runSource(
      c!,
      `export default async (input) => { const fs = await import(input.mod); return fs.readFileSync(${JSON.stringify(secret)}, 'utf8'); };`,
      { input: { mod: 'node:fs' } },
    );
    expect(r.outcome).toBe('denied');
    if (r.outcome !== 'ok') expect(r.denied).toEqual({ resource: 'file', what: 'import node:fs' });
    const raw = await runRaw(c!, `const fs = await import('node:fs'); return fs.readFileSync(${JSON.stringify(secret)}, 'utf8');`);
    expect(raw.outcome === 'ok' ? raw.value : raw.message).toBe('ERR_ACCESS_DENIED');
  });

  it('reports the attempt even when the program catches the error and returns normally (finding 9)', async () => {
    const caught = [
      `export default async (input) => { try { const fs = await import(input.mod); return fs.readFileSync('/etc/passwd', 'utf8'); } catch { return 'nothing to see'; } };`,
      `import fs from 'node:fs'; export default () => { try { fs.readdirSync('/'); } catch {} return 1; };`,
      `export default async () => { try { await fetch('http://example.com'); } catch {} return 1; };`,
      `export default async (input) => { try { await import(input.url); } catch {} return 1; };`,
    ];
    for (const source of caught) {
      const r = await runSource(c!, source, { input: { mod: 'node:fs', url: 'data:text/javascript,export default 1' } });
      expect(r.outcome, source).toBe('denied');
    }
  });

  it('cannot write a file (static and dynamic import); nothing appears on disk', async () => {
    const target = join(secretDir, 'written.txt');
    const r1 = await runSource(
      c!,
      `import { writeFileSync } from 'node:fs'; export default () => writeFileSync(${JSON.stringify(target)}, 'x');`,
    );
    const r2 = await runSource(
      c!,
      `export default async (input) => { const fs = await import(input.mod); fs.writeFileSync(${JSON.stringify(target)}, 'x'); };`,
      { input: { mod: 'node:fs' } },
    );
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

  it('cannot reach the raw fs binding (process.binding): denied by the guard, and refused by the permission model without it', async () => {
    const r1 = await runSource(c!, `export default () => process.binding('fs');`);
    expect(r1.outcome).toBe('denied');
    if (r1.outcome !== 'ok') expect(r1.denied).toEqual({ resource: 'native-code', what: 'process.binding fs' });
    const r2 = await runRaw(c!, `try { process.binding('fs'); return 'reached'; } catch (e) { return e.code; }`);
    expect(r2.outcome === 'ok' ? r2.value : r2.outcome).toBe('ERR_ACCESS_DENIED'); // Node's permission model
  });

  it('sees an empty environment, with and without the guard', async () => {
    const r = await runSource(c!, `export default () => Object.keys(process.env).length;`);
    expect(r.outcome === 'ok' ? r.value : r).toBe(0);
    const raw = await runRaw(c!, `return Object.keys(process.env).filter((k) => k !== 'PWD').length;`);
    expect(raw.outcome === 'ok' ? raw.value : raw).toBe(0);
  });
});
