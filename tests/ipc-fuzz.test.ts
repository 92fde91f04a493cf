// IPC fuzz: malformed payloads for every contract operation through app.dispatch
// must come back as an error envelope (never a throw) and leave the data as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, OP_NAMES, type OpName } from '../src/shared/contract';
import { invokeResultSchema } from '../src/shared/transport';
import { dumpTables, openTestApp, type TestApp } from './support/temp-app';
import { prng } from './support/prng';
import { junk, mutate, pollution } from './support/junk';

const SEED = Number(process.env.FUZZ_SEED ?? 20261130);
const ROUNDS = 120;

/** Valid inputs per operation; mutations of them must all be refused. */
const VALID: Record<OpName, Record<string, unknown>[]> = {
  'app.info': [{}],
  'settings.get': [{}],
  'settings.update': [
    { locale: 'en' },
    { timeZone: 'UTC', currency: 'USD' },
    { categories: ['a', 'b'] },
  ],
  'ledger.list': [
    { start_at: '2026-04-01', end_at: '2026-04-30', limit: 10, order: 'asc' },
    { ledger_ids: [1, 2], category: '餐饮' },
  ],
  'ledger.get': [{ id: 1 }],
  'ledger.create': [
    {
      amount: 1,
      category: 'a',
      item: 'b',
      transaction_date: '2026-04-01 10:00',
      currency: 'CNY',
      image_url: '',
    },
  ],
  'ledger.update': [{ id: 1, patch: { amount: 2, item: 'z' } }],
  'ledger.delete': [{ id: 1 }],
  'ledger.undoDelete': [{ undo_token: 'ledger-delete:1' }],
  'ledger.summary': [{ start_at: '2026-04-01', end_at: '2026-04-30', currency: 'CNY' }],
  'ledger.categories': [{}],
  'receipts.analyze': [
    { data_base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==' },
    { path: '/nonexistent/receipt.png', request_id: 'r1' },
  ],
  'receipts.book': [{ image_ref: `receipt://${'a'.repeat(64)}.png`, amount: 3, category: '餐饮' }],
  'receipts.image': [{ image_ref: `receipt://${'a'.repeat(64)}.png` }],
};

/** Well-formed but pointing at nothing, or out of range: the right code, not a crash. */
const EDGE: [OpName, unknown, string][] = [
  ['ledger.get', { id: 999_999 }, 'NOT_FOUND'],
  ['ledger.get', { id: 2 }, 'NOT_FOUND'], // the other person's entry
  ['ledger.update', { id: 999_999, patch: { amount: 1 } }, 'NOT_FOUND'],
  ['ledger.update', { id: 2, patch: { amount: 1 } }, 'NOT_FOUND'],
  ['ledger.delete', { id: 2 }, 'NOT_FOUND'],
  ['ledger.undoDelete', { undo_token: 'ledger-delete:999999' }, 'NOT_FOUND'],
  ['ledger.undoDelete', { undo_token: 'nonsense' }, 'VALIDATION_FAILED'],
  ['ledger.get', { id: 0 }, 'VALIDATION_FAILED'],
  ['ledger.get', { id: -1 }, 'VALIDATION_FAILED'],
  ['ledger.get', { id: 1.5 }, 'VALIDATION_FAILED'],
  ['ledger.get', { id: NaN }, 'VALIDATION_FAILED'],
  ['ledger.create', { amount: NaN }, 'VALIDATION_FAILED'],
  ['ledger.create', { amount: Infinity }, 'VALIDATION_FAILED'],
  ['ledger.create', { amount: 1e13 }, 'VALIDATION_FAILED'],
  ['ledger.create', { amount: '12' }, 'VALIDATION_FAILED'],
  ['ledger.create', { amount: 1, currency: 'cny' }, 'VALIDATION_FAILED'],
  ['ledger.create', { amount: 1, transaction_date: 'not a date' }, 'VALIDATION_FAILED'],
  ['ledger.create', { amount: 1, item: 'x'.repeat(201) }, 'VALIDATION_FAILED'],
  ['ledger.update', { id: 1, patch: { transaction_date: '2026-02-30' } }, 'VALIDATION_FAILED'],
  ['ledger.list', { limit: 0 }, 'VALIDATION_FAILED'],
  ['ledger.list', { limit: 1001 }, 'VALIDATION_FAILED'],
  [
    'ledger.list',
    { ledger_ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
    'VALIDATION_FAILED',
  ],
  ['ledger.list', { end_at: '2026-99-99' }, 'VALIDATION_FAILED'],
  ['ledger.summary', { start_at: 'yesterday' }, 'VALIDATION_FAILED'],
  ['settings.update', { timeZone: 'Mars/Olympus' }, 'VALIDATION_FAILED'],
  ['settings.update', { currency: 'yen' }, 'VALIDATION_FAILED'],
  ['settings.update', { categories: [''] }, 'VALIDATION_FAILED'],
  // JSON.parse makes "__proto__" an own key: strict schemas must refuse it, not strip it.
  ['ledger.create', JSON.parse('{"amount":1,"__proto__":{"polluted":true}}'), 'VALIDATION_FAILED'],
  ['ledger.update', JSON.parse('{"id":1,"patch":{"__proto__":{"amount":5}}}'), 'VALIDATION_FAILED'],
  ['settings.update', JSON.parse('{"__proto__":{"locale":"en"}}'), 'VALIDATION_FAILED'],
];

const WRITES = new Set<OpName>([
  'settings.update',
  'ledger.create',
  'ledger.update',
  'ledger.delete',
  'ledger.undoDelete',
  'receipts.analyze',
  'receipts.book',
]);

let t: TestApp;
let baseline: Record<string, unknown[]>;

beforeAll(() => {
  t = openTestApp({ timeZone: 'Asia/Shanghai' });
  const l = t.app.services.ledger;
  l.create(
    1,
    { amount: 32, category: '餐饮', item: '午饭', transaction_date: '2026-04-06 12:30' },
    { actor: 'user' },
  );
  t.db.prepare("INSERT INTO users (id, nickname) VALUES (2, 'other')").run();
  l.create(2, { amount: 5, item: 'theirs' }, { actor: 'user' });
  baseline = dumpTables(t.db);
});
afterAll(async () => {
  await t.close();
});

async function call(name: string, input: unknown) {
  let threw: unknown = null;
  let r: unknown;
  try {
    r = await t.app.dispatch(name, input);
  } catch (e) {
    threw = e;
  }
  expect(threw, `${name} threw`).toBeNull();
  const parsed = invokeResultSchema.safeParse(r);
  expect(parsed.success, `${name}: result is not an envelope: ${JSON.stringify(r)}`).toBe(true);
  const res = parsed.data!;
  if (!res.ok) {
    expect(res.error.message.length).toBeGreaterThan(0);
    expect(res.error.message).not.toMatch(/\n\s+at /); // never a stack
    expect(() => JSON.stringify(res)).not.toThrow();
  }
  return res;
}

describe(`IPC fuzz (seed ${SEED})`, () => {
  it.each(OP_NAMES)('%s: mutated valid inputs are refused with VALIDATION_FAILED', async (name) => {
    const rng = prng(SEED ^ hash(name));
    for (let i = 0; i < ROUNDS; i++) {
      const input = mutate(rng, rng.pick(VALID[name]));
      const r = await call(name, input);
      expect(r.ok, `${name} accepted ${show(input)}`).toBe(false);
      if (!r.ok) expect(r.error.code, show(input)).toBe('VALIDATION_FAILED');
    }
    expect(dumpTables(t.db)).toEqual(baseline);
  });

  it.each(OP_NAMES)(
    '%s: random junk and prototype-pollution keys never crash or write',
    async (name) => {
      const rng = prng(SEED ^ hash(name) ^ 0x9e3779b9);
      for (let i = 0; i < ROUNDS; i++) {
        const input = rng.chance(0.15) ? pollution(rng) : junk(rng);
        const schemaOk = contract[name].input.safeParse(input ?? {}).success;
        // The rare junk that happens to be a valid write is not malformed: skip it.
        if (schemaOk && WRITES.has(name)) continue;
        const r = await call(name, input);
        if (!schemaOk) {
          expect(r.ok, `${name} accepted ${show(input)}`).toBe(false);
          if (!r.ok) expect(r.error.code).toBe('VALIDATION_FAILED');
        }
      }
      expect(dumpTables(t.db)).toEqual(baseline);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    },
  );

  it.each(EDGE)('%s %j → %s', async (name, input, code) => {
    const r = await call(name, input);
    expect(r).toMatchObject({ ok: false, error: { code } });
    expect(dumpTables(t.db)).toEqual(baseline);
  });

  it('answers unknown operation names with UNKNOWN_OPERATION', async () => {
    const rng = prng(SEED);
    const names = [
      'ledger.drop',
      'LEDGER.LIST',
      'ledger.list ',
      '__proto__',
      'constructor',
      'valueOf',
      '',
      'x'.repeat(10_000),
    ];
    for (let i = 0; i < 20; i++) names.push(show(junk(rng)));
    for (const n of names) {
      if (Object.hasOwn(contract, n)) continue;
      const r = await call(n, junk(rng));
      expect(r).toMatchObject({ ok: false, error: { code: 'UNKNOWN_OPERATION' } });
    }
    expect(dumpTables(t.db)).toEqual(baseline);
  });

  it('every write operation has valid inputs listed above', () => {
    for (const name of OP_NAMES)
      for (const v of VALID[name])
        expect(contract[name].input.safeParse(v).success, name).toBe(true);
  });
});

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function show(v: unknown): string {
  const s = JSON.stringify(v, (_k, x: unknown) =>
    typeof x === 'number' && !Number.isFinite(x) ? String(x) : x,
  );
  return s === undefined ? String(v) : s.length > 200 ? `${s.slice(0, 200)}…` : s;
}
