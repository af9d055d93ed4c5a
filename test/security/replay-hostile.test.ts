/**
 * Hostile run cells replayed through the sandbox's process runner (app/sandbox/process/run-program.ts), each a
 * real program (Python with Debian's /usr/bin/python3, bash, node), each contained and reported, with the host
 * side checked: nothing read from the host's home or a world-readable file outside the case, no connection to a
 * server on the host's loopback, a fork bomb held at the process limit and gone afterwards, a memory fill ended
 * by the memory limit, writes outside the scratch folder denied with the host's files unchanged, and a program
 * that sleeps forever (or daemonises) ended by the wall clock with every process gone.
 *
 * Without bubblewrap the refusal path still runs for real (the run is refused in one line and the cell never
 * runs), and the hostile cells are skipped saying why (a failure under the test command: test/helpers/required.ts).
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfinement } from '../../app/sandbox/confinement';
import { SandboxUnavailableError } from '../../app/sandbox/host';
import { PROCESS_LIMIT } from '../../app/sandbox/process/limits';
import { detectProgramConfinement } from '../../app/sandbox/process/program-confinement';
import { runProgram, type ProgramSpec } from '../../app/sandbox/process/run-program';
import { PYTHON, executable, required } from '../helpers/required';

const pc = await detectProgramConfinement(await defaultConfinement());
const skip = pc.bwrap === null ? required('bubblewrap usable for programs (Debian package bubblewrap)', pc.problem ?? 'missing') : '';
const noPython = executable(PYTHON, 'python3');

/**
 * Host pids whose command line holds `token` (the cell passes it as an argument; forks inherit it): bubblewrap's
 * two processes (the one outside the sandbox's namespaces and its PID 1 inside) and the program's; with
 * `programOnly`, the program's alone.
 */
function pidsWith(token: string, programOnly = false): number[] {
  const found: number[] = [];
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
      if (cmd.includes(token) && !(programOnly && /(?:^|\/)bwrap\0/.test(cmd))) found.push(Number(p));
    } catch {
      /* gone */
    }
  }
  return found;
}

const hash = (p: string): string => createHash('sha256').update(readFileSync(p)).digest('hex');
const token = (): string => `tok${randomBytes(6).toString('hex')}`;
/** A Python cell `cell.py` with `source`, run by Debian's interpreter; `o.args` follow the file name. */
const py = (source: string, o: Partial<ProgramSpec> = {}): ProgramSpec => ({
  interpreter: 'python',
  python: PYTHON,
  files: [{ path: 'cell.py', content: source }],
  ...o,
  args: ['cell.py', ...(o.args ?? [])],
});

describe('replay sandbox: refusal without bubblewrap (runs on every machine)', () => {
  it('refuses in one line naming bubblewrap, and the cell never runs', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'recheck-refusal-')), 'ran');
    const spec = py(`open(${JSON.stringify(marker)}, 'w').write('ran')`);
    const none = { ...pc, bwrap: null, problem: 'bubblewrap (bwrap) is missing or unusable here' };
    const err = await runProgram({ ...spec, confinement: none }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SandboxUnavailableError);
    expect((err as Error).message).not.toContain('\n');
    expect((err as Error).message).toMatch(/^python cell\.py \(bubblewrap \(bwrap\) is missing or unusable here\): sandbox: bubblewrap/);
    expect((err as Error).message).toContain('--allow-unconfined');
    expect(existsSync(marker)).toBe(false);
    // This machine's own confinement: refused the same way where bubblewrap is missing, run confined elsewhere.
    if (pc.bwrap === null) await expect(runProgram(spec)).rejects.toBeInstanceOf(SandboxUnavailableError);
  });

  it.skipIf(noPython !== '')('runs unconfined only when the reviewer opts in, and says so in the result', async () => {
    const none = { ...pc, bwrap: null, problem: 'bubblewrap (bwrap) is missing or unusable here' };
    const r = await runProgram({ ...py('print(6 * 7)'), confinement: none, allowUnconfined: true });
    expect(r).toMatchObject({ stdout: '42\n', ended: 'exited', exitCode: 0, confined: false });
  });
});

