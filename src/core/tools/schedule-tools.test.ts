// The six schedule tools through the one executor, as the agent calls them:
// reference 000's parameters, returned JSON, status aliases and errors.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaiApp } from '../app';
import { openApp, removeDir, tempDir, toolCtx } from '../reminders/test-support';

let dir: string;
let app: PaiApp;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-06T20:00:00+08:00') });
  dir = tempDir();
  app = openApp(dir, 'Asia/Shanghai');
});

afterEach(async () => {
  await app.close();
  vi.useRealTimers();
  removeDir(dir);
});

const call = (name: string, args: unknown) => app.ctx.tools.execute(name, args, toolCtx(app));
const count = () =>
  (app.ctx.db.prepare('SELECT COUNT(*) AS n FROM schedules').get() as { n: number }).n;

describe('schedule_insert', () => {
  it('returns the reference payload: local time with offset, PENDING, a generated UUID job_id', async () => {
    const r = await call('schedule_insert', {
      content: '提醒我开会',
      trigger_time: '2026-04-07 09:30:00',
      status: '',
      job_id: '',
    });
    expect(r.ok).toBe(true);
    const row = JSON.parse(r.output);
    expect(row).toEqual({
      id: 1,
      user_id: 1,
      job_id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      content: '提醒我开会',
      status: 'PENDING',
      trigger_time: '2026-04-07T09:30:00+08:00',
      repeat: null,
      time_zone: 'Asia/Shanghai',
    });
    expect(r.output_data).toEqual(row);
  });

  it('keeps a given job_id and status (aliases too), and takes a repeat rule', async () => {
    const r = await call('schedule_insert', {
      content: '喝水',
      trigger_time: '2026-04-07 10:00',
      status: '待办',
      job_id: 'water-1',
      repeat: '每天',
    });
    expect(JSON.parse(r.output)).toMatchObject({
      job_id: 'water-1',
      status: 'PENDING',
      repeat: 'daily',
    });
    const done = await call('schedule_insert', {
      content: 'old',
      trigger_time: '2026-04-01 10:00',
      status: '已完成',
    });
    expect(JSON.parse(done.output).status).toBe('EXECUTED');
  });

  it('refuses an unparseable trigger_time with 无法解析 trigger_time and writes nothing', async () => {
    for (const trigger_time of ['明天上午', '2026-02-30 10:00', 'soon']) {
      const r = await call('schedule_insert', { content: 'x', trigger_time });
      expect(r.ok).toBe(false);
      expect(r.output).toMatch(/^无法解析 trigger_time/);
      expect(r.error?.code).toBe('VALIDATION_FAILED');
    }
    expect(count()).toBe(0);
  });

  it('refuses empty content, an unknown status, a bad repeat rule and a duplicate job_id; nothing written', async () => {
    expect(
      (await call('schedule_insert', { content: '  ', trigger_time: '2026-04-07 09:00' })).output,
    ).toMatch(/content/);
    expect(
      (
        await call('schedule_insert', {
          content: 'a',
          trigger_time: '2026-04-07 09:00',
          status: 'maybe',
        })
      ).output,
    ).toMatch(/无法识别的状态/);
    expect(
      (
        await call('schedule_insert', {
          content: 'a',
          trigger_time: '2026-04-07 09:00',
          repeat: '99 * * * *',
        })
      ).output,
    ).toMatch(/cron/);
    expect((await call('schedule_insert', { trigger_time: '2026-04-07 09:00' })).error?.code).toBe(
      'VALIDATION_FAILED',
    );
    expect(count()).toBe(0);
    await call('schedule_insert', { content: 'a', trigger_time: '2026-04-07 09:00', job_id: 'j1' });
    const dup = await call('schedule_insert', {
      content: 'b',
      trigger_time: '2026-04-07 09:00',
      job_id: 'j1',
    });
    expect(dup.error?.code).toBe('CONFLICT');
    expect(count()).toBe(1);
  });
});

