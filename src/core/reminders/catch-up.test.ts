// What happens to reminders that come due while the app is closed or the
// machine sleeps: within the grace window (10 min) they fire marked late;
// older ones are MISSED and reported in one summary event.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaiApp } from '../app';
import { DAY, HOUR, MIN, openApp, record, removeDir, tempDir, type Recorder } from './test-support';

const TO_FAKE = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as const;
let dir = '';
const apps: PaiApp[] = [];
const recs: Recorder[] = [];

afterEach(async () => {
  for (const r of recs.splice(0)) r.stop();
  for (const a of apps.splice(0)) await a.close();
  vi.useRealTimers();
  if (dir) removeDir(dir);
  dir = '';
});

async function launch(zone: string): Promise<{ app: PaiApp; rec: Recorder }> {
  const app = openApp(dir, zone);
  const rec = record(app);
  apps.push(app);
  recs.push(rec);
  await app.start();
  return { app, rec };
}

const create = (app: PaiApp, content: string, trigger_time: string, repeat?: string) =>
  app.services.schedule.create(1, { content, trigger_time, repeat }, { actor: 'user' });

describe('app restart', () => {
  it('does not fire a delivered reminder again, fires on time after restart, and catches up late/missed ones', async () => {
    vi.useFakeTimers({ toFake: [...TO_FAKE], now: new Date('2026-04-07T09:00:00+08:00') });
    dir = tempDir();
    let { app, rec } = await launch('Asia/Shanghai');
    const a = create(app, 'A one-shot', '2026-04-07 09:30');
    const b = create(app, 'B daily', '2026-04-07 10:00', 'daily');
    const c = create(app, 'C one-shot', '2026-04-07 11:00');
    const d = create(app, 'D one-shot', '2026-04-07 13:50');
    vi.advanceTimersByTime(31 * MIN);
    expect(rec.fired.map((f) => f.schedule_id)).toEqual([a.id]);
    await app.close();

    // Restart a few minutes later: A was delivered before the restart and stays delivered.
    vi.setSystemTime(new Date('2026-04-07T09:35:00+08:00'));
    ({ app, rec } = await launch('Asia/Shanghai'));
    expect(rec.fired).toEqual([]);
    vi.advanceTimersByTime(25 * MIN);
    expect(rec.fired.map((f) => [f.schedule_id, f.late])).toEqual([[b.id, false]]);
    await app.close();

    // Closed from 10:05 to 14:00: C (11:00) is far past → MISSED; D (13:50) is within grace → fires late.
    vi.setSystemTime(new Date('2026-04-07T14:00:00+08:00'));
    ({ app, rec } = await launch('Asia/Shanghai'));
    expect(rec.fired.map((f) => [f.schedule_id, f.trigger_time, f.late])).toEqual([
      [d.id, '2026-04-07T13:50:00+08:00', true],
    ]);
    expect(rec.missed).toEqual([
      {
        count: 1,
        items: [
          {
            schedule_id: c.id,
            content: 'C one-shot',
            trigger_time: '2026-04-07T11:00:00+08:00',
            occurrences: 1,
          },
        ],
      },
    ]);
    expect(app.services.schedule.get(1, c.id).status).toBe('MISSED');
    expect(app.services.schedule.list(1, { tab: 'missed' }).map((i) => i.id)).toEqual([c.id]);
    // B continues tomorrow, once.
    vi.advanceTimersByTime(DAY);
    expect(rec.fired.filter((f) => f.schedule_id === b.id).map((f) => f.trigger_time)).toEqual([
      '2026-04-08T10:00:00+08:00',
    ]);
  });

  it('two apps on the same file never deliver the same occurrence twice', async () => {
    vi.useFakeTimers({ toFake: [...TO_FAKE], now: new Date('2026-04-07T09:00:00+08:00') });
    dir = tempDir();
    const one = await launch('Asia/Shanghai');
    const two = await launch('Asia/Shanghai');
    create(one.app, 'shared', '2026-04-07 09:05');
    // The second app learns of the new row only from its own periodic tick, after the first has fired.
    vi.advanceTimersByTime(10 * MIN);
    expect(one.rec.fired.length + two.rec.fired.length).toBe(1);
  });
});

