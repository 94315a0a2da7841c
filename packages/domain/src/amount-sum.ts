import { parseAmount } from './amount-parse';
import { assertDecimals } from './money';

/** Digits after the decimal mark a number in a sum may have: "× 1.0825" for a sales tax. */
const NUMBER_DECIMALS = 6;
const NUMBER_SCALE = 10n ** BigInt(NUMBER_DECIMALS);
/** Longer than anyone types into an amount field: the sum is refused, not read. */
const MAX_LENGTH = 200;
/** Brackets inside brackets, at most. */
const MAX_DEPTH = 10;

/** The characters of a number: digits, the decimal marks and the group separators. */
const NUMBER_CHAR = /[0-9.,'’ \u00A0\u202F]/;
const OPERATORS: Record<string, '+' | '-' | '*' | '/'> = {
  '+': '+',
  '-': '-',
  '−': '-',
  '*': '*',
  '×': '*',
  x: '*',
  '/': '/',
  '÷': '/',
  ':': '/',
};
/** An operator after the first character: what makes a text a sum and not one amount. */
const OPERATOR_AFTER_START = /.[+\-−*×x/÷:()]/i;

/** An exact fraction: sums are worked out without rounding, then rounded once. */
interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

class NotASum extends Error {}

/**
 * Whether `input` is a sum ("12.50+3.20*2") rather than one amount: it has an operator or a
 * bracket after its first character (a leading minus is the sign of one amount).
 */
export function isAmountSum(input: string): boolean {
  return OPERATOR_AFTER_START.test(input.trim());
}

/**
 * Works out a sum typed into an amount field — `+`, `-`, `*` (or ×, x), `/` (or ÷, :) and
 * brackets, over numbers written as `parseAmount` reads them in `locale` — into minor units of
 * a currency with `decimals` digits. The arithmetic is exact; the result is rounded once, half
 * away from zero ("10/3" euros is 3.33, "20/3" is 6.67). Never evaluated as code: this is its own
 * small grammar.
 *
 * @returns the amount in minor units (a safe integer), or null when `input` is not a sum this
 * reads (a stray character, a division by zero, a result too large)
 */
export function evaluateAmountSum(input: string, decimals: number, locale = 'en'): number | null {
  assertDecimals(decimals);
  const text = input.trim();
  if (text === '' || text.length > MAX_LENGTH) return null;
  try {
    const reader = new SumReader(text, decimals, locale);
    const value = reader.readAll();
    return toMinorUnits(value, decimals);
  } catch (error) {
    if (error instanceof NotASum) return null;
    throw error;
  }
}

/** Reads an amount or a sum: what an amount field accepts. */
export function parseAmountOrSum(input: string, decimals: number, locale = 'en'): number | null {
  return isAmountSum(input)
    ? evaluateAmountSum(input, decimals, locale)
    : parseAmount(input, decimals, locale);
}

/** A recursive-descent reader of the grammar: sum = term {(+|-) term}, term = factor {(*|/) factor}. */
class SumReader {
  private position = 0;

  constructor(
    private readonly text: string,
    private readonly decimals: number,
    private readonly locale: string,
  ) {}

  readAll(): Fraction {
    const value = this.readSum(0);
    this.skipSpaces();
    if (this.position < this.text.length) throw new NotASum();
    return value;
  }

  private readSum(depth: number): Fraction {
    let value = this.readTerm(depth);
    for (;;) {
      const operator = this.peekOperator();
      if (operator !== '+' && operator !== '-') return value;
      this.position += 1;
      const right = this.readTerm(depth);
      value = operator === '+' ? add(value, right) : add(value, negate(right));
    }
  }

  private readTerm(depth: number): Fraction {
    let value = this.readFactor(depth);
    for (;;) {
      const operator = this.peekOperator();
      if (operator !== '*' && operator !== '/') return value;
      this.position += 1;
      const right = this.readFactor(depth);
      if (operator === '/' && right.numerator === 0n) throw new NotASum();
      value = operator === '*' ? multiply(value, right) : multiply(value, invert(right));
    }
  }

  private readFactor(depth: number): Fraction {
    this.skipSpaces();
    const char = this.text.charAt(this.position);
    if (char === '-' || char === '−') {
      this.position += 1;
      return negate(this.readFactor(depth));
    }
    if (char === '+') {
      this.position += 1;
      return this.readFactor(depth);
    }
    if (char === '(') {
      if (depth >= MAX_DEPTH) throw new NotASum();
      this.position += 1;
      const value = this.readSum(depth + 1);
      this.skipSpaces();
      if (this.text.charAt(this.position) !== ')') throw new NotASum();
      this.position += 1;
      return value;
    }
    return this.readNumber();
  }

  private readNumber(): Fraction {
    const start = this.position;
    while (this.position < this.text.length && NUMBER_CHAR.test(this.text.charAt(this.position))) {
      this.position += 1;
    }
    const written = this.text.slice(start, this.position).trim();
    if (written === '') throw new NotASum();
    // A currency without decimals reads "1.000" as a thousand, as one amount would.
    const whole = this.decimals === 0 ? parseAmount(written, 0, this.locale) : null;
    const scaled = whole ?? parseAmount(written, NUMBER_DECIMALS, this.locale);
    if (scaled === null) throw new NotASum();
    return whole === null
      ? reduce({ numerator: BigInt(scaled), denominator: NUMBER_SCALE })
      : { numerator: BigInt(whole), denominator: 1n };
  }

  /** The operator at the reading position (after spaces), without taking it. */
  private peekOperator(): '+' | '-' | '*' | '/' | undefined {
    this.skipSpaces();
    return OPERATORS[this.text.charAt(this.position).toLowerCase()];
  }

  private skipSpaces(): void {
    while (/\s/.test(this.text.charAt(this.position))) this.position += 1;
  }
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
}

function reduce({ numerator, denominator }: Fraction): Fraction {
  const sign = denominator < 0n ? -1n : 1n;
  const divisor = gcd(numerator, denominator);
  return { numerator: (sign * numerator) / divisor, denominator: (sign * denominator) / divisor };
}

const add = (a: Fraction, b: Fraction): Fraction =>
  reduce({
    numerator: a.numerator * b.denominator + b.numerator * a.denominator,
    denominator: a.denominator * b.denominator,
  });
const multiply = (a: Fraction, b: Fraction): Fraction =>
  reduce({ numerator: a.numerator * b.numerator, denominator: a.denominator * b.denominator });
const negate = (a: Fraction): Fraction => ({ numerator: -a.numerator, denominator: a.denominator });
const invert = (a: Fraction): Fraction =>
  reduce({ numerator: a.denominator, denominator: a.numerator });

/** The fraction in minor units, rounded half away from zero; a value past a safe integer is refused. */
function toMinorUnits(value: Fraction, decimals: number): number {
  const scaled = value.numerator * 10n ** BigInt(decimals);
  const magnitude = scaled < 0n ? -scaled : scaled;
  const rounded = (2n * magnitude + value.denominator) / (2n * value.denominator);
  if (rounded > BigInt(Number.MAX_SAFE_INTEGER)) throw new NotASum();
  const minor = Number(rounded);
  return scaled < 0n && minor !== 0 ? -minor : minor;
}
