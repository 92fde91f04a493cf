import { DateTime } from 'luxon';
import { PaiError } from '../../shared/errors';
import { NAMED_REPEATS, type NamedRepeat } from '../../shared/contract';
import { instantToWall, offsetAt, wallToInstant, type WallMs } from './wall-time';
import { compileCron } from './cron';

/**
 * How a reminder repeats. Named rules keep the wall time of the anchor
 * (the trigger_time it was set with); cron expressions are read as wall
 * times too. Both are evaluated in the reminder's zone with the DST rules
 * of wall-time.ts, and occurrences are strictly increasing instants, so no
 * occurrence is produced twice (fall-back) and none is dropped (spring-forward).
 */
export type Repeat = { kind: NamedRepeat } | { kind: 'cron'; expr: string };

const DAY_MS = 86_400_000;
/** Safety bound on the search for the next occurrence. */
const MAX_STEPS = 5000;

const ALIASES: Record<string, NamedRepeat | 'none'> = {
  none: 'none',
  no: 'none',
  never: 'none',
  once: 'none',
  不重复: 'none',
  无: 'none',
  一次: 'none',
  day: 'daily',
  everyday: 'daily',
  'every day': 'daily',
  每天: 'daily',
  每日: 'daily',
  weekday: 'weekdays',
  workdays: 'weekdays',
  工作日: 'weekdays',
  每个工作日: 'weekdays',
  week: 'weekly',
  'every week': 'weekly',
  每周: 'weekly',
  每星期: 'weekly',
  month: 'monthly',
  'every month': 'monthly',
  每月: 'monthly',
  每个月: 'monthly',
};

/** null for no repetition ("", "none", 不重复); throws VALIDATION_FAILED for an invalid rule. */
export function parseRepeat(text: string | null | undefined): Repeat | null {
  const raw = (text ?? '').trim().replace(/\s+/g, ' ');
  if (!raw) return null;
  const lower = raw.toLowerCase();
  if ((NAMED_REPEATS as readonly string[]).includes(lower)) return { kind: lower as NamedRepeat };
  const alias = ALIASES[lower];
  if (alias === 'none') return null;
  if (alias) return { kind: alias };
  const fields = raw.split(' ');
  // Minute resolution only: a seconds field would let one reminder fire 86,400 times a day.
  if (fields.length !== 5) {
    throw new PaiError(
      'VALIDATION_FAILED',
      `无法识别的重复规则 "${raw}"：请用 daily、weekdays、weekly、monthly 或 5 段 cron 表达式 (repeat must be daily, weekdays, weekly, monthly or a 5-field cron expression)`,
    );
  }
  try {
    if (compileCron(raw).nextAfter(0) === null) throw new Error('it never matches');
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new PaiError(
      'VALIDATION_FAILED',
      `cron 表达式无效 "${raw}": ${why} (invalid cron expression)`,
    );
  }
  return { kind: 'cron', expr: raw };
}

export function repeatToText(r: Repeat | null): string | null {
  if (!r) return null;
  return r.kind === 'cron' ? r.expr : r.kind;
}

/**
 * The first occurrence at or after `from` (an instant), for a rule anchored
 * at `anchor` (a wall time in `zone`; no occurrence comes before it).
 * null when the rule has none left.
 */
export function firstOccurrenceFrom(
  rule: Repeat,
  anchor: WallMs,
  zone: string,
  from: number,
): number | null {
  return nextOccurrence(rule, anchor, zone, from - 1);
}

/** The first occurrence strictly after the instant `after`. */
export function nextOccurrence(
  rule: Repeat,
  anchor: WallMs,
  zone: string,
  after: number,
): number | null {
  const anchorInstant = wallToInstant(anchor, zone);
  const floor = Math.max(after, anchorInstant - 1);
  if (rule.kind === 'cron') return nextCron(rule.expr, zone, floor);
  if (rule.kind === 'monthly') return nextMonthly(anchor, zone, floor);
  return nextDaily(rule.kind, anchor, zone, floor);
}

function nextDaily(
  kind: 'daily' | 'weekdays' | 'weekly',
  anchor: WallMs,
  zone: string,
  after: number,
): number | null {
  const timeOfDay = ((anchor % DAY_MS) + DAY_MS) % DAY_MS;
  const anchorDay = anchor - timeOfDay;
  const anchorDow = new Date(anchorDay).getUTCDay();
  // Start a day early: near a transition the local date of `after` can be a day ahead of the occurrence's.
  let day = Math.max(anchorDay, startOfWallDay(instantToWall(after, zone)) - DAY_MS);
  for (let i = 0; i < MAX_STEPS; i++, day += DAY_MS) {
    const dow = new Date(day).getUTCDay();
    if (kind === 'weekdays' && (dow === 0 || dow === 6)) continue;
    if (kind === 'weekly' && dow !== anchorDow) continue;
    const t = wallToInstant(day + timeOfDay, zone);
    if (t > after) return t;
  }
  return null;
}

/** Same day of month as the anchor; in shorter months the last day (Jan 31 → Feb 28 → Mar 31). */
function nextMonthly(anchor: WallMs, zone: string, after: number): number | null {
  const a = DateTime.fromMillis(anchor, { zone: 'UTC' });
  const w = DateTime.fromMillis(instantToWall(after, zone), { zone: 'UTC' });
  let k = Math.max(0, (w.year - a.year) * 12 + (w.month - a.month) - 1);
  for (let i = 0; i < MAX_STEPS; i++, k++) {
    const t = wallToInstant(a.plus({ months: k }).toMillis(), zone);
    if (t > after) return t;
  }
  return null;
}

function nextCron(expr: string, zone: string, after: number): number | null {
  const cron = compileCron(expr);
  // Matched on wall times, then mapped to instants. Near a DST change, a wall time shifted out of
  // the gap maps later than its reading, so the search starts a few hours back there.
  const nearChange = offsetAt(after - DAY_MS, zone) !== offsetAt(after + DAY_MS, zone);
  let wall: number | null = instantToWall(after, zone) - (nearChange ? 3 * 3_600_000 : 0);
  for (let i = 0; i < MAX_STEPS && wall !== null; i++) {
    wall = cron.nextAfter(wall);
    if (wall === null) return null;
    const t = wallToInstant(wall, zone);
    if (t > after) return t;
  }
  return null;
}

function startOfWallDay(wall: WallMs): WallMs {
  return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
}
