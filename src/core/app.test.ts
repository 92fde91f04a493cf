import { afterEach, describe, expect, it } from 'vitest';
import { OP_NAMES } from '../shared/contract';
import { mergeHandlers } from './app';
import type { PaiModule } from './module';
import { openTestApp, type TestApp } from '../../tests/support/temp-app';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

describe('createApp', () => {
  it('has a handler for every contract operation', () => {
    t = openTestApp();
    expect(OP_NAMES.length).toBeGreaterThan(0);
    for (const name of OP_NAMES) expect(typeof t.app.handlers[name], name).toBe('function');
    expect(Object.keys(t.app.handlers).sort()).toEqual([...OP_NAMES].sort());
  });

  it('throws when two modules register the same operation', () => {
    t = openTestApp();
    const all: PaiModule = { name: 'all', handlers: t.app.handlers };
    const dup: PaiModule = {
      name: 'dup',
      handlers: { 'ledger.get': t.app.handlers['ledger.get'] },
    };
    expect(() => mergeHandlers([all, dup])).toThrow(
      /Duplicate handler for ledger.get \(module dup\)/,
    );
  });

  it('throws when a contract operation has no handler', () => {
    t = openTestApp();
    const { ['ledger.summary']: _gone, ...rest } = t.app.handlers;
    expect(() => mergeHandlers([{ name: 'partial', handlers: rest }])).toThrow(
      /without a handler: ledger.summary/,
    );
  });

  it('dispatch runs a handler with the contract-parsed input and reports data.changed', async () => {
    t = openTestApp({ timeZone: 'Asia/Shanghai' });
    const events: unknown[] = [];
    t.app.ctx.events.onAny((name, payload) => events.push([name, payload]));
    const r = await t.app.dispatch('ledger.create', {
      amount: 12.3,
      item: ' 面包 ',
      transaction_date: '2026-04-06 08:00',
    });
    expect(r).toEqual({
      ok: true,
      data: expect.objectContaining({
        id: 1,
        amount: 12.3,
        item: '面包',
        transaction_date: '2026-04-06T08:00:00+08:00',
      }),
    });
    expect(events).toEqual([['data.changed', { domain: 'ledger', ids: [1] }]]);
    const list = await t.app.dispatch('ledger.list', {});
    expect(list).toMatchObject({ ok: true, data: { total: 1 } });
  });

  it('dispatch answers unknown operations with UNKNOWN_OPERATION', async () => {
    t = openTestApp();
    for (const name of [
      'ledger.nuke',
      '',
      'constructor',
      '__proto__',
      'toString',
      'hasOwnProperty',
    ]) {
      const r = await t.app.dispatch(name, {});
      expect(r).toMatchObject({ ok: false, error: { code: 'UNKNOWN_OPERATION' } });
    }
  });
});
