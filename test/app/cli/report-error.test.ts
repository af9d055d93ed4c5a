// Every error the CLI can meet becomes one line and its own exit code: 2 bad input, 3 internal, 4 busy (another
// Recheck process holds the case's writer: app/fs/case-queue.ts), 130 cancelled.
import { describe, expect, it } from 'vitest';
import { reportError } from '../../../app/cli/main';
import { BadInputError, BusyError, CancelledError, EXIT } from '../../../app/errors';

function report(err: unknown): { code: number; stderr: string } {
  let stderr = '';
  const code = reportError(err, { stdout: () => undefined, stderr: (s: string) => void (stderr += s) } as unknown as Parameters<
    typeof reportError
  >[1]);
  return { code, stderr };
}

describe('reportError', () => {
  it('busy: exit 4 and the message, on one line', () => {
    const r = report(
      new BusyError('case folder /w/a is being edited by another Recheck process (waited 60 s): try again when it has finished'),
    );
    expect(r).toEqual({
      code: EXIT.busy,
      stderr: 'recheck: case folder /w/a is being edited by another Recheck process (waited 60 s): try again when it has finished\n',
    });
    expect(EXIT.busy).toBe(4);
  });

  it('bad input 2, cancelled 130, anything else internal 3', () => {
    expect(report(new BadInputError('case.json', 'broken\nline')).code).toBe(2);
    expect(report(new BadInputError('case.json', 'broken\nline')).stderr.split('\n')).toHaveLength(2);
    expect(report(new CancelledError()).code).toBe(130);
    expect(report(new Error('boom')).code).toBe(3);
  });
});
