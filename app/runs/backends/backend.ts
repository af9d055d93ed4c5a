/**
 * Where a sweep's points are computed: a SweepBackend. runSweep (app/runs/sweep.ts) owns everything a sweep
 * is besides that (its folder, manifest, checkpoint verification, resume, stop point, final status, summary)
 * and hands each pass over the missing points to its backend:
 * - `local` (local.ts): `jobs` sandboxes of this process's SandboxRunner at once;
 * - `slurm` (slurm.ts): one `sbatch --array` job whose tasks run `recheck sweep --shard i/N` on the cluster.
 * A backend writes nothing but points (through the checkpoint) and reports each point once it is durable on
 * disk with `pass.accept`, which sends the events and moves the stop point. Another engine (Kubernetes Jobs,
 * a hosted jobs service) is one more file implementing this interface.
 */
import type { PreparedProgram } from '../../sandbox/runner';
import type { SandboxLimits } from '../../sandbox/confinement';
import type { PointRecord } from '../record';
import type { IndexRange } from '../shard';
import type { SweepOptions } from '../sweep';

/** What the manifest and the summary record about the backend of a sweep (the local one records nothing). */
export interface BackendRecord {
  readonly name: string;
  /** The engine's version (e.g. `slurm-wlm 22.05.8`). */
  readonly version?: string;
  /** Jobs submitted for this sweep, oldest first (a resume adds one). */
  readonly jobs?: readonly BackendJob[];
  /** Settings the jobs were submitted with (partition, time, memory, ...). */
  readonly settings?: Readonly<Record<string, string | number | readonly string[]>>;
}

export interface BackendJob {
  readonly id: string;
  /** The array tasks (shard numbers) it ran, as Slurm's index list (`0-63`). */
  readonly tasks: string;
  readonly shards: number;
  /** Nodes seen running its tasks. */
  readonly nodes: readonly string[];
  readonly submittedAt: string;
  /** How it ended, when known: `finished`, `cancelled-at-stop-point`, `cancelled`. */
  readonly end?: string;
  /** Its tasks' final states with counts (scontrol), e.g. `{ COMPLETED: 60, CANCELLED: 4 }`. */
  readonly states?: Readonly<Record<string, number>>;
}

/** One pass over the points a sweep still lacks, as runSweep hands it to a backend. */
export interface SweepPass {
  readonly o: SweepOptions;
  readonly id: string;
  readonly dir: string;
  readonly program: PreparedProgram;
  readonly total: number;
  /** The points this process is responsible for (all of them, or one shard's slice). */
  readonly range: IndexRange;
  /** The points file this process appends to (points.jsonl, or a shard's own). */
  readonly pointsFile: string;
  readonly jobs: number;
  readonly limits: SandboxLimits;
  readonly stopOn: string | null;
  /** The backend record from the manifest as the sweep opened (a resume continues it); null for a fresh sweep. */
  readonly previous: BackendRecord | null;
  /** Verified points by index (accept adds to it). */
  readonly records: Map<number, PointRecord>;
  /** Index of the first violating point known so far (Infinity: none). Only ever moves down. */
  readonly stopIndex: number;
  readonly notice: (message: string) => void;
  /**
   * A finished point, already durable on disk: adds it, sends the `point` and `progress` events, and lowers
   * the stop point when it violates below it (sending `stopping`). Returns true when the stop point moved to it.
   */
  accept(record: PointRecord): boolean;
  /** Rewrites the manifest (status running) with this backend's record. */
  recordBackend(record: BackendRecord): Promise<void>;
}

/** How a pass ended: `done` (every point it was given is expected on disk), `incomplete` (the engine knows some are not, e.g. a task died: a rerun resumes). */
export type PassEnd = 'done' | 'incomplete';

export interface SweepBackend {
  /** `local`, `slurm`: written in the manifest. */
  readonly name: string;
  /** Refuses bad settings before the sweep folder is touched (BadInputError, one line). */
  check?(o: SweepOptions): Promise<void>;
  /** Computes every point of `pass.range` below the stop point that `pass.records` lacks. */
  computeMissing(pass: SweepPass): Promise<PassEnd>;
}
