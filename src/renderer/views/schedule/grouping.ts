import type { ScheduleItem } from '../../../shared/contract';

export type GroupKind = 'due' | 'today' | 'tomorrow' | 'date';

export interface DayGroup {
  key: string;
  kind: GroupKind;
  /** YYYY-MM-DD for date groups (and today/tomorrow), null for "due now". */
  date: string | null;
  items: ScheduleItem[];
}

/** When an upcoming reminder shows: when it fires next, else its time. */
export function shownTime(item: ScheduleItem): string {
  return item.next_fire_time ?? item.trigger_time;
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * Upcoming reminders by local day. Ones that fired and are not done yet, or
 * whose time has come, go first under "due now". `nowWall` is the person's
 * wall time now (YYYY-MM-DDTHH:mm:ss); items arrive sorted by when they fire.
 */
export function groupByDay(items: ScheduleItem[], nowWall: string): DayGroup[] {
  const today = nowWall.slice(0, 10);
  const tomorrow = addDays(today, 1);
  const groups = new Map<string, DayGroup>();
  const push = (key: string, kind: GroupKind, date: string | null, item: ScheduleItem) => {
    let g = groups.get(key);
    if (!g) {
      g = { key, kind, date, items: [] };
      groups.set(key, g);
    }
    g.items.push(item);
  };
  for (const item of items) {
    const time = shownTime(item);
    const wall = time.slice(0, 19);
    if (item.awaiting_done || item.next_fire_time === null || wall <= nowWall) {
      push('due', 'due', null, item);
      continue;
    }
    const date = wall.slice(0, 10);
    const kind: GroupKind = date === today ? 'today' : date === tomorrow ? 'tomorrow' : 'date';
    push(date, kind, date, item);
  }
  const due = groups.get('due');
  const rest = [...groups.values()]
    .filter((g) => g.kind !== 'due')
    .sort((a, b) => (a.date! < b.date! ? -1 : 1));
  return due ? [due, ...rest] : rest;
}

/** "4月17日 周五" / "Fri, Apr 17" (with the year when it is not this year). */
export function dateLabel(date: string, today: string, locale: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const sameYear = date.slice(0, 4) === today.slice(0, 4);
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    year: sameYear ? undefined : 'numeric',
    month: 'short',
    day: 'numeric',
    weekday: 'short',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}
