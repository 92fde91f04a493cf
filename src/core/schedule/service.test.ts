// The schedule operations the UI calls, through app.dispatch (contract parse + handler).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaiApp } from '../app';
import type { ScheduleItem } from '../../shared/contract';
import { openApp, removeDir, tempDir } from '../reminders/test-support';

let dir: string;
let app: PaiApp;
let changes: { domain: string; ids?: number[] }[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-07T08:00:00+08:00') });
  dir = tempDir();
  app = openApp(dir, 'Asia/Shanghai');
  changes = [];
  app.ctx.events.on('data.changed', (p) => changes.push(p));
});

afterEach(async () => {
  await app.close();
  vi.useRealTimers();
  removeDir(dir);
});

async function ok<T = ScheduleItem>(name: string, input: unknown): Promise<T> {
  const r = await app.dispatch(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
  return r.data as T;
}

describe('schedule operations', () => {
  it('create → item with the view fields; every write emits data.changed for schedule', async () => {
    const item = await ok('schedule.create', {
      content: '牙医',
      trigger_time: '2026-04-08 15:00',
      repeat: null,
    });
    expect(item).toMatchObject({
      content: '牙医',
      status: 'PENDING',
      trigger_time: '2026-04-08T15:00:00+08:00',
      next_fire_time: '2026-04-08T15:00:00+08:00',
      snoozed_until: null,
      last_fired_time: null,
      awaiting_done: false,
      created_at: '2026-04-07T08:00:00+08:00',
    });
    expect(changes).toEqual([{ domain: 'schedule', ids: [item.id] }]);
  });

  it('lists tabs: upcoming by next fire time, done/cancelled/missed by status', async () => {
    const a = await ok('schedule.create', { content: 'a', trigger_time: '2026-04-09 09:00' });
    const b = await ok('schedule.create', { content: 'b', trigger_time: '2026-04-08 09:00' });
    const c = await ok('schedule.create', { content: 'c', trigger_time: '2026-04-10 09:00' });
    await ok('schedule.snooze', { id: c.id });
    await ok('schedule.complete', { id: b.id });
    const upcoming = await ok<{ items: ScheduleItem[] }>('schedule.list', { tab: 'upcoming' });
    // c is snoozed to 08:10 today, before a.
    expect(upcoming.items.map((i) => i.content)).toEqual(['c', 'a']);
    expect(
      (await ok<{ items: ScheduleItem[] }>('schedule.list', { tab: 'done' })).items.map(
        (i) => i.id,
      ),
    ).toEqual([b.id]);
    await ok('schedule.update', { id: a.id, patch: { status: 'CANCELLED' } });
    expect(
      (await ok<{ items: ScheduleItem[] }>('schedule.list', { tab: 'cancelled' })).items.map(
        (i) => i.id,
      ),
    ).toEqual([a.id]);
  });

  it('delete → undo restores the reminder with its id and delivery history', async () => {
    const r = await ok('schedule.create', {
      content: 'fired once',
      trigger_time: '2026-04-07 07:59',
    });
    app.services.schedule.processDue(Date.now(), { graceMs: 600_000, lateMs: 60_000 });
    const before = await ok('schedule.get', { id: r.id });
    expect(before.awaiting_done).toBe(true);
    const del = await ok<{ deleted: ScheduleItem; undo_token: string }>('schedule.delete', {
      id: r.id,
    });
    expect(del.deleted).toEqual(before);
    expect((await app.dispatch('schedule.get', { id: r.id })).ok).toBe(false);
    const restored = await ok('schedule.undoDelete', { undo_token: del.undo_token });
    expect(restored).toEqual(before);
    const again = await app.dispatch('schedule.undoDelete', { undo_token: del.undo_token });
    expect(again.ok ? null : again.error.code).toBe('CONFLICT');
    // Restored with its delivery: it does not fire a second time.
    expect(
      app.services.schedule.processDue(Date.now(), { graceMs: 600_000, lateMs: 60_000 }).fired,
    ).toEqual([]);
  });

  it('snooze refuses done or cancelled reminders; a missed one comes back as PENDING', async () => {
    const done = await ok('schedule.create', {
      content: 'd',
      trigger_time: '2026-04-08 09:00',
      status: 'EXECUTED',
    });
    const res = await app.dispatch('schedule.snooze', { id: done.id });
    expect(res.ok ? null : res.error.code).toBe('CONFLICT');
    const old = await ok('schedule.create', { content: 'old', trigger_time: '2026-04-07 06:00' });
    app.services.schedule.processDue(Date.now(), { graceMs: 600_000, lateMs: 60_000 });
    expect((await ok('schedule.get', { id: old.id })).status).toBe('MISSED');
    const back = await ok('schedule.snooze', { id: old.id, minutes: 5 });
    expect(back).toMatchObject({
      status: 'PENDING',
      snoozed_until: '2026-04-07T08:05:00+08:00',
      next_fire_time: '2026-04-07T08:05:00+08:00',
    });
  });

  it('re-activating a cancelled one-shot fires it only if its time was never acted on', async () => {
    const r = await ok('schedule.create', {
      content: 'r',
      trigger_time: '2026-04-08 09:00',
      status: '取消',
    });
    expect(r.next_fire_time).toBeNull();
    const again = await ok('schedule.update', { id: r.id, patch: { status: '待办' } });
    expect(again.next_fire_time).toBe('2026-04-08T09:00:00+08:00');
  });

  it('a recurring reminder set with a past start begins at its next future occurrence', async () => {
    const r = await ok('schedule.create', {
      content: 'standup',
      trigger_time: '2026-04-01 09:30',
      repeat: 'weekdays',
    });
    // 2026-04-07 is a Tuesday and it is 08:00.
    expect(r.trigger_time).toBe('2026-04-07T09:30:00+08:00');
    const weekly = await ok('schedule.update', { id: r.id, patch: { repeat: 'weekly' } });
    // Anchored on Wednesday 04-01: the next Wednesday.
    expect(weekly.trigger_time).toBe('2026-04-08T09:30:00+08:00');
  });

  it('rejects bad input at the boundary with the data unchanged', async () => {
    const r = await ok('schedule.create', { content: 'keep', trigger_time: '2026-04-08 09:00' });
    for (const [name, input] of [
      ['schedule.create', { content: '', trigger_time: '2026-04-08 09:00' }],
      ['schedule.create', { content: 'x', trigger_time: 'nope' }],
      ['schedule.create', { content: 'x', trigger_time: '2026-04-08 09:00', extra: 1 }],
      ['schedule.update', { id: r.id, patch: { repeat: '0 0 31 2 *' } }],
      ['schedule.update', { id: r.id, patch: { status: 'whenever' } }],
      ['schedule.snooze', { id: r.id, minutes: 0 }],
      ['schedule.complete', { id: r.id, occurrence_at: 'x' }],
    ] as const) {
      const res = await app.dispatch(name, input);
      expect(res.ok ? null : res.error.code, `${name} ${JSON.stringify(input)}`).toBe(
        'VALIDATION_FAILED',
      );
    }
    expect(await ok('schedule.get', { id: r.id })).toEqual(r);
    expect((await ok<{ items: ScheduleItem[] }>('schedule.list', {})).items).toHaveLength(1);
  });
});
