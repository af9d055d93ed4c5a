/**
 * MPFR (GNU multiple-precision floats, correctly rounded) through gmp-wasm. `loadMpfr()` is the one async step
 * (WebAssembly instantiation); everything built on the returned engine is synchronous.
 *
 * Memory: MPFR numbers live in the wasm heap, which JavaScript's garbage collector does not see. Every
 * allocation made here is paired with a `free` by its caller, in a `finally` block or by an arena's `destroy()`.
 * Never call gmp-wasm's `reset()`: the wasm instance is shared by everything in the process.
 */
import { init, type GMPFunctions } from 'gmp-wasm';
import { DomainError } from '../errors';

/** A pointer to an initialised `mpfr_t` in the wasm heap. */
export type MpfrPtr = number;

/** MPFR rounding modes used here (values of `mpfr_rnd_t`). */
export const RND = { nearest: 0, towardZero: 1, up: 2, down: 3, awayFromZero: 4 } as const;
export type Rnd = (typeof RND)[keyof typeof RND];

/** The loaded MPFR engine. Create it once with `loadMpfr()` and pass it to the factories that need it. */
export interface Mpfr {
  readonly binding: GMPFunctions;
  /** Scratch `mpfr_exp_t` cell used by `mpfr_get_str`. Owned by the engine, never freed. */
  readonly expCell: number;
}

/**
 * Instantiates GMP/MPFR in WebAssembly (async, about 100 ms the first time in a process).
 * Example: `const mpfr = await loadMpfr(); const P = createPrecise({ digits: 50, mpfr });`
 */
export async function loadMpfr(): Promise<Mpfr> {
  const { binding } = await init();
  return { binding, expCell: binding.malloc(8) };
}

/**
 * Binary precision (bits) that represents `digits` significant decimal digits, plus `guard` extra bits.
 * Example: `bitsForDigits(200, 0)` returns 665.
 */
export function bitsForDigits(digits: number, guard: number): number {
  return Math.ceil(digits * Math.log2(10)) + guard;
}

/** Allocates one `mpfr_t` of `bits` precision (value NaN). Free it with `freeFloat`. */
export function newFloat(m: Mpfr, bits: number): MpfrPtr {
  const ptr = m.binding.mpfr_t();
  m.binding.mpfr_init2(ptr, bits);
  return ptr;
}

/** Releases an `mpfr_t` allocated by `newFloat`. */
export function freeFloat(m: Mpfr, ptr: MpfrPtr): void {
  m.binding.mpfr_clear(ptr);
  m.binding.mpfr_t_free(ptr);
}

/** True when the value is neither NaN nor an infinity. */
export function isFiniteFloat(m: Mpfr, ptr: MpfrPtr): boolean {
  return m.binding.mpfr_number_p(ptr) !== 0;
}

/**
 * Sets `ptr` to the decimal string `text` (already validated), correctly rounded in direction `rnd`.
 * MPFR's string conversion is correctly rounded in every mode, so RND.down / RND.up give rigorous bounds.
 */
export function setDecimal(m: Mpfr, ptr: MpfrPtr, text: string, rnd: Rnd): void {
  const status = m.binding.mpfr_set_string(ptr, text, 10, rnd);
  if (status !== 0) throw new DomainError('mpfr parse', `${JSON.stringify(text)} is not a decimal number`);
}

/** Sets `ptr` to the exact rational num/den (den > 0), correctly rounded in direction `rnd`. */
export function setRational(m: Mpfr, ptr: MpfrPtr, num: bigint, den: bigint, rnd: Rnd): void {
  const b = m.binding;
  if (den === 1n) {
    // An integer goes straight through the string path, which is correctly rounded as well.
    setDecimal(m, ptr, num.toString(), rnd);
    return;
  }
  const q = b.mpq_t();
  b.mpq_init(q);
  try {
    const sign = num < 0n ? '-' : '';
    const text = `${sign}${(num < 0n ? -num : num).toString(16)}/${den.toString(16)}`;
    if (b.mpq_set_string(q, text, 16) !== 0) throw new DomainError('mpfr rational', `cannot load ${num}/${den}`);
    b.mpq_canonicalize(q);
    b.mpfr_set_q(ptr, q, rnd);
  } finally {
    b.mpq_clear(q);
    b.mpq_t_free(q);
  }
}

/**
 * The value of `ptr` as `digits` significant decimal digits, rounded in direction `rnd`, in the form
 * `[-]0.DDDDe<exp>` that decimal.js and MPFR both read back. Throws DomainError on NaN or infinity.
 */
export function toDecimalString(m: Mpfr, ptr: MpfrPtr, digits: number, rnd: Rnd): string {
  const b = m.binding;
  if (!isFiniteFloat(m, ptr)) throw new DomainError('mpfr', 'value is not finite (NaN or overflow)');
  if (b.mpfr_zero_p(ptr) !== 0) return '0';
  const strPtr = b.mpfr_get_str(0, m.expCell, 10, digits, ptr, rnd);
  try {
    const mem = b.mem;
    const end = mem.indexOf(0, strPtr);
    const raw = new TextDecoder().decode(mem.subarray(strPtr, end));
    const exp = b.memView.getInt32(m.expCell, true);
    const negative = raw.startsWith('-');
    const mantissa = negative ? raw.slice(1) : raw;
    return `${negative ? '-' : ''}0.${mantissa}e${exp}`;
  } finally {
    b.mpfr_free_str(strPtr);
  }
}

/** The exact value of a finite `ptr` as mantissa * 2^exponent (integers; mantissa 0 for zero). */
export function toDyadic(m: Mpfr, ptr: MpfrPtr): { mantissa: bigint; exponent: number } {
  const b = m.binding;
  if (!isFiniteFloat(m, ptr)) throw new DomainError('mpfr', 'value is not finite (NaN or overflow)');
  if (b.mpfr_zero_p(ptr) !== 0) return { mantissa: 0n, exponent: 0 };
  const z = b.mpz_t();
  b.mpz_init(z);
  try {
    const exponent = b.mpfr_get_z_2exp(z, ptr);
    const hex = b.mpz_to_string(z, 16);
    const mantissa = hex.startsWith('-') ? -BigInt(`0x${hex.slice(1)}`) : BigInt(`0x${hex}`);
    return { mantissa, exponent };
  } finally {
    b.mpz_clear(z);
    b.mpz_t_free(z);
  }
}
