// IPC fuzz: malformed payloads for every contract operation through app.dispatch
// must come back as an error envelope (never a throw) and leave the data as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, OP_NAMES } from '../src/shared/contract';
import { invokeResultSchema } from '../src/shared/transport';
import { dumpTables, openTestApp, type TestApp } from './support/temp-app';
import { prng } from './support/prng';
import { junk, mutate, pollution } from './support/junk';
import { EDGE, VALID, WRITES } from './fuzz';

const SEED = Number(process.env.FUZZ_SEED ?? 20261130);
const ROUNDS = 120;

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
  const s = t.app.services.schedule;
  s.create(
    1,
    { content: '每天喝水', trigger_time: '2030-04-01 10:00', repeat: 'daily' },
    { actor: 'user' },
  );
  s.create(2, { content: 'theirs', trigger_time: '2030-04-01 10:00' }, { actor: 'user' });
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
