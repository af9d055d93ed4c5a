// docs/cli.md is generated from the commands' usage texts; regenerate with `node bin/run-ts.mjs scripts/cli-docs.ts`.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { cliReference } from '../../scripts/cli-docs';

describe('docs/cli.md', () => {
  it('matches the CLI it documents', () => {
    expect(readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8')).toBe(cliReference());
  });
});
