/**
 * A case's perceptual block passes the schema yet may still be unusable: two answers with the same value or key,
 * or a compare-mode set without the "left" and "right" answers the consistency check maps back to conditions.
 * Loading the case (and so `recheck validate`) refuses it in one line naming case.json, the pointer and the problem.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCase } from '../../../app/cases/load';
import { createCheckRegistry } from '../../../app/checks/registry';
import { BadInputError } from '../../../app/errors';
import { fixedKind } from '../../helpers/fake-kinds';
import { copyCase, tempDir, writeMinimalCase } from '../../helpers/temp-case';

const ROOT = resolve(import.meta.dirname, '../../..');
const registry = createCheckRegistry([fixedKind]);

const RATE = [
  { value: 'usable', key: '1', label: 'Usable' },
  { value: 'unusable', key: '2', label: 'Unusable' },
];

/** A minimal case with a perceptual block (the pairs table need not exist for loading). */
function withPerceptual(perceptual: Record<string, unknown>): string {
  const dir = writeMinimalCase(tempDir());
  const path = join(dir, 'case.json');
  const j = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  j.perceptual = { pairs: 'images/pairs.csv', question: 'Is the right image usable?', mode: 'rate-right', answers: RATE, ...perceptual };
  writeFileSync(path, JSON.stringify(j));
  return dir;
}

async function refusal(dir: string): Promise<string> {
  try {
    await loadCase(dir, registry);
  } catch (err) {
    expect(err).toBeInstanceOf(BadInputError);
    return (err as Error).message;
  }
  throw new Error('expected the case to be refused');
}

describe('loadCase: the perceptual block', () => {
  it('loads a well-formed block', async () => {
    const c = await loadCase(withPerceptual({}), registry);
    expect(c.file.perceptual?.mode).toBe('rate-right');
  });

  const table: [string, Record<string, unknown>, RegExp][] = [
    ['two answers with one value', { answers: [...RATE, { value: 'usable', key: '3', label: 'Again' }] }, /case\.json: \/perceptual\/answers\/2\/value: answer value "usable" is used twice$/],
    ['two answers with one key (case-insensitive)', { answers: [{ value: 'a', key: 'x', label: 'A' }, { value: 'b', key: 'X', label: 'B' }] }, /case\.json: \/perceptual\/answers\/1\/key: key "X" is used twice$/],
    ['compare mode without left/right', { mode: 'compare', answers: [{ value: 'first', key: 'a', label: 'First' }, { value: 'second', key: 'b', label: 'Second' }] }, /case\.json: \/perceptual\/answers: a compare-mode review needs the answer values "left" and "right"/],
  ];
  for (const [name, block, re] of table) {
    it(`refuses ${name}, in one line naming case.json`, async () => {
      const msg = await refusal(withPerceptual(block));
      expect(msg).toMatch(re);
      expect(msg).not.toContain('\n');
    });
  }

  it('recheck validate exits 2 with that one line', () => {
    const dir = copyCase(join(ROOT, 'cases', 'timing-normalization'), tempDir(), 'timing-normalization');
    const path = join(dir, 'case.json');
    const j = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    j.perceptual = { pairs: 'images/pairs.csv', question: 'Is the right image usable?', mode: 'rate-right', answers: [...RATE, { value: 'meh', key: '2', label: 'Meh' }] };
    writeFileSync(path, JSON.stringify(j));
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/recheck.mjs'), 'validate', dir], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, RECHECK_DEBUG: '' } });
    expect(r.status).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^recheck: .*case\.json: \/perceptual\/answers\/2\/key: key "2" is used twice$/);
  });
});
