import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type PaiApp } from '../app';
import { QuickAddService } from './service';
import type { ReminderDraft, ReminderSink } from './reminder-sink';

const NOW = Date.parse('2026-04-08T10:30:00+08:00');

describe('QuickAddService', () => {
  let dir: string;
  let app: PaiApp;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pai-qa-'));
    app = createApp({ dataDir: dir, timeZone: 'Asia/Shanghai', clock: { now: () => NOW } });
  });
  afterEach(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('parses through the contract with the app clock and books a ledger line', async () => {
    const parsed = await app.dispatch('quickadd.parse', { line: '昨天打车 36.5' });
    expect(parsed).toEqual({
      ok: true,
      data: {
        kind: 'ledger',
        ledger: {
          amount: 36.5,
          category: '交通',
          item: '打车',
          transaction_date: '2026-04-07T12:00:00+08:00',
        },
      },
    });
    if (!parsed.ok) return;
    const saved = await app.dispatch('quickadd.save', parsed.data);
    expect(saved.ok).toBe(true);
    const list = app.services.ledger.list(1, {});
    expect(list.total).toBe(1);
    expect(list.entries[0]).toMatchObject({
      amount: 36.5,
      currency: 'CNY',
      category: '交通',
      item: '打车',
      transaction_date: '2026-04-07T12:00:00+08:00',
    });
  });

  it('honours --now style reference times in local wall time', async () => {
    const r = await app.dispatch('quickadd.parse', {
      line: '明早9点提醒我交报告',
      now: '2026-05-01 22:00',
    });
    expect(r).toEqual({
      ok: true,
      data: {
        kind: 'reminder',
        reminder: { content: '交报告', trigger_time: '2026-05-02T09:00:00+08:00', repeat: null },
      },
    });
  });

  it('books the named currency', async () => {
    const r = await app.dispatch('quickadd.parse', { line: '12.5 dollars lunch' });
    if (!r.ok) throw new Error('parse failed');
    await app.dispatch('quickadd.save', r.data);
    expect(app.services.ledger.latest(1)).toMatchObject({
      amount: 12.5,
      currency: 'USD',
      item: 'lunch',
    });
  });

  it('books a reminder through the schedule service', async () => {
    const r = await app.dispatch('quickadd.save', {
      kind: 'reminder',
      reminder: { content: '交报告', trigger_time: '2026-04-09T09:00:00+08:00', repeat: null },
    });
    expect(r).toMatchObject({
      ok: true,
      data: { kind: 'reminder', reminder: { content: '交报告', repeat: null } },
    });
    const items = app.services.schedule.list(1, { tab: 'upcoming' });
    expect(items.map((i) => [i.content, i.status])).toEqual([['交报告', 'PENDING']]);
    expect(new Date(items[0]!.trigger_time).toISOString()).toBe('2026-04-09T01:00:00.000Z');
    expect(app.services.ledger.list(1, {}).total).toBe(0);
  });

  it('refuses an unparsed line and a bad repeat at the boundary', async () => {
    const a = await app.dispatch('quickadd.save', {
      kind: 'unparsed',
      reason: 'x',
      suggestion: 'chat',
    });
    expect(a.ok ? null : a.error.code).toBe('VALIDATION_FAILED');
    const b = await app.dispatch('quickadd.save', {
      kind: 'reminder',
      reminder: { content: 'x', trigger_time: '2026-04-09T09:00:00+08:00', repeat: 'sometimes' },
    });
    expect(b.ok ? null : b.error.code).toBe('VALIDATION_FAILED');
    const c = await app.dispatch('quickadd.save', {
      kind: 'ledger',
      ledger: {
        amount: -3,
        category: '餐饮',
        item: 'x',
        transaction_date: '2026-04-09T09:00:00+08:00',
      },
    });
    expect(c.ok ? null : c.error.code).toBe('VALIDATION_FAILED');
    expect(app.services.ledger.list(1, {}).total).toBe(0);
  });

  it('hands a reminder to the sink when one is wired', async () => {
    const got: ReminderDraft[] = [];
    const sink: ReminderSink = {
      create: (_userId, draft) => {
        got.push(draft);
        return { id: 7, ...draft };
      },
    };
    const svc = new QuickAddService({
      clock: { now: () => NOW },
      ledger: app.services.ledger,
      reminders: sink,
      timeZone: () => 'Asia/Shanghai',
      currency: () => 'CNY',
      categories: () => ['餐饮'],
    });
    const parsed = svc.parse('每周一9点 周会');
    const saved = await svc.save(1, parsed, { actor: 'user' });
    expect(saved).toEqual({
      kind: 'reminder',
      reminder: {
        id: 7,
        content: '周会',
        trigger_time: '2026-04-13T09:00:00+08:00',
        repeat: 'weekly',
      },
    });
    expect(got).toHaveLength(1);
  });
});