describe('sleep', () => {
  it('a wake detected by the loop fires the one within grace late and reports older ones in one summary', async () => {
    vi.useFakeTimers({ toFake: [...TO_FAKE], now: new Date('2026-10-23T08:00:00+02:00') });
    dir = tempDir();
    const { app, rec } = await launch('Europe/Berlin');
    const t1 = create(app, 'T1', '2026-10-23 08:10');
    const dly = create(app, 'daily standup', '2026-10-23 08:20', 'daily');
    const t2 = create(app, 'T2', '2026-10-23 08:30');
    const t3 = create(app, 'T3', '2026-10-23 10:00');

    // The machine sleeps at 08:00 and wakes at 08:35: the wall clock jumps, the monotonic timers do not move.
    vi.setSystemTime(new Date('2026-10-23T08:35:00+02:00'));
    expect(rec.fired).toEqual([]);
    vi.advanceTimersByTime(30_000);
    expect(app.services.reminders.lastPassInfo()?.reason).toBe('resume');
    expect(rec.fired.map((f) => [f.schedule_id, f.late])).toEqual([[t2.id, true]]);
    expect(rec.missed).toHaveLength(1);
    expect(rec.missed[0]!.count).toBe(2);
    expect(rec.missed[0]!.items.map((i) => [i.schedule_id, i.trigger_time])).toEqual([
      [t1.id, '2026-10-23T08:10:00+02:00'],
      [dly.id, '2026-10-23T08:20:00+02:00'],
    ]);
    expect(app.services.schedule.get(1, t1.id).status).toBe('MISSED');
    // The daily series is not missed as a whole: its next occurrence is tomorrow.
    expect(app.services.schedule.get(1, dly.id)).toMatchObject({
      status: 'PENDING',
      trigger_time: '2026-10-24T08:20:00+02:00',
    });

    vi.advanceTimersByTime(90 * MIN);
    expect(rec.fired.map((f) => [f.schedule_id, f.late])).toEqual([
      [t2.id, true],
      [t3.id, false],
    ]);
    expect(rec.missed).toHaveLength(1);
  });

  it('resumeFromSleep() (the powerMonitor hook) catches up at once', async () => {
    vi.useFakeTimers({ toFake: [...TO_FAKE], now: new Date('2026-03-08T01:00:00-05:00') });
    dir = tempDir();
    const { app, rec } = await launch('America/New_York');
    const r = create(app, 'pills', '2026-03-08 03:40');
    // Asleep across the spring-forward change; wakes at 03:45 EDT.
    vi.setSystemTime(new Date('2026-03-08T03:45:00-04:00'));
    app.services.reminders.resumeFromSleep();
    expect(rec.fired.map((f) => [f.schedule_id, f.trigger_time, f.late])).toEqual([
      [r.id, '2026-03-08T03:40:00-04:00', true],
    ]);
  });

  it('a frequent cron asleep for days: one late fire for the latest occurrence, the rest counted in the summary', async () => {
    vi.useFakeTimers({ toFake: [...TO_FAKE], now: new Date('2026-05-01T00:00:00Z') });
    dir = tempDir();
    const { app, rec } = await launch('UTC');
    const r = create(app, 'water', '2026-05-01 00:00', '*/5 * * * *');
    vi.advanceTimersByTime(1000);
    expect(rec.fired).toHaveLength(1);
    vi.setSystemTime(new Date('2026-05-03T00:02:00Z'));
    app.services.reminders.resumeFromSleep();
    expect(rec.fired.map((f) => [f.trigger_time, f.late])).toEqual([
      ['2026-05-01T00:00:00Z', false],
      ['2026-05-03T00:00:00Z', true],
    ]);
    // 00:05 on May 1 up to 23:55 on May 2: 2 days × 288 - 1 occurrences.
    expect(rec.missed).toEqual([
      {
        count: 575,
        items: [
          {
            schedule_id: r.id,
            content: 'water',
            trigger_time: '2026-05-02T23:55:00Z',
            occurrences: 575,
          },
        ],
      },
    ]);
    expect(app.services.schedule.get(1, r.id).next_fire_time).toBe('2026-05-03T00:05:00Z');
    expect(HOUR).toBe(60 * MIN);
  });
});
