// Preloaded into a child (`node -r bench/stats/max-rss.cjs ...`) by fit.bench.ts: on exit, prints the process's
// peak resident set size to stderr as one line `max-rss-kib N`. It reads VmHWM from /proc/self/status (the peak of
// this program's own memory since exec), not getrusage's ru_maxrss, which on Linux carries the parent's resident
// size at fork into the child (a 220 MB benchmark process made `recheck --help` look like 220 MB).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS preload (node -r) has no import
const { readFileSync } = require('node:fs');

process.on('exit', () => {
  let kib;
  try {
    kib = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
  } catch {
    kib = process.resourceUsage().maxRSS; // no /proc: the rusage figure
  }
  process.stderr.write(`max-rss-kib ${kib}\n`);
});
