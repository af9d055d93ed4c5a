// The metrics-series figure, built from what the kind computes on the kl-direction case's distill database:
// the reverse-KL run's non-finite stretch of train/loss and its onset, each step as Python's sqlite3 reads it.
import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { metricsSeriesKind } from '../../../app/checks/kinds/metrics-series';
import { figuresFor } from '../../../common/figures/registry';
import type { TimelineSpec } from '../../../common/figures/spec';
import { figureSvg } from '../../../common/figures/svg';
import { makeTestContext } from '../../helpers/check-context';
import { PYTHON } from '../../helpers/required';
import { assertWellFormed } from '../../helpers/svg-well-formed';
import { tempDir } from '../../helpers/temp-case';

const DB = join(import.meta.dirname, '../../../cases/kl-direction/logbook/distill.db');

describe('metrics-series figure', () => {
  let oracle = { first: -1, last: -1, inf: 0, nan: 0, lastStep: -1 };
  beforeAll(() => {
    const script = `
import json, math, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
rows = db.execute("select m.step, m.metrics from metrics m join runs r on m.run_id = r.id where r.name = 'reverse-kl' order by m.step").fetchall() if 'runs' in [t[0] for t in db.execute("select name from sqlite_master where type='table'")] else db.execute("select step, metrics from metrics where run_name = 'reverse-kl' order by step").fetchall()
bad = []
for step, blob in rows:
    v = json.loads(blob).get('train/loss')
    if v is None: continue
    x = float(v)
    if not math.isfinite(x): bad.append((step, 'nan' if math.isnan(x) else 'inf'))
print(json.dumps({"first": bad[0][0], "last": bad[-1][0], "inf": sum(1 for b in bad if b[1] == 'inf'), "nan": sum(1 for b in bad if b[1] == 'nan'), "lastStep": rows[-1][0]}))`;
    oracle = JSON.parse(execFileSync(PYTHON, ['-c', script, DB], { encoding: 'utf8' })) as typeof oracle;
  });

  it('shades the non-finite stretch of the reverse-KL loss and marks its onset, as sqlite3 reads the steps', async () => {
    const dir = tempDir();
    cpSync(DB, join(dir, 'distill.db'));
    const r = await metricsSeriesKind.run(
      { database: 'distill.db', run: 'reverse-kl', metric: 'train/loss', expect: 'non-finite', evalMetric: 'eval/loss' },
      makeTestContext(dir),
    );
    const [fig] = figuresFor('metrics-series', r.evidence) as TimelineSpec[];
    expect(fig!.id).toBe('non-finite');
    expect(fig!.ranges).toEqual([{ from: oracle.first, to: oracle.last, label: `${oracle.inf} +Inf, ${oracle.nan} NaN`, tone: 2 }]);
    expect(fig!.marks[0]!.t).toBe(oracle.first);
    expect(fig!.horizon).toBe(oracle.lastStep);
    expect(fig!.caption).toContain('the last point of the run');
    expect(fig!.caption).toContain('Eval metric eval/loss');
    assertWellFormed(figureSvg(fig!));
    // The forward run stays finite: nothing to draw.
    const fwd = await metricsSeriesKind.run(
      { database: 'distill.db', run: 'forward-kl', metric: 'train/loss', expect: 'stays-finite' },
      makeTestContext(dir),
    );
    expect(figuresFor('metrics-series', fwd.evidence)).toEqual([]);
  });
});
