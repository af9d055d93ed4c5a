/**
 * Checks a letter's claim sentences against the evidence they cite (docs/letters.md, "Sentences from
 * evidence"): every check cited by title exists in the reports; every number a cited check's sentence prints
 * appears in that check's evidence (its JSON numbers as the letter formats them, or printed in a string the
 * check computed; trailing zeros aside: 27.0 is 27); no sentence says a check grows, stays bounded or cannot tell unless its conclusion says so;
 * the tally names a check as supporting, contradicting or deciding nothing only when its outcome says so; a
 * hypothesis test's (or a metrics-series trend test's) p is said to be below its level only when the evidence's is;
 * a metrics-series sentence states the onset, pattern, eval, compared run and trend its evidence holds; no check id appears. Returns the problems, one line each (empty: the letter is faithful to its evidence).
 */
import type { CheckResultView, LatestFalsificationReport } from '../../../common/api/contract';
import { num, pct, pval } from '../../../app/text/prose-numbers';

const NUMBER = /(?<![\w.])-?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?![\w])/g;
/** The number tokens of a text ("k = 2..16" holds 2 and 16). */
const numbersIn = (text: string) => [...text.replace(/\.\./g, ' .. ').matchAll(NUMBER)].map((m) => m[0]);

/** Every way the letter may print a number the check computed, and every number printed in its strings. */
export function numberPool(r: CheckResultView): Set<string> {
  const pool = new Set<string>();
  const addNumber = (v: number) => {
    pool.add(String(v));
    pool.add(num(v));
    pool.add(num(v, 2));
    pool.add(pval(v));
    pool.add(pct(v).replace('%', ''));
    for (let d = 1; d <= 6; d++) if (Number.isFinite(v) && v !== 0) pool.add(String(Number(v.toPrecision(d))));
  };
  const visit = (v: unknown) => {
    if (typeof v === 'number') addNumber(v);
    else if (typeof v === 'string') {
      for (const n of numbersIn(v)) {
        pool.add(n);
        addNumber(Number(n)); // a number printed as a string (40 digits): as the letter formats it
      }
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(visit);
  };
  visit(r.evidence);
  visit(r.guarantee ?? null);
  visit(r.insufficient ?? null);
  return pool;
}

/** The sentences of a text, split after a stop followed by a space and a capital or a backtick. */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z`“])/);
}

/** The title a letter cites without its stop, to look it up. */
const bare = (t: string) => t.replace(/[.]$/, '');

export function claimProblems(markdown: string, reports: readonly LatestFalsificationReport[], checkIds: readonly string[]): string[] {
  const problems: string[] = [];
  const checks = reports.flatMap((r) => r.checks);
  const byTitle = (t: string) => checks.find((c) => bare(c.title).toLowerCase() === bare(t).toLowerCase());
  for (const id of checkIds)
    if (/[-_.0-9]/.test(id) && new RegExp(`(?<![\\w/-])${id.replace(/[.]/g, '\\.')}(?![\\w-]|\\.\\w)`).test(markdown))
      problems.push(`check id ${id} named`);
  for (const line of markdown.split('\n')) {
    const item = /^(?:\d+\.|-) \*\*(.+?[.?!])\*\* (.*)$/.exec(line);
    if (item !== null) {
      const title = item[1]!;
      const check = byTitle(title);
      if (check === undefined) {
        problems.push(`cites no check of the report: "${title}"`);
        continue;
      }
      const pool = numberPool(check);
      for (const s of sentences(item[2]!)) {
        const text = s.replace(/`[^`]*`/g, '``');
        for (const n of numbersIn(text))
          if (!pool.has(n) && !pool.has(String(Number(n)))) problems.push(`"${bare(title)}": ${n} is not in its evidence: ${s}`);
        problems.push(...conclusionProblems(s, check, title));
        problems.push(...levelProblems(s, check, title));
        if (check.kind === 'metrics-series') problems.push(...seriesProblems(s, check, title));
        if (/\bsupport|\bcontradict/i.test(s)) problems.push(`"${bare(title)}": a finding sentence speaks of support: ${s}`);
      }
    }
    if (line.startsWith('Re-check result:')) {
      for (const s of sentences(line)) {
        const group =
          /^(Supporting|Contradicting|Showing the claim fails|Showing the claim stands|Deciding nothing on its own|Failed to compute)\b[^:]*: (.*)$/.exec(
            s,
          );
        if (group === null) continue;
        const want = {
          Supporting: 'supports',
          'Showing the claim fails': 'supports',
          Contradicting: 'refutes',
          'Showing the claim stands': 'refutes',
          'Deciding nothing on its own': 'neutral',
          'Failed to compute': 'error',
        }[group[1]!];
        for (const m of group[2]!.matchAll(/“([^”]+)”/g)) {
          const check = byTitle(m[1]!);
          if (check === undefined) problems.push(`tally cites no check of the report: "${m[1]}"`);
          else if (check.outcome !== want) problems.push(`tally says "${group[1]}" of "${m[1]}", whose outcome is ${check.outcome}`);
        }
      }
      for (const m of line.matchAll(/gate: [^“]*((?:“[^”]+”[^“]*)+)/g))
        for (const t of m[1]!.matchAll(/“([^”]+)”/g))
          if (byTitle(t[1]!) === undefined) problems.push(`gate cites no check of the report: "${t[1]}"`);
    }
  }
  return problems;
}

