// Building a case without writing JSON: recheck new, import trackio, case add-claim / add-falsification /
// add-check / add-file, kinds. The bundled timing-normalization case is rebuilt from its logbook with these
// commands alone and reaches the bundled case's decision.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAudit } from '../../../app/cases/audit';
import { BUNDLED_CASES_DIR } from '../../../app/paths';
import { defaultRegistry } from '../../../app/cli/registry';
import { cli } from '../../helpers/cli';
import { copyCase, tempDir } from '../../helpers/temp-case';
import { writeTrackioLogbook } from '../../helpers/trackio-writer';

// The real Trackio logbook of the shared fixtures, as the bundled timing case ships it (identical files).
const FIXTURE = join(import.meta.dirname, '../../../cases/timing-normalization/logbook');
const BUNDLED = join(BUNDLED_CASES_DIR, 'timing-normalization');

async function ok(args: string[], cwd: string) {
  const r = await cli([...args, '--who', 'Ada'], cwd);
  expect(r.stderr, args.join(' ')).toBe('');
  expect(r.code, args.join(' ')).toBe(0);
  return r;
}

describe('rebuilding a bundled case from its logbook with the CLI alone', () => {
  it('timing-normalization: same claimed falsification, same checks, same decision as the bundled case', async () => {
    const ws = tempDir();
    await ok(['import', 'trackio', FIXTURE, '--out', 'timing', '--paper', join(BUNDLED, 'paper.md')], ws);
    await ok(['case', 'add-claim', 'timing', '--text', 'The batched rollout method is at least 8x faster than the baseline.'], ws);
    await ok(
      [
        'case',
        'add-falsification',
        'timing',
        '--claim',
        'C1',
        '--logbook',
        'L1',
        '--cell',
        'cell_fe530ccfdf00',
        '--quote',
        'method takes 3.0 s and the baseline 1.5 s, so the method is **2x slower**',
      ],
      ws,
    );
    await ok(['case', 'add-file', 'timing', join(BUNDLED, 'sandbox/quantities.json')], ws);
    await ok(['case', 'add-file', 'timing', join(BUNDLED, 'sandbox/claimed-speedup.json')], ws);
    await ok(
      [
        'case',
        'add-check',
        'timing',
        '--falsification',
        'F1',
        '--kind',
        'units-audit',
        '--param',
        'quantities=sandbox/quantities.json',
        '--param',
        'role=assertion',
      ],
      ws,
    );
    await ok(
      [
        'case',
        'add-check',
        'timing',
        '--falsification',
        'F1',
        '--kind',
        'units-audit',
        '--param',
        'quantities=sandbox/claimed-speedup.json',
        '--param',
        'role=claim',
      ],
      ws,
    );
    const rebuilt = JSON.parse((await ok(['run', 'timing', '--json'], ws)).stdout) as {
      falsifications: { decision: string; checks: { outcome: string }[] }[];
    };
    const bundled = JSON.parse(
      (await cli(['run', copyCase(BUNDLED, tempDir(), 'bundled'), '--json', '--no-record'], ws)).stdout,
    ) as typeof rebuilt;
    expect(rebuilt.falsifications.map((f) => [f.decision, f.checks.map((c) => c.outcome)])).toEqual(
      bundled.falsifications.map((f) => [f.decision, f.checks.map((c) => c.outcome)]),
    );
    expect(rebuilt.falsifications[0]?.decision).toBe('refuted');
    const audit = await readAudit(join(ws, 'timing'));
    expect(audit.map((e) => [e.action, e.who, (e.details as { edit?: string } | undefined)?.edit ?? null])).toEqual([
      ['edit', 'Ada', 'new-case'],
      ['edit', 'Ada', 'add-logbook'],
      ['import', 'Ada', null],
      ['edit', 'Ada', 'add-claim'],
      ['edit', 'Ada', 'add-falsification'],
      ['edit', 'Ada', 'add-file'],
      ['edit', 'Ada', 'add-file'],
      ['edit', 'Ada', 'add-check'],
      ['edit', 'Ada', 'add-check'],
      ['run', 'Ada', null],
    ]);
  });
});

