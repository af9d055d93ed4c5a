/**
 * The reviewer's name: typed once (in the decision form or an edit dialog), remembered in the browser's
 * storage, and sent with every decision and edit so the audit log records who. The storage is passed in.
 *
 * Example: `byReviewer('  Ada ')` is `{ reviewer: 'Ada' }`; `byReviewer('')` is `{}` (the core's default name).
 */

const KEY = 'recheck.reviewer';

/** The subset of `Storage` used here. */
export interface NameStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The remembered name, or '' when there is none or storage is unavailable. */
export function loadReviewer(storage: NameStorage | null): string {
  try {
    return storage?.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

/** Remembers the name (trimmed); storage failures only mean it is not remembered. */
export function saveReviewer(storage: NameStorage | null, name: string): void {
  try {
    storage?.setItem(KEY, name.trim());
  } catch {
    // storage unavailable: the name is simply not remembered
  }
}

/** The `reviewer` field of an edit: the trimmed name, or nothing when blank. */
export function byReviewer(name: string): { reviewer?: string } {
  const who = name.trim();
  return who === '' ? {} : { reviewer: who };
}
