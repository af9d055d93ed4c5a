// Attack: two tabs (or a tab and the CLI) editing one case at the same instant. Before the fix every edit was
// a read-modify-write with no queue: 20 claims added at once left 4 (all answered 200 with the same id), 6
// checklist answers left 1, 10 new letters were all `authors-1`, and the sha256 recorded for a letter version
// no longer matched its "never rewritten" file. Each API method that edits is raced 20 times at once through
// the service; every call that resolved must be on disk afterwards, and the audit log must hold exactly one
// entry per successful edit, chained (each edit's case.json@before is the previous edit's case.json).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, LetterView } from '../../common/api/contract';
import { createRecheckService, type RecheckService } from '../../app/api/service';
import { readAudit } from '../../app/cases/audit';
import { createCheckRegistry } from '../../app/checks/registry';
import { sha256 } from '../../app/fs/hash';
import { saveWorkspaceSettings } from '../../app/settings/store';
import { linkedFolder, recordLink } from '../../app/logbook/links';
import { fixedKind } from '../helpers/fake-kinds';
import { tempDir, writeMinimalCase } from '../helpers/temp-case';
import { uploadFolder } from '../helpers/upload-folder';

const N = 20;
const ROOT = join(import.meta.dirname, '../..');
const LOGBOOK = join(ROOT, 'cases/timing-normalization/logbook');

/** Starts `n` calls at once; their settled results in call order. */
function race<T>(n: number, call: (i: number) => Promise<T>): Promise<PromiseSettledResult<T>[]> {
  return Promise.allSettled(Array.from({ length: n }, (_, i) => call(i)));
}

function fulfilled<T>(results: PromiseSettledResult<T>[]): T[] {
  return results.filter((r): r is PromiseFulfilledResult<T> => r.status === 'fulfilled').map((r) => r.value);
}

function reasons<T>(results: PromiseSettledResult<T>[]): string[] {
  return results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => String((r.reason as Error).message));
}

async function setup(): Promise<{ ws: string; dir: string; service: RecheckService }> {
  const ws = tempDir();
  const dir = writeMinimalCase(ws, 'mini');
  const service = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]), who: 'racer' });
  return { ws, dir, service };
}

const caseJson = (dir: string) => JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));

/**
 * The case.json edits of the audit log form one chain: each edit's `case.json@before` is the previous edit's
 * `case.json`, and the last one's is the file on disk. Two edits that read the same case.json share a
 * `@before`: one of them was lost. Returns the edits.
 */
function expectCaseChain(dir: string, audit: readonly AuditEntry[]): AuditEntry[] {
  const edits = audit.filter((e) => e.hashes['case.json@before'] !== undefined);
  for (let i = 1; i < edits.length; i++)
    expect(
      edits[i]?.hashes['case.json@before'],
      `edit ${i} (${String(edits[i]?.details?.edit)}) read the case.json edit ${i - 1} wrote`,
    ).toBe(edits[i - 1]?.hashes['case.json']);
  expect(edits.at(-1)?.hashes['case.json']).toBe(sha256(readFileSync(join(dir, 'case.json'))));
  return edits;
}

const editsOf = (audit: readonly AuditEntry[], what: string) => audit.filter((e) => e.details?.edit === what);

// Independent oracle for file hashes: Python's hashlib (not Node's crypto) over the bytes on disk.
let python = false;
beforeAll(() => {
  python = spawnSync('/usr/bin/python3', ['-c', 'import hashlib'], { encoding: 'utf8' }).status === 0;
});