/** What a sentence says of a check's conclusion (grows / stays bounded / cannot tell) must be what its evidence says. */
function conclusionProblems(s: string, check: CheckResultView, title: string): string[] {
  const c = check.evidence.conclusion as { value?: string } | undefined;
  const stop = /^Stopped at /.test(s);
  const value = stop ? (check.evidence.stoppedAtConclusion as string | undefined) : c?.value;
  const says = /\bgrows\b|decreases without bound/.test(s)
    ? 'grows'
    : /stays bounded/.test(s)
      ? 'bounded'
      : /cannot tell/.test(s)
        ? 'cannot-tell'
        : null;
  if (says === null) return [];
  if (value === undefined) return [`"${bare(title)}": says ${says} without a conclusion in its evidence: ${s}`];
  return says === value ? [] : [`"${bare(title)}": says ${says}, its evidence concludes ${value}: ${s}`];
}

/**
 * What a sentence says of a hypothesis test's p against its level ("below the level 0.05", "not below the level
 * 0.05") must be what the evidence holds: the claim's p (evidence.tests, role claim) against evidence.decideAt.
 */
function levelProblems(s: string, check: CheckResultView, title: string): string[] {
  const says = /\bnot below the level\b/.test(s) ? 'not-below' : /\bbelow the level\b/.test(s) ? 'below' : null;
  if (says === null) return [];
  const tests = Array.isArray(check.evidence.tests) ? (check.evidence.tests as { role?: string; result?: { p?: unknown } }[]) : [];
  // A metrics-series trend test holds its one-sided p and level in evidence.divergence.
  const trend = check.kind === 'metrics-series' ? (check.evidence.divergence as { p?: unknown; level?: unknown } | undefined) : undefined;
  const p = trend !== undefined ? trend.p : tests.find((t) => t.role === 'claim')?.result?.p;
  const level = trend !== undefined ? trend.level : check.evidence.decideAt;
  if (typeof p !== 'number' || typeof level !== 'number')
    return [`"${bare(title)}": speaks of a level without a p and a level in its evidence: ${s}`];
  const below = p < level;
  return (says === 'below') === below
    ? []
    : [`"${bare(title)}": says p is ${says === 'below' ? '' : 'not '}below the level, its evidence has p = ${p} and level ${level}: ${s}`];
}

/**
 * What a metrics-series sentence says of the recorded series must be what its evidence holds: the step of the first
 * non-finite value (evidence.series.onsetStep), a strict alternation (in the checker's description), eval staying
 * finite (evidence.eval.outcome), the compared run finite at every common step (evidence.compare), a significant
 * trend or none (evidence.divergence.outcome).
 */
function seriesProblems(s: string, check: CheckResultView, title: string): string[] {
  const ev = check.evidence as {
    series?: { onsetStep?: unknown; description?: unknown };
    eval?: { outcome?: unknown };
    compare?: { onlyBNonFinite?: unknown; bothNonFinite?: unknown };
    divergence?: { outcome?: unknown };
  };
  const out: string[] = [];
  const wrong = (what: string) => out.push(`"${bare(title)}": ${what}: ${s}`);
  const onset = /first non-finite value at step (-?\d+)/.exec(s);
  if (onset !== null && ev.series?.onsetStep !== Number(onset[1]))
    wrong(`says the first non-finite value is at step ${onset[1]}, its evidence ${String(ev.series?.onsetStep)}`);
  if (/(?<!not a )strict alternation/.test(s) && !String(ev.series?.description ?? '').includes('strict alternation'))
    wrong('says strict alternation, its description does not');
  if (/\bstays finite\b/.test(s) && ev.eval?.outcome !== 'stays-finite')
    wrong(`says eval stays finite, its evidence ${String(ev.eval?.outcome)}`);
  if (/is finite at all \d+ steps both runs logged/.test(s) && (ev.compare?.onlyBNonFinite !== 0 || ev.compare?.bothNonFinite !== 0))
    wrong('says the compared run is finite at every common step, its evidence does not');
  const trend = /\bno significant \w+ trend\b/.test(s) ? 'not-significant' : /\bsignificant \w+ trend\b/.test(s) ? 'diverging' : null;
  if (trend !== null && ev.divergence?.outcome !== trend) wrong(`says ${trend}, its evidence ${String(ev.divergence?.outcome)}`);
  return out;
}
