/**
 * The envelope every API call returns over IPC, as in browser mode's HTTP answers: `{ok: true, result}` or
 * `{ok: false, error}` with one readable line. Electron would otherwise prefix rejected calls with
 * "Error invoking remote method '<channel>': Error: ", and the UI shows these lines to the reviewer.
 */
export type IpcAnswer = { ok: true; result: unknown } | { ok: false; error: string };

/**
 * Returns the result of an answer or throws an Error carrying its line.
 * Example: unwrapAnswer('openCase', {ok: false, error: 'no case "x"'}) throws Error('no case "x"').
 */
export function unwrapAnswer(method: string, answer: unknown): unknown {
  if (typeof answer === 'object' && answer !== null) {
    const a = answer as { ok?: unknown; result?: unknown; error?: unknown };
    if (a.ok === true) return a.result;
    if (a.ok === false && typeof a.error === 'string') throw new Error(a.error);
  }
  throw new Error(`${method}: unexpected answer from the main process`);
}
