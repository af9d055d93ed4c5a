#!/usr/bin/env node
// A real single-node Slurm for the tests, started by hand as root (no systemd): munged, slurmctld, slurmd.
//
//   node scripts/slurm/cluster.mjs start   starts it (or finds it running), waits until `srun true` works,
//                                          prints `SLURM_CONF=<file>`
//   node scripts/slurm/cluster.mjs stop    cancels its jobs and stops exactly the daemons it started
//   node scripts/slurm/cluster.mjs status  prints the state file, exit 1 when not running
//
// Everything lives in one folder (default /var/spool/recheck-slurm, or $RECHECK_SLURM_DIR): its own slurm.conf
// (the hardware line from `slurmd -C`, scheduling without delays), spool and state folders, logs, pid files,
// and `cluster.json`, which names the PIDs this script started. Clients find the cluster through SLURM_CONF.
// Stopping checks each PID's /proc/PID/comm before signalling it (a stale pid file never kills a stranger) and
// never looks processes up by name. A munged that was already running is used and left alone.
// Debian packages: slurmctld slurmd slurm-client munge (scripts/system-deps.mjs installs them).
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const DEFAULT_DIR = process.env.RECHECK_SLURM_DIR || '/var/spool/recheck-slurm';
export const STATE_FILE = 'cluster.json';
export const PARTITION = 'debug';
/** CPUs advertised for the node: more than the machine has, so that throttling (--array-max) is what limits. */
const ADVERTISED_CPUS = 8;
const BINARIES = ['/usr/sbin/munged', '/usr/sbin/slurmctld', '/usr/sbin/slurmd', 'sbatch', 'srun', 'squeue', 'scontrol', 'scancel'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The command name of a live process (/proc/PID/comm), or null when there is none. */
export function processName(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

function alive(pid, comm) {
  return Number.isInteger(pid) && pid > 0 && processName(pid) === comm;
}

function readPid(file) {
  try {
    const n = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** The recorded state of a running cluster in `dir`, or null when none runs (every recorded daemon must be alive). */
export function clusterState(dir = DEFAULT_DIR) {
  let s;
  try {
    s = JSON.parse(readFileSync(path.join(dir, STATE_FILE), 'utf8'));
  } catch {
    return null;
  }
  const daemons = [...s.started, ...(s.shared ?? [])];
  return daemons.every((d) => alive(d.pid, d.comm)) ? s : null;
}

/** slurm.conf for one node named `host`, from the hardware line of `slurmd -C`. */
export function slurmConf(dir, host, hardwareLine) {
  const memory = /RealMemory=(\d+)/.exec(hardwareLine)?.[1] ?? '1024';
  return [
    '# Written by scripts/slurm/cluster.mjs: a single-node Slurm for the tests.',
    'ClusterName=recheck',
    `SlurmctldHost=${host}(127.0.0.1)`,
    'SlurmUser=slurm',
    'AuthType=auth/munge',
    'ProctrackType=proctrack/linuxproc',
    'TaskPlugin=task/none',
    'SelectType=select/cons_tres',
    'SelectTypeParameters=CR_Core',
    'AccountingStorageType=accounting_storage/none',
    'JobCompType=jobcomp/none',
    'JobAcctGatherType=jobacct_gather/none',
    'MpiDefault=none',
    'MailProg=/bin/true',
    'ReturnToService=2',
    // Without these, the scheduler runs about every 3 s (an 8-task array took 11 s instead of 3.3 s).
    'SchedulerParameters=batch_sched_delay=0,sched_min_interval=0',
    // Trust the node line below over the hardware (it advertises more CPUs than the machine has).
    'SlurmdParameters=config_overrides',
    'MinJobAge=600',
    `StateSaveLocation=${dir}/ctld`,
    `SlurmdSpoolDir=${dir}/slurmd`,
    `SlurmctldPidFile=${dir}/slurmctld.pid`,
    `SlurmdPidFile=${dir}/slurmd.pid`,
    `SlurmctldLogFile=${dir}/slurmctld.log`,
    `SlurmdLogFile=${dir}/slurmd.log`,
    `PlugStackConfig=${dir}/plugstack.conf`,
    `NodeName=${host} NodeAddr=127.0.0.1 CPUs=${ADVERTISED_CPUS} RealMemory=${memory} State=UNKNOWN`,
    `PartitionName=${PARTITION} Nodes=${host} Default=YES MaxTime=INFINITE State=UP`,
    '',
  ].join('\n');
}

function run(cmd, args, env) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: { ...process.env, ...env } });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() };
}

