/**
 * sbatch's option table as its getopt_long sees it (Slurm 22.05.8, read from the running binary by wrapping
 * getopt_long; test/security/slurm-options.test.ts checks it against the installed sbatch): every long option
 * in sbatch's order with whether it takes a value, and the short-option string. The order matters where two
 * entries share a prefix and are the same option (getopt_long then takes the first), and aliases share an id.
 * Example: `SBATCH_LONG.find((o) => o.name === 'output')` is `{ name: 'output', arg: 1, id: 'output', short: 'o' }`.
 */

/** 0: takes no value, 1: needs one (`--opt=v` or `--opt v`), 2: takes one only when attached (`--opt=v`). */
export type ArgKind = 0 | 1 | 2;

export interface LongOption {
  readonly name: string;
  readonly arg: ArgKind;
  /** The option it is (an alias has its original's id): getopt_long's `val`. */
  readonly id: string;
  /** Its one-letter form, if any. */
  readonly short?: string;
}

/** `name:arg[:letter]`, in sbatch's order. */
const ENTRIES = `
  account:1:A acctg-freq:1 array:1:a batch:1 begin:1:b bb:1 bbf:1 cluster-constraint:1 chdir:1:D cluster:1
  clusters:1:M comment:1 container:1 context:1 contiguous:0 constraint:1:C core-spec:1:S cores-per-socket:1
  cpu-freq:1 cpus-per-gpu:1 cpus-per-task:1:c deadline:1 delay-boot:1 dependency:1:d distribution:1:m error:1:e
  exclude:1:x exclusive:2 export:1 export-file:1 extra-node-info:1:B get-user-env:2 gid:1 gpu-bind:1 gpu-freq:1
  gpus:1:G gpus-per-node:1 gpus-per-socket:1 gpus-per-task:1 gres:1 gres-flags:1 help:0:h hint:1 hold:0:H
  ignore-pbs:0 input:1:i job-name:1:J kill-on-invalid-dep:1 licenses:1:L mail-type:1 mail-user:1 mcs-label:1
  mem:1 mem-bind:1 mem-per-cpu:1 mem-per-gpu:1 mincpus:1 network:1 nice:2 no-kill:2:k no-requeue:0
  nodefile:1:F nodelist:1:w nodes:1:N ntasks:1:n ntasks-per-core:1 ntasks-per-gpu:1 ntasks-per-node:1
  ntasks-per-socket:1 ntasks-per-tres:1 open-mode:1 output:1:o overcommit:0:O oversubscribe:0:s parsable:0
  partition:1:p power:1 prefer:1 priority:1 profile:1 propagate:2 qos:1:q quiet:0:Q reboot:0 requeue:0
  reservation:1 signal:1 sockets-per-node:1 spread-job:0 switches:1 tasks-per-node:1 test-only:0 thread-spec:1
  threads-per-core:1 time:1:t time-min:1 tmp:1 uid:1 use-min-nodes:0 verbose:0:v version:0:V usage:0 wait:0:W
  wait-all-nodes:1 wckey:1 wrap:1`;

/** Entries that are another option under a second name (same getopt `val`). */
const ALIASES: Readonly<Record<string, string>> = { 'tasks-per-node': 'ntasks-per-node' };

/** sbatch's long options, in its order. */
export const SBATCH_LONG: readonly LongOption[] = ENTRIES.trim()
  .split(/\s+/)
  .map((token) => {
    const [name = '', arg = '0', short] = token.split(':');
    return { name, arg: Number(arg) as ArgKind, id: ALIASES[name] ?? name, ...(short !== undefined ? { short } : {}) };
  });

/** sbatch's short-option string (`+`: options end at the first word that is not one; `x:` needs a value, `x::` takes an attached one). */
export const SBATCH_SHORT = '+A:a:b:D:M:C:S:c:d:m:e:x:B:G:hHi:J:L:k::F:w:N:n:o:Osp:q:Qt:vVW';

/** The short options: letter to its value kind and long name. Example: `shortOption('o')` is `{ arg: 1, name: 'output' }`. */
export function shortOption(letter: string): { readonly arg: ArgKind; readonly name: string } | null {
  if (letter === ':' || letter === ';' || letter === '+' || letter.length !== 1) return null;
  const at = SBATCH_SHORT.indexOf(letter, 1);
  if (at < 0) return null;
  const arg: ArgKind = SBATCH_SHORT[at + 1] !== ':' ? 0 : SBATCH_SHORT[at + 2] === ':' ? 2 : 1;
  const long = SBATCH_LONG.find((o) => o.short === letter);
  return { arg, name: long?.name ?? letter };
}
