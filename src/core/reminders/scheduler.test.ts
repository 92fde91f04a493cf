import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaiApp } from '../app';
import { DAY, HOUR, MIN, openApp, record, removeDir, tempDir, type Recorder } from './test-support';
import { ReminderScheduler, MAX_TIMER_MS } from './scheduler';

const FAKE = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as const,
};

let dir: string;
let app: PaiApp;
let rec: Recorder;

function boot(zone: string, startAt: string | number): void {
  vi.useFakeTimers({ ...FAKE, toFake: [...FAKE.toFake], now: new Date(startAt) });
  dir = tempDir();
  app = openApp(dir, zone);
  rec = record(app);
}

beforeEach(() => {
  dir = '';
});

afterEach(async () => {
  rec?.stop();
  await app?.close();
  vi.useRealTimers();
  if (dir) removeDir(dir);
});

const create = (content: string, trigger_time: string, repeat?: string) =>
  app.services.schedule.create(1, { content, trigger_time, repeat }, { actor: 'user' });

describe('the due-time loop', () => {
  it('fires within 1 s of the due time, exactly once, and holds one timer for many reminders', async () => {
    boot('Asia/Shanghai', '2026-04-07T09:00:00+08:00');
    await app.start();
    const r = create('开会', '2026-04-07 09:01:30');
    // Other modules (e.g. the daily backup check) hold their own timer; reminders add one, however many.
    const withOne = vi.getTimerCount();
    for (let i = 0; i < 50; i++)
      create(`later ${i}`, `2026-04-0${8 + (i % 2)} 10:${String(i).padStart(2, '0')}`);
    expect(app.services.reminders.timersHeld()).toBe(1);
    expect(vi.getTimerCount()).toBe(withOne);

    await vi.advanceTimersByTimeAsync(90 * 1000 - 1);
    expect(rec.fired).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(rec.fired).toHaveLength(1);
    const f = rec.fired[0]!;
    expect(f).toMatchObject({
      schedule_id: r.id,
      content: '开会',
      trigger_time: '2026-04-07T09:01:30+08:00',
      late: false,
    });
    expect(f.at - f.occurrence_at).toBeGreaterThanOrEqual(0);
    expect(f.at - f.occurrence_at).toBeLessThanOrEqual(1000);

    await vi.advanceTimersByTimeAsync(HOUR);
    expect(rec.fired).toHaveLength(1);
    expect(app.services.schedule.get(1, r.id)).toMatchObject({
      status: 'PENDING',
      awaiting_done: true,
      next_fire_time: null,
    });
    // Other modules' one-off timers come and go; the scheduler itself still holds at most one.
    expect(app.services.reminders.timersHeld()).toBeLessThanOrEqual(1);
  });

  it('a reminder 40 days ahead fires on time although setTimeout cannot wait that long', async () => {
    boot('Europe/Berlin', '2026-01-01T12:00:00+01:00');
    const far = create('Pass erneuern', '2026-02-10 12:00');
    // A loop without the 30 s tick: the only thing between now and the due time is the 2^31-1 ms clamp.
    const scheduler = new ReminderScheduler(
      { schedule: app.services.schedule, clock: app.ctx.clock, events: app.ctx.events },
      { tickMs: Number.MAX_SAFE_INTEGER },
    );
    scheduler.start();
    expect(scheduler.nextWakeAt()! - Date.now()).toBe(MAX_TIMER_MS);
    await vi.advanceTimersByTimeAsync(40 * DAY - 1000);
    expect(rec.fired).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(rec.fired.map((f) => [f.schedule_id, f.trigger_time, f.at - f.occurrence_at])).toEqual([
      [far.id, '2026-02-10T12:00:00+01:00', 0],
    ]);
    scheduler.stop();
    expect(scheduler.timersHeld()).toBe(0);
  });

  it('the same 40-day wait works through the app loop with its periodic tick', async () => {
    boot('America/New_York', '2026-01-01T08:00:00-05:00');
    await app.start();
    create('renew passport', '2026-02-10 08:00');
    vi.advanceTimersByTime(40 * DAY + 500);
    expect(rec.fired.map((f) => [f.trigger_time, f.late])).toEqual([
      ['2026-02-10T08:00:00-05:00', false],
    ]);
  }, 90_000);

  it('re-arms on insert: a reminder earlier than the current wake is not delayed', async () => {
    boot('Asia/Shanghai', '2026-04-07T09:00:00+08:00');
    await app.start();
    create('late one', '2026-04-07 12:00');
    create('soon', '2026-04-07 09:00:10');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rec.fired.map((f) => f.content)).toEqual(['soon']);
  });
});

