import { IANAZone } from 'luxon';

const DAY = 86_400_000;
const MAX_CACHED = 50_000;
const zones = new Map<string, IANAZone>();
// zone → UTC day number → offset in minutes, for days without a transition.
const cache = new Map<string, Map<number, number>>();

/**
 * The zone's UTC offset in minutes at an instant. Asking Intl is slow (tens of
 * µs), so whole days with one offset are cached: a day whose start and end
 * have the same offset has no transition inside (zones change at most twice a
 * year). Days with a transition are computed exactly every time.
 */
export function zoneOffsetMinutes(ms: number, zone: string): number {
  let z = zones.get(zone);
  if (!z) {
    z = IANAZone.create(zone);
    if (!z.isValid) throw new RangeError(`Invalid time zone: ${zone}`);
    zones.set(zone, z);
  }
  let days = cache.get(zone);
  if (!days) cache.set(zone, (days = new Map()));
  const day = Math.floor(ms / DAY);
  const hit = days.get(day);
  if (hit !== undefined) return hit;
  const start = z.offset(day * DAY);
  const end = z.offset((day + 1) * DAY - 1);
  if (start !== end) return z.offset(ms);
  if (days.size >= MAX_CACHED) days.clear();
  days.set(day, start);
  return start;
}
