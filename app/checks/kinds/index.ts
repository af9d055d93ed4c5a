/** Every built-in check kind. Cases name them in case.json (`"kind": "..."`). */
import type { CheckKind } from '../kind';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const builtinCheckKinds: CheckKind<any>[] = [
];
