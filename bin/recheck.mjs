#!/usr/bin/env node
// The `recheck` command: loads the TypeScript CLI through tsx so that it always runs the source in this checkout.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../app/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
