/**
 * Node-side helpers shared by the fw-attention commands (`recheck verify`, `recheck search`) and check kinds:
 * read a certificate or config file (bad input becomes a BadInputError naming the file and JSON pointer),
 * and drive an exact + float64 run step by step, yielding to the event loop so progress and Ctrl-C work.
 */
import { BadInputError, CancelledError } from '../../errors';
import { shown } from '../../text/display';
import { readJsonFile } from '../../tables/json-file';
import { CertificateError, validateFwCertificate, type FwCertificate } from '../../../checkers/certificates/certificate';
import { startFwRun } from '../../../checkers/certificates/verify-fw';
import type { FwRunResult } from '../../../checkers/dynamics/fw-attention-run';

/**
 * Read and validate a certificate (requireClaim) or search config through the shared JSON reader (a regular
 * file of at most 16 MiB, strict UTF-8, bounded JSON). `shownAs` is the name used in messages.
 */
export async function readFwCertificateFile(absPath: string, shownAs: string, requireClaim: boolean): Promise<FwCertificate> {
  const doc = await readJsonFile(absPath, shownAs);
  try {
    return validateFwCertificate(doc, requireClaim);
  } catch (e) {
    if (e instanceof CertificateError) throw new BadInputError(shown(shownAs), shown(e.problem), e.pointer === '' ? undefined : shown(e.pointer));
    throw e;
  }
}

export interface DriveOptions {
  signal?: AbortSignal;
  /** Called every few steps with the current step of the slower run. */
  onProgress?: (t: number) => void;
  /** false = BigInt for every sign (the unfiltered algorithm). */
  filter?: boolean;
}

/** Run cert's dynamic to `horizon` (exact and float64), cancellable. Exact for the exact part. */
export async function driveFwRun(cert: FwCertificate, horizon: number, o: DriveOptions = {}): Promise<FwRunResult> {
  const run = startFwRun(cert, horizon, o.filter ?? true);
  let last = Date.now();
  while (!run.done) {
    run.advance();
    // Yield about every 50 ms: lets a SIGINT abort land and a progress bar redraw.
    if (Date.now() - last > 50) {
      o.onProgress?.(run.t);
      await new Promise((r) => setImmediate(r));
      if (o.signal?.aborted) throw new CancelledError();
      last = Date.now();
    }
  }
  o.onProgress?.(run.t);
  return run.result();
}
