import { PaiError } from '../../shared/errors';

// Minor-unit exponents for currencies that are not 2-decimal.
const EXPONENTS: Record<string, number> = {
  JPY: 0,
  KRW: 0,
  VND: 0,
  CLP: 0,
  ISK: 0,
  BHD: 3,
  KWD: 3,
  JOD: 3,
  OMR: 3,
  TND: 3,
};

export const MAX_AMOUNT = 1e12;

export function exponent(currency: string): number {
  return EXPONENTS[currency] ?? 2;
}

/**
 * Decimal → integer minor units, rounding half away from zero on the decimal
 * text (not on the binary float), so 0.1 + 0.2 style inputs stay exact.
 */
export function toMinor(amount: number, currency = 'CNY'): number {
  if (!Number.isFinite(amount))
    throw new PaiError('VALIDATION_FAILED', 'amount must be a finite number');
  // Beyond this, float text loses cents (and toFixed switches to exponent form).
  if (Math.abs(amount) >= MAX_AMOUNT)
    throw new PaiError('VALIDATION_FAILED', '金额过大 (amount is too large)');
  const exp = exponent(currency);
  // 15 significant digits removes float noise (0.30000000000000004 → 0.3).
  const text = Math.abs(amount).toPrecision(15);
  const [intPart, fracPart = ''] = Number(text)
    .toFixed(exp + 1)
    .split('.');
  const keep = BigInt(intPart + fracPart.slice(0, exp));
  const next = Number(fracPart.charAt(exp) || '0');
  const minor = Number(keep + (next >= 5 ? 1n : 0n));
  if (!Number.isSafeInteger(minor))
    throw new PaiError('VALIDATION_FAILED', '金额过大 (amount is too large)');
  return amount < 0 ? -minor : minor;
}

export function fromMinor(minor: number, currency = 'CNY'): number {
  const exp = exponent(currency);
  return Number((minor / 10 ** exp).toFixed(exp));
}
