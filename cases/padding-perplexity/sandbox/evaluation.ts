/**
 * Re-implementation for the padding-perplexity case: a seeded synthetic language (a random, peaked bigram
 * chain over a small vocabulary, sequences ended by EOS and padded with the same id to a fixed length, the
 * way the logbook's evaluation batches them), two bigram models trained on it (a teacher on many
 * sequences, a student on few with a unigram back-off), and the per-position evaluation table
 * `model,seq,pos,token,nll` the logbook computed its perplexities from.
 *
 * Pure and deterministic: `evaluationCsv()` returns the same bytes on every machine. The committed
 * `logbook/eval/positions.csv` (the table the logbook evaluated) is its output. The sandbox writes no
 * files itself; to regenerate, from the repository root:
 *   npx tsx -e 'import("./cases/padding-perplexity/sandbox/evaluation.ts").then((m) => process.stdout.write(m.evaluationCsv()))' \
 *     > cases/padding-perplexity/logbook/eval/positions.csv
 * (test/cases/padding-perplexity.test.ts regenerates it and compares byte for byte).
 */
import { Xoshiro128, splitSeed } from '../../../checkers/random/xoshiro128';

export const PAD = 0;
export const SETTINGS = {
  seed: 20261129,
  vocab: 24, // real tokens 1..24; 0 is EOS and padding
  paddedLength: 48, // every sequence, EOS and padding included
  minLength: 6,
  maxLength: 22, // real tokens before EOS
  teacherTrainSequences: 3000,
  studentTrainSequences: 60,
  testSequences: 120,
  smoothing: 0.05,
  studentBackoff: 0.3, // weight of the unigram in the student
} as const;

type Chain = number[][]; // chain[prev][next] probabilities over 0..vocab (0 = EOS)

/** The true bigram chain: peaked random rows (weights u^16, u uniform). */
function trueChain(rng: Xoshiro128): Chain {
  const n = SETTINGS.vocab + 1;
  const chain: Chain = [];
  for (let prev = 0; prev < n; prev++) {
    const w = Array.from({ length: n }, (_, next) => (next === PAD ? 0 : rng.nextFloat() ** 16));
    const s = w.reduce((a, b) => a + b, 0);
    chain.push(w.map((v) => v / s));
  }
  return chain;
}

function draw(probs: readonly number[], rng: Xoshiro128): number {
  let u = rng.nextFloat();
  for (let i = 0; i < probs.length; i++) {
    u -= probs[i] as number;
    if (u < 0) return i;
  }
  return probs.length - 1;
}

/** One padded sequence: a start token (EOS id, as in "previous sequence ended"), real tokens, EOS, padding. */
function sample(chain: Chain, rng: Xoshiro128): number[] {
  const len = SETTINGS.minLength + rng.nextInt(SETTINGS.maxLength - SETTINGS.minLength + 1);
  const seq = [PAD];
  let prev = PAD;
  for (let i = 0; i < len; i++) {
    prev = draw(chain[prev] as number[], rng);
    seq.push(prev);
  }
  while (seq.length < SETTINGS.paddedLength + 1) seq.push(PAD);
  return seq;
}

/** Bigram model with add-`smoothing` counts, optionally mixed with a unigram: trained on padded sequences. */
function train(seqs: readonly number[][], backoff: number): Chain {
  const n = SETTINGS.vocab + 1;
  const counts = Array.from({ length: n }, () => new Array<number>(n).fill(SETTINGS.smoothing));
  const uni = new Array<number>(n).fill(SETTINGS.smoothing);
  for (const s of seqs) {
    for (let i = 1; i < s.length; i++) {
      const prev = s[i - 1] as number;
      const next = s[i] as number;
      const row = counts[prev] as number[];
      row[next] = (row[next] as number) + 1;
      uni[next] = (uni[next] as number) + 1;
    }
  }
  const uniTotal = uni.reduce((a, b) => a + b, 0);
  return counts.map((row) => {
    const total = row.reduce((a, b) => a + b, 0);
    return row.map((c, j) => (1 - backoff) * (c / total) + backoff * ((uni[j] as number) / uniTotal));
  });
}

/** The evaluation table as CSV text (header `model,seq,pos,token,nll`; nll in nats, 6 decimals). */
export function evaluationCsv(): string {
  const chain = trueChain(new Xoshiro128(splitSeed(SETTINGS.seed, 0)));
  const sampler = (stream: number, count: number) => {
    const rng = new Xoshiro128(splitSeed(SETTINGS.seed, stream));
    return Array.from({ length: count }, () => sample(chain, rng));
  };
  const teacher = train(sampler(1, SETTINGS.teacherTrainSequences), 0);
  const student = train(sampler(2, SETTINGS.studentTrainSequences), SETTINGS.studentBackoff);
  const test = sampler(3, SETTINGS.testSequences);
  const lines = ['model,seq,pos,token,nll'];
  for (const [name, model] of [['teacher', teacher], ['student', student]] as const) {
    test.forEach((s, k) => {
      for (let pos = 1; pos < s.length; pos++) {
        const p = (model[s[pos - 1] as number] as number[])[s[pos] as number] as number;
        lines.push(`${name},s${String(k).padStart(3, '0')},${pos},${s[pos]},${(-Math.log(p)).toFixed(6)}`);
      }
    });
  }
  return `${lines.join('\n')}\n`;
}
