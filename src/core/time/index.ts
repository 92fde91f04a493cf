import { DateTime } from 'luxon';
import { PaiError } from '../../shared/errors';
import { zoneOffsetMinutes } from './offset';

export { zoneOffsetMinutes } from './offset';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
// Offsets or Z at the end mean the text names an instant; otherwise it is local wall time.
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;

export function isDateOnly(text: string): boolean {
  return DATE_ONLY.test(text.trim());
}

/**
 * Reads a date/time text as the person's local wall time in `zone` (unless it
 * carries an offset) and returns the UTC instant in epoch ms. Accepts
 * "2026-04-06", "2026-04-06 12:30", "2026-04-06T12:30:00", "2026/4/6 9:05",
 * and ISO with offset. Returns null for empty text; throws VALIDATION_FAILED
 * for text it cannot read.
 */
export function parseLocalDateTime(
  text: string | null | undefined,
  zone: string,
  field = 'time',
): number | null {
  const raw = (text ?? '').trim();
  if (!raw) return null;
  const normalized = raw
    .replace(/\//g, '-')
    .replace(
      /^(\d{4})-(\d{1,2})-(\d{1,2})/,
      (_m, y: string, mo: string, d: string) => `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`,
    )
    .replace(/ (\d):/, ' 0$1:');
  const opts = HAS_ZONE.test(normalized) ? { setZone: true } : { zone };
  let dt = DateTime.fromISO(normalized.replace(' ', 'T'), opts);
  if (!dt.isValid) dt = DateTime.fromSQL(normalized, opts);
  if (!dt.isValid) {
    throw new PaiError('VALIDATION_FAILED', `无法解析 ${field}: "${raw}" (cannot parse ${field})`);
  }
  return dt.toMillis();
}

/**
 * End bound of a half-open interval: a date-only end means the end of that
 * day, i.e. the next local midnight (reference 000).
 */
export function parseEndBound(
  text: string | null | undefined,
  zone: string,
  field = 'end_at',
): number | null {
  const ms = parseLocalDateTime(text, zone, field);
  if (ms === null) return null;
  if (isDateOnly(text ?? '')) return DateTime.fromMillis(ms, { zone }).plus({ days: 1 }).toMillis();
  return ms;
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/**
 * ISO 8601 with the local offset, second precision: 2026-04-06T12:30:00+08:00.
 * UTC is written +00:00 (not Z), as Python's isoformat() in reference 000 does.
 * Formatted by hand on a cached offset: lists format hundreds of these per call.
 */
export function toLocalIso(ms: number, zone: string): string {
  const off = zoneOffsetMinutes(ms, zone);
  const d = new Date(ms + off * 60_000);
  const y = d.getUTCFullYear();
  if (Number.isNaN(y) || y < 0 || y > 9999) return new Date(ms).toISOString();
  const a = Math.abs(off);
  return (
    `${pad(y, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` +
    `${off < 0 ? '-' : '+'}${pad(Math.floor(a / 60))}:${pad(a % 60)}`
  );
}

/** YYYY-MM of an instant in the zone. */
export function localMonth(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toFormat('yyyy-LL');
}

const zoneValidity = new Map<string, boolean>();

/** Whether luxon knows the IANA zone; remembered, since the answer never changes in a process. */
export function isValidZone(zone: string): boolean {
  let ok = zoneValidity.get(zone);
  if (ok === undefined) {
    ok = DateTime.local().setZone(zone).isValid;
    // Zone names come from people and models: keep the memo bounded.
    if (zoneValidity.size >= 512) zoneValidity.clear();
    zoneValidity.set(zone, ok);
  }
  return ok;
}
