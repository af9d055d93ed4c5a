/** The script a recorded command runs, and programs rebuilt from run cells that cannot run. */
import { describe, expect, it } from 'vitest';
import { programOf, scriptOf } from '../../../app/replay/program';
import { interpreterFor } from '../../../app/sandbox/process/run-program';
import { findCell } from '../../../app/logbook/extract-table';
import { caseLogbooks } from '../../../app/replay/replay';
import { pythonCell, replayCase } from './replay-case';

describe('scriptOf', () => {
  it('is the first word that is not an option, none for -c, -m or -', () => {
    expect(scriptOf('python', ['bench.py', '--k', '16'])).toBe('bench.py');
    expect(scriptOf('python', ['-u', '-W', 'ignore', 'run.py'])).toBe('run.py');
    expect(scriptOf('python', ['-c', 'print(1)'])).toBeNull();
    expect(scriptOf('python', ['-m', 'pkg.main'])).toBeNull();
    expect(scriptOf('shell', ['-e', 'x.sh'])).toBe('x.sh');
    expect(scriptOf('shell', ['-c', 'echo 1'])).toBeNull();
    expect(scriptOf('node', ['-e', 'console.log(1)'])).toBeNull();
    expect(scriptOf('shell', ['-x', 'x.sh'])).toBe('x.sh');
    expect(scriptOf('node', ['--require', 'hook.js', 'main.js'])).toBe('main.js');
    expect(scriptOf('python', [])).toBeNull();
  });
});

describe('programOf', () => {
  const at = async (dir: string, cell: string) => programOf(dir, findCell('t', await caseLogbooks(dir), cell), interpreterFor);
  it('takes the embedded files by title and the command through the interpreter', async () => {
    const dir = replayCase([pythonCell('cell_a', 'a.py', 'print(1)\n', '1\n', { command: ['python3', '-u', 'a.py', '--k', '2'] })]);
    const p = await at(dir, 'cell_a');
    expect(p).toMatchObject({
      ok: true,
      program: { interpreter: 'python', args: ['-u', 'a.py', '--k', '2'], workspace: 'logbook', recordedExit: 0 },
    });
    if (p.ok) expect(p.program.files).toEqual([{ path: 'a.py', content: 'print(1)\n' }]);
  });
  it('cannot run: a compiled program, a title that leaves the workspace, a missing script', async () => {
    const dir = replayCase([
      pythonCell('cell_bin', 'a.out', '', '1\n', { command: ['./a.out'], embed: false }),
      pythonCell('cell_up', '../x.py', 'print(1)\n', '1\n', { command: ['python3', 'x.py'] }),
      pythonCell('cell_gone', 'x.py', '', '1\n', { command: ['python3', 'sub/x.py'], embed: false }),
    ]);
    expect(await at(dir, 'cell_bin')).toEqual({ ok: false, why: 'no interpreter for `./a.out`' });
    expect(await at(dir, 'cell_up')).toEqual({ ok: false, why: 'the page embeds a file titled "../x.py", which is not a relative path' });
    expect(await at(dir, 'cell_gone')).toEqual({
      ok: false,
      why: '`sub/x.py`, which the command runs, is neither embedded in the page nor a file of the case (looked in logbook/)',
    });
  });
});
