// Letters for every bundled case, in each kind that applies, drafted from real runs and recorded verdicts:
// their Markdown is kept as file snapshots (test/app/letters/__snapshots__/) that a person has read. Also what
// no letter may hold: run ids, check ids, workspace paths.
import { beforeAll, describe, expect, it } from 'vitest';
import { draftCaseLetter } from '../../../app/letters/case-letter';
import { loadCase } from '../../../app/cases/load';
import { defaultRegistry } from '../../../app/cli/registry';
import type { LetterDraft, LetterKind } from '../../../common/api/contract';
import { REVIEWER, runBundledCases, type BundledRun } from './bundled-runs';
import { cli } from '../../helpers/cli';
import { latestReports } from '../../../app/checks/latest';
import { claimProblems } from './claim-check';

/** The letters each bundled case gives, by kind, and whether each may be sent. */
const EXPECTED: Record<string, Partial<Record<LetterKind, { falsifications: string[]; ready: boolean }>>> = {
  'fw-attention-collapse': { authors: { falsifications: ['F1'], ready: true }, logbook: { falsifications: ['F2'], ready: true } },
  'kl-direction': { authors: { falsifications: ['F1'], ready: true } },
  'padding-perplexity': { logbook: { falsifications: ['F1'], ready: true } },
  'paging-robustness': { authors: { falsifications: ['F1'], ready: true } },
  // Its checklist leaves "independent" open (the timings are the logbook's own): not sendable yet.
  'timing-normalization': { logbook: { falsifications: ['F1'], ready: false } },
};

let runs: BundledRun[] = [];
let workspace = '';

beforeAll(async () => {
  const r = await runBundledCases({ verdicts: true });
  runs = r.runs;
  workspace = r.workspace;
  for (const s of r.skipped) console.warn(`letters: skipped ${s}`);
}, 240_000);

async function draft(run: BundledRun, kind: LetterKind): Promise<LetterDraft> {
  return draftCaseLetter(run.dir, (await loadCase(run.dir, defaultRegistry())).file, { kind });
}

describe('letters of the bundled cases', () => {
  for (const [id, kinds] of Object.entries(EXPECTED)) {
    for (const [kind, want] of Object.entries(kinds) as [LetterKind, { falsifications: string[]; ready: boolean }][]) {
      it(`${id}: the letter to ${kind === 'authors' ? 'the authors' : "the logbook's author"}`, async () => {
        const run = runs.find((r) => r.id === id);
        if (run === undefined) return; // skipped above (said why)
        const letter = await draft(run, kind);
        expect(letter.falsificationIds).toEqual(want.falsifications);
        expect(letter.ready).toBe(want.ready);
        expect(letter.signedBy).toEqual([REVIEWER]);
        expect(letter.markdown.includes('Not ready to send')).toBe(!want.ready);
        expect(letter.markdown.trimEnd().endsWith(REVIEWER)).toBe(true);
        // No run ids, check ids, or where the workspace lives.
        expect(letter.markdown).not.toMatch(/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d/);
        expect(letter.markdown).not.toContain(workspace);
        expect(letter.markdown).not.toMatch(/\bruns\//);
        const f = (await loadCase(run.dir, defaultRegistry())).file.falsifications;
        for (const check of f.flatMap((x) => x.checks))
          if (check.id.includes('-')) expect(letter.markdown).not.toMatch(new RegExp(`[\\s(\`]${check.id}[\\s),.\`]`));
        // Each falsification under its claim once.
        for (const fid of want.falsifications) expect(letter.markdown.split(f.find((x) => x.id === fid)!.assertion).length - 1).toBe(1);
        await expect(letter.markdown).toMatchFileSnapshot(`__snapshots__/${id}.${kind}.md`);
      });
    }
  }

  it('every recompute command a letter gives runs headless on the case as published (exit 0 or 1, never bad input)', async () => {
    const commands = new Set<string>();
    for (const run of runs) {
      for (const kind of Object.keys(EXPECTED[run.id] ?? {}) as LetterKind[]) {
        for (const m of (await draft(run, kind)).markdown.matchAll(/Recompute: `npx recheck ([^`]+)`/g))
          if (!m[1]!.startsWith('run ')) commands.add(m[1]!);
      }
    }
    expect(commands.size).toBeGreaterThanOrEqual(8);
    for (const command of commands) {
      const r = await cli(command.split(' '), workspace);
      expect([0, 1], `${command}: ${r.stderr}`).toContain(r.code);
    }
  }, 120_000);

  it('every claim sentence of every letter (both kinds, every bundled case) is drawn from the evidence of the check it names', async () => {
    let letters = 0;
    let cited = 0;
    for (const run of runs) {
      const file = (await loadCase(run.dir, defaultRegistry())).file;
      const { reports } = await latestReports(
        run.dir,
        file.falsifications.map((f) => f.id),
      );
      const ids = file.falsifications.flatMap((f) => f.checks.map((c) => c.id));
      for (const kind of ['authors', 'logbook'] as const) {
        for (const options of [{ kind }, ...file.falsifications.map((f) => ({ kind, falsificationId: f.id }))]) {
          const letter = await draftCaseLetter(run.dir, file, options);
          letters++;
          cited += letter.markdown.split('\n').filter((l) => /^(?:\d+\.|-) \*\*/.test(l)).length;
          expect(claimProblems(letter.markdown, reports, ids), `${run.id} ${JSON.stringify(options)}`).toEqual([]);
          // The opening follows the findings' polarity and decisions, never a stock belief.
          expect(letter.markdown).not.toMatch(/we believe (it|they) stands?|comes from a slip in the analysis/);
        }
      }
    }
    expect(letters).toBeGreaterThanOrEqual(20);
    expect(cited).toBeGreaterThanOrEqual(40);
  });

  it('a case with nothing to say in a kind says so in its banner', async () => {
    const run = runs.find((r) => r.id === 'padding-perplexity')!;
    const letter = await draft(run, 'authors');
    expect(letter.ready).toBe(false);
    expect(letter.falsificationIds).toEqual([]);
    expect(letter.missing).toEqual([
      "no claimed falsification stands (confirmed by the checks and by the reviewer's verdict): there is nothing to tell the authors",
    ]);
  });
});