describe('edits racing with the due time', () => {
  it('an update moving the time later just before it is due fires once, at the new time', async () => {
    boot('Asia/Shanghai', '2026-04-07T09:00:00+08:00');
    await app.start();
    const r = create('call mum', '2026-04-07 09:01');
    await vi.advanceTimersByTimeAsync(59_900);
    app.services.schedule.update(1, r.id, { trigger_time: '2026-04-07 09:06' }, { actor: 'user' });
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(rec.fired).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(rec.fired.map((f) => [f.trigger_time, f.at - f.occurrence_at])).toEqual([
      ['2026-04-07T09:06:00+08:00', 0],
    ]);
  });

  it('a delete just before the due time means it never fires, and its deliveries are gone', async () => {
    boot('Asia/Shanghai', '2026-04-07T09:00:00+08:00');
    await app.start();
    const r = create('gone', '2026-04-07 09:01');
    await vi.advanceTimersByTimeAsync(59_999);
    app.services.schedule.delete(1, r.id, { actor: 'user' });
    await vi.advanceTimersByTimeAsync(2 * DAY);
    expect(rec.fired).toHaveLength(0);
    expect(rec.missed).toHaveLength(0);
  });

  it('an update to CANCELLED just before the due time means it never fires', async () => {
    boot('Asia/Shanghai', '2026-04-07T09:00:00+08:00');
    await app.start();
    const r = create('cancel me', '2026-04-07 09:01');
    await vi.advanceTimersByTimeAsync(59_999);
    app.services.schedule.update(1, r.id, { status: '取消' }, { actor: 'user' });
    await vi.advanceTimersByTimeAsync(DAY);
    expect(rec.fired).toHaveLength(0);
  });

  it('undo of a delete brings the reminder back into the loop', async () => {
    boot('Asia/Shanghai', '2026-04-07T09:00:00+08:00');
    await app.start();
    const r = create('back again', '2026-04-07 09:10');
    const { undo_token } = app.services.schedule.delete(1, r.id, { actor: 'user' });
    await vi.advanceTimersByTimeAsync(MIN);
    app.services.schedule.undoDelete(1, undo_token, { actor: 'user' });
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(rec.fired.map((f) => f.schedule_id)).toEqual([r.id]);
  });
});

describe('complete and snooze', () => {
  it('snooze fires again 10 minutes later as its own delivery; complete makes it EXECUTED', async () => {
    boot('Asia/Shanghai', '2026-04-07T09:00:00+08:00');
    await app.start();
    const r = create('stretch', '2026-04-07 09:00:30');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(rec.fired).toHaveLength(1);
    const snoozed = app.services.schedule.snooze(1, r.id, 10, { actor: 'user' });
    expect(snoozed.snoozed_until).toBe('2026-04-07T09:10:30+08:00');
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(rec.fired.map((f) => [f.trigger_time, f.snoozed])).toEqual([
      ['2026-04-07T09:00:30+08:00', false],
      ['2026-04-07T09:10:30+08:00', true],
    ]);
    const done = app.services.schedule.complete(1, r.id, rec.fired[1]!.occurrence_at, {
      actor: 'user',
    });
    expect(done).toMatchObject({ status: 'EXECUTED', next_fire_time: null, awaiting_done: false });
    await vi.advanceTimersByTimeAsync(DAY);
    expect(rec.fired).toHaveLength(2);
  });

  it('complete on a daily reminder marks only that occurrence; the series goes on', async () => {
    boot('Asia/Shanghai', '2026-04-07T08:00:00+08:00');
    await app.start();
    const r = create('vitamins', '2026-04-07 09:00', 'daily');
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(rec.fired).toHaveLength(1);
    const after = app.services.schedule.complete(1, r.id, rec.fired[0]!.occurrence_at, {
      actor: 'user',
    });
    expect(after).toMatchObject({ status: 'PENDING', trigger_time: '2026-04-08T09:00:00+08:00' });
    // Completing again without an occurrence skips the next one ahead of time.
    const skipped = app.services.schedule.complete(1, r.id, undefined, { actor: 'user' });
    expect(skipped.trigger_time).toBe('2026-04-09T09:00:00+08:00');
    await vi.advanceTimersByTimeAsync(2 * DAY);
    expect(rec.fired.map((f) => f.trigger_time)).toEqual([
      '2026-04-07T09:00:00+08:00',
      '2026-04-09T09:00:00+08:00',
    ]);
  });
});
