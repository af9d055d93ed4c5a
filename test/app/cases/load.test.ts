import { describe, it, expect } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { loadCase, MAX_CASE_JSON_BYTES } from '../../../app/cases/load';
import { createCheckRegistry } from '../../../app/checks/registry';
import type { CheckKind } from '../../../app/checks/kind';
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

// A kind whose params name case files, one at the top and some nested: the loader confines each one.
const pathKind: CheckKind<unknown> = {
  kind: 'test-paths',
  title: 'reads case files',
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['table'],
    properties: {
      table: { type: 'string', casePath: true },
      label: { type: 'string' },
      inputs: { type: 'array', items: { type: 'object', properties: { file: { type: 'string', casePath: true } } } },
      named: { type: 'object', additionalProperties: { type: 'string', casePath: true } },
    },
  },
  example: { table: 't.csv' },
  run: async () => ({ outcome: 'neutral', summary: '', evidence: {} }),
};
const pathRegistry = createCheckRegistry([fixedKind, pathKind]);

function withPathCheck(params: Json): { root: string; dir: string } {
  const root = tempDir();
  const dir = writeMinimalCase(root);
  mutate(dir, (j) => (j.falsifications[0].checks[0] = { id: 'p', kind: 'test-paths', title: 'paths', params }));
  return { root, dir };
}

async function pathProblem(dir: string): Promise<string> {
  try {
    await loadCase(dir, pathRegistry);
  } catch (err) {
    expect(err).toBeInstanceOf(BadInputError);
    return (err as Error).message;
  }
  throw new Error('expected the case to be rejected');
}

describe('loadCase confines every case path (issue 9)', () => {
  it('lists the params marked casePath, nested ones too, with their pointers', () => {
    const params = { table: 't.csv', label: '../not-a-path', inputs: [{ file: 'a.csv' }, { file: 'b/c.csv' }], named: { x: 'x.json', 'a/b': 'y.json' } };
    expect(pathRegistry.casePaths('test-paths', params)).toEqual([
      { pointer: '/table', path: 't.csv' },
      { pointer: '/inputs/0/file', path: 'a.csv' },
      { pointer: '/inputs/1/file', path: 'b/c.csv' },
      { pointer: '/named/x', path: 'x.json' },
      { pointer: '/named/a~1b', path: 'y.json' },
    ]);
    expect(pathRegistry.casePaths('nope', params)).toEqual([]);
  });

  it.each([
    ['a relative path out', { table: '../../etc/passwd' }, /checks\/0\/params\/table: path "\.\.\/\.\.\/etc\/passwd" leaves the case folder/],
    ['an absolute path', { table: '/etc/passwd' }, /checks\/0\/params\/table: path "\/etc\/passwd" must be relative to the case folder/],
    ['a nested path out', { table: 't.csv', inputs: [{ file: 'ok.csv' }, { file: 'x/../../y' }] }, /params\/inputs\/1\/file: path "x\/\.\.\/\.\.\/y" leaves/],
    ['a NUL byte', { table: 'a\u0000b' }, /params\/table: path "a\\x00b" contains a NUL byte/],
  ])('refuses %s, naming case.json and the pointer', async (_name, params, problem) => {
    const { dir } = withPathCheck(params);
    const msg = await pathProblem(dir);
    expect(msg).toMatch(/case\.json: \/falsifications\/0\//);
    expect(msg).toMatch(problem);
    expect(msg).not.toContain('\n');
  });

  it('refuses a symlink out of the case and follows one that stays inside', async () => {
    const { root, dir } = withPathCheck({ table: 'data/t.csv' });
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(root, 'outside.csv'), 'x\n1\n');
    symlinkSync(join(root, 'outside.csv'), join(dir, 'data', 't.csv'));
    expect(await pathProblem(dir)).toMatch(/params\/table: path "data\/t\.csv" is a symlink that leaves the case folder/);
    rmSync(join(dir, 'data', 't.csv'));
    writeFileSync(join(dir, 'inside.csv'), 'x\n1\n');
    symlinkSync('../inside.csv', join(dir, 'data', 't.csv'));
    expect((await loadCase(dir, pathRegistry)).file.id).toBe('mini');
  });

  it('refuses a logbook folder or a paper.md that leaves the case, and a paper.md that is a folder', async () => {
    const root = tempDir();
    const dir = writeMinimalCase(root);
    mkdirSync(join(root, 'elsewhere'));
    rmSync(join(dir, 'logbook'), { recursive: true });
    symlinkSync(join(root, 'elsewhere'), join(dir, 'logbook'));
    expect(await problem(dir)).toMatch(/case\.json: \/logbooks\/0\/path: path "logbook" is a symlink that leaves the case folder/);
    const other = writeMinimalCase(tempDir());
    rmSync(join(other, 'paper.md'));
    writeFileSync(join(root, 'secret.md'), 'secret');
    symlinkSync(join(root, 'secret.md'), join(other, 'paper.md'));
    expect(await problem(other)).toMatch(/paper\.md: path "paper\.md" is a symlink that leaves the case folder/);
    rmSync(join(other, 'paper.md'));
    mkdirSync(join(other, 'paper.md'));
    expect(await problem(other)).toMatch(/paper\.md: not a regular file/);
  });

  it('reads case.json through the bounded reader: BOM read, invalid UTF-8, size and depth refused', async () => {
    const dir = writeMinimalCase(tempDir());
    const text = readFileSync(join(dir, 'case.json'), 'utf8');
    writeFileSync(join(dir, 'case.json'), `\ufeff${text}`);
    expect((await loadCase(dir, registry)).file.id).toBe('mini');
    writeFileSync(join(dir, 'case.json'), Buffer.concat([Buffer.from(text.slice(0, 20)), Buffer.from([0xff]), Buffer.from(text.slice(20))]));
    expect(await problem(dir)).toMatch(/case\.json: line 2: invalid UTF-8 at byte 20 \(0xff\)/);
    writeFileSync(join(dir, 'case.json'), `${'['.repeat(300)}${']'.repeat(300)}`);
    expect(await problem(dir)).toMatch(/case\.json: JSON nested deeper than 256 levels/);
    writeFileSync(join(dir, 'case.json'), ' '.repeat(MAX_CASE_JSON_BYTES + 1));
    expect(await problem(dir)).toMatch(/case\.json: is \d+ bytes, over the limit of 4194304/);
  });
});