function pythonSha256(files: readonly string[]): string[] {
  const code = 'import hashlib, sys\nfor p in sys.argv[1:]:\n    print(hashlib.sha256(open(p, "rb").read()).hexdigest())\n';
  const r = spawnSync('/usr/bin/python3', ['-c', code, ...files], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout.trim().split('\n');
}

function fileSha256(files: readonly string[]): string[] {
  return python ? pythonSha256(files) : files.map((f) => sha256(readFileSync(f)));
}

describe('case.json edits raced 20 at once through the service', () => {
  it('adding claims: 20 distinct ids, all in case.json, 20 chained audit entries', async () => {
    const { dir, service } = await setup();
    const results = await race(N, (i) => service.addClaim({ caseId: 'mini', text: `Claim number ${i}.`, reviewer: `tab-${i}` }));
    expect(reasons(results)).toEqual([]);
    const ids = fulfilled(results).map((r) => r.id);
    expect(new Set(ids).size).toBe(N);
    const claims: { id: string; text: string }[] = caseJson(dir).paper.claims;
    for (const [i, id] of ids.entries()) expect(claims.find((c) => c.id === id)?.text).toBe(`Claim number ${i}.`);
    expect(claims).toHaveLength(N + 1);
    const audit = await readAudit(dir);
    expect(editsOf(expectCaseChain(dir, audit), 'add-claim')).toHaveLength(N);
    expect(fulfilled(results).map((r) => r.entry.hashes['case.json'])).toEqual(
      expect.arrayContaining(editsOf(audit, 'add-claim').map((e) => e.hashes['case.json'])),
    );
  });

  it('adding claimed falsifications: 20 distinct ids, each with its assertion', async () => {
    const { dir, service } = await setup();
    const results = await race(N, (i) =>
      service.addFalsification({ caseId: 'mini', claim: 'C1', logbook: 'L1', assertion: `Assertion ${i} fails.` }),
    );
    expect(reasons(results)).toEqual([]);
    const ids = fulfilled(results).map((r) => r.id);
    expect(new Set(ids).size).toBe(N);
    const fs: { id: string; assertion: string }[] = caseJson(dir).falsifications;
    for (const [i, id] of ids.entries()) expect(fs.find((f) => f.id === id)?.assertion).toBe(`Assertion ${i} fails.`);
    expect(editsOf(expectCaseChain(dir, await readAudit(dir)), 'add-falsification')).toHaveLength(N);
  });

  it('adding checks to one falsification: 20 distinct ids, each with its title', async () => {
    const { dir, service } = await setup();
    const results = await race(N, (i) =>
      service.addCheck({ caseId: 'mini', falsification: 'F1', kind: 'test-fixed', title: `check ${i}`, params: { outcome: 'supports' } }),
    );
    expect(reasons(results)).toEqual([]);
    const ids = fulfilled(results).map((r) => r.id);
    expect(new Set(ids).size).toBe(N);
    const checks: { id: string; title: string }[] = caseJson(dir).falsifications[0].checks;
    for (const [i, id] of ids.entries()) expect(checks.find((c) => c.id === id)?.title).toBe(`check ${i}`);
    expect(editsOf(expectCaseChain(dir, await readAudit(dir)), 'add-check')).toHaveLength(N);
  });

  it('answering checklist questions: 20 answers (6 questions x 4 falsifications), every one kept', async () => {
    const { dir, service } = await setup();
    for (let k = 0; k < 3; k++) await service.addFalsification({ caseId: 'mini', claim: 'C1', logbook: 'L1', assertion: `More ${k}.` });
    const questions = ['horizon', 'precision', 'units', 'code-vs-theory', 'padding', 'independent'];
    const pairs = ['F1', 'F2', 'F3', 'F4'].flatMap((f) => questions.map((q) => ({ f, q }))).slice(0, N);
    const results = await race(N, (i) =>
      service.answerChecklist({
        caseId: 'mini',
        falsificationId: pairs[i]!.f,
        question: pairs[i]!.q,
        status: 'not-applicable',
        reason: `reason ${i}`,
      }),
    );
    expect(reasons(results)).toEqual([]);
    const stored = caseJson(dir).falsifications as { id: string; checklist?: Record<string, { reason: string }> }[];
    const byId = new Map(stored.map((f) => [f.id, f]));
    for (const [i, { f, q }] of pairs.entries()) expect(byId.get(f)?.checklist?.[q]?.reason, `${f} ${q}`).toBe(`reason ${i}`);
    expect(editsOf(expectCaseChain(dir, await readAudit(dir)), 'answer-checklist')).toHaveLength(N);
  });

  it('every kind at once on one case: one queue for them all', async () => {
    const { dir, service } = await setup();
    const questions = ['horizon', 'precision', 'units', 'code-vs-theory', 'padding'];
    const results = await Promise.allSettled([
      ...Array.from({ length: 5 }, (_, i) => service.addClaim({ caseId: 'mini', text: `mixed claim ${i}` })),
      ...Array.from({ length: 5 }, (_, i) =>
        service.addFalsification({ caseId: 'mini', claim: 'C1', logbook: 'L1', assertion: `mixed assertion ${i}` }),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        service.addCheck({
          caseId: 'mini',
          falsification: 'F1',
          kind: 'test-fixed',
          title: `mixed check ${i}`,
          params: { outcome: 'neutral' },
        }),
      ),
      ...questions.map((q, i) =>
        service.answerChecklist({ caseId: 'mini', falsificationId: 'F1', question: q, status: 'not-applicable', reason: `mixed ${i}` }),
      ),
    ]);
    expect(reasons(results)).toEqual([]);
    const c = caseJson(dir);
    expect(c.paper.claims).toHaveLength(6);
    expect(c.falsifications).toHaveLength(6);
    expect(c.falsifications[0].checks).toHaveLength(6);
    expect(Object.keys(c.falsifications[0].checklist)).toEqual(questions);
    expect(expectCaseChain(dir, await readAudit(dir))).toHaveLength(N);
  });

  it('a random mix of edits started at once: every one that resolved is on disk (fast-check)', async () => {
    const op = fc.oneof(
      fc.constant('claim' as const),
      fc.constant('falsification' as const),
      fc.constant('check' as const),
      fc.constant('answer' as const),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 2, maxLength: N }), async (ops) => {
        const { dir, service } = await setup();
        const questions = ['horizon', 'precision', 'units', 'code-vs-theory', 'padding', 'independent'];
        let q = 0;
        const results = await Promise.allSettled(
          ops.map((kind, i) => {
            if (kind === 'claim') return service.addClaim({ caseId: 'mini', text: `p${i}` });
            if (kind === 'falsification')
              return service.addFalsification({ caseId: 'mini', claim: 'C1', logbook: 'L1', assertion: `p${i}` });
            if (kind === 'check')
              return service.addCheck({
                caseId: 'mini',
                falsification: 'F1',
                kind: 'test-fixed',
                title: `p${i}`,
                params: { outcome: 'supports' },
              });
            return service.answerChecklist({
              caseId: 'mini',
              falsificationId: 'F1',
              question: questions[q++ % 6]!,
              status: 'not-applicable',
              reason: `p${i}`,
            });
          }),
        );
        const c = caseJson(dir);
        const answered = ops.filter((k) => k === 'answer').length;
        expect(c.paper.claims).toHaveLength(1 + ops.filter((k) => k === 'claim').length);
        expect(c.falsifications).toHaveLength(1 + ops.filter((k) => k === 'falsification').length);
        expect(c.falsifications[0].checks).toHaveLength(1 + ops.filter((k) => k === 'check').length);
        expect(Object.keys(c.falsifications[0].checklist ?? {})).toHaveLength(Math.min(answered, 6));
        expect(expectCaseChain(dir, await readAudit(dir))).toHaveLength(fulfilled(results).length);
      }),
      { numRuns: 8, seed: 24_3 },
    );
  });

  it('importing logbooks: 20 distinct ids, each folder whole and hashed as the audit says', async () => {
    const { dir, service } = await setup();
    const files = uploadFolder(LOGBOOK);
    const results = await race(N, () => service.importLogbook({ caseId: 'mini', files }));
    expect(reasons(results)).toEqual([]);
    const ids = fulfilled(results).map((r) => r.logbookId);
    expect(new Set(ids).size).toBe(N);
    const refs: { id: string; path: string }[] = caseJson(dir).logbooks;
    const audit = await readAudit(dir);
    for (const id of ids) {
      const ref = refs.find((l) => l.id === id);
      expect(ref?.path).toBe(`logbooks/${id}`);
      const imported = audit.filter((e) => e.action === 'import' && e.details?.logbook === id);
      expect(imported).toHaveLength(1);
      const hashes = Object.entries(imported[0]!.hashes);
      expect(hashes.length).toBeGreaterThan(0);
      expect(fileSha256(hashes.map(([rel]) => join(dir, rel)))).toEqual(hashes.map(([, h]) => h));
    }
    expect(editsOf(expectCaseChain(dir, audit), 'add-logbook')).toHaveLength(N);
  });

  it('creating one case 20 times at once: exactly one succeeds, the rest are refused with one line', async () => {
    const { ws, service } = await setup();
    const results = await race(N, (i) => service.createCase({ caseId: 'fresh', paperMarkdown: `# Paper ${i}\n` }));
    const made = fulfilled(results);
    expect(made).toHaveLength(1);
    for (const r of reasons(results)) expect(r).toMatch(/^fresh: already exists: a new case needs a new folder \(nothing was changed\)$/);
    expect(JSON.parse(readFileSync(join(ws, 'fresh', 'case.json'), 'utf8')).paper.title).toBe(made[0]?.paperTitle);
    expect((await readAudit(join(ws, 'fresh'))).filter((e) => e.details?.edit === 'new-case')).toHaveLength(1);
  });
});

