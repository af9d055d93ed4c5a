// What the runner records of each result (issue 19, item 4): guarantee and basis (the result's own, else the
// kind's, else the basis its case paths imply), seeds, data hash and insufficiency; and each finding's
// polarity, decision and gate in the report.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cannotTell, pathBasis, runCase, worth } from '../../../app/checks/run-case';
import { createCheckRegistry } from '../../../app/checks/registry';
import { builtinCheckKinds } from '../../../app/checks/kinds';
import { loadCase } from '../../../app/cases/load';
import type { CheckKind } from '../../../app/checks/kind';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

const registry = createCheckRegistry([...builtinCheckKinds, fixedKind]);
const logbooks = [
  { id: 'L1', path: 'logbook', format: 'plain' as const, title: 't' },
  { id: 'L2', path: 'logs/two', format: 'plain' as const, title: 't' },
];

describe('pathBasis', () => {
  it('logbook when every case path is in a logbook folder (or there is none), else recomputed', () => {
    const fit = (params: Record<string, unknown>) =>
      pathBasis({ logbooks }, registry, { kind: 'growth-fit', params: { x: 'k', y: 'v', ...params } });
    expect(fit({ table: 'logbook/sweep.csv' })).toBe('logbook');
    expect(fit({ table: './logs/two/t.csv' })).toBe('logbook');
    expect(fit({ table: 'logs/twofold.csv' })).toBe('recomputed');
    expect(fit({ table: 'sandbox/exact.csv' })).toBe('recomputed');
    expect(fit({ sweep: { program: 'sandbox/point.ts', grid: { k: [2] }, seed: 1 } })).toBe('recomputed');
    expect(pathBasis({ logbooks }, registry, { kind: 'test-fixed', params: { outcome: 'supports' } })).toBe('logbook');
  });
  it('a table extracted from a logbook cell (it has a provenance sidecar) is the logbook’s own, wherever it lies', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'tables'));
    writeFileSync(join(dir, 'tables', 'sweep.csv'), 'k,v\n2,1\n');
    const decl = { kind: 'growth-fit', params: { table: 'tables/sweep.csv', x: 'k', y: 'v' } };
    expect(pathBasis({ logbooks }, registry, decl, dir)).toBe('recomputed');
    writeFileSync(join(dir, 'tables', 'sweep.csv.provenance.json'), '{"format":"recheck.extract/1"}\n');
    expect(pathBasis({ logbooks }, registry, decl, dir)).toBe('logbook');
  });
});

describe('worth', () => {
  const kind: CheckKind = { ...fixedKind, guarantee: { kind: 'enclosure' }, basis: 'recomputed' } as CheckKind;
  it("takes the result's own guarantee and basis over the kind's, and the kind's over the paths'", () => {
    expect(worth(kind, { params: {} }, { outcome: 'supports', summary: '', evidence: {} }, 'logbook')).toEqual({
      guarantee: { kind: 'enclosure' },
      basis: 'recomputed',
    });
    expect(
      worth(
        kind,
        { params: {} },
        { outcome: 'supports', summary: '', evidence: {}, guarantee: { kind: 'exact' }, basis: 'logbook', seeds: 5 },
        'recomputed',
      ),
    ).toEqual({ guarantee: { kind: 'exact' }, basis: 'logbook', seeds: 5 });
    const bare = { ...fixedKind, guarantee: undefined, basis: undefined } as unknown as CheckKind;
    expect(worth(bare, { params: {} }, { outcome: 'supports', summary: '', evidence: {} }, 'recomputed')).toEqual({
      guarantee: { kind: 'approximate' },
      basis: 'recomputed',
    });
    const byParams = { ...bare, basisFor: (p: unknown) => ((p as { own?: boolean }).own === true ? 'logbook' : 'recomputed') } as CheckKind;
    expect(worth(byParams, { params: { own: true } }, { outcome: 'neutral', summary: '', evidence: {} }, 'recomputed').basis).toBe(
      'logbook',
    );
  });
  it('reads the data hash and a cannot-tell conclusion from the evidence conventions', () => {
    const r = worth(
      kind,
      { params: {} },
      {
        outcome: 'neutral',
        summary: '',
        evidence: {
          tableSha256: 'abc',
          conclusion: { value: 'cannot-tell', reasons: ['4 points, at least 6 needed', 'xmax/xmin = 8, at least 10 needed'] },
        },
      },
      'logbook',
    );
    expect(r).toMatchObject({ dataSha256: 'abc', insufficient: '4 points, at least 6 needed; xmax/xmin = 8, at least 10 needed' });
    expect(cannotTell({ value: 'grows', reasons: ['x'] })).toBeUndefined();
    expect(cannotTell({ value: 'cannot-tell' })).toBe('the check cannot tell');
    expect(cannotTell('cannot-tell')).toBeUndefined();
  });
});

describe('the report of a claimed verification', () => {
  for (const [outcome, decision] of [
    ['supports', 'upheld'],
    ['refutes', 'overturned'],
    ['neutral', 'inconclusive'],
  ] as const) {
    it(`a certificate that ${outcome} it: ${decision}, with the finding's polarity and the gate`, async () => {
      const root = tempDir();
      const dir = writeMinimalCase(root, 'v', {
        format: 'recheck.case/1',
        id: 'v',
        title: 'A verification',
        paper: { title: 'A paper', venueId: 'openreview:example-v', claims: [{ id: 'C1', text: 'The bound holds.' }] },
        logbooks: [{ id: 'L1', path: 'logbook', format: 'plain', title: 'A logbook' }],
        falsifications: [
          {
            id: 'F1',
            claim: 'C1',
            logbook: 'L1',
            says: 'verified',
            assertion: 'Verified up to k = 16.',
            checks: [{ id: 'c1', kind: 'test-fixed', title: 'fixed', params: { outcome, steps: 0 } }],
          },
        ],
      });
      const report = await runCase(await loadCase(dir, registry), registry, { record: false });
      const f = report.falsifications[0];
      expect(f).toMatchObject({ says: 'verified', decision, gate: { passed: decision !== 'inconclusive' } });
      expect(f?.checks[0]).toMatchObject({ guarantee: { kind: 'exact' }, basis: 'recomputed' });
    });
  }
  it('a falsification without `says` reports none (old readers see what they saw)', async () => {
    const dir = writeMinimalCase(tempDir());
    const report = await runCase(await loadCase(dir, registry), registry, { record: false });
    expect(report.falsifications[0]).not.toHaveProperty('says');
    expect(report.falsifications[0]?.decision).toBe('confirmed');
  });
});
