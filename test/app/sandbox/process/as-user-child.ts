// Runs hostile cells through runProgram as whoever starts it (as-user.test.ts starts it as uid 65534 when the
// tests run as root) and prints one JSON line: how each ended, what was reported, and what was left behind.
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { detectProgramConfinement } from '../../../../app/sandbox/process/program-confinement';
import { defaultConfinement } from '../../../../app/sandbox/confinement';
import { runProgram } from '../../../../app/sandbox/process/run-program';

const [keep = ''] = process.argv.slice(2);
const pc = await detectProgramConfinement(await defaultConfinement());
const python = { interpreter: 'python' as const, python: '/usr/bin/python3' };
const bomb = await runProgram({
  ...python,
  args: ['c.py'],
  files: [
    { path: 'c.py', content: 'import os, time\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        time.sleep(0.01)\n' },
  ],
  limits: { timeoutMs: 3000 },
});
const memory = await runProgram({
  ...python,
  args: ['c.py'],
  files: [
    {
      path: 'c.py',
      content:
        'import os, time\nfor i in range(8):\n    if os.fork() == 0:\n        b = bytes([1]) * (200 * 2**20)\n        time.sleep(60)\n        os._exit(0)\ntime.sleep(60)\n',
    },
  ],
  limits: { memoryMb: 256, timeoutMs: 30_000 },
});
const before = readdirSync(tmpdir()).filter((n) => n.startsWith(`recheck-sandbox-${process.pid}-`));
const locked = await runProgram({
  interpreter: 'shell',
  args: ['-c', `mkdir -p locked/inner && echo x > locked/inner/f && chmod 000 locked/inner locked && ln -s ${keep} planted && echo done`],
  files: [],
}).then(
  (r) => r.stdout,
  (e: unknown) => `rejected: ${String(e)}`,
);
const after = readdirSync(tmpdir()).filter((n) => n.startsWith(`recheck-sandbox-${process.pid}-`));
process.stdout.write(
  `${JSON.stringify({
    uid: process.getuid?.(),
    setpriv: pc.setpriv,
    bwrap: pc.bwrap,
    bomb: { ended: bomb.ended, hostile: bomb.hostile },
    memory: { ended: memory.ended },
    locked,
    leftFolders: after.filter((n) => !before.includes(n)),
    keptTarget: existsSync(keep),
  })}\n`,
);