describe('other case files raced 20 at once', () => {
  it('saving one sandbox file: 20 saves chained by their @before hashes; the file is the last one logged', async () => {
    const { dir, service } = await setup();
    const results = await race(N, (i) =>
      service.saveSandboxFile({ caseId: 'mini', path: 'sandbox/model.ts', text: `export const k = ${i};\n` }),
    );
    expect(reasons(results)).toEqual([]);
    const saves = (await readAudit(dir)).filter((e) => e.hashes['sandbox/model.ts'] !== undefined);
    expect(saves).toHaveLength(N);
    for (let i = 1; i < N; i++) expect(saves[i]?.hashes['sandbox/model.ts@before']).toBe(saves[i - 1]?.hashes['sandbox/model.ts']);
    expect(fileSha256([join(dir, 'sandbox/model.ts')])).toEqual([saves.at(-1)?.hashes['sandbox/model.ts']]);
  });

  it('adding one new case file 20 times: one is written, the others are refused, nothing overwritten', async () => {
    const { dir, service } = await setup();
    const results = await race(N, (i) =>
      service.addCaseFile({ caseId: 'mini', path: 'tables/q.csv', base64: Buffer.from(`x\n${i}\n`).toString('base64') }),
    );
    const added = fulfilled(results);
    expect(added).toHaveLength(1);
    for (const r of reasons(results)) expect(r).toMatch(/^tables\/q\.csv: already exists in the case: nothing was overwritten/);
    expect(fileSha256([join(dir, 'tables/q.csv')])).toEqual([added[0]?.hashes['tables/q.csv']]);
    expect((await readAudit(dir)).filter((e) => e.details?.edit === 'add-file')).toHaveLength(1);
  });

  it('recording verdicts: 20 entries', async () => {
    const { dir, service } = await setup();
    const results = await race(N, (i) =>
      service.recordVerdict({ caseId: 'mini', falsificationId: 'F1', verdict: 'refuted', rationale: `why ${i}`, reviewer: 'Ada' }),
    );
    expect(reasons(results)).toEqual([]);
    const decisions = (await readAudit(dir)).filter((e) => e.action === 'decision');
    expect(decisions.map((e) => e.hashes.rationale).sort()).toEqual(Array.from({ length: N }, (_, i) => sha256(`why ${i}`)).sort());
  });
});

