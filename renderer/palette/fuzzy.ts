/**
 * Fuzzy matching for the command palette and quick open: the query's characters must appear in the text in
 * order (case-insensitive); the score prefers matches at word starts, runs of consecutive characters and an
 * early first match, so "rac" ranks "Run all checks" above "Draft a letter". Spaces in the query are ignored.
 */

export interface FuzzyMatch {
  readonly score: number;
  /** Indexes of the matched characters in the text (for highlighting). */
  readonly positions: readonly number[];
}

function isWordStart(text: string, i: number): boolean {
  if (i === 0) return true;
  const prev = text[i - 1] as string;
  const cur = text[i] as string;
  return /[\s/._\-:(]/.test(prev) || (/[a-z]/.test(prev) && /[A-Z]/.test(cur));
}

/**
 * The best-scoring match of `query` in `text`, or null when the characters do not all appear in order.
 * Example: `fuzzyMatch('rac', 'Run all checks')?.positions` is [0, 4, 8].
 */
export function fuzzyMatch(query: string, text: string): FuzzyMatch | null {
  const q = query.replace(/\s+/g, '').toLowerCase();
  if (q === '') return { score: 0, positions: [] };
  const t = text.toLowerCase();
  // best[i][j]: best score matching q[0..i] with q[i] at text position j (dynamic programming, O(|q|·|t|²) worst
  // case but texts are titles and paths, a few dozen characters).
  const n = q.length;
  const m = t.length;
  if (n > m) return null;
  const best: number[][] = Array.from({ length: n }, () => new Array<number>(m).fill(-Infinity));
  const from: number[][] = Array.from({ length: n }, () => new Array<number>(m).fill(-1));
  for (let i = 0; i < n; i++) {
    for (let j = i; j < m; j++) {
      if (t[j] !== q[i]) continue;
      const bonus = (isWordStart(text, j) ? 8 : 0) + (j === 0 ? 4 : 0);
      if (i === 0) {
        best[0]![j] = 10 + bonus - Math.min(j, 20) * 0.2;
        continue;
      }
      for (let k = i - 1; k < j; k++) {
        const prev = best[i - 1]![k]!;
        if (prev === -Infinity) continue;
        const s = prev + 10 + bonus + (k === j - 1 ? 6 : -Math.min(j - k - 1, 10) * 0.5);
        if (s > best[i]![j]!) {
          best[i]![j] = s;
          from[i]![j] = k;
        }
      }
    }
  }
  let end = -1;
  for (let j = 0; j < m; j++) if (best[n - 1]![j]! > (end < 0 ? -Infinity : best[n - 1]![end]!)) end = j;
  if (end < 0 || best[n - 1]![end] === -Infinity) return null;
  const positions: number[] = new Array<number>(n);
  let j = end;
  for (let i = n - 1; i >= 0; i--) {
    positions[i] = j;
    j = from[i]![j]!;
  }
  // Shorter texts win ties: a query that covers more of the text is the better match.
  return { score: best[n - 1]![end]! - m * 0.05, positions };
}

/**
 * The items whose text matches, best first (stable among equal scores); all items, in order, for an empty query.
 * Example: `fuzzyFilter('pap', items, (c) => c.title)`.
 */
export function fuzzyFilter<T>(query: string, items: readonly T[], textOf: (item: T) => string): { item: T; match: FuzzyMatch }[] {
  const out: { item: T; match: FuzzyMatch; order: number }[] = [];
  items.forEach((item, order) => {
    const match = fuzzyMatch(query, textOf(item));
    if (match !== null) out.push({ item, match, order });
  });
  out.sort((a, b) => b.match.score - a.match.score || a.order - b.order);
  return out.map(({ item, match }) => ({ item, match }));
}
