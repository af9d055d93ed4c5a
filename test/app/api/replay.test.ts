// The replay capability of the API (common/api/replay.ts, app/api/slices/replay.ts): a run cell's overridable
// literals as the replay form lists them, and a grid of values for one of them expanded and checked in words.
// On the paging-style script of the CLI's sweep tests (KS = [2, 4, 8, 16], printing `k=.. cost=..`).
import { describe, expect, it } from 'vitest';
import { basename, dirname } from 'node:path';
import { createRecheckService } from '../../../app/api/service';
import { API_METHODS, ApiArgumentError } from '../../../common/api/methods';
import { pagingCase } from '../replay/sweep-case';
import { pythonCell, replayCase, SWEEP_OUT } from '../replay/replay-case';

const ARGPARSE_PY = `import argparse, os, sys
p = argparse.ArgumentParser()
p.add_argument("--k", type=int, default=16)
SEED = int(os.environ.get("SEED", "3"))
args = p.parse_args()
extra = sys.argv[1:]
print(f"k={args.k} seed={SEED} extra={extra}")
`;

async function service(caseDir: string) {
  return { api: await createRecheckService({ workspaceDir: dirname(caseDir) }), caseId: basename(caseDir) };
}

describe('replayLiterals', () => {
  it("lists the paging cell's constants with their values, lines, kinds and grid names, and the columns it printed", async () => {
    const { api, caseId } = await service(pagingCase());
    const v = await api.replayLiterals({ caseId, cell: 'cell_paging_sweep' });
    expect(v).toMatchObject({ cell: 'cell_paging_sweep', logbook: 'lb', command: ['python3', 'paging.py'], interpreter: 'python' });
    expect(v.script).toEqual({ path: 'paging.py', from: 'page' });
    expect(v.literals).toEqual([
      { kind: 'list', name: 'KS', line: 5, value: '[2, 4, 8, 16]', override: { type: 'set', name: 'KS' }, grid: 'KS' },
      { kind: 'constant', name: 'C', line: 6, value: '0.5', override: { type: 'set', name: 'C' }, grid: 'C' },
      { kind: 'constant', name: 'DELAY', line: 7, value: '0', override: { type: 'set', name: 'DELAY' }, grid: 'DELAY' },
    ]);
    expect(v.printedTables).toEqual([['k', 'cost']]);
    expect(v.why).toBeUndefined();
  });

  it('lists argparse flags, sys.argv and environment variables with where their overrides go', async () => {
    const dir = replayCase([pythonCell('cell_args', 'args.py', ARGPARSE_PY, 'k=16 seed=3 extra=[]\n')]);
    const { api, caseId } = await service(dir);
    const v = await api.replayLiterals({ caseId, cell: 'cell_args', logbook: 'lb' });
    expect(v.literals.map((l) => [l.kind, l.name, l.value, l.grid, l.override])).toEqual([
      ['argument', '--k', '16', '--k', { type: 'arg', flag: '--k' }],
      ['env', 'SEED', '"3"', 'env:SEED', { type: 'env', variable: 'SEED' }],
      ['argument', 'sys.argv[...]', null, null, { type: 'arg', flag: null }],
    ]);
  });

  it('says why nothing is offered for a shell cell, and refuses an unknown cell in one line', async () => {
    const dir = replayCase([
      {
        type: 'run',
        id: 'cell_sh',
        command: ['bash', 'run.sh'],
        exitCode: 0,
        durationS: 0.1,
        scripts: [{ name: 'run.sh', lang: 'bash', text: 'echo hi\n' }],
        output: 'hi\n',
      },
      pythonCell('cell_sweep', 'sweep.py', 'KS = [2]\nprint(1)\n', SWEEP_OUT),
    ]);
    const { api, caseId } = await service(dir);
    const sh = await api.replayLiterals({ caseId, cell: 'cell_sh' });
    expect(sh.literals).toEqual([]);
    expect(sh.why).toMatch(/runs shell: only a Python script's literals are detected/);
    await expect(api.replayLiterals({ caseId, cell: 'cell_nope' })).rejects.toThrow(/cell id "cell_nope"|no cell/);
  });

  it('validates its arguments at the transport', () => {
    expect(() => API_METHODS.replayLiterals.validate([{ caseId: 'a', cell: 'c', extra: 1 }])).toThrow(ApiArgumentError);
    expect(() => API_METHODS.replayLiterals.validate([{ caseId: '../a', cell: 'c' }])).toThrow(/caseId must be an identifier/);
    expect(() => API_METHODS.checkReplayGrid.validate([{ caseId: 'a', cell: 'c', name: 'KS', values: '2', table: 0 }])).toThrow(
      /table must be a whole number/,
    );
    expect(API_METHODS.checkReplayGrid.validate([{ caseId: 'a', cell: 'c', name: 'KS', values: '2,4' }])).toEqual([
      { caseId: 'a', cell: 'c', name: 'KS', values: '2,4' },
    ]);
  });
});

describe('checkReplayGrid', () => {
  it('expands a progression, says how the name binds, and gives the sweep table columns', async () => {
    const { api, caseId } = await service(pagingCase());
    const g = await api.checkReplayGrid({ caseId, cell: 'cell_paging_sweep', name: 'KS', values: '2,4,8,...,1024' });
    expect(g).toEqual({
      ok: true,
      name: 'KS',
      values: [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024],
      binding: 'the top-level list KS, as [value] at each point',
      columns: ['KS', 'k', 'cost'],
    });
    expect(await api.checkReplayGrid({ caseId, cell: 'cell_paging_sweep', name: 'C', values: '0.25, 0.5' })).toMatchObject({
      ok: true,
      values: [0.25, 0.5],
      binding: 'the top-level constant C',
    });
  });

  it('says in words what is wrong with a grid', async () => {
    const { api, caseId } = await service(pagingCase());
    const problem = async (name: string, values: string) => {
      const g = await api.checkReplayGrid({ caseId, cell: 'cell_paging_sweep', name, values });
      expect(g.ok).toBe(false);
      return g.ok ? '' : g.problem;
    };
    expect(await problem('KS', '2,4,...,1024')).toMatch(/a progression needs its first three values before "\.\.\."/);
    expect(await problem('KS', '2,4,8,...,1000')).toMatch(/1000 is not a value of the progression 2,4,8/);
    expect(await problem('KS', '2,,4')).toMatch(/an empty value/);
    expect(await problem('KS', '2,four')).toMatch(/KS=\[four\]|four/);
    expect(await problem('KZ', '2,4')).toMatch(
      /no top-level constant, argparse flag or environment variable of that name \(it offers KS, C, DELAY/,
    );
  });
});
