import type { Dayjs } from 'dayjs';

/** A month (any day in it) → the whole month as date-only bounds (the end date covers its whole day). */
export function monthRange(month: Dayjs): { start_at: string; end_at: string } {
  return {
    start_at: month.startOf('month').format('YYYY-MM-DD'),
    end_at: month.endOf('month').format('YYYY-MM-DD'),
  };
}

export function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** "¥" for CNY in zh-CN, "$" for USD in en, ...; the code itself when there is no symbol. */
export function currencySymbol(currency: string, locale: string): string {
  try {
    const part = new Intl.NumberFormat(locale, { style: 'currency', currency })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? currency;
  } catch {
    return currency;
  }
}