/** Waits until `check()` is true, polling every `stepMs`; false after `ms`. */
async function until(check, ms, stepMs = 100) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(stepMs)) if (check()) return true;
  return check();
}

/** munged: the running one when `munge -n | unmunge` already works, else one started here (returned). */
async function ensureMunge() {
  const works = () => spawnSync('sh', ['-c', 'munge -n | unmunge'], { stdio: 'ignore' }).status === 0;
  const pidFile = '/run/munge/munged.pid';
  if (works()) {
    const pid = readPid(pidFile);
    return { started: null, shared: pid !== null && alive(pid, 'munged') ? { pid, comm: 'munged' } : null };
  }
  mkdirSync('/run/munge', { recursive: true });
  const munge = spawnSync('id', ['-u', 'munge'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'munge'], { encoding: 'utf8' });
  chownSync('/run/munge', Number(munge.stdout), Number(gid.stdout));
  const r = run('runuser', ['-u', 'munge', '--', '/usr/sbin/munged']);
  if (!r.ok) throw new Error(`munged did not start: ${r.out}`);
  if (!(await until(works, 10_000))) throw new Error('munged started but `munge -n | unmunge` fails');
  const pid = readPid(pidFile);
  if (pid === null || !alive(pid, 'munged')) throw new Error(`munged: no live process in ${pidFile}`);
  return { started: { pid, comm: 'munged' }, shared: null };
}

/** Starts a daemon that forks into the background and writes `pidFile`; returns its PID once it is alive. */
async function startDaemon(binary, comm, pidFile, conf) {
  rmSync(pidFile, { force: true });
  const r = run(binary, ['-f', conf]);
  if (!r.ok) throw new Error(`${comm} did not start: ${r.out}`);
  let pid = null;
  await until(() => (pid = readPid(pidFile)) !== null && alive(pid, comm), 10_000);
  if (pid === null || !alive(pid, comm)) throw new Error(`${comm}: no live process named ${comm} in ${pidFile} (see its log)`);
  return { pid, comm };
}

/**
 * Starts the cluster in `dir` unless it already runs; resolves with its state
 * `{ conf, partition, host, started: [{pid, comm}], shared: [...] }` (with `alreadyRunning: true` when it was).
 * Throws with one line when it cannot.
 */
export async function startCluster(dir = DEFAULT_DIR) {
  const running = clusterState(dir);
  if (running !== null) return { ...running, alreadyRunning: true };
  if (typeof process.getuid !== 'function' || process.getuid() !== 0)
    throw new Error('starting Slurm needs root (the daemons run as root and slurm)');
  const missing = BINARIES.filter((b) => (b.startsWith('/') ? !existsSync(b) : !has(b)));
  if (missing.length > 0) throw new Error(`missing ${missing.join(', ')}: install the Debian packages slurmctld slurmd slurm-client munge`);
  // Whatever an earlier start left (a stale state file, old jobs) is stopped and cleared first.
  await stopCluster(dir);
  rmSync(dir, { recursive: true, force: true });
  for (const sub of ['ctld', 'slurmd']) mkdirSync(path.join(dir, sub), { recursive: true });
  const slurm = Number(spawnSync('id', ['-u', 'slurm'], { encoding: 'utf8' }).stdout);
  const slurmGid = Number(spawnSync('id', ['-g', 'slurm'], { encoding: 'utf8' }).stdout);
  chownSync(path.join(dir, 'ctld'), slurm, slurmGid);
  const host = hostname().split('.')[0];
  const hw = run('/usr/sbin/slurmd', ['-C']);
  if (!hw.ok) throw new Error(`slurmd -C failed: ${hw.out}`);
  const conf = path.join(dir, 'slurm.conf');
  writeFileSync(conf, slurmConf(dir, host, hw.out.split('\n')[0]));
  writeFileSync(path.join(dir, 'plugstack.conf'), '');
  const started = [];
  const shared = [];
  const state = () => ({ conf, partition: PARTITION, host, dir, started, shared, startedAt: new Date().toISOString() });
  const save = () => writeFileSync(path.join(dir, STATE_FILE), `${JSON.stringify(state(), null, 2)}\n`);
  try {
    const munge = await ensureMunge();
    if (munge.started) started.push(munge.started);
    if (munge.shared) shared.push(munge.shared);
    save();
    started.push(await startDaemon('/usr/sbin/slurmctld', 'slurmctld', path.join(dir, 'slurmctld.pid'), conf));
    save();
    started.push(await startDaemon('/usr/sbin/slurmd', 'slurmd', path.join(dir, 'slurmd.pid'), conf));
    save();
    // sinfo may say idle before slurmd registered: a job that runs is the real test.
    const env = { SLURM_CONF: conf };
    let last = '';
    const ready = await until(
      () => {
        const r = run('srun', ['--quiet', '-N1', '-n1', '-t', '1', '--immediate=5', 'true'], env);
        last = r.out;
        return r.ok;
      },
      60_000,
      500,
    );
    if (!ready) throw new Error(`Slurm started but \`srun true\` keeps failing: ${last.split('\n').at(-1)} (logs in ${dir})`);
    return state();
  } catch (err) {
    await stopCluster(dir);
    throw err;
  }
}

