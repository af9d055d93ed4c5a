// Findings with polarity (issue 19, item 2): a finding says verified, falsified, toy or inconclusive. Every
// case.json written before (no `says`) loads as falsified and saves byte for byte; `case add-finding --says`
// writes the field, `case add-falsification` keeps working as --says falsified; a logbook's "verified" cell is
// decided as a verification, never as "falsification refuted".
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCase, validateCaseJson } from '../../../app/cases/load';
import { findingSays } from '../../../app/cases/model';
import { editCase } from '../../../app/cases/edit';
import { BUNDLED_CASES_DIR } from '../../../app/paths';
import { defaultRegistry } from '../../../app/cli/registry';
import { createCheckRegistry } from '../../../app/checks/registry';
import { builtinCheckKinds } from '../../../app/checks/kinds';
import { fixedKind } from '../../helpers/fake-kinds';
import { BadInputError } from '../../../app/errors';
import { cli } from '../../helpers/cli';
import { copyCase, tempDir, writeMinimalCase } from '../../helpers/temp-case';

const registry = createCheckRegistry([...builtinCheckKinds, fixedKind]);
const BUNDLED = readdirSync(BUNDLED_CASES_DIR).filter((d) => !d.startsWith('.'));

/** A case with one claim, one logbook and no finding yet, in workspace `ws`. */
function emptyCase(ws: string, id: string): string {
  return writeMinimalCase(ws, id, {
    format: 'recheck.case/1',
    id,
    title: 'A case',
    paper: { title: 'A paper', venueId: 'openreview:example-mini', claims: [{ id: 'C1', text: 'The bound holds.' }] },
    logbooks: [{ id: 'L1', path: 'logbook', format: 'plain', title: 'A logbook' }],
    falsifications: [],
  });
}

async function ok(args: string[], cwd: string) {
  const r = await cli([...args, '--who', 'Ada'], cwd);
  expect(r.stderr, args.join(' ')).toBe('');
  expect(r.code, args.join(' ')).toBe(0);
  return r;
}

describe('migration: case.json without `says`', () => {
  it.each(BUNDLED)('%s loads with every finding falsified, untouched, and saves to the same value', async (name) => {
    const dir = copyCase(join(BUNDLED_CASES_DIR, name), tempDir(), name);
    const before = readFileSync(join(dir, 'case.json'), 'utf8');
    const loaded = await loadCase(dir, defaultRegistry());
    for (const f of loaded.file.falsifications) {
      expect(f.says).toBeUndefined();
      expect(findingSays(f)).toBe('falsified');
    }
    // Loading writes nothing: the file is byte for byte what it was.
    expect(readFileSync(join(dir, 'case.json'), 'utf8')).toBe(before);
    // A save (a no-op edit: validation, atomic write) adds no field and drops none; it reloads as valid.
    await editCase(dir, defaultRegistry(), { who: 'Ada' }, 'no-op', () => undefined);
    const after = readFileSync(join(dir, 'case.json'), 'utf8');
    expect(JSON.parse(after)).toEqual(JSON.parse(before));
    expect(after).not.toContain('"says"');
    expect((await loadCase(dir, defaultRegistry())).file).toEqual(loaded.file);
    // Saved again, the bytes no longer move.
    await editCase(dir, defaultRegistry(), { who: 'Ada' }, 'no-op', () => undefined);
    expect(readFileSync(join(dir, 'case.json'), 'utf8')).toBe(after);
  });

  it('accepts each of the four values and refuses another, naming the pointer', async () => {
    const dir = writeMinimalCase(tempDir());
    const json = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as { falsifications: Record<string, unknown>[] };
    for (const says of ['verified', 'falsified', 'toy', 'inconclusive']) {
      json.falsifications[0]!.says = says;
      expect(findingSays((await validateCaseJson(dir, structuredClone(json), registry)).falsifications[0]!)).toBe(says);
    }
    json.falsifications[0]!.says = 'refuted';
    const err = await validateCaseJson(dir, json, registry, 'mini/case.json').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadInputError);
    expect((err as Error).message).toMatch(/^mini\/case\.json: \/falsifications\/0\/says: /);
  });
});

