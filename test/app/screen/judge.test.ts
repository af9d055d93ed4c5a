// The judge-reliability view of `recheck screen` (checkers/screen/judge.ts): on a challenge with planted flips of
// known horizons, every verdict's support, the counts per verdict kind and each flip's horizons; on a generated
// challenge, the counts against an independent Python reading of the planted truth; the JSON's earlier keys unchanged.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { screenKey } from '../../../app/screen/one';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { PYTHON } from '../../helpers/required';
import { tempDir } from '../../helpers/temp-case';
import { generateChallenge } from '../../support/challenge/generate';
import { FLIP_LEDGER, FLIP_LOGBOOKS, writeFlipChallenge } from './flips';

interface Judge {
  counts: Record<string, Record<string, number>>;
  flips: {
    paper: string;
    claim: string;
    order: string;
    logbooks: { logbook: string; verdict: string; support: string; horizon: { x: string; max: number; rows: number } | null }[];
  }[];
  verdicts: { paper: string; logbook: string; verdict: string; support: string; kinds: string[]; horizon: { max: number } | null }[];
}

describe('the judge view on planted flips', () => {
  const dir = tempDir();
  let judge: Judge;
  let doc: Record<string, unknown>;
  let text: string;
  beforeAll(async () => {
    writeFlipChallenge(dir, FLIP_LOGBOOKS, FLIP_LEDGER);
    const r = await cli(['screen', '.', '--json', '--jobs', '1'], dir);
    expect(r.stderr).toBe('');
    doc = JSON.parse(r.stdout) as Record<string, unknown>;
    judge = doc.judge as Judge;
    text = (await cli(['screen', '.', '--jobs', '1'], dir)).stdout;
  }, 60_000);

  it("keeps the document's keys in order, the judge last", () => {
    expect(Object.keys(doc)).toEqual(['logbooks', 'queue', 'judge']);
  });

  it('sets each verdict against its logbook', () => {
    const support = Object.fromEntries(judge.verdicts.map((v) => [v.logbook, [v.support, v.kinds.join(',')]]));
    expect(support).toEqual({
      a1: ['cannot-carry', 'premature-verification'],
      a2: ['supported', ''],
      a3: ['supported', ''],
      b1: ['supported', ''],
      b2: ['contradicted', 'printed-inconsistent'],
      c1: ['supported', ''],
      c2: ['supported', ''],
      d1: ['supported', ''],
      d2: ['supported', ''],
      e1: ['supported', ''],
      e2: ['supported', ''],
      ghost: ['unscreened', ''],
      e3: ['no-decision', ''],
    });
  });

  it('counts per verdict kind', () => {
    expect(judge.counts.verified).toEqual({
      verdicts: 7,
      supported: 5,
      contradicted: 0,
      'cannot-carry': 1,
      'no-decision': 0,
      unscreened: 1,
    });
    expect(judge.counts.falsified).toEqual({
      verdicts: 5,
      supported: 4,
      contradicted: 1,
      'cannot-carry': 0,
      'no-decision': 0,
      unscreened: 0,
    });
    expect(judge.counts.inconclusive).toEqual({
      verdicts: 1,
      supported: 0,
      contradicted: 0,
      'cannot-carry': 0,
      'no-decision': 1,
      unscreened: 0,
    });
    expect(judge.counts.toy?.verdicts).toBe(0);
  });

  it('lines up each flip with the horizons its logbooks reached', () => {
    const flips = judge.flips.map((f) => [f.paper, f.order, f.logbooks.map((l) => `${l.logbook}:${l.verdict}:${l.horizon?.max ?? '-'}`)]);
    expect(flips).toEqual([
      ['F1', 'verified-below-falsified', ['a1:verified:16', 'a3:falsified:256', 'a2:falsified:1024']],
      ['F2', 'falsified-below-verified', ['b2:falsified:512', 'b1:verified:1024']],
      ['F3', 'overlapping', ['c1:verified:256', 'c2:falsified:256']],
      ['F4', 'incomparable', ['d2:falsified:256', 'd1:verified:-']],
    ]);
    const a1 = judge.flips[0]?.logbooks[0]?.horizon;
    expect(a1).toMatchObject({ x: 'k', max: 16, rows: 4 });
  });

  it('screens again a cache entry written before horizons, and writes them into it', async () => {
    const cache = join(dir, '.cache');
    const first = await cli(['screen', '.', '--json', '--jobs', '1', '--cache', cache], dir);
    const key = await screenKey(join(dir, 'logbooks', 'a1'));
    const entry = JSON.parse(readFileSync(join(cache, `${key}.json`), 'utf8')) as { horizons?: unknown };
    expect(entry.horizons).toEqual([{ x: 'k', max: 16, rows: 4, page: 'main', cell: 'cell_a1_sweep' }]);
    delete entry.horizons;
    writeFileSync(join(cache, `${key}.json`), `${JSON.stringify(entry)}\n`);
    const again = await cli(['screen', '.', '--json', '--jobs', '1', '--cache', cache], dir);
    expect(again.stdout).toBe(first.stdout);
    expect((JSON.parse(readFileSync(join(cache, `${key}.json`), 'utf8')) as { horizons?: unknown }).horizons).toEqual([
      { x: 'k', max: 16, rows: 4, page: 'main', cell: 'cell_a1_sweep' },
    ]);
    // The document's first two keys are written as before the judge view: the judge is appended after the queue.
    const cut = first.stdout.indexOf(', "judge": ');
    expect(Object.keys(JSON.parse(`${first.stdout.slice(0, cut)}}`) as object)).toEqual(['logbooks', 'queue']);
  });

  it('prints the view in the text output', () => {
    expect(text).toContain('judge (13 verdicts; supported = no flag on its evidence, not proof):');
    expect(text).toContain('  verified 7: 5 supported, 1 cannot-carry, 1 unscreened');
    expect(text).toContain(
      '  F1 C1 [verified-below-falsified]: a1 verified k up to 16 (4 rows) (cannot-carry); a3 falsified k up to 256 (8 rows) (supported)',
    );
  });
});

