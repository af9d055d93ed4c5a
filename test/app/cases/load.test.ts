import { describe, it, expect } from 'vitest';
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadCase } from '../../../app/cases/load';
import { createCheckRegistry } from '../../../app/checks/registry';
import { BadInputError } from '../../../app/errors';
import { fixedKind } from '../../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

const registry = createCheckRegistry([fixedKind]);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests poke at arbitrary JSON
type Json = Record<string, any>;

function mutate(dir: string, f: (j: Json) => void): void {
  const path = join(dir, 'case.json');
  const j = JSON.parse(readFileSync(path, 'utf8'));
  f(j);
  writeFileSync(path, JSON.stringify(j));
}

async function problem(dir: string): Promise<string> {
  try {
    await loadCase(dir, registry);
  } catch (err) {
    expect(err).toBeInstanceOf(BadInputError);
    return (err as Error).message;
  }
  throw new Error('expected the case to be rejected');
}

describe('loadCase', () => {
  it('loads a valid case', async () => {
    const dir = writeMinimalCase(tempDir());
    const c = await loadCase(dir, registry);
    expect(c.file.falsifications[0]?.checks[0]?.kind).toBe('test-fixed');
  });

  // Each broken case must be named by file, JSON pointer and problem, in one line.
  const table: [string, (j: Json) => void, RegExp][] = [
    ['wrong format version', (j) => (j.format = 'recheck.case/9'), /case\.json: \/format: unsupported case format "recheck\.case\/9"/],
    ['missing paper title', (j) => delete j.paper.title, /case\.json: \/paper: missing required field "title"/],
    ['unknown field', (j) => (j.extra = 1), /case\.json: \/: unknown field "extra"/],
    ['unknown claim', (j) => (j.falsifications[0].claim = 'C9'), /case\.json: \/falsifications\/0\/claim: unknown claim "C9"/],
    ['unknown logbook', (j) => (j.falsifications[0].logbook = 'L9'), /\/falsifications\/0\/logbook: unknown logbook "L9"/],
    ['unknown check kind', (j) => (j.falsifications[0].checks[0].kind = 'nope'), /\/falsifications\/0\/checks\/0\/kind: unknown check kind "nope"/],
    ['bad check params', (j) => (j.falsifications[0].checks[0].params.outcome = 'maybe'), /\/falsifications\/0\/checks\/0\/params\/outcome: must be one of/],
    ['duplicate claim id', (j) => j.paper.claims.push({ id: 'C1', text: 'again' }), /\/paper\/claims\/1\/id: duplicate claim id "C1"/],
    ['logbook path escapes', (j) => (j.logbooks[0].path = '../elsewhere'), /\/logbooks\/0\/path: does not match/],
    ['missing logbook folder', (j) => (j.logbooks[0].path = 'logbook/none'), /\/logbooks\/0\/path: logbook folder "logbook\/none" does not exist/],
  ];
  for (const [name, f, re] of table) {
    it(`rejects: ${name}`, async () => {
      const dir = writeMinimalCase(tempDir());
      mutate(dir, f);
      const msg = await problem(dir);
      expect(msg).toMatch(re);
      expect(msg).not.toContain('\n');
    });
  }

  it('rejects malformed JSON naming the file', async () => {
    const dir = writeMinimalCase(tempDir());
    writeFileSync(join(dir, 'case.json'), '{"format": ');
    expect(await problem(dir)).toMatch(/case\.json: malformed JSON/);
  });

  it('rejects a folder without case.json and a case without paper.md', async () => {
    expect(await problem(tempDir())).toMatch(/not a case folder/);
    const dir = writeMinimalCase(tempDir());
    rmSync(join(dir, 'paper.md'));
    expect(await problem(dir)).toMatch(/paper\.md: missing/);
  });
});
