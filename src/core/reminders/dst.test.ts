// Daylight-saving changes, driven through the real loop with fake timers.
// The rule (wall-time.ts): a wall time in the spring-forward gap is shifted
// forward by the gap (02:30 → 03:30 that day); a wall time that occurs twice
// at fall-back fires once, at the first (earlier) instant.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaiApp } from '../app';
import { DAY, openApp, record, removeDir, tempDir, type Recorder } from './test-support';

let dir = '';
let app: PaiApp | null = null;
let rec: Recorder | null = null;

afterEach(async () => {
  rec?.stop();
  await app?.close();
  app = null;
  vi.useRealTimers();
  if (dir) removeDir(dir);
  dir = '';
});

interface Case {
  zone: string;
  kind: 'spring-forward' | 'fall-back';
  /** Local date of the transition, and the day the test starts (two days before). */
  day: string;
  start: string;
  /** The wall time that is skipped (spring) or repeated (fall). */
  wall: string;
  /** One-shot at `wall` on the transition day fires at: */
  oneShot: string;
  /** A daily reminder at `wall`, from two days before to two days after: */
  daily: string[];
}

const CASES: Case[] = [
  {
    zone: 'Europe/Berlin',
    kind: 'spring-forward',
    day: '2026-03-29',
    start: '2026-03-27T00:00:00+01:00',
    wall: '02:30',
    oneShot: '2026-03-29T03:30:00+02:00',
    daily: [
      '2026-03-27T02:30:00+01:00',
      '2026-03-28T02:30:00+01:00',
      '2026-03-29T03:30:00+02:00',
      '2026-03-30T02:30:00+02:00',
      '2026-03-31T02:30:00+02:00',
    ],
  },
  {
    zone: 'Europe/Berlin',
    kind: 'fall-back',
    day: '2026-10-25',
    start: '2026-10-23T00:00:00+02:00',
    wall: '02:30',
    oneShot: '2026-10-25T02:30:00+02:00',
    daily: [
      '2026-10-23T02:30:00+02:00',
      '2026-10-24T02:30:00+02:00',
      '2026-10-25T02:30:00+02:00',
      '2026-10-26T02:30:00+01:00',
      '2026-10-27T02:30:00+01:00',
    ],
  },
  {
    zone: 'America/New_York',
    kind: 'spring-forward',
    day: '2026-03-08',
    start: '2026-03-06T00:00:00-05:00',
    wall: '02:30',
    oneShot: '2026-03-08T03:30:00-04:00',
    daily: [
      '2026-03-06T02:30:00-05:00',
      '2026-03-07T02:30:00-05:00',
      '2026-03-08T03:30:00-04:00',
      '2026-03-09T02:30:00-04:00',
      '2026-03-10T02:30:00-04:00',
    ],
  },
  {
    zone: 'America/New_York',
    kind: 'fall-back',
    day: '2026-11-01',
    start: '2026-10-30T00:00:00-04:00',
    wall: '01:30',
    oneShot: '2026-11-01T01:30:00-04:00',
    daily: [
      '2026-10-30T01:30:00-04:00',
      '2026-10-31T01:30:00-04:00',
      '2026-11-01T01:30:00-04:00',
      '2026-11-02T01:30:00-05:00',
      '2026-11-03T01:30:00-05:00',
    ],
  },
  {
    zone: 'Australia/Sydney',
    kind: 'spring-forward',
    day: '2026-10-04',
    start: '2026-10-02T00:00:00+10:00',
    wall: '02:30',
    oneShot: '2026-10-04T03:30:00+11:00',
    daily: [
      '2026-10-02T02:30:00+10:00',
      '2026-10-03T02:30:00+10:00',
      '2026-10-04T03:30:00+11:00',
      '2026-10-05T02:30:00+11:00',
      '2026-10-06T02:30:00+11:00',
    ],
  },
  {
    zone: 'Australia/Sydney',
    kind: 'fall-back',
    day: '2026-04-05',
    start: '2026-04-03T00:00:00+11:00',
    wall: '02:30',
    oneShot: '2026-04-05T02:30:00+11:00',
    daily: [
      '2026-04-03T02:30:00+11:00',
      '2026-04-04T02:30:00+11:00',
      '2026-04-05T02:30:00+11:00',
      '2026-04-06T02:30:00+10:00',
      '2026-04-07T02:30:00+10:00',
    ],
  },
];

describe.each(CASES)('$zone $kind ($day)', (c) => {
  it('fires the one-shot and the daily reminder exactly once per occurrence, on time, none lost', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      now: new Date(c.start),
    });
    dir = tempDir();
    app = openApp(dir, c.zone);
    rec = record(app);
    await app.start();
    const s = app.services.schedule;
    const startDay = c.start.slice(0, 10);
    const once = s.create(
      1,
      { content: 'once', trigger_time: `${c.day} ${c.wall}` },
      { actor: 'user' },
    );
    const daily = s.create(
      1,
      { content: 'daily', trigger_time: `${startDay} ${c.wall}`, repeat: 'daily' },
      { actor: 'user' },
    );
    // Neighbours on the transition day, to show nothing around the change shifts.
    const before = s.create(
      1,
      { content: 'before', trigger_time: `${c.day} 00:45` },
      { actor: 'user' },
    );
    const after = s.create(
      1,
      { content: 'after', trigger_time: `${c.day} 04:15` },
      { actor: 'user' },
    );

    vi.advanceTimersByTime(5 * DAY);

    const fires = (id: number) => rec!.fired.filter((f) => f.schedule_id === id);
    expect(fires(once.id).map((f) => f.trigger_time)).toEqual([c.oneShot]);
    expect(fires(daily.id).map((f) => f.trigger_time)).toEqual(c.daily);
    expect(fires(before.id).map((f) => f.trigger_time.slice(0, 16))).toEqual([`${c.day}T00:45`]);
    expect(fires(after.id).map((f) => f.trigger_time.slice(0, 16))).toEqual([`${c.day}T04:15`]);
    // On time: each within 1 s of its instant; no duplicates of any (reminder, occurrence).
    for (const f of rec!.fired) expect(f.at - f.occurrence_at).toBeLessThanOrEqual(1000);
    const keys = rec!.fired.map((f) => `${f.schedule_id}@${f.occurrence_at}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(rec!.missed).toEqual([]);
    // The delivery table agrees with the events.
    const rows = app.ctx.db
      .prepare("SELECT COUNT(*) AS n FROM reminder_deliveries WHERE kind = 'fired'")
      .get() as { n: number };
    expect(rows.n).toBe(keys.length);
  });
});