describe.skipIf(skip !== '' || noPython !== '')('replay sandbox: hostile Python cells are contained and reported', () => {
  let server: Server;
  let port = 0;
  let hits = 0;
  let outside = '';
  let caseDir = '';
  const caseHashes = new Map<string, string>();
  beforeAll(async () => {
    server = createServer((s) => {
      hits++;
      s.end('host data');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
    // A world-readable secret outside the case (uid 65534 could read it, were it visible).
    outside = mkdtempSync(join(tmpdir(), 'recheck-outside-'));
    mkdirSync(join(outside, '.ssh'), { mode: 0o755 });
    writeFileSync(join(outside, '.ssh', 'id_rsa'), 'SECRET-KEY-MATERIAL\n', { mode: 0o644 });
    chmodSync(outside, 0o755);
    caseDir = mkdtempSync(join(tmpdir(), 'recheck-case-'));
    chmodSync(caseDir, 0o755);
    writeFileSync(join(caseDir, 'a.csv'), 'k,ratio\n1,2\n', { mode: 0o644 });
    for (const f of ['a.csv']) caseHashes.set(f, hash(join(caseDir, f)));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(outside, { recursive: true, force: true });
    rmSync(caseDir, { recursive: true, force: true });
  });

  it("reads ~/.ssh, the host's HOME and a world-readable file outside the case: nothing readable, reported", async () => {
    const targets = ['~/.ssh/id_rsa', join(homedir(), '.ssh', 'id_rsa'), join(outside, '.ssh', 'id_rsa'), '/etc/shadow'];
    const r = await runProgram(
      py(
        `import os, json
out = {}
for p in ${JSON.stringify(targets)}:
    try:
        out[p] = open(os.path.expanduser(p)).read()
    except OSError as e:
        out[p] = type(e).__name__
try:
    out['home'] = os.listdir(${JSON.stringify(homedir())})
except OSError as e:
    out['home'] = type(e).__name__
print(json.dumps(out))`,
      ),
    );
    expect(r.ended).toBe('exited');
    expect(r.exitCode).toBe(0);
    expect(r.confined).toBe(true);
    const out = JSON.parse(r.stdout) as Record<string, string>;
    for (const t of targets) expect(out[t]).toBe('FileNotFoundError');
    expect(out.home).toBe('FileNotFoundError'); // not "permission denied": the host's home is not there at all
    expect(r.stdout).not.toContain('SECRET');
    expect(r.hostile).toContain('reads outside');
  });

  it('opens a socket to the host loopback and to an external address: both fail, reported, the host server untouched', async () => {
    const r = await runProgram(
      py(
        `import socket, sys
for addr in [('127.0.0.1', int(sys.argv[1])), ('8.8.8.8', 53)]:
    try:
        s = socket.create_connection(addr, timeout=3)
        print('CONNECTED', addr, s.recv(100))
    except OSError as e:
        print('failed', addr[0], e.errno)`,
        { args: [String(port)] },
      ),
    );
    expect(r.stdout).not.toContain('CONNECTED');
    expect(r.stdout).toMatch(/failed 127\.0\.0\.1 111\n/); // ECONNREFUSED: the sandbox's own, empty loopback
    expect(r.stdout).toMatch(/failed 8\.8\.8\.8 101\n/); // ENETUNREACH: no route out of the network namespace
    expect(r.hostile).toEqual(['network']);
    expect(hits).toBe(0);
  });

  it('a fork bomb is held at the process limit, the run ends, nothing is left and the host still forks', async () => {
    const tok = token();
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, pidsWith(tok, true).length)), 50);
    const r = await runProgram(
      py(
        `import os, time
while True:
    try:
        os.fork()
    except OSError:
        time.sleep(0.01)`,
        { args: [tok], limits: { timeoutMs: 3000 } },
      ),
    );
    clearInterval(watch);
    expect(r.ended).toBe('timeout');
    expect(r.hostile).toContain('fork bomb');
    expect(peak).toBeGreaterThan(PROCESS_LIMIT / 2); // it did fork, up to the limit...
    expect(peak).toBeLessThan(PROCESS_LIMIT); // ...which also counts bubblewrap's PID 1 inside the namespace
    await expect.poll(() => pidsWith(tok), { timeout: 2000 }).toEqual([]);
    expect(spawnSync('/bin/true').status).toBe(0);
  });

  it('filling memory ends the run at the memory limit', async () => {
    const r = await runProgram(py('x = []\nwhile True:\n    x.append(bytearray(10**7))', { limits: { memoryMb: 256 } }));
    expect(r.ended).toBe('memory-limit');
    expect(r.stderr).toMatch(/MemoryError/);
    expect(r.exitCode).toBe(1);
  });

  it('filling memory from many processes at once ends at the memory limit of them all (the host adds them up)', async () => {
    const tok = token();
    // 8 children x 200 MiB touched: each under its own address-space limit (640 MiB), together far over it.
    const r = await runProgram(
      py(
        `import os, time
for i in range(8):
    if os.fork() == 0:
        block = bytes([1]) * (200 * 2**20)
        time.sleep(60)
        os._exit(0)
time.sleep(60)`,
        { args: [tok], limits: { memoryMb: 256, timeoutMs: 30_000 } },
      ),
    );
    expect(r.ended).toBe('memory-limit');
    expect(r.durationMs).toBeLessThan(25_000);
    await expect.poll(() => pidsWith(tok), { timeout: 2000 }).toEqual([]);
  });

  it('writes outside the scratch folder (host /tmp, the case files, /usr) are denied and the host files unchanged', async () => {
    const hostTmp = mkdtempSync(join(tmpdir(), 'recheck-plant-'));
    chmodSync(hostTmp, 0o777);
    const attempts = [join(hostTmp, 'planted'), 'case/a.csv', 'case/new.txt', '/case/in/a.csv', join(caseDir, 'a.csv'), '/usr/planted'];
    const r = await runProgram(
      py(
        `import json
out = {}
for p in ${JSON.stringify(attempts)}:
    try:
        open(p, 'w').write('pwned')
        out[p] = 'WROTE'
    except OSError as e:
        out[p] = type(e).__name__
open('mine.txt', 'w').write('fine')
out['scratch'] = open('mine.txt').read()
print(json.dumps(out))`,
        {
          readOnly: [
            { source: caseDir, target: 'case' },
            { source: caseDir, target: '/case/in' },
          ],
        },
      ),
    );
    const out = JSON.parse(r.stdout) as Record<string, string>;
    expect(out.scratch).toBe('fine');
    for (const p of attempts) expect(out[p]).not.toBe('WROTE');
    expect(out['case/a.csv']).toBe('OSError'); // EROFS
    expect(r.hostile).toContain('writes outside');
    expect(readdirSync(hostTmp)).toEqual([]);
    expect(readdirSync(caseDir).sort()).toEqual(['a.csv']);
    expect(hash(join(caseDir, 'a.csv'))).toBe(caseHashes.get('a.csv'));
    expect(existsSync('/usr/planted')).toBe(false);
    rmSync(hostTmp, { recursive: true, force: true });
  });

  it('sleeping forever (and a daemonised grandchild) ends at the wall clock with every process gone', async () => {
    const tok = token();
    const run = runProgram(
      py(
        `import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(10**6)
    os._exit(0)
time.sleep(10**6)`,
        { args: [tok], limits: { timeoutMs: 2000 } },
      ),
    );
    await expect.poll(() => pidsWith(tok).length, { timeout: 1500 }).toBeGreaterThanOrEqual(2);
    const r = await run;
    expect(r.ended).toBe('timeout');
    expect(r.signal).toBe('SIGKILL');
    await expect.poll(() => pidsWith(tok), { timeout: 2000 }).toEqual([]);
  });
});

