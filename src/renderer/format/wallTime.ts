import dayjs, { type Dayjs } from 'dayjs';

// The engine speaks the person's local wall time (ISO with their offset). Views
// show and edit that wall time as is, whatever zone the browser is in.

/** "2026-04-07T09:30:00+08:00" → "09:30" */
export function clockText(iso: string): string {
  return iso.slice(11, 16);
}

/** "2026-04-06T12:30:00+08:00" → "2026-04-06 12:30" */
export function wallText(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** The wall time of an engine ISO string as a picker value. */
export function wallDayjs(iso: string): Dayjs {
  return dayjs(iso.slice(0, 19));
}

/** A picker value → wall time text the engine reads in the person's zone. */
export function toWallText(d: Dayjs): string {
  return d.format('YYYY-MM-DD HH:mm:ss');
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

/** Now as wall time in the person's zone (falls back to the browser's zone when unknown or invalid). */
export function nowInZone(zone: string | undefined, now = new Date()): Dayjs {
  if (!zone) return dayjs(now);
  try {
    const p = zoneParts(now, zone);
    return dayjs(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`);
  } catch {
    return dayjs(now);
  }
}
