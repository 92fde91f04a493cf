import { DateTime } from 'luxon';

export interface DatedBackup {
  name: string;
  /** Epoch ms the backup was taken. */
  at: number;
}

export interface RetentionRule {
  /** Keep the newest backup of each of the last N local days (today included). */
  dailyDays: number;
  /** Keep the newest backup of each ISO week that falls in the last N weeks. */
  weeklyWeeks: number;
}

export const DEFAULT_RETENTION: RetentionRule = { dailyDays: 7, weeklyWeeks: 4 };

/**
 * Which automatic backups to keep: the newest of each local day for a week,
 * the newest of each week for four weeks, and always the newest one overall
 * (so a long pause never leaves no backup at all). Backups dated in the future
 * (clock changes) are kept. Pure: the caller deletes `drop`.
 */
export function applyRetention(
  backups: readonly DatedBackup[],
  now: number,
  zone: string,
  rule: RetentionRule = DEFAULT_RETENTION,
): { keep: string[]; drop: string[] } {
  const today = DateTime.fromMillis(now, { zone }).startOf('day');
  const dailyFrom = today.minus({ days: rule.dailyDays - 1 }).toMillis();
  const weeklyFrom = today.minus({ days: rule.weeklyWeeks * 7 - 1 }).toMillis();
  const newestFirst = [...backups].sort((a, b) => b.at - a.at || b.name.localeCompare(a.name));
  const keep = new Set<string>();
  if (newestFirst[0]) keep.add(newestFirst[0].name);
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const b of newestFirst) {
    if (b.at > now) {
      keep.add(b.name);
      continue;
    }
    const local = DateTime.fromMillis(b.at, { zone });
    const day = local.toISODate() ?? '';
    const week = `${local.weekYear}-W${local.weekNumber}`;
    if (b.at >= dailyFrom && !days.has(day)) {
      days.add(day);
      keep.add(b.name);
    }
    if (b.at >= weeklyFrom && !weeks.has(week)) {
      weeks.add(week);
      keep.add(b.name);
    }
  }
  return {
    keep: newestFirst.filter((b) => keep.has(b.name)).map((b) => b.name),
    drop: newestFirst.filter((b) => !keep.has(b.name)).map((b) => b.name),
  };
}