describe.skipIf(skip !== '')('replay sandbox: hostile shell and Node cells', () => {
  it('a shell cell: reads home, /dev/tcp, writes /usr and forks a bomb; contained, reported, nothing left', async () => {
    const tok = token();
    const script = `cat ${homedir()}/.ssh/id_rsa; ls ${homedir()}; echo x > /usr/planted
(exec 3<>/dev/tcp/127.0.0.1/22) 2>&1 | head -1 >&2
b() { b | b & }; b; sleep 1000`;
    const r = await runProgram({ interpreter: 'shell', args: ['-c', script, tok], files: [], limits: { timeoutMs: 3000 } });
    expect(r.interpreter).toMatch(/bash$/);
    expect(r.ended).toBe('timeout');
    expect(r.hostile).toEqual(expect.arrayContaining(['network', 'reads outside', 'writes outside', 'fork bomb']));
    expect(existsSync('/usr/planted')).toBe(false);
    await expect.poll(() => pidsWith(tok), { timeout: 2000 }).toEqual([]);
    expect(spawnSync('/bin/true').status).toBe(0);
  });

  it('a Node cell: reads home, connects out, writes /usr, floods memory; each contained and reported', async () => {
    const cell = `const fs = require('fs'), net = require('net');
for (const p of [${JSON.stringify(join(homedir(), '.ssh', 'id_rsa'))}, '/usr/planted']) {
  try { p.startsWith('/usr') ? fs.writeFileSync(p, 'x') : fs.readFileSync(p); console.log('DID', p); } catch (e) { console.error(e.message); }
}
const s = net.connect(53, '8.8.8.8'); s.on('error', (e) => { console.error(e.message); const a = []; for (;;) a.push(new Array(1e6).fill(1)); });`;
    const r = await runProgram({
      interpreter: 'node',
      args: ['cell.js'],
      files: [{ path: 'cell.js', content: cell }],
      limits: { memoryMb: 128 },
    });
    expect(r.stdout).not.toContain('DID');
    expect(r.ended).toBe('memory-limit');
    expect(r.hostile).toEqual(expect.arrayContaining(['network', 'reads outside', 'writes outside']));
    expect(existsSync('/usr/planted')).toBe(false);
  });
});
