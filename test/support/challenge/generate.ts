/**
 * A generated reproduction challenge: `count` Trackio logbook folders shaped like real ones (workspace folders
 * `.trackio/logbook` and downloaded Spaces; 1-5 pages; setup, notes and long training-log pages; tables printed
 * by runs or in Markdown), each clean or carrying one planted defect of a known kind, in fixed proportions,
 * plus the hidden-style paging logbook (4 printed rows of a bounded sequence, a printed fit that does not
 * follow from them, "verified at this scale"), and a judge-verdict ledger `verdicts.jsonl` (three logbooks per
 * paper and claim; each judged as its finding says). Deterministic: the same seed writes the same bytes.
 * Used by the tests (test/app/screen/) and the benchmark (bench/screen.bench.ts).
 * Example: `const truth = await generateChallenge('/tmp/ch', { count: 200, seed: 1 })`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Xoshiro128 } from '../../../checkers/random/xoshiro128';
import type { FlagKind } from '../../../checkers/screen/model';
import { artifactCell, cellId, dashboardCell, markdownCell, page, runCell, trainingLog } from './cells';
import { boundedTable, conclusionOf, growingTable, logSlope, printedFit, tableText } from './tables';
import { writeMetricsDb } from './metrics-db';

/** What was planted in one logbook: the flag kinds the screen must raise (none for a clean one). */
export interface PlantedLogbook {
  readonly name: string;
  readonly kinds: readonly FlagKind[];
  readonly paper: string;
  readonly claim: string;
  readonly verdict: 'verified' | 'falsified' | 'inconclusive';
}

export type Plant =
  | 'clean'
  | 'printed-inconsistent'
  | 'premature-verification'
  | 'premature-falsification'
  | 'failed-run'
  | 'truncated-output'
  | 'missing-artifact'
  | 'non-finite-metrics'
  | 'units-mismatch'
  | 'unreadable-logbook'
  | 'hidden-paging';

/** Planted proportions (per 1,000 logbooks); the rest are clean. The hidden-style paging logbook is added once. */
export const PROPORTIONS: Readonly<Record<Exclude<Plant, 'clean' | 'hidden-paging'>, number>> = {
  'printed-inconsistent': 50,
  'premature-verification': 50,
  'premature-falsification': 40,
  'failed-run': 40,
  'truncated-output': 40,
  'missing-artifact': 40,
  'non-finite-metrics': 30,
  'units-mismatch': 40,
  'unreadable-logbook': 10,
};

export const HIDDEN_PAGING = 'hidden-paging';

/** Writes the challenge under `dir` (logbooks in `dir/logbooks`, ledger `dir/verdicts.jsonl`) and returns what was planted. */
export async function generateChallenge(dir: string, o: { count: number; seed: number }): Promise<PlantedLogbook[]> {
  const rng = new Xoshiro128(o.seed);
  const logbooks = join(dir, 'logbooks');
  mkdirSync(logbooks, { recursive: true });
  const plants: Plant[] = [];
  for (const [kind, perMille] of Object.entries(PROPORTIONS))
    for (let i = 0; i < Math.round((o.count * perMille) / 1000); i++) plants.push(kind as Plant);
  while (plants.length < o.count - 1) plants.push('clean');
  // Seeded shuffle, then the hidden paging logbook at a seeded place.
  for (let i = plants.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [plants[i], plants[j]] = [plants[j] as Plant, plants[i] as Plant];
  }
  plants.splice(rng.nextInt(plants.length + 1), 0, 'hidden-paging');
  const out: PlantedLogbook[] = [];
  const ledger: string[] = [];
  for (let i = 0; i < plants.length; i++) {
    const plant = plants[i] as Plant;
    const name = plant === 'hidden-paging' ? HIDDEN_PAGING : `lb-${String(i + 1).padStart(5, '0')}`;
    const paper = plant === 'hidden-paging' ? 'openreview:Pag1ng' : `openreview:P${String(Math.floor(i / 3)).padStart(4, '0')}`;
    const written = await writeLogbook(join(logbooks, name), plant, rng, paper);
    const claim = 'C1';
    out.push({ name, kinds: written.kinds, paper, claim, verdict: written.verdict });
    ledger.push(JSON.stringify({ paper_id: paper, space_id: name, claims: [{ claim, verdict: written.verdict }] }));
  }
  writeFileSync(join(dir, 'verdicts.jsonl'), `${ledger.join('\n')}\n`);
  return out;
}

interface Written {
  kinds: FlagKind[];
  verdict: PlantedLogbook['verdict'];
}

