/** The check registry the CLI uses: every built-in kind. */
import { createCheckRegistry, type CheckRegistry } from '../checks/registry';
import { builtinCheckKinds } from '../checks/kinds/index';

export function defaultRegistry(): CheckRegistry {
  return createCheckRegistry(builtinCheckKinds);
}
