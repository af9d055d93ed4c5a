/** Every `recheck` subcommand, in the order `recheck --help` lists them. */
import type { Command } from '../command';
import { casesCommand } from './cases';
import { validateCommand } from './validate';
import { runCommand } from './run';
import { serveCommand } from './serve';

export const commands: Command[] = [
  casesCommand,
  validateCommand,
  runCommand,
  serveCommand,
];
