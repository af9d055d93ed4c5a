/**
 * The `sitecustomize.py` a replayed Python program starts with (the sandbox puts its folder first on
 * PYTHONPATH): an audit hook (PEP 578) that writes `word<TAB>what` to file descriptor 3 when the program opens a
 * file outside what the sandbox shows, writes outside its scratch folder (and /tmp), connects a socket or looks up
 * a host name, and a wrapper of `os.fork` that names a fork refused by the process limit. It never raises (an
 * exception in an audit hook would abort the program's operation) and reports at most 64 distinct attempts.
 * It is a reporter, not a guard: the kernel and bubblewrap deny; this only says what was tried
 * (hostile.ts). A site customization found further on the path (a virtual environment's) still runs after it;
 * Debian's (an apport hook) does not.
 *
 * Example: `pythonSiteCustomize(['/usr', '/case'])` returns the file's text with those folders as the visible ones.
 */
import { WRITABLE_ROOTS } from './hostile';

/** The file descriptor the hook reports on (the host's pipe). */
export const ATTEMPT_FD = 3;

function pyTuple(items: readonly string[]): string {
  return `(${items.map((s) => JSON.stringify(s)).join(', ')}${items.length === 1 ? ',' : ''})`;
}

/**
 * The sitecustomize.py text for a run whose sandbox shows `visibleRoots` (read-only) besides `scratch` and the
 * writable roots; `readOnlyInScratch` are the case folders mounted read-only inside the scratch folder.
 */
export function pythonSiteCustomize(
  visibleRoots: readonly string[],
  scratch = '/scratch',
  readOnlyInScratch: readonly string[] = [],
): string {
  return `# Recheck replay sandbox: names what the program attempts that the sandbox denies (descriptor ${ATTEMPT_FD}).
import os as _os, sys as _sys


def _recheck_install():
    import stat
    try:
        mode = _os.fstat(${ATTEMPT_FD}).st_mode
        # The host's channel is a pipe or a socket pair (libuv); a file the program opened as descriptor 3 is not.
        if _os.environ.get('RECHECK_ATTEMPT_FD') != '${ATTEMPT_FD}' or not (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)):
            return
    except OSError:
        return
    visible = ${pyTuple(visibleRoots)}
    writable = ${pyTuple([scratch, ...WRITABLE_ROOTS])}
    scratch = ${pyTuple([scratch])}
    read_only = ${pyTuple(readOnlyInScratch)}
    sent = set()
    write, fsdecode, getcwd = _os.write, _os.fsdecode, _os.getcwd
    normpath, dirname, isdir = _os.path.normpath, _os.path.dirname, _os.path.isdir
    writing_flags = _os.O_WRONLY | _os.O_RDWR | _os.O_CREAT | _os.O_TRUNC | _os.O_APPEND

    def under(p, roots):
        for r in roots:
            if p == r or p.startswith(r + '/'):
                return True
        return False

    def report(word, what):
        key = (word, what)
        if key in sent or len(sent) >= 64:
            return
        sent.add(key)
        try:
            write(${ATTEMPT_FD}, (word + '\\t' + what.replace('\\n', ' ')[:300] + '\\n').encode('utf-8', 'replace'))
        except OSError:
            pass

    def absolute(path):
        if path is None or isinstance(path, int):
            return None
        p = fsdecode(path)
        if not p.startswith('/'):
            p = getcwd() + '/' + p
        return normpath(p)

    def wrote(path):
        p = absolute(path)
        if p is None:
            return
        # Outside the writable folders, or into a folder the sandbox does not have (a path of the host).
        if not under(p, writable) or under(p, read_only) or (not under(p, scratch) and not isdir(dirname(p))):
            report('writes outside', p)

    def read(path):
        p = absolute(path)
        if p is not None and not under(p, visible) and not under(p, writable):
            report('reads outside', p)

    def hook(event, args):
        try:
            if event == 'open':
                path, mode, flags = args
                if (isinstance(mode, str) and any(c in mode for c in 'wax+')) or (mode is None and (flags or 0) & writing_flags):
                    wrote(path)
                else:
                    read(path)
            elif event in ('os.listdir', 'os.scandir'):
                read(args[0] if args and args[0] is not None else '.')
            elif event in ('os.mkdir', 'os.remove', 'os.rmdir', 'os.truncate', 'os.chmod', 'os.chown', 'os.utime'):
                wrote(args[0])
            elif event in ('os.rename', 'os.link', 'os.symlink'):
                wrote(args[1])
            elif event in ('socket.connect', 'socket.sendto', 'socket.sendmsg'):
                report('network', event + ' ' + repr(args[1])[:200])
            elif event == 'socket.getaddrinfo':
                report('network', 'getaddrinfo ' + repr(args[0])[:200])
        except Exception:
            pass

    _sys.addaudithook(hook)
    real_fork = _os.fork

    def fork():
        try:
            return real_fork()
        except BlockingIOError:
            report('fork bomb', 'os.fork refused: process limit reached')
            raise

    fork.__doc__ = real_fork.__doc__
    _os.fork = fork


def _recheck_chain():
    import importlib.machinery, importlib.util
    here = _os.path.dirname(_os.path.abspath(__file__))
    path = [p for p in _sys.path if _os.path.abspath(p or '.') != here]
    spec = importlib.machinery.PathFinder.find_spec('sitecustomize', path)
    origin = getattr(spec, 'origin', None) or ''
    if spec is None or spec.loader is None or origin.startswith(('/usr/lib/python3', '/etc/python3')):
        return
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)


_recheck_install()
_recheck_chain()
del _recheck_install, _recheck_chain
`;
}
