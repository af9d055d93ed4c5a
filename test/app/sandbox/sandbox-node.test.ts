// Which node runs sandboxed code: the running node under the CLI, never the Electron app binary itself.
import { describe, it, expect } from 'vitest';
import { realpathSync } from 'node:fs';
import { sandboxNode, SandboxNodeMissingError } from '../../../app/sandbox/confinement';

describe('sandboxNode', () => {
  it('is the running node outside Electron', async () => {
    expect(await sandboxNode({}, false)).toBe(realpathSync(process.execPath));
  });

  it('honours RECHECK_SANDBOX_NODE', async () => {
    expect(await sandboxNode({ RECHECK_SANDBOX_NODE: process.execPath }, true)).toBe(realpathSync(process.execPath));
  });

  it('inside Electron, finds a Node 20.10+ on PATH instead of the app binary', async () => {
    const found = await sandboxNode({}, true);
    expect(found).not.toMatch(/electron/i);
    expect(found).toMatch(/node$/);
  });

  it('inside Electron without a node on PATH, says what to do', async () => {
    await expect(sandboxNode({}, true, ['/nonexistent'])).rejects.toThrow(SandboxNodeMissingError);
    await expect(sandboxNode({}, true, ['/nonexistent'])).rejects.toThrow(
      /set RECHECK_SANDBOX_NODE, or run this check with `npx recheck run`/,
    );
  });
});
