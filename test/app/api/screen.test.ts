// The screen slice (app/api/slices/screen.ts) over a generated challenge in the workspace: the folders offered,
// a screen run in the background to the same queue order and judge counts as `recheck screen --json`, the cache
// in the workspace, cancellation, confinement, a screened logbook read at its flagged cell, and a queue row made a
// case whose checks, run by `recheck run`, decide what the screen flagged.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRecheckService, type RecheckService } from '../../../app/api/service';
import type { ScreenProgressView } from '../../../common/api/screen';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';
import { generateChallenge, HIDDEN_PAGING, type PlantedLogbook } from '../../support/challenge/generate';

async function finished(service: RecheckService, screenId: string): Promise<ScreenProgressView> {
  for (;;) {
    const p = await service.screenProgress(screenId);
    if (p.status !== 'running') return p;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the screen slice', () => {
  const ws = tempDir();
  let service: RecheckService;
  let truth: PlantedLogbook[];
  let cliOut: { queue: { paper: string; claim: string; reasons: string[] }[]; judge: { counts: unknown } };
  beforeAll(async () => {
    truth = await generateChallenge(join(ws, 'challenge'), { count: 60, seed: 4242 });
    service = await createRecheckService({ workspaceDir: ws });
    const r = await cli(['screen', 'challenge', '--json', '--jobs', '1'], ws);
    expect(r.code).toBe(0);
    cliOut = JSON.parse(r.stdout) as typeof cliOut;
  }, 120_000);

  it('offers the workspace and its challenge folder', async () => {
    const folders = await service.listScreenFolders();
    expect(folders.map((f) => f.path)).toEqual(['.', 'challenge']);
    expect(folders[1]).toEqual({ path: 'challenge', logbooks: truth.length, ledger: 'verdicts.jsonl' });
  });

  it('stops a cancelled screen', async () => {
    const { screenId } = await service.startScreen('challenge');
    await service.cancelScreen(screenId);
    const p = await finished(service, screenId);
    expect(p.status).toBe('cancelled');
    expect(p.result).toBeUndefined();
  });

  it("gives the CLI's queue, in its order, and the judge counts; results cached in the workspace", async () => {
    const { screenId } = await service.startScreen('challenge');
    const p = await finished(service, screenId);
    expect(p.error).toBeUndefined();
    expect(p.status).toBe('done');
    expect({ done: p.done, total: p.total }).toEqual({ done: truth.length, total: truth.length });
    const result = p.result!;
    expect(result.queue.map((r) => [r.position, r.paper, r.claim, r.reasons])).toEqual(
      cliOut.queue.map((r, i) => [i + 1, r.paper, r.claim, r.reasons]),
    );
    expect(result.judge.counts).toEqual(cliOut.judge.counts);
    expect(result.flaggedLogbooks).toBe(truth.filter((t) => t.kinds.length > 0).length);
    const first = result.queue[0]!;
    expect(first.logbooks[0]?.screened).toBe(HIDDEN_PAGING);
    expect(first.logbooks[0]?.flags.map((f) => f.kind)).toEqual(['printed-inconsistent', 'premature-verification']);
    expect(first.logbooks[0]?.flags[0]?.message).toMatch(/^additive against ln k \(table of cell /);
    const cached = readdirSync(join(ws, '.screen-cache')).filter((n) => n.endsWith('.json'));
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.length).toBeLessThanOrEqual(truth.length);
  }, 60_000);

  it('refuses a folder outside the workspace', async () => {
    await expect(service.startScreen('../elsewhere')).rejects.toThrow(/leaves|outside|\.\./);
  });

  it('reads a screened logbook with the flagged cell in it', async () => {
    const { screenId } = await service.startScreen('challenge');
    const flag = (await finished(service, screenId)).result!.queue[0]!.logbooks[0]!.flags[0]!;
    const lb = await service.readScreenedLogbook('challenge', HIDDEN_PAGING);
    const page = lb.pages.find((p) => p.slug === flag.page);
    expect(page?.cells.some((c) => c.id === flag.cell)).toBe(true);
  }, 60_000);

  it('makes a row a case whose checks decide what the screen flagged', async () => {
    const made = await service.caseFromScreen({ folder: 'challenge', paper: 'openreview:Pag1ng', claim: 'C1', logbook: HIDDEN_PAGING });
    expect(made.caseId).toBe('openreview-Pag1ng');
    expect(made.checks.map((c) => c.kind)).toEqual(['printed-consistency', 'growth-fit']);
    const file = JSON.parse(readFileSync(join(ws, made.caseId, 'case.json'), 'utf8')) as {
      paper: { venueId: string; claims: { text: string }[] };
      falsifications: { says: string; assertion: string; checklist?: Record<string, { status: string }> }[];
    };
    expect(file.paper.venueId).toBe('openreview:Pag1ng');
    expect(file.paper.claims[0]?.text).toBe('the additive term of the competitive ratio is O(1) in k');
    expect(file.falsifications[0]?.says).toBe('verified');
    expect(file.falsifications[0]?.assertion).toContain('Claim verified at this scale.');
    expect(file.falsifications[0]?.checklist?.horizon?.status).toBe('answered');
    expect(readdirSync(join(ws, made.caseId, 'tables')).filter((n) => n.endsWith('.csv'))).toHaveLength(1);
    const run = await cli(['run', made.caseId, '--json', '--no-record'], ws);
    expect(run.stderr).toBe('');
    const f1 = (JSON.parse(run.stdout) as { falsifications: { decision: string; checks: { kind: string; outcome: string }[] }[] })
      .falsifications[0]!;
    // The verification is premature: the printed fit does not follow from its 4 rows, and 4 rows (k = 2 to 16) are below the minimums.
    expect(f1.decision).toBe('premature');
    expect(f1.checks.map((c) => c.kind)).toEqual(['printed-consistency', 'growth-fit']);
    expect(f1.checks[0]?.outcome).toBe('refutes');
  }, 60_000);

  it("leaves the units question open for a units mismatch, with the screen's numbers", async () => {
    const slip = truth.find((t) => t.kinds.includes('units-mismatch'))!;
    const made = await service.caseFromScreen({ folder: 'challenge', paper: slip.paper, claim: slip.claim, logbook: slip.name });
    expect(made.checks).toEqual([]);
    expect(made.notes[0]).toMatch(/^the screen flagged a units mismatch: finding .* per batch .* per trajectory/);
    const file = JSON.parse(readFileSync(join(ws, made.caseId, 'case.json'), 'utf8')) as {
      falsifications: { checklist?: Record<string, { status: string; note?: string }> }[];
    };
    expect(file.falsifications[0]?.checklist?.units).toMatchObject({ status: 'open' });
  }, 60_000);
});
