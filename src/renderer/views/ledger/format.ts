import dayjs, { type Dayjs } from 'dayjs';

// The engine speaks the person's local wall time (ISO with their offset). The
// view shows and edits that wall time as is, whatever zone the browser is in.

/** "2026-04-06T12:30:00+08:00" → "2026-04-06 12:30" */
export function wallText(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** The wall time of an engine ISO string as a picker value. */
export function wallDayjs(iso: string): Dayjs {
  return dayjs(iso.slice(0, 19));
}

function zoneParts(now: Date, zone: string): Record<string, string> {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  return Object.fromEntries(parts.map((p) => [p.type, p.value]));
}

/** Now as wall time in the person's zone (falls back to the browser's zone). */
export function nowInZone(zone: string | undefined, now = new Date()): Dayjs {
  if (!zone) return dayjs(now);
  try {
    const p = zoneParts(now, zone);
    return dayjs(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`);
  } catch {
    return dayjs(now);
  }
}

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
