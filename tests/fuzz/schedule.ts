// Fuzz fixtures for the schedule operations.
import type { OpName } from '../../src/shared/contract';
import type { FuzzEdge, FuzzValid } from './types';

export const VALID: FuzzValid = {
  'schedule.list': [
    { tab: 'upcoming', limit: 10, order: 'asc' },
    {
      status: '待办',
      start_at: '2026-04-01',
      end_at: '2026-04-30',
      content_like: 'a',
      schedule_ids: [1],
    },
  ],
  'schedule.get': [{ id: 1 }],
  'schedule.create': [
    { content: 'a', trigger_time: '2030-04-01 10:00', repeat: null, status: 'PENDING' },
  ],
  'schedule.update': [{ id: 1, patch: { content: 'z', repeat: null } }],
  'schedule.delete': [{ id: 1 }],
  'schedule.undoDelete': [{ undo_token: 'schedule-delete:1' }],
  'schedule.complete': [{ id: 1, occurrence_at: 1 }],
  'schedule.snooze': [{ id: 1, minutes: 10 }],
};

export const EDGE: FuzzEdge = [
  ['schedule.get', { id: 999_999 }, 'NOT_FOUND'],
  ['schedule.get', { id: 2 }, 'NOT_FOUND'], // the other person's reminder
  ['schedule.update', { id: 2, patch: { content: 'x' } }, 'NOT_FOUND'],
  ['schedule.delete', { id: 2 }, 'NOT_FOUND'],
  ['schedule.complete', { id: 2 }, 'NOT_FOUND'],
  ['schedule.snooze', { id: 2 }, 'NOT_FOUND'],
  ['schedule.undoDelete', { undo_token: 'schedule-delete:999999' }, 'NOT_FOUND'],
  ['schedule.create', { content: 'x', trigger_time: 'tomorrow' }, 'VALIDATION_FAILED'],
  ['schedule.create', { content: 'x', trigger_time: '2030-02-30 10:00' }, 'VALIDATION_FAILED'],
  [
    'schedule.create',
    { content: 'x', trigger_time: '2030-01-01 10:00', repeat: '* * * * * *' },
    'VALIDATION_FAILED',
  ],
  [
    'schedule.create',
    { content: 'x', trigger_time: '2030-01-01 10:00', status: 'whenever' },
    'VALIDATION_FAILED',
  ],
  ['schedule.update', { id: 1, patch: { trigger_time: 'later' } }, 'VALIDATION_FAILED'],
  ['schedule.complete', { id: 1, occurrence_at: 1 }, 'VALIDATION_FAILED'], // not an occurrence of the daily reminder
  ['schedule.snooze', { id: 1, minutes: 0 }, 'VALIDATION_FAILED'],
  ['schedule.list', { status: 'sometime' }, 'VALIDATION_FAILED'],
];

export const WRITES: OpName[] = [
  'schedule.create',
  'schedule.update',
  'schedule.delete',
  'schedule.undoDelete',
  'schedule.complete',
  'schedule.snooze',
];
