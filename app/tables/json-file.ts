/** Reading a JSON input file for the CLI and the check kinds: unreadable or malformed JSON is one-line bad input. */
import { readFile } from 'node:fs/promises';
import { BadInputError } from '../errors';

/** The parsed JSON document at `path`; `display` is the name used in messages. */
export async function readJsonFile(path: string, display = path): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new BadInputError(display, `cannot read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new BadInputError(display, `not valid JSON: ${(err as Error).message}`);
  }
}
