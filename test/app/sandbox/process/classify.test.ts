/**
 * The pure parts that name a replayed program's end and its attempts: programEnd (bubblewrap's 128 + n, the CPU
 * and memory limits, host kills), stderrAttempts on the errors real programs print (texts captured from bash,
 * dash, coreutils, Python and Node in the sandbox), attemptLines, and CappedOutput (fast-check: what is kept is
 * always the first bytes, and `truncated` says exactly whether more arrived).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CappedOutput } from '../../../../app/sandbox/process/capture';
import { programEnd } from '../../../../app/sandbox/process/end';
import { attemptLines, hostileWords, stderrAttempts } from '../../../../app/sandbox/process/hostile';

const VISIBLE = ['/usr', '/bin', '/lib', '/proc', '/dev', '/etc/ld.so.cache', '/recheck', '/scratch/data'];

describe('programEnd', () => {
  const base = { hostKill: null, exitCode: 0, signal: null, stderr: '', viaBwrap: true } as const;
  it.each([
    [{ ...base }, { ended: 'exited', exitCode: 0, signal: null }],
    [
      { ...base, exitCode: 3 },
      { ended: 'exited', exitCode: 3, signal: null },
    ],
    [
      { ...base, exitCode: 152 },
      { ended: 'cpu-limit', exitCode: null, signal: 'SIGXCPU' },
    ],
    [
      { ...base, exitCode: 137 },
      { ended: 'cpu-limit', exitCode: null, signal: 'SIGKILL' },
    ],
    [
      { ...base, exitCode: 139 },
      { ended: 'exited', exitCode: null, signal: 'SIGSEGV' },
    ],
    [
      { ...base, exitCode: 153 },
      { ended: 'exited', exitCode: null, signal: 'SIGXFSZ' },
    ],
    [
      { ...base, exitCode: 137, viaBwrap: false },
      { ended: 'exited', exitCode: 137, signal: null },
    ],
    [
      { ...base, exitCode: 1, stderr: 'Traceback (most recent call last):\n  ...\nMemoryError\n' },
      { ended: 'memory-limit', exitCode: 1, signal: null },
    ],
    [
      { ...base, exitCode: 134, stderr: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory' },
      { ended: 'memory-limit', exitCode: null, signal: 'SIGABRT' },
    ],
    [
      { ...base, exitCode: 0, stderr: 'MemoryError\n' },
      { ended: 'exited', exitCode: 0, signal: null },
    ], // caught and recovered
    [
      { ...base, hostKill: 'timeout', exitCode: 137 },
      { ended: 'timeout', exitCode: null, signal: 'SIGKILL' },
    ],
    [
      { ...base, hostKill: 'abort', exitCode: null, signal: 'SIGKILL' },
      { ended: 'aborted', exitCode: null, signal: 'SIGKILL' },
    ],
    [
      { ...base, hostKill: 'output', exitCode: 137 },
      { ended: 'output-limit', exitCode: null, signal: 'SIGKILL' },
    ],
    [
      { ...base, hostKill: 'disk', exitCode: 137 },
      { ended: 'output-limit', exitCode: null, signal: 'SIGKILL' },
    ],
    [
      { ...base, hostKill: 'memory', exitCode: 137 },
      { ended: 'memory-limit', exitCode: null, signal: 'SIGKILL' },
    ],
  ] as const)('%o', (observed, expected) => {
    expect(programEnd(observed)).toEqual(expected);
  });
});

describe('stderrAttempts', () => {
  it.each([
    ['cat: /root/.ssh/id_rsa: No such file or directory', ['reads outside']],
    ["ls: cannot access '/root': No such file or directory", ['reads outside']],
    ["FileNotFoundError: [Errno 2] No such file or directory: '/home/ada/.aws/credentials'", ['reads outside']],
    ["Error: ENOENT: no such file or directory, open '/root/.ssh/id_rsa'", ['reads outside']],
    ["FileNotFoundError: [Errno 2] No such file or directory: 'results/out.csv'", []], // relative: the program's own folder
    ["FileNotFoundError: [Errno 2] No such file or directory: '/scratch/data/missing.csv'", []], // inside the case files
    ['/usr/bin/bash: line 1: /usr/x: Read-only file system', ['writes outside']],
    ["Error: EROFS: read-only file system, open '/usr/x'", ['writes outside']],
    ["OSError: [Errno 30] Read-only file system: '/scratch/data/a.csv'", ['writes outside']],
    ['sh: 1: cannot create /tmp/recheck-plant-x/planted: Directory nonexistent', []],
    ['bash: /tmp/host/x: No such file or directory', []],
    ['bash: connect: Network is unreachable', ['network']],
    ['ConnectionRefusedError: [Errno 111] Connection refused', ['network']],
    ['Error: connect ENETUNREACH 8.8.8.8:53 - Local (0.0.0.0:0)', ['network']],
    ['socket.gaierror: [Errno -3] Temporary failure in name resolution', ['network']],
    ['bash: fork: retry: Resource temporarily unavailable', ['fork bomb']],
    ['BlockingIOError: [Errno 11] Resource temporarily unavailable', ['fork bomb']],
    ['sh: 1: Cannot fork', ['fork bomb']],
    ['Error: spawn EAGAIN', ['fork bomb']],
    ['OSError: [Errno 27] File too large', ['disk flood']],
    ['ValueError: math domain error', []],
    ['', []],
  ] as const)('%s', (line, words) => {
    expect(stderrAttempts(line, VISIBLE)).toEqual(words);
  });

  it('collects several words from one stderr, in the report order', () => {
    const text =
      'bash: fork: retry: Resource temporarily unavailable\ncat: /root/x: No such file or directory\nbash: connect: Network is unreachable';
    expect(stderrAttempts(text, VISIBLE)).toEqual(['network', 'reads outside', 'fork bomb']);
  });

  it('never throws and returns only known words, on any text (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (s) => {
        const words = stderrAttempts(s, VISIBLE);
        expect(hostileWords(words)).toEqual(words);
      }),
      { seed: 7, numRuns: 500 },
    );
  });
});

describe('attemptLines', () => {
  it('reads the hook’s lines and drops unknown words and broken lines', () => {
    const text = "network\tsocket.connect ('8.8.8.8', 53)\nnonsense\tx\nreads outside\t/root/.ssh\nno tab here\n\nfork bomb\t";
    expect(attemptLines(text)).toEqual([
      { word: 'network', what: "socket.connect ('8.8.8.8', 53)" },
      { word: 'reads outside', what: '/root/.ssh' },
      { word: 'fork bomb', what: '' },
    ]);
  });
});

describe('CappedOutput', () => {
  it('keeps the first maxBytes bytes, marks truncation exactly, and tells once (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 50 }), { maxLength: 20 }), fc.integer({ min: 0, max: 300 }), (chunks, max) => {
        let told = 0;
        const out = new CappedOutput(max, () => told++);
        for (const c of chunks) out.push(Buffer.from(c));
        const all = Buffer.concat(chunks.map((c) => Buffer.from(c)));
        expect(out.bytesSeen).toBe(all.length);
        expect(out.truncated).toBe(all.length > max);
        expect(told).toBe(all.length > max ? 1 : 0);
        expect(out.text()).toBe(all.subarray(0, max).toString('utf8'));
      }),
      { seed: 11, numRuns: 300 },
    );
  });

  it('cuts a multi-byte character into a replacement character, never an exception', () => {
    const out = new CappedOutput(4, () => undefined);
    out.push(Buffer.from('abcé')); // 'é' is two bytes: the cap falls inside it
    expect(out.text()).toBe('abc\ufffd');
  });
});
