/**
 * The settings a logbook reports, as it printed them: horizon, largest scale, precision, seeds, units, loss,
 * padding and code version. Two logbooks on the same claim that reach opposite verdicts usually differ in
 * one of these; lining them up is where most wrong verdicts are found.
 *
 * Guarantee: exact as text matching, nothing more. Each value is a string found by a stated pattern in a
 * named piece of the logbook (a command, code, an output or the write-up) with the snippet around it, so a
 * reviewer can check it; nothing is inferred. A setting the logbook does not print is absent, never guessed.
 */

export type SettingName = 'horizon' | 'scale' | 'precision' | 'seed' | 'units' | 'loss' | 'padding' | 'code version';
export const SETTING_NAMES: readonly SettingName[] = ['horizon', 'scale', 'precision', 'seed', 'units', 'loss', 'padding', 'code version'];

/** A piece of logbook text and where it is. */
export interface LogbookText {
  /** `page/cell` or a file name: where a reviewer finds it. */
  readonly where: string;
  readonly kind: 'command' | 'code' | 'output' | 'markdown';
  readonly text: string;
}

/** One value of a setting, as printed, with its evidence. */
export interface SettingValue {
  readonly value: string;
  readonly where: string;
  /** The line it was found in (cut to 160 characters). */
  readonly snippet: string;
}

interface Rule {
  readonly name: SettingName;
  readonly pattern: RegExp;
  /** The value from a match (default: the first group, trimmed). */
  readonly value?: (m: RegExpMatchArray) => string;
}

const NUMBER = '(\\d[\\d_,]*(?:\\.\\d+)?(?:e\\d+)?)';
const RULES: readonly Rule[] = [
  {
    name: 'horizon',
    pattern: new RegExp(
      `(?:--?|\\b)(?:horizon|max[_-]?steps|n[_-]?steps|num[_-]?steps|steps|iterations|n[_-]?iter|max[_-]?iter|T)\\s*[=:]?\\s*${NUMBER}\\b`,
      'gi',
    ),
  },
  {
    name: 'scale',
    pattern: new RegExp(`(?:--?|\\b)(k|n|size|width|dim|d_model|n_layers|num_layers|batch[_-]?size)\\s*[=:]\\s*${NUMBER}\\b`, 'gi'),
    value: (m) => `${m[1]}=${m[2]}`,
  },
  {
    name: 'precision',
    pattern:
      /\b(float64|float32|float16|fp64|fp32|fp16|bf16|bfloat16|double precision|half precision|mpmath|mp\.dps\s*=\s*\d+|Fraction|exact rational|decimal\.getcontext\(\)\.prec\s*=\s*\d+|int8|4-bit|8-bit)\b/gi,
    value: (m) => (m[1] ?? '').toLowerCase(),
  },
  {
    name: 'seed',
    pattern: /(?:--?|\b)(?:seed|seeds|random_state|manual_seed\(|random\.seed\(|np\.random\.seed\()\s*[=:]?\s*(\[[\d,\s]+\]|\d+)/gi,
  },
  {
    name: 'units',
    pattern:
      /\b((?:s|ms|µs|us|sec|seconds|min|hours?)\s*(?:\/|per)\s*(?:traj(?:ectory|ectories)?|batch(?:\s+of\s+\d+)?|step|sample|token|example|epoch|run)|per\s+(?:trajectory|batch(?:\s+of\s+\d+)?|step|sample|token|example|epoch))\b/gi,
    value: (m) => (m[1] ?? '').toLowerCase().replace(/\s+/g, ' '),
  },
  {
    name: 'loss',
    pattern:
      /\b(forward[- ]KL|reverse[- ]KL|KL\s*\(\s*p\s*\|\|\s*q\s*\)|KL\s*\(\s*q\s*\|\|\s*p\s*\)|cross[- ]entropy|Jensen[- ]Shannon|JS divergence|kl_div|nll_loss|mse_loss|MSE)\b/gi,
    value: (m) => (m[1] ?? '').toLowerCase().replace(/\s+/g, ' '),
  },
  {
    name: 'padding',
    pattern:
      /\b(ignore_index\s*=\s*-?\d+|attention_mask|pad(?:ding)?[_ ]?(?:token|id|mask)?\s*=\s*\S+|(?:excluding|including|with|without|ignoring|masking) (?:the )?pad(?:ding)?(?: positions| tokens)?|pad(?:ding)?(?: positions| tokens)? (?:excluded|included|masked|ignored|counted))/gi,
    value: (m) => (m[1] ?? '').toLowerCase().replace(/\s+/g, ' '),
  },
  {
    name: 'code version',
    pattern:
      /\b(?:commit|git|rev(?:ision)?|sha)\s*[:=]?\s*([0-9a-f]{7,40})\b|\b([A-Za-z][\w.-]*==\d+(?:\.\d+)+)\b|\bversion\s*[:=]?\s*(v?\d+(?:\.\d+)+)\b/gi,
    value: (m) => m[1] ?? m[2] ?? m[3] ?? '',
  },
];

function snippetOf(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index) + 1;
  const end = text.indexOf('\n', index);
  const line = text.slice(start, end < 0 ? undefined : end).trim();
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

/**
 * Every setting a logbook prints, each value once per place (`where`; the same value printed in several
 * places keeps each place). Example: `reportedSettings([{ where: 'run/c1', kind: 'command', text: 'python sweep.py --horizon 300 --seed 7' }])`
 * gives horizon 300 and seed 7, both at run/c1.
 */
export function reportedSettings(texts: readonly LogbookText[]): Record<SettingName, SettingValue[]> {
  const out = Object.fromEntries(SETTING_NAMES.map((n) => [n, [] as SettingValue[]])) as Record<SettingName, SettingValue[]>;
  // One entry per value and place: a run cell prints its command in its header and again in its bash block.
  const seen = new Set<string>();
  for (const t of texts) {
    for (const rule of RULES) {
      for (const m of t.text.matchAll(rule.pattern)) {
        const value = (rule.value ? rule.value(m) : (m[1] ?? '')).trim();
        const key = JSON.stringify([rule.name, t.where, value]);
        if (value === '' || seen.has(key)) continue;
        seen.add(key);
        out[rule.name].push({ value, where: t.where, snippet: snippetOf(t.text, m.index ?? 0) });
      }
    }
  }
  return out;
}

/** How one setting compares between two logbooks. */
export interface SettingComparison {
  readonly name: SettingName;
  readonly a: readonly SettingValue[];
  readonly b: readonly SettingValue[];
  /** `same` (the same set of values), `differs`, `only-a`, `only-b`, or `neither` (printed by none). */
  readonly comparison: 'same' | 'differs' | 'only-a' | 'only-b' | 'neither';
}

/** Lines up the settings two logbooks print, marking the differences. Example: horizon 300 vs 6416 differs. */
export function compareSettings(a: Record<SettingName, SettingValue[]>, b: Record<SettingName, SettingValue[]>): SettingComparison[] {
  return SETTING_NAMES.map((name) => {
    const va = new Set(a[name].map((v) => v.value));
    const vb = new Set(b[name].map((v) => v.value));
    const comparison =
      va.size === 0 && vb.size === 0
        ? 'neither'
        : va.size === 0
          ? 'only-b'
          : vb.size === 0
            ? 'only-a'
            : va.size === vb.size && [...va].every((v) => vb.has(v))
              ? 'same'
              : 'differs';
    return { name, a: a[name], b: b[name], comparison };
  });
}
