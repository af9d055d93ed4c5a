// `recheck ledger` in process through main(): CSV and tolerant JSON, hand-computed counts, unknown verdicts.
import { describe, it, expect } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';

describe('recheck ledger', () => {
  const dir = tempDir();
  writeFileSync(
    join(dir, 'v.csv'),
    'paper,claim,logbook,verdict\nP1,C1,L1,verified\nP1,C1,L2,falsified\nP1,C2,L1,verified\nP2,C1,L3,falsified\nP3,C1,L4,toy\nP4,C1,L5,verified\nP4,C2,L5,inconclusive\n',
  );

  it('counts a hand-computed CSV table', async () => {
    const r = await cli(['ledger', 'v.csv', '--json'], dir);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect([out.papers, out.claims, out.logbooks]).toEqual([4, 6, 5]);
    expect(out.claimStatus).toEqual({ contested: 1, verified: 2, falsified: 1, toy: 1, inconclusive: 1 });
    expect(out.paperCategories).toEqual({
      fullyReproduced: 0,
      partiallyReproduced: 1,
      atLeastOneVerified: 2,
      falsifiedOrContested: 2,
      allFalsified: 1,
      contested: 1,
      toyOnly: 1,
      inconclusive: 0,
    });
    expect(out.recheck.map((c: { paper: string; claim: string }) => `${c.paper}/${c.claim}`)).toEqual(['P1/C1', 'P2/C1']);
  });

  it('reads the JSON shape of the challenge verdict files and gives the same ledger', async () => {
    const json = [
      {
        paper: 'P1',
        logbook: 'L1',
        claims: [
          { id: 'C1', verdict: 'verified' },
          { id: 'C2', verdict: 'verified' },
        ],
      },
      { paper: 'P1', logbook: 'L2', claims: { C1: 'Falsified' } },
      { paper_id: 'P2', logbook_id: 'L3', verdicts: [{ claim_id: 'C1', status: 'falsified' }] },
      { paper: 'P3', logbook: 'L4', claims: [{ claim: 'C1', verdict: 'toy' }] },
      {
        paper: 'P4',
        logbook: 'L5',
        claims: [
          { id: 'C1', verdict: 'verified' },
          { id: 'C2', verdict: 'inconclusive' },
        ],
      },
    ];
    writeFileSync(join(dir, 'v.json'), JSON.stringify(json, null, 2));
    const a = JSON.parse((await cli(['ledger', 'v.json', '--json'], dir)).stdout);
    const b = JSON.parse((await cli(['ledger', 'v.csv', '--json'], dir)).stdout);
    expect(a.claimStatus).toEqual(b.claimStatus);
    expect(a.paperCategories).toEqual(b.paperCategories);
  });

  it('reads JSON Lines (.jsonl) in the public verdict shape', async () => {
    const lines = [
      { space_id: 'u/a', paper_id: 'P1', claims: [{ claim: 'C1', verdict: 'VERIFIED' }] },
      { space_id: 'u/b', paper_id: 'P1', claims: [{ claim: 'C1', verdict: 'falsified' }] },
    ];
    writeFileSync(join(dir, 'v.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    const out = JSON.parse((await cli(['ledger', 'v.jsonl', '--json'], dir)).stdout);
    expect(out.claimStatus.contested).toBe(1);
    writeFileSync(
      join(dir, 'bad.jsonl'),
      `${JSON.stringify(lines[0])}\n{"space_id": "u/c", "paper_id": "P1", "claims": [{"verdict": "partial"}]}\n`,
    );
    const r = await cli(['ledger', 'bad.jsonl'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^recheck: bad\.jsonl: line 2: \/claims\/0\/verdict: unknown verdict "partial"/);
  });

  it('an unknown verdict word is bad input naming the line (CSV) or JSON place', async () => {
    writeFileSync(join(dir, 'bad.csv'), 'paper,claim,logbook,verdict\nP1,C1,L1,verified\nP1,C2,L1,refuted\n');
    const a = await cli(['ledger', 'bad.csv'], dir);
    expect(a.code).toBe(2);
    expect(a.stderr).toBe('recheck: bad.csv: line 3: unknown verdict "refuted"; expected one of verified, falsified, toy, inconclusive\n');
    writeFileSync(join(dir, 'bad.json'), JSON.stringify([{ paper: 'P', logbook: 'L', claims: [{ id: 'C1', verdict: 'maybe' }] }]));
    const b = await cli(['ledger', 'bad.json'], dir);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/^recheck: bad\.json: \/0\/claims\/0\/verdict: unknown verdict "maybe"/);
  });
});
