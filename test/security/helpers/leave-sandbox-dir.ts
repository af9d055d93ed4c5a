// Makes a sandbox program folder, prints its path and exits without disposing it (temp-dirs.test.ts).
import { makeSandboxDir } from '../../../app/sandbox/temp-dirs';

process.stdout.write(`${await makeSandboxDir()}\n`);
process.exit(1);