async function writeLogbook(dir: string, plant: Plant, rng: Xoshiro128, paper: string): Promise<Written> {
  mkdirSync(dir, { recursive: true });
  if (plant === 'unreadable-logbook') {
    writeFileSync(join(dir, 'notes.txt'), 'a logbook export that lost its pages\n');
    return { kinds: ['unreadable-logbook'], verdict: 'inconclusive' };
  }
  const space = rng.nextInt(5) === 0 && plant !== 'hidden-paging';
  const base = space ? dir : join(dir, '.trackio', 'logbook');
  const pages: { slug: string; title: string; text: string }[] = [];
  const main = mainPage(plant, rng, dir);
  const fillers = fillerPages(rng, dir);
  const at = rng.nextInt(fillers.length + 1);
  pages.push(...fillers.slice(0, at), { slug: 'main-result', title: main.title, text: page(main.title, main.cells) }, ...fillers.slice(at));
  if (plant === 'non-finite-metrics' || (plant === 'clean' && rng.nextInt(10) === 0)) {
    const project = `proj${rng.nextInt(1000)}`;
    const nan = plant === 'non-finite-metrics';
    await writeMetricsDb(join(dir, `${project}.db`), rng, nan);
    if (nan) main.kinds.push('non-finite-metrics');
    pages.push({ slug: 'dashboard', title: 'Dashboard', text: page('Dashboard', [dashboardCell(cellId(rng), project)]) });
  }
  const title = `Reproduction: ${main.title}`;
  mkdirSync(join(base, 'pages'), { recursive: true });
  writeFileSync(
    join(base, 'pages', 'index.md'),
    `# ${title}\n\n## Pages\n\n| Page |\n| --- |\n${pages.map((p) => `| ${p.title} |`).join('\n')}\n`,
  );
  for (const p of pages) {
    mkdirSync(join(base, 'pages', p.slug), { recursive: true });
    writeFileSync(join(base, 'pages', p.slug, 'page.md'), p.text);
  }
  const root = {
    slug: 'index',
    title,
    file: 'pages/index.md',
    children: pages.map((p) => ({ slug: p.slug, title: p.title, file: `pages/${p.slug}/page.md`, children: [] })),
  };
  writeFileSync(
    join(base, 'logbook.json'),
    `${JSON.stringify({ schema_version: 2, title, paper, tags: ['repro'], root, traces: [] }, null, 2)}\n`,
  );
  if (!space) writeFileSync(join(dir, '.trackio', 'metadata.json'), `${JSON.stringify({ paper, tags: ['repro'] }, null, 2)}\n`);
  return { kinds: main.kinds, verdict: main.says };
}

interface MainPage {
  title: string;
  cells: string[];
  kinds: FlagKind[];
  says: 'verified' | 'falsified';
}

function mainPage(plant: Plant, rng: Xoshiro128, dir: string): MainPage {
  const growth =
    plant === 'printed-inconsistent' ||
    plant === 'premature-verification' ||
    plant === 'premature-falsification' ||
    plant === 'hidden-paging' ||
    (plant === 'clean' && rng.nextInt(2) === 0);
  const page = growth ? growthPage(plant, rng) : timingPage(plant, rng);
  if (plant === 'missing-artifact' || (plant === 'clean' && rng.nextInt(3) === 0)) {
    const path = `results/run-${rng.nextInt(100)}.csv`;
    if (plant !== 'missing-artifact') {
      mkdirSync(join(dir, 'results'), { recursive: true });
      writeFileSync(join(dir, path), 'k,y\n2,0.5\n');
    }
    page.cells.splice(1, 0, artifactCell(cellId(rng), path));
    if (plant === 'missing-artifact') page.kinds.push('missing-artifact');
  }
  return page;
}

/** A sweep over k with a printed log-law fit and a finding about growth. */
function growthPage(plant: Plant, rng: Xoshiro128): MainPage {
  const hidden = plant === 'hidden-paging';
  const few = plant === 'premature-verification' || plant === 'premature-falsification';
  const grows = plant === 'premature-falsification' || plant === 'printed-inconsistent' || (plant === 'clean' && rng.nextInt(2) === 0);
  const rows = few ? 4 + rng.nextInt(2) : 8 + rng.nextInt(4);
  const draw = () => (grows ? growingTable(rng, rows) : boundedTable(rng, rows));
  // A clean sweep is evidence the growth conclusion decides (grows or bounded, as drawn); the rare noisy draw
  // that no law describes at level 0.05 is drawn again, so that "clean" means clean.
  let table = hidden ? { k: [2, 4, 8, 16], y: ['0.2931', '0.4030', '0.4616', '0.4919'] } : draw();
  while (!hidden && !few && conclusionOf(table) !== (grows ? 'grows' : 'bounded')) table = draw();
  const { se } = logSlope(table);
  const fit = hidden ? 'b = 0.41 ± 0.07' : printedFit(table, plant === 'printed-inconsistent' ? 8 * se + 0.05 : 0);
  const style = rng.nextInt(2) === 0 ? 'columns' : 'markdown';
  const cells = [
    markdownCell(
      cellId(rng),
      'Claim under test: the additive term of the competitive ratio is O(1) in k.\n\nWe sweep k and fit the additive term against ln k.',
    ),
  ];
  const sentence = `An ordinary least-squares fit of the additive term against ln k gives ${fit}.`;
  if (style === 'columns') {
    const source = 'for k, y in sweep():\n    print(f"{k:>6} {y:>10.4f}")';
    cells.push(runCell(cellId(rng), 'sweep.py', source, `${tableText(table, 'additive', 'columns')}\n\n${sentence}`));
  } else
    cells.push(
      markdownCell(
        cellId(rng),
        `Mean additive term per k (4 seeded replicates each):\n\n${tableText(table, 'additive', 'markdown')}\n\n${sentence}`,
        'Sweep table',
      ),
    );
  const says = hidden || !grows ? 'verified' : 'falsified';
  const last = table.k[table.k.length - 1];
  const verdict =
    says === 'verified'
      ? `**Result:** the additive term stays bounded up to k = ${last}. **Claim verified at this scale.**`
      : `**Result:** the additive term grows with every doubling of k up to k = ${last}: it is not O(1). **Claim falsified.**`;
  cells.push(markdownCell(cellId(rng), verdict, 'Verdict'));
  const kinds: FlagKind[] = hidden
    ? ['printed-inconsistent', 'premature-verification']
    : plant === 'printed-inconsistent'
      ? ['printed-inconsistent']
      : plant === 'premature-verification'
        ? ['premature-verification']
        : plant === 'premature-falsification'
          ? ['premature-falsification']
          : [];
  return { title: 'Additive term against k', cells, kinds, says };
}

