// Generators of malformed IPC payloads for the fuzz test.
import type { Rng } from './prng';

const KEYS = [
  'amount',
  'id',
  'patch',
  'limit',
  'x',
  '',
  'constructor',
  'prototype',
  '__proto__',
  'toString',
  'ledger_ids',
  '💥',
];

/** A random value of any JSON-ish type (and a few that structured clone allows: NaN, Infinity, undefined). */
export function junk(rng: Rng, depth = 0): unknown {
  const kind = rng.int(0, depth > 3 ? 7 : 10);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return undefined;
    case 2:
      return rng.chance(0.5);
    case 3:
      return rng.pick([
        0,
        -1,
        1.5,
        -0,
        NaN,
        Infinity,
        -Infinity,
        1e308,
        Number.MAX_SAFE_INTEGER + 2,
        2 ** 31,
      ]);
    case 4:
      return rng.pick([
        '',
        ' ',
        'abc',
        '2026-04-01',
        '1',
        'null',
        '<script>',
        "'; DROP TABLE ledgers; --",
        '\u0000',
        '测试',
      ]);
    case 5:
      return 'x'.repeat(rng.pick([65, 201, 2049, 100_000]));
    case 6:
      return rng.int(-5, 5);
    case 7:
      return String(rng.int(0, 1e6));
    case 8:
    case 9: {
      const o: Record<string, unknown> = {};
      for (let i = rng.int(0, 4); i > 0; i--) o[rng.pick(KEYS)] = junk(rng, depth + 1);
      return o;
    }
    default:
      return Array.from({ length: rng.int(0, 4) }, () => junk(rng, depth + 1));
  }
}

/** Objects whose own keys try prototype pollution (JSON.parse makes "__proto__" an own key). */
export function pollution(rng: Rng): unknown {
  const payloads = [
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"amount":1,"__proto__":{"polluted":true}}',
    '{"id":1,"patch":{"__proto__":{"amount":5,"polluted":true}}}',
    '{"id":1,"patch":{"amount":2},"__proto__":{"polluted":true}}',
    '{"undo_token":"ledger-delete:1","__proto__":{"isAdmin":true}}',
    '{"__proto__":{"locale":"en"}}',
  ];
  return JSON.parse(rng.pick(payloads));
}

/** A value certainly of another type than `v` (never an empty object). */
export function wrongType(rng: Rng, v: unknown): unknown {
  const options: unknown[] = [
    null,
    true,
    'abc',
    42,
    -1.5,
    NaN,
    [1, 2],
    ['x'],
    { nested: { junk: [] } },
    'x'.repeat(100_000),
  ];
  return rng.pick(
    options.filter((o) => typeof o !== typeof v || Array.isArray(o) !== Array.isArray(v)),
  );
}

/** Breaks a valid object input in one way: a wrong-typed field (maybe nested) or an extra key. */
export function mutate(rng: Rng, valid: Record<string, unknown>): unknown {
  const keys = Object.keys(valid);
  if (keys.length === 0 || rng.chance(0.3)) {
    return {
      ...valid,
      [rng.pick(['extra', 'user_id', 'actor', 'userId', 'sql', '__proto__'])]: junk(rng) ?? 1,
    };
  }
  const k = rng.pick(keys);
  const v = valid[k];
  if (
    v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.keys(v).length > 0 &&
    rng.chance(0.5)
  ) {
    return { ...valid, [k]: mutate(rng, v as Record<string, unknown>) };
  }
  return { ...valid, [k]: wrongType(rng, v) };
}
