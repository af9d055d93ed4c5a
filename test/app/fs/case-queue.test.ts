// One writer per case (app/fs/case-queue.ts): tasks of one key run one at a time whatever the path's spelling,
// other keys are not held up, a writer may re-enter its own key but a continuation that outlives it may not,
// and across processes the abstract-socket lock waits for another holder, gives up with one line, and is freed
// by the kernel when its holder is killed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseWriterLockName, withCaseWriter, withFileWriter, writerKey } from '../../../app/fs/case-queue';
import { BusyError } from '../../../app/errors';
import { tempDir } from '../../helpers/temp-case';

const tick = (ms = 1) => new Promise((r) => setTimeout(r, ms));

/** A read-modify-write of a counter file with a pause between the read and the write. */
async function increment(file: string): Promise<void> {
  const n = Number(readFileSync(file, 'utf8'));
  await tick();
  writeFileSync(file, String(n + 1));
}

describe('withCaseWriter within one process', () => {
  it('runs 20 read-modify-writes of one case one at a time, whatever the spelling of its path', async () => {
    const root = tempDir();
    const dir = join(root, 'case');
    mkdirSync(dir);
    symlinkSync(dir, join(root, 'alias'));
    const counter = join(dir, 'n');
    writeFileSync(counter, '0');
    const spellings = [dir, `${dir}/`, join(root, 'alias'), join(root, 'case', '..', 'case')];
    await Promise.all(Array.from({ length: 20 }, (_, i) => withCaseWriter(spellings[i % spellings.length]!, () => increment(counter))));
    expect(readFileSync(counter, 'utf8')).toBe('20');
  });

  it('without the writer the same 20 lose updates (the test can fail)', async () => {
    const counter = join(tempDir(), 'n');
    writeFileSync(counter, '0');
    await Promise.all(Array.from({ length: 20 }, () => increment(counter)));
    expect(Number(readFileSync(counter, 'utf8'))).toBeLessThan(20);
  });

  it('does not hold up another case or file, and goes on after a task that throws', async () => {
    const a = tempDir();
    const b = tempDir();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = withCaseWriter(a, async () => gate); // holds case a until case b's task opens the gate
    await withCaseWriter(b, async () => release());
    await withFileWriter(join(a, 'settings.json'), async () => undefined);
    await first;
    await expect(withCaseWriter(a, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(withCaseWriter(a, async () => 'next')).resolves.toBe('next');
  });

  it('re-enters its own key inline (an import adding a logbook), and others wait for the whole outer task', async () => {
    const dir = tempDir();
    const order: string[] = [];
    const outer = withCaseWriter(dir, async () => {
      order.push('outer start');
      await tick(20);
      await withCaseWriter(dir, async () => order.push('inner'));
      order.push('outer end');
    });
    const after = withCaseWriter(dir, async () => order.push('after'));
    await Promise.all([outer, after]);
    // One writer at a time, the inner call inline: 'after' runs wholly before or wholly after the outer task. Which
    // comes first is not promised: each call resolves its key (a realpath) before it queues, and under load the
    // second call's can finish first (seen once in CI).
    expect([
      ['outer start', 'inner', 'outer end', 'after'],
      ['after', 'outer start', 'inner', 'outer end'],
    ]).toContainEqual(order);
  });

  it('a continuation that outlives its task queues like any writer (the hold ends when the task settles)', async () => {
    const dir = tempDir();
    const order: string[] = [];
    let detached: Promise<unknown> = Promise.resolve();
    await withCaseWriter(dir, async () => {
      detached = tick(30).then(() => withCaseWriter(dir, async () => order.push('detached')));
    });
    await withCaseWriter(dir, async () => {
      order.push('second start');
      await tick(100);
      order.push('second end');
    });
    await detached;
    expect(order).toEqual(['second start', 'second end', 'detached']);
  });

  it('keys a path that does not exist yet by its nearest real ancestor', async () => {
    const root = realpathSync(tempDir());
    mkdirSync(join(root, 'real'));
    symlinkSync(join(root, 'real'), join(root, 'link'));
    expect(await writerKey(join(root, 'link', 'new-case', 'case.json'))).toBe(join(root, 'real', 'new-case', 'case.json'));
    expect(await writerKey(join(root, 'link'))).toBe(join(root, 'real'));
  });
});

/** Another process holding the case's lock name; resolves once it holds it. */
async function holder(name: string, exitAfterMs?: number): Promise<ChildProcess> {
  const code = `const s=require('net').createServer();s.listen('\\0'+process.argv[1],()=>{process.stdout.write('held\\n');${exitAfterMs !== undefined ? `setTimeout(()=>process.exit(0),${exitAfterMs});` : ''}});`;
  const child = spawn(process.execPath, ['-e', code, name.slice(1)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('held') && resolve());
    child.on('exit', (c) => reject(new Error(`holder exited ${c}`)));
  });
  return child;
}

describe.skipIf(process.platform !== 'linux')('withCaseWriter across processes (Linux)', () => {
  it('gives up with one line naming the case when another process holds it; proceeds once that process is killed -9', async () => {
    const dir = tempDir();
    const child = await holder(await caseWriterLockName(dir));
    let ran = false;
    const refused = withCaseWriter(dir, async () => (ran = true), { waitMs: 300 });
    await expect(refused).rejects.toBeInstanceOf(BusyError);
    await expect(refused).rejects.toThrow(
      /^case folder .+ is being edited by another Recheck process \(waited 0\.3 s\): try again when it has finished$/,
    );
    expect(ran).toBe(false);
    const exited = new Promise((r) => child.on('exit', r));
    child.kill('SIGKILL');
    await exited;
    await expect(withCaseWriter(dir, async () => 'mine', { waitMs: 2000 })).resolves.toBe('mine');
  });

  it('waits for another process that finishes its edit, then runs', async () => {
    const dir = tempDir();
    await holder(await caseWriterLockName(dir), 300);
    const start = Date.now();
    await withCaseWriter(dir, async () => undefined);
    expect(Date.now() - start).toBeGreaterThanOrEqual(200);
  });
});
