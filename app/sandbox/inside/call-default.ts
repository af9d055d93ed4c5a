/**
 * The default driver: calls the module's default export as `(input, api) => result` (sync or async).
 * Example module: `export default (input, api) => { api.progress(1, 1); return input.n * 2; }`.
 */
import type { Driver } from './run-core';

export const drive: Driver = async (user, input, api) => {
  const entry = user.default;
  if (typeof entry !== 'function') {
    throw new TypeError('the module has no default export function `(input, api) => result`');
  }
  return await (entry as (input: unknown, a: typeof api) => unknown)(input, api);
};
