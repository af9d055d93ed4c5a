/**
 * What a sandbox run looks like to the panel, whichever host runs it (runInPage: an iframe of this page;
 * runInCore: the core's sandbox). DOM-free, so node-side tests can import it.
 */
import type { EndReason, LogMessage, PointMessage, ProgressMessage } from '../../common/sandbox/protocol';

/**
 * How a run ended: the program's result, or why there is none (one line); `record` is the run's record file
 * (relative to the case folder) when the core kept one (runs in the core's sandbox do).
 */
export type SandboxRunEnd = ({ outcome: 'result'; value: unknown } | { outcome: 'error'; reason: EndReason; message: string }) & {
  record?: string;
};

/** The program's streamed messages. */
export type SandboxStreamMessage = ProgressMessage | LogMessage | PointMessage;

/** A running program: `ended` settles once (never rejects); `cancel()` is idempotent. */
export interface SandboxRun {
  readonly ended: Promise<SandboxRunEnd>;
  cancel(): void;
}
