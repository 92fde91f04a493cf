import { DateTime, IANAZone } from 'luxon';
import { PaiError } from '../../shared/errors';

/**
 * "Wall time" here is a local clock reading (date + time of day, no zone),
 * carried as the epoch ms it would have if it were UTC. Converting wall time
 * to an instant is where daylight-saving rules apply, and Pai applies them
 * the same way everywhere (luxon alone is not consistent across zones):
 *
 * - a wall time that does not exist (the spring-forward gap, e.g. 02:30 in
 *   Berlin on the last Sunday of March) is shifted forward by the gap: 03:30;
 * - a wall time that exists twice (the fall-back overlap, e.g. 01:30 in New
 *   York on the first Sunday of November) means the first, earlier instant.
 */
export type WallMs = number;

const DAY_MS = 86_400_000;
const zones = new Map<string, IANAZone>();

function zoneOf(name: string): IANAZone {
  let z = zones.get(name);
  if (!z) {
    z = IANAZone.create(name);
    if (!z.isValid) throw new PaiError('VALIDATION_FAILED', `Unknown time zone: ${name}`);
    zones.set(name, z);
  }
  return z;
}

// Offsets looked up through Intl are slow (tens of µs); the loop and the recurrence walk ask often.
// Every transition since the 1970s falls on a quarter hour of UTC, so a quarter-hour bucket is exact.
const QUARTER_HOUR = 900_000;
const OFFSET_CACHE_MAX = 100_000;
const offsetCache = new Map<string, number>();

/** The zone's offset from UTC in minutes at an instant. */
export function offsetAt(instant: number, zone: string): number {
  const key = `${zone}|${Math.floor(instant / QUARTER_HOUR)}`;
  let o = offsetCache.get(key);
  if (o === undefined) {
    o = zoneOf(zone).offset(instant);
    if (offsetCache.size >= OFFSET_CACHE_MAX) offsetCache.clear();
    offsetCache.set(key, o);
  }
  return o;
}

export function instantToWall(instant: number, zone: string): WallMs {
  return instant + offsetAt(instant, zone) * 60_000;
}

export function wallToInstant(wall: WallMs, zone: string): number {
  // Transitions are months apart, so the offsets a day either side cover both sides of any one.
  const offsets = [
    ...new Set([
      offsetAt(wall - DAY_MS, zone),
      offsetAt(wall, zone),
      offsetAt(wall + DAY_MS, zone),
    ]),
  ];
  const valid = offsets
    .map((o) => wall - o * 60_000)
    .filter((t) => instantToWall(t, zone) === wall);
  if (valid.length > 0) return Math.min(...valid);
  // In a gap the earlier (smaller) offset still applies, which moves the reading past the gap.
  return wall - Math.min(...offsets) * 60_000;
}

/** `2026-04-07T09:30:00` for a wall time. */
export function wallText(wall: WallMs): string {
  return new Date(wall).toISOString().slice(0, 19);
}

export function parseWallText(text: string): WallMs {
  const dt = DateTime.fromISO(text, { zone: 'UTC' });
  if (!dt.isValid) throw new PaiError('VALIDATION_FAILED', `Bad wall time: ${text}`);
  return dt.toMillis();
}

// An offset or Z at the end means the text names an instant rather than a wall time.
const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Reads trigger_time as the person's local wall time in `zone` (or as an
 * instant when it carries an offset). Accepts "2026-04-07 09:30",
 * "2026-04-07T09:30:00", "2026/4/7 9:30", "2026-04-07" (midnight).
 * Throws the reference's error `无法解析 trigger_time` for anything else.
 */
export function parseTriggerTime(
  text: string,
  zone: string,
  field = 'trigger_time',
): { instant: number; wall: WallMs } {
  const raw = text.trim();
  const fail = (): never => {
    throw new PaiError(
      'VALIDATION_FAILED',
      `无法解析 ${field}: "${raw}" (cannot parse ${field}; use e.g. 2026-04-07 09:30)`,
    );
  };
  if (!raw) fail();
  const normalized = raw
    .replace(/\//g, '-')
    .replace(
      /^(\d{4})-(\d{1,2})-(\d{1,2})/,
      (_m, y: string, mo: string, d: string) => `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`,
    )
    .replace(/[ T](\d):/, (_m, h: string) => `T0${h}:`)
    .replace(' ', 'T');
  if (HAS_OFFSET.test(normalized)) {
    const dt = DateTime.fromISO(normalized, { setZone: true });
    if (!dt.isValid) fail();
    const instant = dt.toMillis();
    return { instant, wall: instantToWall(instant, zone) };
  }
  const dt = DateTime.fromISO(normalized, { zone: 'UTC' });
  if (!dt.isValid) fail();
  const wall = dt.toMillis();
  return { instant: wallToInstant(wall, zone), wall };
}

/** ISO 8601 with the zone's offset at that instant, second precision. */
export function isoInZone(instant: number, zone: string): string {
  return (
    DateTime.fromMillis(instant, { zone }).toISO({ suppressMilliseconds: true }) ??
    new Date(instant).toISOString()
  );
}
