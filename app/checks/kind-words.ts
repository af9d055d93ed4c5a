/**
 * What a check kind gives letters (docs/letters.md, "Sentences from evidence"): sentences made from one
 * result's evidence, with its numbers printed by app/text/prose-numbers.ts. A kind's words live beside it
 * (`app/checks/kinds/<kind>.words.ts`) and are listed once in app/letters/kind-words.ts; a kind without
 * words is cited by its own summary.
 * Example: growth-fit's `finding` on the bundled paging sweep says "Over `k` = 2..1024 every bounded law is
 * rejected at level 0.05 (largest p = 0.0017, 6 dof, inverse-power): `additive` grows ...".
 */
import type { CheckResultView, FindingSays } from '../../common/api/contract';

export interface KindLetterWords {
  /** What the check found, one or two sentences from its evidence; null when the evidence lacks what they need. */
  finding(result: CheckResultView, says: FindingSays): string | null;
  /**
   * Where the finding's evidence went wrong, as this result's evidence shows it (a units slip, padding counted,
   * a float64 artefact, a table below the minimums, a printed fit that does not follow from its table); null
   * when its evidence shows none. Asked only of results that refute the finding or say it is `insufficient`.
   */
  diagnosis?(result: CheckResultView, says: FindingSays): string | null;
  /**
   * The `recheck` command that recomputes this check from the case's files (run from the folder holding the case),
   * or null when its params do not make one (a letter then gives the case's `recheck run`).
   */
  rerun?(params: Readonly<Record<string, unknown>>, at: RerunArgs): string | null;
}

/** What a rerun command may put on its command line: case files (prefixed with the case's folder) and plain words. */
export interface RerunArgs {
  /** The param `key` as a path from the folder holding the case (`timing/sandbox/q.json`), or null. */
  file(key: string): string | null;
  /** A value safe on a command line (letters, digits, `.`, `_`, `-`), or null. */
  arg(value: unknown): string | null;
}
