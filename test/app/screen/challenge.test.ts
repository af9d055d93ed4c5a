// `recheck screen` on a generated challenge (test/support/challenge/): every planted defect found and nothing
// flagged on a clean logbook (precision and recall 1, by kind), the same bytes on 1 and 2 worker threads and
// from the cache, the hidden-style paging logbook first in the queue with both flags, and the bundled cases'
// logbooks screened as a smoke test (test/app/cli/screen.test.ts).
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenKey } from '../../../app/screen/one';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';
import { generateChallenge, HIDDEN_PAGING, type PlantedLogbook } from '../../support/challenge/generate';

interface Out {
  logbooks: { logbook: string; flags: { kind: string; page: string; cell: string; message: string }[] }[];
  queue: { position: number; reasons: string[]; paper: string; logbooks: { logbook: string; flags: { kind: string }[] }[] }[];
}

describe('recheck screen on a generated challenge', () => {
  const dir = tempDir();
  let truth: PlantedLogbook[];
  let one: string;
  beforeAll(async () => {
    truth = await generateChallenge(dir, { count: 150, seed: 20261202 });
    const r = await cli(['screen', '.', '--json', '--jobs', '1'], dir);
    expect(r.code).toBe(0);
    one = r.stdout;
  }, 120_000);

  it('finds every planted defect and flags no clean logbook', () => {
    const out = JSON.parse(one) as Out;
    expect(out.logbooks.map((l) => l.logbook)).toEqual(truth.map((t) => t.name).sort());
    const got = new Map(out.logbooks.map((l) => [l.logbook, [...new Set(l.flags.map((f) => f.kind))].sort()]));
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const t of truth) {
      const want: string[] = [...t.kinds].sort();
      const have = got.get(t.name) ?? [];
      tp += have.filter((k) => want.includes(k)).length;
      fp += have.filter((k) => !want.includes(k)).length;
      fn += want.filter((k) => !have.includes(k)).length;
      expect([t.name, have]).toEqual([t.name, want]);
    }
    expect({ tp: tp > 0, fp, fn }).toEqual({ tp: true, fp: 0, fn: 0 });
    expect(truth.filter((t) => t.kinds.length === 0).length).toBeGreaterThan(60);
  });

  it('puts the hidden-style paging logbook first in the queue, with both flags', () => {
    const out = JSON.parse(one) as Out;
    const row = out.queue[0];
    expect(row?.paper).toBe('openreview:Pag1ng');
    expect(row?.logbooks[0]?.logbook).toBe(HIDDEN_PAGING);
    expect(row?.logbooks[0]?.flags.map((f) => f.kind)).toEqual(['printed-inconsistent', 'premature-verification']);
    expect(row?.reasons).toContain('premature-verification');
  });

  it('screened in shards of a job array into one cache, gives the same bytes as one machine', async () => {
    for (const shard of ['0/3', '1/3', '2/3']) {
      const r = await cli(['screen', '.', '--shard', shard, '--cache', 'sharded', '--jobs', '1', '--json'], dir);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).shard).toBe(shard);
    }
    const entries = readdirSync(join(dir, 'sharded')).length;
    const merged = await cli(['screen', '.', '--json', '--jobs', '1', '--cache', 'sharded'], dir);
    expect(readdirSync(join(dir, 'sharded')).length).toBe(entries); // every logbook came from the shards' cache
    expect(merged.stdout).toBe(one);
    expect((await cli(['screen', '.', '--shard', '3/3', '--cache', 'sharded'], dir)).code).toBe(2);
  }, 60_000);

  it('writes the same bytes on two worker threads and from the cache; a changed logbook is screened again', async () => {
    const two = await cli(['screen', '.', '--json', '--jobs', '2', '--cache', 'cache'], dir);
    expect(two.stdout).toBe(one);
    // One entry per distinct content: the unreadable logbooks hold the same bytes, so they share one.
    const distinct = truth.length - truth.filter((t) => t.kinds.includes('unreadable-logbook')).length + 1;
    expect(readdirSync(join(dir, 'cache')).length).toBe(distinct);
    const cached = await cli(['screen', '.', '--json', '--jobs', '2', '--cache', 'cache'], dir);
    expect(cached.stdout).toBe(one);
    // The second run read the cache: an entry edited by hand shows through (and is put back).
    const entry = join(dir, 'cache', `${await screenKey(join(dir, 'logbooks', HIDDEN_PAGING))}.json`);
    const saved = readFileSync(entry, 'utf8');
    writeFileSync(entry, saved.replace('inconsistent"', 'inconsistent (from the cache)"'));
    expect((await cli(['screen', '.', '--json', '--jobs', '1', '--cache', 'cache'], dir)).stdout).toContain(
      'inconsistent (from the cache)',
    );
    writeFileSync(entry, saved);
    const clean = truth.find((t) => t.kinds.length === 0 && existsSync(join(dir, 'logbooks', t.name, '.trackio'))) as PlantedLogbook;
    const page = join(dir, 'logbooks', clean.name, '.trackio', 'logbook', 'pages', 'main-result', 'page.md');
    appendFileSync(
      page,
      '\n---\n<!-- trackio-cell\n{"type": "code", "id": "cell_new", "title": "Run", "command": ["python3", "x.py"], "exit_code": 2}\n-->\n````output\nboom\n````\n\n---\n<!-- trackio-cell\n{"type": "markdown", "id": "cell_v2", "title": "V"}\n-->\nClaim verified.\n',
    );
    const again = await cli(['screen', '.', '--json', '--jobs', '1', '--cache', 'cache'], dir);
    const flags = (JSON.parse(again.stdout) as Out).logbooks.find((l) => l.logbook === clean.name)?.flags;
    expect(flags?.map((f) => [f.kind, f.cell])).toEqual([['failed-run', 'cell_new']]);
    expect(readdirSync(join(dir, 'cache')).length).toBe(distinct + 1);
  }, 120_000);

  it('writes the queue as CSV in the same order', async () => {
    const r = await cli(['screen', '.', '--csv', 'queue.csv', '--jobs', '1'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ {2}1\. \[premature-verification, flagged-evidence\] openreview:Pag1ng C1/m);
    const csv = readFileSync(join(dir, 'queue.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe('position,rank,reasons,paper,claim,status,logbooks,flags');
    expect(csv[1]).toMatch(/^1,0,premature-verification;flagged-evidence,openreview:Pag1ng,C1,verified,hidden-paging:verified,/);
  }, 60_000);
});