describe('schedule_update / schedule_delete', () => {
  it('updates only the given fields; blank means unchanged; status aliases map', async () => {
    await call('schedule_insert', { content: '开会', trigger_time: '2026-04-07 09:30' });
    const r = await call('schedule_update', {
      schedule_id: 1,
      content: '',
      trigger_time: '2026-04-07 10:00:00',
      status: 'PENDING',
    });
    expect(JSON.parse(r.output)).toMatchObject({
      id: 1,
      content: '开会',
      trigger_time: '2026-04-07T10:00:00+08:00',
      status: 'PENDING',
    });
    for (const [alias, status] of [
      ['已取消', 'CANCELLED'],
      ['失败', 'FAILED'],
      ['完成', 'EXECUTED'],
      ['done', 'EXECUTED'],
      ['错过', 'MISSED'],
      ['pending', 'PENDING'],
    ]) {
      const u = await call('schedule_update', { schedule_id: '1', status: alias });
      expect(JSON.parse(u.output).status).toBe(status);
    }
    const rep = await call('schedule_update', { schedule_id: 1, repeat: 'weekdays' });
    expect(JSON.parse(rep.output).repeat).toBe('weekdays');
    const once = await call('schedule_update', { schedule_id: 1, repeat: 'none' });
    expect(JSON.parse(once.output).repeat).toBeNull();
  });

  it('a bad time or a missing id changes nothing', async () => {
    await call('schedule_insert', { content: '开会', trigger_time: '2026-04-07 09:30' });
    const bad = await call('schedule_update', {
      schedule_id: 1,
      content: '改了',
      trigger_time: 'later',
    });
    expect(bad.output).toMatch(/^无法解析 trigger_time/);
    expect(app.services.schedule.entry(1, 1)).toMatchObject({
      content: '开会',
      trigger_time: '2026-04-07T09:30:00+08:00',
    });
    const missing = await call('schedule_update', { schedule_id: 99, content: 'x' });
    expect(missing.error?.code).toBe('NOT_FOUND');
  });

  it('delete returns the snapshot and removes the delivery records too', async () => {
    await call('schedule_insert', { content: '早已过去', trigger_time: '2026-04-06 19:55' });
    app.services.schedule.processDue(Date.now(), { graceMs: 600_000, lateMs: 60_000 });
    const deliveries = () =>
      (
        app.ctx.db
          .prepare('SELECT COUNT(*) AS n FROM reminder_deliveries WHERE schedule_id = 1')
          .get() as { n: number }
      ).n;
    expect(deliveries()).toBe(1);
    const r = await call('schedule_delete', { schedule_id: 1 });
    expect(JSON.parse(r.output)).toEqual({
      id: 1,
      user_id: 1,
      job_id: expect.any(String),
      content: '早已过去',
      status: 'PENDING',
      trigger_time: '2026-04-06T19:55:00+08:00',
      repeat: null,
      time_zone: 'Asia/Shanghai',
    });
    expect(count()).toBe(0);
    expect(deliveries()).toBe(0);
    expect((await call('schedule_delete', { schedule_id: 1 })).error?.code).toBe('NOT_FOUND');
    const audit = app.ctx.audit.list('schedule', 1).map((a) => [a.action, a.actor]);
    expect(audit).toEqual([
      ['delete', 'agent'],
      ['insert', 'agent'],
    ]);
  });

  it('risk levels: insert/update write, delete destructive, the rest read; all visible to main_agent', () => {
    const risks = Object.fromEntries(
      [
        'schedule_insert',
        'schedule_update',
        'schedule_delete',
        'schedule_get_latest',
        'schedule_list_recent',
        'schedule_list',
      ].map((n) => [n, [app.ctx.tools.get(n)?.risk, app.ctx.tools.get(n)?.mainAgent]]),
    );
    expect(risks).toEqual({
      schedule_insert: ['write', true],
      schedule_update: ['write', true],
      schedule_delete: ['destructive', true],
      schedule_get_latest: ['read', true],
      schedule_list_recent: ['read', true],
      schedule_list: ['read', true],
    });
  });
});

describe('schedule_get_latest / schedule_list_recent / schedule_list', () => {
  beforeEach(async () => {
    await call('schedule_insert', {
      content: '周一开会',
      trigger_time: '2026-04-06 09:00',
      status: '已完成',
    });
    await call('schedule_insert', { content: '交房租', trigger_time: '2026-04-30 23:30' });
    await call('schedule_insert', { content: '五一出发', trigger_time: '2026-05-01 00:00' });
    await call('schedule_insert', {
      content: '开会复盘',
      trigger_time: '2026-04-10 15:00',
      status: 'cancel',
    });
  });

  it('get_latest is the last created; {} when there is none', async () => {
    expect(JSON.parse((await call('schedule_get_latest', {})).output)).toMatchObject({
      id: 4,
      content: '开会复盘',
    });
    for (const id of [1, 2, 3, 4]) await call('schedule_delete', { schedule_id: id });
    const r = await call('schedule_get_latest', {});
    expect(r.output).toBe('{}');
    expect(r.output_data).toEqual({});
  });

  it('list_recent is by creation, newest first, limit default 10', async () => {
    expect(
      JSON.parse((await call('schedule_list_recent', {})).output).map((r: { id: number }) => r.id),
    ).toEqual([4, 3, 2, 1]);
    expect(
      JSON.parse((await call('schedule_list_recent', { limit: 2 })).output).map(
        (r: { id: number }) => r.id,
      ),
    ).toEqual([4, 3]);
    expect((await call('schedule_list_recent', { limit: 0 })).error?.code).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('list: ascending by trigger time by default; a date-only end_at covers that whole day (half-open)', async () => {
    const ids = async (args: object) =>
      JSON.parse((await call('schedule_list', args)).output).map((r: { id: number }) => r.id);
    expect(await ids({})).toEqual([1, 4, 2, 3]);
    expect(await ids({ order: 'desc' })).toEqual([3, 2, 4, 1]);
    expect(await ids({ start_at: '2026-04-01', end_at: '2026-04-30' })).toEqual([1, 4, 2]);
    expect(await ids({ end_at: '2026-04-30 23:00' })).toEqual([1, 4]);
    expect(await ids({ start_at: '2026-05-01' })).toEqual([3]);
    expect(await ids({ status: '待办' })).toEqual([2, 3]);
    expect(await ids({ status: 'done' })).toEqual([1]);
    expect(await ids({ status: '已取消' })).toEqual([4]);
    expect(await ids({ content_like: '开会' })).toEqual([1, 4]);
    expect(await ids({ content_like: '%' })).toEqual([]);
    expect(await ids({ schedule_ids: [3, 1] })).toEqual([1, 3]);
    expect(await ids({ limit: 1 })).toEqual([1]);
    const bad = await call('schedule_list', { status: 'sometime' });
    expect(bad.error?.code).toBe('VALIDATION_FAILED');
    expect((await call('schedule_list', { start_at: 'yesterday' })).output).toMatch(
      /无法解析 start_at/,
    );
  });

  it('list returns the same payload shape as insert', async () => {
    const rows = JSON.parse((await call('schedule_list', { schedule_ids: [2] })).output);
    expect(rows).toEqual([
      {
        id: 2,
        user_id: 1,
        job_id: expect.any(String),
        content: '交房租',
        status: 'PENDING',
        trigger_time: '2026-04-30T23:30:00+08:00',
        repeat: null,
        time_zone: 'Asia/Shanghai',
      },
    ]);
  });
});
