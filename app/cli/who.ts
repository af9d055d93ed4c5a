/** Who an edit from the CLI is recorded as: --who, else $RECHECK_REVIEWER, else the login name. */
import { userInfo } from 'node:os';
import { UsageError } from './args';

export function reviewerName(command: string, flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const name = (flag ?? env.RECHECK_REVIEWER ?? safeLogin()).trim();
  if (name === '' || name.length > 200 || /[\u0000-\u001f\u007f]/.test(name))
    throw new UsageError(command, '--who must be a name of 1 to 200 printable characters');
  return name;
}

function safeLogin(): string {
  try {
    return `${userInfo().username} (CLI)`;
  } catch {
    return 'recheck CLI';
  }
}
