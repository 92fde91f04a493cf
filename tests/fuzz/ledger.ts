// Fuzz fixtures for the app/settings and ledger operations.
import type { OpName } from '../../src/shared/contract';
import type { FuzzEdge, FuzzValid } from './types';

/** Valid inputs per operation; mutations of them must all be refused. */
export const VALID: FuzzValid = {
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
};

/** Well-formed but pointing at nothing, or out of range: the right code, not a crash. */
export const EDGE: FuzzEdge = [
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

export const WRITES: OpName[] = [
  'settings.update',
  'ledger.create',
  'ledger.update',
  'ledger.delete',
  'ledger.undoDelete',
];
