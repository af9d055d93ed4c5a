/**
 * What a replayed program attempted that the sandbox denied, in the words the reports use: `network`,
 * `reads outside`, `writes outside`, `fork bomb`, `disk flood`. The sandbox contains these whatever the program
 * does (bubblewrap and prlimit, run-program.ts); this file only names them, from two sources:
 * - Python (also Python started by a shell cell): an audit hook (PEP 578) loaded from a `sitecustomize.py` the
 *   sandbox puts first on PYTHONPATH reports each attempt on file descriptor 3, before the kernel refuses it;
 * - any program: its stderr, read for the errors a denial produces (a read-only file system, an unreachable
 *   network, a failed fork) with the path or address they name.
 * Both are best effort: a program that runs `python -I`, closes descriptor 3, or swallows its errors is still
 * contained, just not named.
 *
 * Example: `stderrAttempts('cat: /root/.ssh/id_rsa: No such file or directory', ['/usr'])` is `['reads outside']`.
 */

export type HostileWord = 'network' | 'reads outside' | 'writes outside' | 'fork bomb' | 'disk flood';

const WORDS: readonly HostileWord[] = ['network', 'reads outside', 'writes outside', 'fork bomb', 'disk flood'];

/** Folders a program may write to inside the sandbox besides its scratch folder (the cwd, `/scratch`). */
export const WRITABLE_ROOTS: readonly string[] = ['/tmp', '/dev/shm', '/dev/null', '/dev/zero', '/dev/full', '/dev/tty'];

/** Words in the order reports list them, without repeats. Example: `hostileWords(['network', 'x', 'network'])` is `['network']`. */
export function hostileWords(found: Iterable<string>): HostileWord[] {
  const set = new Set(found);
  return WORDS.filter((w) => set.has(w));
}

/** Attempts reported by the audit hook: one `word<TAB>what` line each. Unknown words and malformed lines are dropped. */
export function attemptLines(text: string): { word: HostileWord; what: string }[] {
  const out: { word: HostileWord; what: string }[] = [];
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const word = line.slice(0, tab) as HostileWord;
    if (WORDS.includes(word)) out.push({ word, what: line.slice(tab + 1, tab + 301) });
  }
  return out;
}

function under(p: string, roots: readonly string[]): boolean {
  return roots.some((r) => p === r || p.startsWith(r.endsWith('/') ? r : `${r}/`));
}

const NETWORK =
  /Network is unreachable|Connection refused|No route to host|ENETUNREACH|ECONNREFUSED|EHOSTUNREACH|EAI_AGAIN|Temporary failure in name resolution|Name or service not known|Could not resolve host|getaddrinfo|\/dev\/(?:tcp|udp)\//;
const FORK =
  /(?:fork|spawn|clone|Popen)[^\n]*(?:Resource temporarily unavailable|EAGAIN)|Cannot fork|can't fork|fork: retry|BlockingIOError: \[Errno 11\]/i;
const WRITE_DENIED = /Read-only file system|EROFS/;
const WRITE_CONTEXT = /cannot create|can't create|cannot touch|for writing|cannot make directory|mkdir|EROFS|Read-only|open\(.*['"][wax+]/i;
const FILE_ERROR = /No such file or directory|Permission denied|ENOENT|EACCES|Not a directory/;
const ABSOLUTE_PATH = /(?:^|[\s'"`(:=])(\/(?:[^\s'"`:,)]+))/g;
const DISK = /File too large|EFBIG|No space left on device|ENOSPC|Disk quota exceeded/;

/**
 * Attempts named by a program's stderr. `visibleRoots` are the folders the sandbox shows (system folders,
 * the interpreter, the case files): a failed read of an absolute path outside them is a read outside.
 */
export function stderrAttempts(stderr: string, visibleRoots: readonly string[], scratch = '/scratch'): HostileWord[] {
  const found = new Set<HostileWord>();
  const writable = [scratch, ...WRITABLE_ROOTS];
  for (const line of stderr.split('\n').slice(-2000)) {
    if (NETWORK.test(line)) found.add('network');
    if (FORK.test(line)) found.add('fork bomb');
    if (DISK.test(line)) found.add('disk flood');
    const paths = [...line.matchAll(ABSOLUTE_PATH)].map((m) => m[1] as string).filter((p) => !p.startsWith('//'));
    if (WRITE_DENIED.test(line)) found.add('writes outside'); // only the read-only mounts give EROFS: never the scratch folder
    if (!FILE_ERROR.test(line)) continue;
    for (const p of paths) {
      if (WRITE_CONTEXT.test(line)) {
        if (!under(p, [scratch])) found.add('writes outside');
      } else if (!under(p, [...visibleRoots, ...writable])) found.add('reads outside');
    }
  }
  return hostileWords(found);
}