describe('recheck import trackio', () => {
  it('keeps the paper id, run cells and the truncation of the real logbook, and hashes every copied file', async () => {
    const ws = tempDir();
    const r = JSON.parse((await ok(['import', 'trackio', FIXTURE, '--out', 'c', '--json'], ws)).stdout) as Record<string, unknown>;
    expect(r).toMatchObject({
      created: true,
      logbookId: 'L1',
      paper: 'openreview:example-rollouts',
      pages: 3,
      cells: 4,
      runCells: 2,
      failedRuns: 0,
      truncatedOutputs: 1,
      elidedChars: 139000,
      problems: [],
    });
    expect(r.notices).toEqual(["paper.md is a stub: write our summary of the paper's claims there (or pass --paper)"]);
    const file = JSON.parse(readFileSync(join(ws, 'c', 'case.json'), 'utf8')) as { paper: { venueId: string } };
    expect(file.paper.venueId).toBe('openreview:example-rollouts');
    const importEntry = (await readAudit(join(ws, 'c'))).find((e) => e.action === 'import');
    expect(Object.keys(importEntry?.hashes ?? {})).toContain('logbooks/L1/.trackio/logbook/pages/long-log/page.md');
  });

  it('imports a partial logbook, listing per page and cell what it could not read', async () => {
    const ws = tempDir();
    const src = writeTrackioLogbook(tempDir(), {
      title: 'Partial',
      metadata: { paper: { openreview_id: 'XyZ' } },
      pages: [
        { slug: 'a', title: 'A', cells: [{ type: 'raw', text: '\n\n---\n<!-- trackio-cell\n{"type": "code", broken\n-->\nbody\n' }] },
        { slug: 'gone', title: 'Gone', cells: [], missing: true },
      ],
    });
    const r = await ok(['import', 'trackio', src, '--out', 'p'], ws);
    expect(r.stdout).toMatch(
      /could not read 2 part\(s\):\n {2}a \/ a:cell-1: the cell header is not valid JSON.*\n {2}gone: pages\/gone\/page\.md: no such file/,
    );
    const v = await cli(['validate', 'p'], ws);
    expect(v.code).toBe(0);
    expect(v.stdout).toMatch(/logbook L1: 2 part\(s\) could not be read/);
  });

  it('a downloaded Space imports the same way; a second logbook joins an existing case', async () => {
    const ws = tempDir();
    await ok(['import', 'trackio', FIXTURE, '--out', 'c', '--paper', join(BUNDLED, 'paper.md')], ws);
    const space = writeTrackioLogbook(tempDir(), {
      title: 'Second look',
      layout: 'space',
      paper: { openreview_id: 'example-rollouts' },
      pages: [{ slug: 'p', title: 'P', cells: [{ type: 'markdown', id: 'm', body: 'Also 2x.' }] }],
    });
    const r = JSON.parse((await ok(['import', 'trackio', space, '--out', 'c', '--json'], ws)).stdout) as {
      created: boolean;
      logbookId: string;
      notices: string[];
    };
    expect(r).toMatchObject({ created: false, logbookId: 'L2' });
    expect(r.notices).toEqual([]);
    expect((await cli(['validate', 'c'], ws)).code).toBe(0);
  });

  it('a case made without a paper id takes the id of the first logbook imported into it, and says so', async () => {
    const ws = tempDir();
    writeFileSync(join(ws, 'paper.md'), '# Rollouts\n\nThe batched method is 8x faster.\n');
    await ok(['new', 'c', '--paper', 'paper.md'], ws);
    const before = JSON.parse(readFileSync(join(ws, 'c', 'case.json'), 'utf8')) as { paper: { venueId: string } };
    expect(before.paper.venueId).toBe('unknown:c');
    const r = JSON.parse((await ok(['import', 'trackio', FIXTURE, '--out', 'c', '--json'], ws)).stdout) as { notices: string[] };
    const after = JSON.parse(readFileSync(join(ws, 'c', 'case.json'), 'utf8')) as { paper: { venueId: string } };
    expect(after.paper.venueId).toBe('openreview:example-rollouts');
    expect(r.notices).toEqual(['the case had no paper id: it is now openreview:example-rollouts, the id the logbook names']);
    expect((await readAudit(join(ws, 'c'))).some((e) => e.action === 'edit' && JSON.stringify(e).includes('example-rollouts'))).toBe(true);
  });

  it('copies only regular files from the source: a symlink out and a fifo are left behind and listed', async () => {
    const ws = tempDir();
    const src = writeTrackioLogbook(tempDir(), { title: 'T', pages: [{ slug: 'a', title: 'A', cells: [] }] });
    const secret = join(tempDir(), 'secret');
    writeFileSync(secret, 'host secret');
    symlinkSync(secret, join(src, 'leak.txt'));
    execFileSync('mkfifo', [join(src, 'pipe')]);
    const r = JSON.parse((await ok(['import', 'trackio', src, '--out', 'c', '--json'], ws)).stdout) as {
      skipped: { path: string; why: string }[];
    };
    expect(r.skipped).toEqual(
      expect.arrayContaining([
        { path: 'leak.txt', why: 'symlink that leaves the case folder' },
        { path: 'pipe', why: 'a fifo' },
      ]),
    );
    expect(existsSync(join(ws, 'c', 'logbooks', 'L1', 'leak.txt'))).toBe(false);
  });

  it('refuses a folder that is not a Trackio logbook, and an existing non-case folder, changing nothing', async () => {
    const ws = tempDir();
    const r = await cli(['import', 'trackio', tempDir(), '--out', 'c'], ws);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not a Trackio logbook/);
    expect(existsSync(join(ws, 'c'))).toBe(false);
  });
});

