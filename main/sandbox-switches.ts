/**
 * Switches that weaken the sandbox the desktop app promises to untrusted code: Chromium's own sandbox turned
 * off (`--no-sandbox`, the usual workaround when Linux's SUID helper is misconfigured, or implied by
 * `--no-zygote`; `ELECTRON_DISABLE_SANDBOX`), the same-origin policy or site isolation turned off, or a debugging
 * port that lets any local process drive the app (Chromium's DevTools protocol, Node's inspector). When any is
 * present the hidden-window runner refuses untrusted runs unless the reviewer opted in at launch
 * (`--allow-unconfined`), and reports them as unconfined (main/window-runner.ts).
 * Example: `sandboxWeakeners(['recheck', '--no-sandbox'], () => false)` is `['--no-sandbox']`.
 */

/** Switch names (without dashes) that weaken confinement by their mere presence. */
const WEAKENING = [
  'no-sandbox',
  'no-zygote',
  'disable-gpu-sandbox',
  'disable-web-security',
  'disable-site-isolation-trials',
  'remote-debugging-port',
  'remote-debugging-pipe',
  'inspect',
  'inspect-brk',
  'inspect-port',
] as const;

/** Features whose disabling weakens site isolation (`--disable-features=...`). */
const ISOLATION_FEATURES = ['site-per-process', 'IsolateOrigins'];

/**
 * The weakening switches present: on the command line (`--name` or `--name=value`), through Electron's
 * `app.commandLine.hasSwitch`, or in the environment. Returned in a stable order, each once.
 */
export function sandboxWeakeners(argv: readonly string[], hasSwitch: (name: string) => boolean, env: NodeJS.ProcessEnv = {}): string[] {
  const found: string[] = [];
  const onCommandLine = (name: string) => argv.some((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  for (const name of WEAKENING) if (onCommandLine(name) || hasSwitch(name)) found.push(`--${name}`);
  for (const a of argv) {
    if (!a.startsWith('--disable-features=')) continue;
    const features = a.slice('--disable-features='.length).split(',');
    const hit = ISOLATION_FEATURES.find((f) => features.includes(f)); // in ISOLATION_FEATURES' order
    if (hit !== undefined && !found.includes(`--disable-features=${hit}`)) found.push(`--disable-features=${hit}`);
  }
  if (env.ELECTRON_DISABLE_SANDBOX !== undefined && env.ELECTRON_DISABLE_SANDBOX !== '') found.push('ELECTRON_DISABLE_SANDBOX');
  return found;
}

/** The one line a refused run gets. */
export function weakenedMessage(weakened: readonly string[]): string {
  return (
    `the desktop app was started with ${weakened.join(', ')}, which weakens the sandbox untrusted code runs in: ` +
    'untrusted runs are refused. Restart Recheck without it (on Linux, fix the SUID sandbox helper or use the .deb ' +
    'package rather than --no-sandbox), or start it with --allow-unconfined to run such code unconfined, reported as unconfined'
  );
}