describe('the judge view on a generated challenge', () => {
  const dir = tempDir();
  let judge: Judge;
  let oracle: { counts: Record<string, Record<string, number>>; flips: string[] };
  beforeAll(async () => {
    const truth = await generateChallenge(dir, { count: 120, seed: 99 });
    // An independent reading of the planted truth: contradicted when a planted kind is printed-inconsistent or
    // units-mismatch, cannot-carry for any other planted kind, supported when clean; inconclusive is no-decision.
    const script = `
import json, sys
truth = json.loads(sys.argv[1])
counts = {}
papers = {}
for t in truth:
    c = counts.setdefault(t['verdict'], {'verdicts': 0, 'supported': 0, 'contradicted': 0, 'cannot-carry': 0, 'no-decision': 0, 'unscreened': 0})
    c['verdicts'] += 1
    if t['verdict'] not in ('verified', 'falsified'): s = 'no-decision'
    elif set(t['kinds']) & {'printed-inconsistent', 'units-mismatch'}: s = 'contradicted'
    elif t['kinds']: s = 'cannot-carry'
    else: s = 'supported'
    c[s] += 1
    papers.setdefault(t['paper'], set()).add(t['verdict'])
print(json.dumps({'counts': counts, 'flips': sorted(p for p, v in papers.items() if {'verified', 'falsified'} <= v)}))
`;
    oracle = JSON.parse(execFileSync(PYTHON, ['-c', script, JSON.stringify(truth)], { encoding: 'utf8' })) as typeof oracle;
    const r = await cli(['screen', '.', '--json', '--jobs', '2'], dir);
    expect(r.code).toBe(0);
    judge = (JSON.parse(r.stdout) as { judge: Judge }).judge;
  }, 120_000);

  it('counts every verdict kind as the planted defects say', () => {
    for (const [verdict, c] of Object.entries(oracle.counts)) expect([verdict, judge.counts[verdict]]).toEqual([verdict, c]);
    expect(oracle.counts.verified?.supported).toBeGreaterThan(10);
    expect((oracle.counts.verified?.['cannot-carry'] ?? 0) + (oracle.counts.falsified?.contradicted ?? 0)).toBeGreaterThan(3);
  });

  it('lists exactly the claims judged both ways', () => {
    expect(judge.flips.map((f) => f.paper)).toEqual(oracle.flips);
    expect(oracle.flips.length).toBeGreaterThan(3);
  });
});