describe('recheck case add-finding', () => {
  it('writes what the logbook says; add-falsification keeps writing a falsification without the field', async () => {
    const ws = tempDir();
    const dir = emptyCase(ws, 'c');
    await ok(['case', 'add-falsification', 'c', '--claim', 'C1', '--logbook', 'L1', '--assertion', 'The bound fails at k = 8.'], ws);
    const r = JSON.parse((await ok(['case', 'add-finding', 'c', '--claim', 'C1', '--logbook', 'L1', '--says', 'verified', '--assertion', 'verified at this scale', '--json'], ws)).stdout) as { added: string; says: string };
    expect(r).toMatchObject({ added: 'F2', says: 'verified' });
    const human = await ok(['case', 'add-finding', 'c', '--claim', 'C1', '--logbook', 'L1', '--says', 'toy', '--assertion', 'only at k <= 16'], ws);
    expect(human.stdout).toBe('added toy-scale finding F3 of C1: "only at k <= 16"\n');
    await ok(['case', 'add-falsification', 'c', '--claim', 'C1', '--logbook', 'L1', '--assertion', 'it fails'], ws);
    const file = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as { falsifications: { id: string; says?: string }[] };
    expect(file.falsifications.map((f) => [f.id, f.says ?? null])).toEqual([
      ['F1', null],
      ['F2', 'verified'],
      ['F3', 'toy'],
      ['F4', null],
    ]);
    const audit = readFileSync(join(dir, 'audit.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { details?: { edit?: string; says?: string } });
    expect(audit.map((e) => [e.details?.edit, e.details?.says ?? null])).toEqual([
      ['add-falsification', null],
      ['add-finding', 'verified'],
      ['add-finding', 'toy'],
      ['add-falsification', null],
    ]);
  });

  it('requires --says, one of the four words (usage error, exit 2)', async () => {
    const ws = tempDir();
    emptyCase(ws, 'c');
    const missing = await cli(['case', 'add-finding', 'c', '--claim', 'C1', '--logbook', 'L1', '--assertion', 'x'], ws);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--says is required: one of falsified, verified, toy, inconclusive');
    const wrong = await cli(['case', 'add-finding', 'c', '--claim', 'C1', '--logbook', 'L1', '--says', 'refuted', '--assertion', 'x'], ws);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--says must be one of falsified, verified, toy, inconclusive, got "refuted"');
  });
});

describe("a logbook's verified cell is decided as a verification", () => {
  it('the timing case with its verdict entered as a verification: its own numbers alone do not uphold it', async () => {
    // The bundled timing case's paper claim (>= 8x faster) re-entered as a logbook that says "verified" it,
    // with the units audit of the claim's ratio as its check (role assertion: supports when the ratio holds).
    const ws = tempDir();
    const dir = copyCase(join(BUNDLED_CASES_DIR, 'timing-normalization'), ws, 'timing');
    await ok(['case', 'add-finding', 'timing', '--claim', 'C1', '--logbook', 'repro', '--says', 'verified', '--assertion', 'the method is at least 8x faster per trajectory'], ws);
    await ok(['case', 'add-check', 'timing', '--falsification', 'F2', '--kind', 'units-audit', '--param', 'quantities=sandbox/claimed-speedup.json', '--param', 'role=assertion'], ws);
    const r = await cli(['run', dir, '--falsification', 'F2', '--no-record'], ws);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('F2 (claim C1, claimed verification): inconclusive: no check decides it');
    expect(r.stdout).toContain("[supports the verification] units-audit-1 (units-audit");
    expect(r.stdout).toContain("gate missed: the claim stands: a recomputed, non-approximate check shows it (missing: only the logbook's own numbers (units-audit-1))");
    expect(r.stdout).not.toContain('falsification refuted');
    expect(r.stdout).not.toContain('falsification confirmed');
    const json = JSON.parse((await cli(['run', dir, '--falsification', 'F2', '--no-record', '--json'], ws)).stdout) as { falsifications: { says: string; decision: string; gate: { passed: boolean }; checks: { guarantee: { kind: string }; basis: string }[] }[] };
    expect(json.falsifications[0]).toMatchObject({ says: 'verified', decision: 'inconclusive', gate: { passed: false } });
    expect(json.falsifications[0]?.checks[0]).toMatchObject({ guarantee: { kind: 'enclosure' }, basis: 'logbook' });
  });
});