/** Two timings compared (per trajectory both, or per batch against per trajectory when planted). */
function timingPage(plant: Plant, rng: Xoshiro128): MainPage {
  const batch = 10 * (2 + rng.nextInt(8));
  const perTraj = 0.5 + Math.round(rng.nextFloat() * 20) / 10;
  const method = Number((perTraj * batch * (0.05 + 0.1 * rng.nextFloat())).toFixed(1));
  const slip = plant === 'units-mismatch';
  const methodPer = slip ? method : Number((method / batch).toFixed(3));
  const cells = [
    markdownCell(
      cellId(rng),
      'Claim under test: the batched rollout method is at least 8x faster than the baseline.\n\nWe time both on the same hardware.',
    ),
  ];
  const out = slip
    ? `method: ${method} s per batch (batch = ${batch} trajectories)\nbaseline: ${perTraj} s per trajectory`
    : `method: ${methodPer} s per trajectory (batches of ${batch})\nbaseline: ${perTraj} s per trajectory`;
  cells.push(runCell(cellId(rng), 'bench.py', 'print(timings())', out));
  const kinds: FlagKind[] = [];
  if (plant === 'failed-run') {
    cells.push(
      runCell(
        cellId(rng),
        'check.py',
        'check()',
        'Traceback (most recent call last):\n  File "check.py", line 1\nRuntimeError: CUDA out of memory',
        1,
      ),
    );
    kinds.push('failed-run');
  }
  if (plant === 'truncated-output') {
    cells.push(runCell(cellId(rng), 'train.py', 'train()', trainingLog(rng, 400 + rng.nextInt(600))));
    kinds.push('truncated-output');
  }
  if (slip) kinds.push('units-mismatch');
  const ratio = methodPer / perTraj;
  const faster = ratio <= 1 / 8;
  const says = faster && !slip ? 'verified' : 'falsified';
  const verdict = `**Result:** the method takes ${methodPer} s and the baseline ${perTraj} s${slip ? '' : ' per trajectory'}. **Claim ${says}.**`;
  cells.push(markdownCell(cellId(rng), verdict, 'Verdict'));
  return { title: 'Timing comparison', cells, kinds, says };
}

/** 0-3 pages without findings: setup, notes, a long training log (elided, never evidence). */
function fillerPages(rng: Xoshiro128, _dir: string): { slug: string; title: string; text: string }[] {
  const out: { slug: string; title: string; text: string }[] = [];
  const n = rng.nextInt(4);
  for (let i = 0; i < n; i++) {
    const which = rng.nextInt(3);
    if (which === 0) {
      const lines = Array.from(
        { length: 5 + rng.nextInt(40) },
        (_, j) => `Collecting package-${j}==1.${j}.0\n  Downloading package-${j}-1.${j}.0-py3-none-any.whl (${10 + j} kB)`,
      );
      out.push({
        slug: `setup-${i}`,
        title: 'Setup',
        text: page('Setup', [runCell(cellId(rng), 'setup.py', 'install()', `${lines.join('\n')}\nSuccessfully installed`)]),
      });
    } else if (which === 1) {
      const notes = Array.from({ length: 1 + rng.nextInt(6) }, (_, j) =>
        markdownCell(cellId(rng), `Note ${j + 1}: the seeds are fixed; runs take about ${1 + rng.nextInt(9)} minutes on one GPU.`),
      );
      out.push({ slug: `notes-${i}`, title: 'Notes', text: page('Notes', notes) });
    } else {
      out.push({
        slug: `training-log-${i}`,
        title: 'Training log',
        text: page('Training log', [runCell(cellId(rng), 'train.py', 'train()', trainingLog(rng, 50 + rng.nextInt(900)))]),
      });
    }
  }
  return out;
}
