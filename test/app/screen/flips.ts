/**
 * A small challenge with planted verdict flips of known horizons, for the judge view (checkers/screen/judge.ts):
 * each logbook is one growth sweep k = 2, 4, ..., 2^rows (so its horizon is 2^rows), printed by a run with a log-law
 * fit (consistent, or moved away from its table to plant printed-inconsistent), and one finding; the verdict ledger
 * lists what the judge said (which may differ from the finding, or name a logbook that has no folder).
 * Example: `writeFlipChallenge(dir, FLIP_LOGBOOKS, FLIP_LEDGER)`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Xoshiro128 } from '../../../checkers/random/xoshiro128';
import { markdownCell, page, runCell } from '../../support/challenge/cells';
import { boundedTable, conclusionOf, growingTable, logSlope, printedFit, tableText, type SweepTable } from '../../support/challenge/tables';

export interface FlipLogbook {
  readonly name: string;
  readonly rows: number;
  readonly grows: boolean;
  /** Move the printed fit 8 standard errors away from its table. */
  readonly shifted?: boolean;
  /** No table at all: the finding alone. */
  readonly noTable?: boolean;
}

export interface FlipVerdict {
  readonly paper: string;
  readonly logbook: string;
  readonly verdict: 'verified' | 'falsified' | 'inconclusive';
}

/** Planted: F1 verified below its falsifiers; F2 falsified below its verifier (with a contradicted falsification); F3 tied horizons; F4 one verdict without a table; N1 no flip. */
export const FLIP_LOGBOOKS: readonly FlipLogbook[] = [
  { name: 'a1', rows: 4, grows: true }, // says verified at this scale on 4 rows: premature-verification
  { name: 'a2', rows: 10, grows: true },
  { name: 'a3', rows: 8, grows: true },
  { name: 'b1', rows: 10, grows: false },
  { name: 'b2', rows: 9, grows: true, shifted: true }, // printed-inconsistent
  { name: 'c1', rows: 8, grows: false },
  { name: 'c2', rows: 8, grows: true },
  { name: 'd1', rows: 0, grows: false, noTable: true },
  { name: 'd2', rows: 8, grows: true },
  { name: 'e1', rows: 10, grows: false },
  { name: 'e2', rows: 8, grows: false },
  { name: 'e3', rows: 8, grows: true },
];

export const FLIP_LEDGER: readonly FlipVerdict[] = [
  { paper: 'F1', logbook: 'a1', verdict: 'verified' },
  { paper: 'F1', logbook: 'a2', verdict: 'falsified' },
  { paper: 'F1', logbook: 'a3', verdict: 'falsified' },
  { paper: 'F2', logbook: 'b1', verdict: 'verified' },
  { paper: 'F2', logbook: 'b2', verdict: 'falsified' },
  { paper: 'F3', logbook: 'c1', verdict: 'verified' },
  { paper: 'F3', logbook: 'c2', verdict: 'falsified' },
  { paper: 'F4', logbook: 'd1', verdict: 'verified' },
  { paper: 'F4', logbook: 'd2', verdict: 'falsified' },
  { paper: 'N1', logbook: 'e1', verdict: 'verified' },
  { paper: 'N1', logbook: 'e2', verdict: 'verified' },
  { paper: 'N1', logbook: 'ghost', verdict: 'verified' }, // no folder: unscreened
  { paper: 'N1', logbook: 'e3', verdict: 'inconclusive' },
];

/** Writes `dir/logbooks/<name>` (workspace folders) and `dir/verdicts.jsonl`. */
export function writeFlipChallenge(dir: string, logbooks: readonly FlipLogbook[], ledger: readonly FlipVerdict[], seed = 7): void {
  const rng = new Xoshiro128(seed);
  for (const lb of logbooks) {
    const base = join(dir, 'logbooks', lb.name, '.trackio', 'logbook');
    mkdirSync(join(base, 'pages', 'main'), { recursive: true });
    const cells = [
      markdownCell(`cell_${lb.name}_claim`, 'Claim under test: the additive term is O(1) in k.\n\nWe sweep k and fit it against ln k.'),
    ];
    let last = 0;
    if (lb.noTable !== true) {
      let t: SweepTable = lb.grows ? growingTable(rng, lb.rows) : boundedTable(rng, lb.rows);
      // A sweep long enough to decide is drawn until the conclusion decides as planted (a short one stays cannot-tell).
      if (lb.rows >= 6)
        while (conclusionOf(t) !== (lb.grows ? 'grows' : 'bounded')) t = lb.grows ? growingTable(rng, lb.rows) : boundedTable(rng, lb.rows);
      const fit = printedFit(t, lb.shifted === true ? 8 * logSlope(t).se + 0.05 : 0);
      const sentence = `An ordinary least-squares fit of the additive term against ln k gives ${fit}.`;
      cells.push(runCell(`cell_${lb.name}_sweep`, 'sweep.py', 'print(sweep())', `${tableText(t, 'additive', 'columns')}\n\n${sentence}`));
      last = t.k[t.k.length - 1] as number;
    }
    const verdict = !lb.grows
      ? `**Result:** the additive term stays bounded${last > 0 ? ` up to k = ${last}` : ''}. **Claim verified at this scale.**`
      : lb.rows < 6
        ? `**Result:** the additive term stays bounded up to k = ${last}. **Claim verified at this scale.**`
        : `**Result:** the additive term grows with every doubling of k up to k = ${last}. **Claim falsified.**`;
    cells.push(markdownCell(`cell_${lb.name}_verdict`, verdict, 'Verdict'));
    writeFileSync(join(base, 'pages', 'main', 'page.md'), page('Additive term against k', cells));
    writeFileSync(join(base, 'pages', 'index.md'), `# ${lb.name}\n\n## Pages\n\n| Page |\n| --- |\n| Additive term against k |\n`);
    const root = {
      slug: 'index',
      title: lb.name,
      file: 'pages/index.md',
      children: [{ slug: 'main', title: 'Additive term against k', file: 'pages/main/page.md', children: [] }],
    };
    writeFileSync(join(base, 'logbook.json'), `${JSON.stringify({ schema_version: 2, title: lb.name, root, traces: [] }, null, 2)}\n`);
  }
  const lines = ledger.map((v) =>
    JSON.stringify({ paper_id: v.paper, space_id: v.logbook, claims: [{ claim: 'C1', verdict: v.verdict }] }),
  );
  writeFileSync(join(dir, 'verdicts.jsonl'), `${lines.join('\n')}\n`);
}