describe('recheck case add-*', () => {
  async function fresh(): Promise<string> {
    const ws = tempDir();
    await ok(['import', 'trackio', FIXTURE, '--out', 'c', '--paper', join(BUNDLED, 'paper.md')], ws);
    await ok(['case', 'add-claim', 'c', '--text', 'Faster.'], ws);
    return ws;
  }

  it('a bad check param is one line naming it, and the case is left as it was', async () => {
    const ws = await fresh();
    await ok(['case', 'add-falsification', 'c', '--claim', 'C1', '--logbook', 'L1', '--assertion', '2x slower'], ws);
    const before = readFileSync(join(ws, 'c', 'case.json'), 'utf8');
    for (const [args, problem] of [
      [['--kind', 'growth-fit', '--param', 'table=t.csv', '--param', 'x=k'], /check kind growth-fit: params: missing required field "y"/],
      [['--kind', 'units-audit', '--param', 'quantities=/etc/passwd'], /quantities: path "\/etc\/passwd" must be relative/],
      [['--kind', 'nope'], /unknown check kind "nope"/],
      [['--kind', 'units-audit', '--param', '__proto__.x=1'], /not allowed/],
    ] as const) {
      const r = await cli(['case', 'add-check', 'c', '--falsification', 'F1', ...args], ws);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(problem);
    }
    expect(readFileSync(join(ws, 'c', 'case.json'), 'utf8')).toBe(before);
  });

  it('a quote must come from the cell it names; unknown ids name what exists', async () => {
    const ws = await fresh();
    const r = await cli(
      ['case', 'add-falsification', 'c', '--claim', 'C1', '--logbook', 'L1', '--cell', 'cell_fe530ccfdf00', '--quote', 'ten times slower'],
      ws,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/the quote does not appear in cell cell_fe530ccfdf00/);
    const r2 = await cli(['case', 'add-falsification', 'c', '--claim', 'C9', '--logbook', 'L1', '--assertion', 'x'], ws);
    expect(r2.stderr).toMatch(/no claim "C9" \(claims: C1\)/);
  });

  it('nested params from dotted keys and JSON values', async () => {
    const ws = await fresh();
    await ok(['case', 'add-falsification', 'c', '--claim', 'C1', '--logbook', 'L1', '--assertion', 'grows'], ws);
    mkdirSync(join(ws, 'c', 'tables'));
    writeFileSync(join(ws, 'c', 'tables', 'sweep.csv'), 'k,additive\n2,1\n4,1.6\n8,2.1\n');
    await ok(
      [
        'case',
        'add-check',
        'c',
        '--falsification',
        'F1',
        '--kind',
        'growth-fit',
        '--param',
        'table=tables/sweep.csv',
        '--param',
        'x=k',
        '--param',
        'y=additive',
        '--param',
        'sigma=0.1',
        '--id',
        'fit',
      ],
      ws,
    );
    const file = JSON.parse(readFileSync(join(ws, 'c', 'case.json'), 'utf8')) as { falsifications: { checks: { params: unknown }[] }[] };
    expect(file.falsifications[0]?.checks[0]?.params).toEqual({ table: 'tables/sweep.csv', x: 'k', y: 'additive', sigma: 0.1 });
  });
});