/** Cancels the cluster's jobs and stops the daemons recorded in `dir`'s state file (by PID, after checking each name). */
export async function stopCluster(dir = DEFAULT_DIR) {
  let s;
  try {
    s = JSON.parse(readFileSync(path.join(dir, STATE_FILE), 'utf8'));
  } catch {
    return [];
  }
  const ctld = s.started.find((d) => d.comm === 'slurmctld');
  if (ctld && alive(ctld.pid, 'slurmctld')) {
    // Every job of this private cluster; slurmd then ends their steps before it is stopped.
    const ids = run('squeue', ['-h', '-o', '%A'], { SLURM_CONF: s.conf });
    const jobs = ids.ok ? ids.out.split('\n').filter((l) => /^\d+$/.test(l.trim())) : [];
    if (jobs.length > 0) {
      run('scancel', jobs, { SLURM_CONF: s.conf });
      await until(() => run('squeue', ['-h', '-o', '%A'], { SLURM_CONF: s.conf }).out === '', 10_000, 200);
    }
  }
  const stopped = [];
  // slurmd before slurmctld, munged last (they talk to it while shutting down).
  for (const d of [...s.started].reverse()) {
    if (!alive(d.pid, d.comm)) continue;
    process.kill(d.pid, 'SIGTERM');
    if (!(await until(() => !alive(d.pid, d.comm), 10_000))) {
      if (alive(d.pid, d.comm)) process.kill(d.pid, 'SIGKILL');
      await until(() => !alive(d.pid, d.comm), 5_000);
    }
    stopped.push(d);
  }
  rmSync(path.join(dir, STATE_FILE), { force: true });
  return stopped;
}

async function main(argv) {
  const [command] = argv;
  try {
    if (command === 'start') {
      const s = await startCluster();
      const pids = s.started.map((d) => `${d.comm} ${d.pid}`).join(', ');
      process.stdout.write(
        `Slurm ${s.alreadyRunning ? 'was already running' : 'is running'} (${pids || 'nothing started here'}); partition ${s.partition}\nSLURM_CONF=${s.conf}\n`,
      );
      return 0;
    }
    if (command === 'stop') {
      const stopped = await stopCluster();
      process.stdout.write(
        stopped.length > 0
          ? `stopped ${stopped.map((d) => `${d.comm} ${d.pid}`).join(', ')}\n`
          : 'no Slurm started by this script was running\n',
      );
      return 0;
    }
    if (command === 'status') {
      const s = clusterState();
      process.stdout.write(s ? `${JSON.stringify(s, null, 2)}\n` : 'not running\n');
      return s ? 0 : 1;
    }
    process.stderr.write('usage: node scripts/slurm/cluster.mjs start|stop|status\n');
    return 2;
  } catch (err) {
    process.stderr.write(`slurm: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main(process.argv.slice(2));
