import { CronExpressionParser, type CronExpression } from 'cron-parser';

/**
 * Next match of a 5-field cron expression on a wall-time axis (epoch ms read
 * as UTC). cron-parser validates and expands the fields; matching the
 * expanded sets here is about a thousand times faster than its iterator
 * (milliseconds per step), which matters when the loop walks the occurrences
 * a laptop slept through. Expressions with L, W or # keep cron-parser's
 * iterator, which understands them.
 */
export interface WallCron {
  /** First matching wall time strictly after `wall`, or null. */
  nextAfter(wall: number): number | null;
}

const DAY_MS = 86_400_000;
const MAX_DAYS = 366 * 8;
const NAMES = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|sun|mon|tue|wed|thu|fri|sat)\b/gi;
const cache = new Map<string, WallCron>();

export function compileCron(expr: string): WallCron {
  let c = cache.get(expr);
  if (!c) {
    c = build(expr);
    if (cache.size > 1000) cache.clear();
    cache.set(expr, c);
  }
  return c;
}

function build(expr: string): WallCron {
  const parsed = CronExpressionParser.parse(expr, { tz: 'UTC', currentDate: new Date(0) });
  if (/[lw#]/i.test(expr.replace(NAMES, ''))) return iteratorCron(parsed);
  const f = parsed.fields;
  const nums = (v: readonly (number | string)[]) =>
    [...new Set(v.filter((x): x is number => typeof x === 'number'))].sort((a, b) => a - b);
  const minutes = nums(f.minute.values);
  const hours = nums(f.hour.values);
  const doms = new Set(nums(f.dayOfMonth.values));
  const months = new Set(nums(f.month.values));
  const dows = new Set(nums(f.dayOfWeek.values).map((d) => d % 7));
  const domOnly = !f.dayOfMonth.isWildcard;
  const dowOnly = !f.dayOfWeek.isWildcard;
  const dayMatches = (d: Date): boolean => {
    if (!months.has(d.getUTCMonth() + 1)) return false;
    const dom = doms.has(d.getUTCDate());
    const dow = dows.has(d.getUTCDay());
    // Standard cron: when both day fields are restricted, either may match.
    if (domOnly && dowOnly) return dom || dow;
    if (domOnly) return dom;
    if (dowOnly) return dow;
    return true;
  };
  return {
    nextAfter(wall) {
      const start = Math.floor(wall / 60_000) * 60_000 + 60_000;
      let day = start - (((start % DAY_MS) + DAY_MS) % DAY_MS);
      for (let i = 0; i < MAX_DAYS; i++, day += DAY_MS) {
        if (!dayMatches(new Date(day))) continue;
        for (const h of hours) {
          for (const m of minutes) {
            const t = day + h * 3_600_000 + m * 60_000;
            if (t >= start) return t;
          }
        }
      }
      return null;
    },
  };
}

function iteratorCron(parsed: CronExpression): WallCron {
  return {
    nextAfter(wall) {
      try {
        parsed.reset(new Date(wall));
        return parsed.next().getTime();
      } catch {
        return null;
      }
    },
  };
}