describe('recheck new and recheck kinds', () => {
  it('new makes a whole case or none; an existing folder is refused', async () => {
    const ws = tempDir();
    writeFileSync(join(ws, 'paper.md'), '# Paging bounds\n\nThe additive term is O(1).\n');
    await ok(['new', 'paging', '--paper', 'paper.md', '--venue-id', 'openreview:Pag1ng'], ws);
    expect((await cli(['validate', 'paging'], ws)).code).toBe(0);
    const again = await cli(['new', 'paging', '--paper', 'paper.md'], ws);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already exists/);
    const bad = await cli(['new', 'x', '--paper', 'paper.md', '--venue-id', 'no colon'], ws);
    expect(bad.code).toBe(2);
    expect(existsSync(join(ws, 'x'))).toBe(false);
  });

  it('kinds lists every kind with an example that its own schema accepts', async () => {
    const r = JSON.parse((await cli(['kinds', '--json'], tempDir())).stdout) as { kind: string; example: unknown }[];
    const registry = defaultRegistry();
    expect(r.map((k) => k.kind).sort()).toEqual(
      registry
        .kinds()
        .map((k) => k.kind)
        .sort(),
    );
    for (const k of r) expect(registry.validateParams(k.kind, k.example), k.kind).toBeNull();
  });
});

describe('recheck import trackio --link', () => {
  it('references the folder in place through the user\'s registry; a stranger\'s case saying "linked" reaches nothing', async () => {
    const ws = tempDir();
    const links = join(tempDir(), 'links.json');
    const before = process.env.RECHECK_LINKS;
    process.env.RECHECK_LINKS = links;
    try {
      await ok(['import', 'trackio', FIXTURE, '--out', 'c', '--link', '--paper', join(BUNDLED, 'paper.md')], ws);
      expect(existsSync(join(ws, 'c', 'logbooks', 'L1'))).toBe(false);
      const file = JSON.parse(readFileSync(join(ws, 'c', 'case.json'), 'utf8')) as { logbooks: { linked?: boolean }[] };
      expect(file.logbooks[0]?.linked).toBe(true);
      expect((await cli(['validate', 'c'], ws)).stdout).toMatch(/c: valid/);
      const entry = (await readAudit(join(ws, 'c'))).find((e) => e.action === 'import');
      expect(Object.keys(entry?.hashes ?? {})).toContain('logbooks/L1/.trackio/logbook/pages/long-log/page.md');
      // The same case copied elsewhere (or sent by someone else) is not linked on this machine.
      const copy = copyCase(join(ws, 'c'), tempDir(), 'c');
      const v = await cli(['validate', copy], ws);
      expect(v.code).toBe(0);
      expect(v.stdout).toMatch(/not linked on this machine/);
    } finally {
      if (before === undefined) delete process.env.RECHECK_LINKS;
      else process.env.RECHECK_LINKS = before;
    }
  });
});
