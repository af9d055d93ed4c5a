/** Runs the `recheck` CLI in process through its entry (main) with captured output: exit code, stdout, stderr. */
import { main } from '../../app/cli/main';

export async function cli(args: string[], cwd: string, isTTY = false, signal: AbortSignal = new AbortController().signal) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), isTTY, cwd, signal });
  return { code, stdout, stderr };
}
