/**
 * Commands over the claimed falsifications (the paper pane registers them): next and previous (Alt+Down,
 * Alt+Up), and "Run the checks of F1" for each.
 */
import type { CaseDetail } from '../../common/api/contract';
import type { Command } from './commands';

/** The id `step` places after (or before) `current`, wrapping around; the first (or last) when there is no current. */
export function stepFalsification(ids: readonly string[], current: string | null, step: 1 | -1): string | null {
  if (ids.length === 0) return null;
  const at = current === null ? -1 : ids.indexOf(current);
  if (at < 0) return step === 1 ? ids[0]! : ids[ids.length - 1]!;
  return ids[(at + step + ids.length) % ids.length]!;
}

export function falsificationCommands(s: {
  falsifications: CaseDetail['falsifications'];
  current: string | null;
  running: boolean;
  onGo(id: string): void;
  onRun(id: string): void;
}): Command[] {
  const ids = s.falsifications.map((f) => f.id);
  const go = (step: 1 | -1) => () => {
    const next = stepFalsification(ids, s.current, step);
    if (next !== null) s.onGo(next);
  };
  return [
    {
      id: 'falsification.next',
      title: 'Next claimed falsification',
      group: 'Go to',
      shortcut: ['Alt+ArrowDown'],
      enabled: ids.length > 0,
      run: go(1),
    },
    {
      id: 'falsification.previous',
      title: 'Previous claimed falsification',
      group: 'Go to',
      shortcut: ['Alt+ArrowUp'],
      enabled: ids.length > 0,
      run: go(-1),
    },
    ...s.falsifications.map((f) => ({
      id: `run.falsification:${f.id}`,
      title: `Run the checks of ${f.id} (${f.checks.length} check${f.checks.length === 1 ? '' : 's'})`,
      group: 'Run',
      detail: f.assertion.length > 80 ? `${f.assertion.slice(0, 79)}…` : f.assertion,
      enabled: !s.running && f.checks.length > 0,
      run: () => s.onRun(f.id),
    })),
  ];
}
