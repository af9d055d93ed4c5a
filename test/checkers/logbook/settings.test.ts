import { describe, expect, it } from 'vitest';
import { compareSettings, reportedSettings, type LogbookText } from '../../../checkers/logbook/settings';

const shortCheck: LogbookText[] = [
  { where: 'run/cell_1', kind: 'command', text: 'python3 fw_float.py --horizon 300 --seed 7 --dtype float32' },
  { where: 'run/cell_1', kind: 'output', text: 'step 300: tokens collapse (max dist 1e-9)\nno exit found' },
  { where: 'notes/cell_2', kind: 'markdown', text: 'Times are per batch of 50 trajectories. Loss: forward KL, padding excluded.' },
];
const longRun: LogbookText[] = [
  { where: 'run/cell_9', kind: 'command', text: 'python3 long_run.py --horizon 6416 --seed 7' },
  { where: 'run/cell_9', kind: 'code', text: 'from fractions import Fraction\n# exact rational arithmetic\nseed = 7\nk=1024' },
  { where: 'notes/cell_3', kind: 'markdown', text: 'Timed per trajectory (s/traj). We use the reverse KL. commit 3f9a2c1d' },
];

describe('the settings a logbook prints', () => {
  it('finds each setting with where and the line it is in', () => {
    const s = reportedSettings(shortCheck);
    expect(s.horizon).toEqual([
      { value: '300', where: 'run/cell_1', snippet: 'python3 fw_float.py --horizon 300 --seed 7 --dtype float32' },
    ]);
    expect(s.seed.map((v) => v.value)).toEqual(['7']);
    expect(s.precision.map((v) => v.value)).toEqual(['float32']);
    expect(s.units.map((v) => v.value)).toEqual(['per batch of 50']);
    expect(s.loss.map((v) => v.value)).toEqual(['forward kl']);
    expect(s.padding.map((v) => v.value)).toEqual(['padding excluded']);
    expect(s['code version']).toEqual([]);
  });

  it('lines up two logbooks on the same claim and marks every difference', () => {
    const rows = compareSettings(reportedSettings(shortCheck), reportedSettings(longRun));
    const values = (vs: readonly { value: string }[]) => [...new Set(vs.map((v) => v.value))];
    const byName = Object.fromEntries(rows.map((r) => [r.name, [r.comparison, values(r.a), values(r.b)]]));
    expect(byName.horizon).toEqual(['differs', ['300'], ['6416']]);
    expect(byName.seed).toEqual(['same', ['7'], ['7']]);
    expect(byName.precision).toEqual(['differs', ['float32'], ['fraction', 'exact rational']]);
    expect(byName.units).toEqual(['differs', ['per batch of 50'], ['per trajectory', 's/traj']]);
    expect(byName.loss).toEqual(['differs', ['forward kl'], ['reverse kl']]);
    expect(byName['code version']).toEqual(['only-b', [], ['3f9a2c1d']]);
    expect(byName.scale).toEqual(['only-b', [], ['k=1024']]);
  });

  it('reports nothing it did not find: plain prose has no settings', () => {
    const s = reportedSettings([{ where: 'x', kind: 'markdown', text: 'We reproduced the experiment and it failed.' }]);
    expect(Object.values(s).every((v) => v.length === 0)).toBe(true);
  });
});
