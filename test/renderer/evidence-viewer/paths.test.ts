import { describe, expect, it } from 'vitest';
import { evidencePaths, looksLikeCasePath } from '../../../renderer/evidence/paths';

describe('evidencePaths', () => {
  it('finds the files evidence of the bundled check kinds names, with the field, each once', () => {
    const evidence = {
      table: 'runs/2026-11-30T18-34-58-801Z-71b22f/F1-full-sweep/sweep.csv',
      tableSha256: '77c75b6ce698c2ea172fdb5962228864abd2bfe672632cb979a88a5f65ed06fa',
      sweep: {
        id: 'sweep-4a8e79c61eee',
        checkpoint: 'runs/2026-11-30T18-34-58-801Z-71b22f/sweep-4a8e79c61eee',
        program: 'sandbox/point.ts',
        grid: { k: [2, 4] },
      },
      x: 'k',
      models: [{ name: 'c ln k', file: 'runs/2026-11-30T18-34-58-801Z-71b22f/F1-full-sweep/sweep.csv' }],
    };
    expect(evidencePaths(evidence)).toEqual([
      { path: 'runs/2026-11-30T18-34-58-801Z-71b22f/F1-full-sweep/sweep.csv', field: 'table' },
      { path: 'runs/2026-11-30T18-34-58-801Z-71b22f/sweep-4a8e79c61eee', field: 'sweep.checkpoint' },
      { path: 'sandbox/point.ts', field: 'sweep.program' },
    ]);
    expect(evidencePaths({ file: 'logbook/eval/positions.csv', padToken: '0' })).toEqual([
      { path: 'logbook/eval/positions.csv', field: 'file' },
    ]);
    expect(
      evidencePaths({ certificate: 'logbook/counterexample/certificate-c200.json', module: 'logbook/loss.mjs' }).map((p) => p.path),
    ).toEqual(['logbook/counterexample/certificate-c200.json', 'logbook/loss.mjs']);
  });

  it('takes no unit, ratio, id, URL, absolute path or path out of the case for a file', () => {
    for (const s of [
      's/batch',
      'ms/trajectory',
      'openreview:abc',
      'https://x.org/a.csv',
      '/etc/passwd',
      '../outside/a.csv',
      'logbook/../x.csv',
      'a//b.csv',
      'c ln k',
      '1.5',
      'F1',
      'reverse-KL',
      'tokens/s',
      'e.g.',
      'v1.2',
      'runs/',
    ]) {
      expect(looksLikeCasePath(s), s).toBe(false);
    }
    for (const s of ['paper.md', 'case.json', 'tables/sweep.csv', 'runs/r1/sweep-1', 'sandbox/certificates/example-c824.json'])
      expect(looksLikeCasePath(s), s).toBe(true);
  });
});
