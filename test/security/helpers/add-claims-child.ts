/**
 * A second Recheck process editing a case, for test/security/concurrent-edits.test.ts: loads the core, prints
 * "ready", waits for a line on stdin, then adds N claims at once (`child claim 0` ... `child claim N-1`) to the
 * case folder given, through the same edit path the CLI uses. Exits 0 when every claim resolved.
 * Run: `node bin/run-ts.mjs test/security/helpers/add-claims-child.ts <case-dir> <n>`.
 */
import { addClaim } from '../../../app/cases/edit';
import { createCheckRegistry } from '../../../app/checks/registry';
import { fixedKind } from '../../helpers/fake-kinds';

const [dir, count] = process.argv.slice(2);
const n = Number(count);
if (dir === undefined || !Number.isInteger(n) || n < 1) {
  process.stderr.write('usage: add-claims-child.ts <case-dir> <n>\n');
  process.exit(2);
}
const registry = createCheckRegistry([fixedKind]);
process.stdout.write('ready\n');
await new Promise<void>((resolve) => {
  process.stdin.once('data', () => resolve());
  process.stdin.once('end', () => resolve());
});
const results = await Promise.allSettled(
  Array.from({ length: n }, (_, i) => addClaim(dir, registry, { who: 'child' }, { text: `child claim ${i}` })),
);
const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
for (const f of failed) process.stderr.write(`${String((f.reason as Error).message)}\n`);
process.exit(failed.length === 0 ? 0 : 1);