describe('letters raced 20 at once', () => {
  /** Every version of every letter on disk: its file's sha256 (Python) equals the one letter.json recorded. */
  function expectVersionsIntact(dir: string, letters: readonly LetterView[]): void {
    const pairs = letters.flatMap((l) => l.versions.map((v) => ({ file: join(dir, 'letters', l.id, `v${v.version}.md`), sha: v.sha256 })));
    expect(fileSha256(pairs.map((p) => p.file))).toEqual(pairs.map((p) => p.sha));
  }

  const readLetter = (dir: string, id: string): LetterView => JSON.parse(readFileSync(join(dir, 'letters', id, 'letter.json'), 'utf8'));

  it('new letters: 20 distinct ids, each letter.json and v1.md on disk as recorded', async () => {
    const { dir, service } = await setup();
    const results = await race(N, (i) =>
      service.saveLetter({ caseId: 'mini', kind: 'authors', falsificationIds: ['F1'], markdown: `Dear authors, letter ${i}.\n` }),
    );
    expect(reasons(results)).toEqual([]);
    const ids = fulfilled(results).map((l) => l.id);
    expect(new Set(ids).size).toBe(N);
    expect(ids.slice().sort()).toEqual(Array.from({ length: N }, (_, i) => `authors-${i + 1}`).sort());
    const letters = ids.map((id) => readLetter(dir, id));
    expectVersionsIntact(dir, letters);
    for (const [i, l] of letters.entries()) expect(l.versions[0]?.sha256).toBe(sha256(`Dear authors, letter ${i}.\n`));
    const saves = (await readAudit(dir)).filter((e) => e.details?.version !== undefined);
    expect(saves.map((e) => e.details?.letter).sort()).toEqual(ids.slice().sort());
  });

  it('versions of one letter: 20 distinct version numbers, no version file rewritten', async () => {
    const { dir, service } = await setup();
    const first = await service.saveLetter({ caseId: 'mini', kind: 'authors', falsificationIds: ['F1'], markdown: 'v1\n' });
    const results = await race(N, (i) =>
      service.saveLetter({
        caseId: 'mini',
        letterId: first.id,
        kind: 'authors',
        falsificationIds: ['F1'],
        markdown: `version text ${i}\n`,
      }),
    );
    expect(reasons(results)).toEqual([]);
    const letter = readLetter(dir, first.id);
    expect(letter.versions.map((v) => v.version)).toEqual(Array.from({ length: N + 1 }, (_, i) => i + 1));
    expect(
      letter.versions
        .map((v) => v.sha256)
        .slice(1)
        .sort(),
    ).toEqual(Array.from({ length: N }, (_, i) => sha256(`version text ${i}\n`)).sort());
    expectVersionsIntact(dir, [letter]);
    const saves = (await readAudit(dir)).filter((e) => e.details?.letter === first.id && e.details?.version !== undefined);
    expect(saves).toHaveLength(N + 1);
    for (const e of saves)
      expect(e.hashes[`letters/${first.id}/v${String(e.details?.version)}.md`]).toBe(
        letter.versions.find((v) => v.version === e.details?.version)?.sha256,
      );
  });

  it('a version file already on disk (a crash, another process) is never rewritten: the save takes the next number', async () => {
    const { dir, service } = await setup();
    const first = await service.saveLetter({ caseId: 'mini', kind: 'authors', falsificationIds: ['F1'], markdown: 'v1\n' });
    writeFileSync(join(dir, 'letters', first.id, 'v2.md'), 'left by a crash\n');
    const next = await service.saveLetter({
      caseId: 'mini',
      letterId: first.id,
      kind: 'authors',
      falsificationIds: ['F1'],
      markdown: 'the real v2\n',
    });
    expect(next.versions.map((v) => v.version)).toEqual([1, 3]);
    expect(readFileSync(join(dir, 'letters', first.id, 'v2.md'), 'utf8')).toBe('left by a crash\n');
    expectVersionsIntact(dir, [readLetter(dir, first.id)]);
    // A letters/ folder left without letter.json is not reused for a new letter either.
    mkdirSync(join(dir, 'letters', 'logbook-1'));
    expect((await service.saveLetter({ caseId: 'mini', kind: 'logbook', falsificationIds: ['F1'], markdown: 'to the logbook\n' })).id).toBe(
      'logbook-2',
    );
    expect(readdirSync(join(dir, 'letters', 'logbook-1'))).toEqual([]);
  });

  it('status changes and version saves of one letter at once: every change and every version kept', async () => {
    const { dir, service } = await setup();
    // A letter already sent and disputed (written as the app writes it, so that this test does not depend on
    // what makes a letter ready to send): a disputed letter may be disputed again, any number of times.
    const saved = await service.saveLetter({ caseId: 'mini', kind: 'authors', falsificationIds: ['F1'], markdown: 'Dear authors.\n' });
    const sent = { state: 'sent', at: '2026-02-01T00:00:00.000Z', who: 'Ada', date: '2026-02-01', to: 'A. Author' };
    const disputed = { state: 'disputed', at: '2026-02-02T00:00:00.000Z', who: 'Ada', date: '2026-02-02', argument: 'first' };
    const stored = { format: 'recheck.letter/1', ...saved, status: disputed, history: [...saved.history, sent, disputed] };
    writeFileSync(join(dir, 'letters', saved.id, 'letter.json'), `${JSON.stringify(stored, null, 2)}\n`);
    const results = await Promise.allSettled([
      ...Array.from({ length: N }, (_, i) =>
        service.setLetterStatus({ caseId: 'mini', letterId: saved.id, state: 'disputed', date: '2026-02-03', argument: `argument ${i}` }),
      ),
      ...Array.from({ length: N }, (_, i) =>
        service.saveLetter({ caseId: 'mini', letterId: saved.id, kind: 'authors', falsificationIds: ['F1'], markdown: `revised ${i}\n` }),
      ),
    ]);
    expect(reasons(results)).toEqual([]);
    const letter = readLetter(dir, saved.id);
    expect(
      letter.history
        .map((h) => h.argument)
        .filter((a) => a?.startsWith('argument '))
        .sort(),
    ).toEqual(Array.from({ length: N }, (_, i) => `argument ${i}`).sort());
    expect(letter.versions).toHaveLength(N + 1);
    expectVersionsIntact(dir, [letter]);
    const audit = await readAudit(dir);
    expect(audit.filter((e) => e.details?.status === 'disputed')).toHaveLength(N);
    // The last letter.json hash the audit log recorded is the file on disk: no write landed out of order.
    const last = audit.filter((e) => e.hashes[`letters/${saved.id}/letter.json`] !== undefined).at(-1);
    expect(fileSha256([join(dir, 'letters', saved.id, 'letter.json')])).toEqual([last?.hashes[`letters/${saved.id}/letter.json`]]);
  });
});

