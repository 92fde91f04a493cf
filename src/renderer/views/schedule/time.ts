import dayjs, { type Dayjs } from 'dayjs';

// The engine speaks local wall time in the reminder's zone (ISO with offset).
// The view shows and edits that wall time as is, whatever zone the browser is in.

/** "2026-04-07T09:30:00+08:00" → "09:30" */
export function clockText(iso: string): string {
  return iso.slice(11, 16);
}

/** "2026-04-07T09:30:00+08:00" → "2026-04-07 09:30" */
export function wallText(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

export function wallDayjs(iso: string): Dayjs {
  return dayjs(iso.slice(0, 19));
}

/** A picker value → wall time text the engine reads in the person's zone. */
export function toWallText(d: Dayjs): string {
  return d.format('YYYY-MM-DD HH:mm:ss');
}

/** Now as wall time in `zone` (browser zone when unknown). */
export function nowInZone(zone: string | undefined, now = new Date()): Dayjs {
  if (!zone) return dayjs(now);
  try {
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
    const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
    return dayjs(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`);
  } catch {
    return dayjs(now);
  }
}

/** A sensible default for a new reminder: the next quarter hour at least 10 minutes away. */
export function defaultTriggerTime(now: Dayjs): Dayjs {
  const t = now.add(10, 'minute').second(0).millisecond(0);
  const rest = t.minute() % 15;
  return rest === 0 ? t : t.add(15 - rest, 'minute');
}
