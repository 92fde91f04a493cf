import { describe, expect, it } from 'vitest';
import type { ScheduleItem } from '../../../shared/contract';
import { dateLabel, groupByDay } from './grouping';

let n = 0;
function item(time: string | null, over: Partial<ScheduleItem> = {}): ScheduleItem {
  n += 1;
  const t = time ?? '2026-04-07T08:00:00+08:00';
  return {
    id: n,
    user_id: 1,
    job_id: `j${n}`,
    content: `r${n}`,
    status: 'PENDING',
    trigger_time: t,
    repeat: null,
    time_zone: 'Asia/Shanghai',
    next_fire_time: time,
    snoozed_until: null,
    last_fired_time: null,
    awaiting_done: false,
    created_at: '2026-04-01T08:00:00+08:00',
    ...over,
  };
}

describe('groupByDay', () => {
  it('puts fired-not-done and past-due first, then today, tomorrow and later dates in order', () => {
    const fired = item(null, { awaiting_done: true });
    const past = item('2026-04-07T09:59:00+08:00');
    const today = item('2026-04-07T18:00:00+08:00');
    const tomorrow = item('2026-04-08T07:00:00+08:00');
    const later = item('2026-04-20T07:00:00+08:00');
    const groups = groupByDay([fired, past, today, tomorrow, later], '2026-04-07T10:00:00');
    expect(groups.map((g) => [g.kind, g.date, g.items.map((i) => i.id)])).toEqual([
      ['due', null, [fired.id, past.id]],
      ['today', '2026-04-07', [today.id]],
      ['tomorrow', '2026-04-08', [tomorrow.id]],
      ['date', '2026-04-20', [later.id]],
    ]);
  });

  it('crosses a month end for "tomorrow"', () => {
    const g = groupByDay([item('2026-05-01T07:00:00+08:00')], '2026-04-30T23:00:00');
    expect(g[0]!.kind).toBe('tomorrow');
  });

  it('labels dates in the person’s language, with the year only when it differs', () => {
    expect(dateLabel('2026-04-17', '2026-04-07', 'zh-CN')).toBe('4月17日周五');
    expect(dateLabel('2026-04-17', '2026-04-07', 'en')).toBe('Fri, Apr 17');
    expect(dateLabel('2027-01-02', '2026-04-07', 'en')).toBe('Sat, Jan 2, 2027');
  });
});