describe('workspace files raced 20 at once', () => {
  it('settings saves through the service: 20 saves logged; settings.json is the last one logged', async () => {
    const { ws, service } = await setup();
    const results = await race(N, (i) => service.saveWorkspaceSettings({ sweeps: { backend: 'local' }, reviewer: `tab-${i}` }));
    expect(reasons(results)).toEqual([]);
    const lines = readFileSync(join(ws, 'settings.log.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.action === 'saved')).toHaveLength(N);
    expect(fileSha256([join(ws, 'settings.json')])).toEqual([lines.at(-1).sha256]);
  });

  it('settings saves with distinct contents: the file on disk is the one the log names last', async () => {
    const ws = tempDir();
    const results = await race(N, (i) =>
      saveWorkspaceSettings(ws, { backend: 'local' }, { who: `tab-${i}`, now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, i)) }),
    );
    expect(reasons(results)).toEqual([]);
    const lines = readFileSync(join(ws, 'settings.log.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(new Set(lines.map((l) => l.sha256)).size).toBe(N);
    expect(fileSha256([join(ws, 'settings.json')])).toEqual([lines.at(-1).sha256]);
    expect(JSON.parse(readFileSync(join(ws, 'settings.json'), 'utf8')).savedAt).toBe(lines.at(-1).at);
  });

  it('link registry: 20 links recorded at once are all kept; an unreadable registry is refused, never reset', async () => {
    const root = tempDir();
    const file = join(root, 'links.json');
    const caseDir = join(root, 'case');
    mkdirSync(caseDir);
    const sources = Array.from({ length: N }, (_, i) => {
      const s = join(root, `logbook-${i}`);
      mkdirSync(s);
      return s;
    });
    const results = await race(N, (i) => recordLink(caseDir, `L${i}`, sources[i]!, file));
    expect(reasons(results)).toEqual([]);
    for (let i = 0; i < N; i++) expect(await linkedFolder(caseDir, `L${i}`, file)).toBe(sources[i]);
    writeFileSync(file, '{"truncated": ');
    await expect(recordLink(caseDir, 'L99', sources[0]!, file)).rejects.toThrow(/links\.json: .*not JSON|malformed JSON/);
    expect(readFileSync(file, 'utf8')).toBe('{"truncated": ');
  });
});

describe('two processes editing one case at once', () => {
  it('a second process adding claims while this one does: every claim kept (the lock holds across processes)', async () => {
    const { dir, service } = await setup();
    const child = spawn(
      process.execPath,
      [join(ROOT, 'bin/run-ts.mjs'), join(import.meta.dirname, 'helpers/add-claims-child.ts'), dir, String(N)],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // The child says "ready" once its modules are loaded; then both start their 20 at the same moment.
    while (!out.includes('ready')) {
      if (child.exitCode !== null) throw new Error(`child exited early: ${err}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    child.stdin.end('go\n');
    const mine = await race(N, (i) => service.addClaim({ caseId: 'mini', text: `parent claim ${i}` }));
    expect(await exited, err).toBe(0);
    expect(reasons(mine)).toEqual([]);
    const texts = (caseJson(dir).paper.claims as { text: string }[]).map((c) => c.text);
    for (let i = 0; i < N; i++) {
      expect(texts).toContain(`parent claim ${i}`);
      expect(texts).toContain(`child claim ${i}`);
    }
    expect(texts).toHaveLength(2 * N + 1);
    expect(editsOf(expectCaseChain(dir, await readAudit(dir)), 'add-claim')).toHaveLength(2 * N);
  });
});
