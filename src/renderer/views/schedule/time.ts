import type { Dayjs } from 'dayjs';

/** A sensible default for a new reminder: the next quarter hour at least 10 minutes away. */
export function defaultTriggerTime(now: Dayjs): Dayjs {
  const t = now.add(10, 'minute').second(0).millisecond(0);
  const rest = t.minute() % 15;
  return rest === 0 ? t : t.add(15 - rest, 'minute');
}
