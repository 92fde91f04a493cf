// Fuzz fixtures for the memory operations.
import type { OpName } from '../../src/shared/contract';
import type { FuzzEdge, FuzzValid } from './types';

export const VALID: FuzzValid = {
  'memory.list': [
    { memory_type: 'preference', limit: 10, offset: 0 },
    { origin: 'learned', include_expired: true },
  ],
  'memory.search': [{ query: '花生', limit: 5 }],
  'memory.create': [
    { content: '我对花生过敏', memory_type: 'fact', key: 'allergy', importance: 5 },
  ],
  'memory.update': [{ id: 1, patch: { content: 'x', importance: 2 } }],
  'memory.delete': [{ id: 1 }],
  'memory.undoDelete': [{ undo_token: 'memory-delete:1' }],
  'memory.undoLearned': [{ id: 1 }],
  'memory.history': [{ id: 1 }],
  'memory.reindex': [{}],
  'memory.indexStatus': [{}],
  'memory.settings.get': [{}],
  'memory.settings.update': [{ learnEnabled: false, learnIdleMinutes: 5, recallLimit: 3 }],
};

export const EDGE: FuzzEdge = [
  ['memory.update', { id: 999_999, patch: { importance: 2 } }, 'NOT_FOUND'],
  ['memory.delete', { id: 999_999 }, 'NOT_FOUND'],
  ['memory.undoDelete', { undo_token: 'memory-delete:999999' }, 'NOT_FOUND'],
  ['memory.undoDelete', { undo_token: 'nonsense' }, 'VALIDATION_FAILED'],
  ['memory.create', { content: '   ' }, 'VALIDATION_FAILED'],
  ['memory.create', { content: 'x', importance: 6 }, 'VALIDATION_FAILED'],
  ['memory.settings.update', { recallLimit: 0 }, 'VALIDATION_FAILED'],
];

export const WRITES: OpName[] = [
  'memory.create',
  'memory.update',
  'memory.delete',
  'memory.undoDelete',
  'memory.undoLearned',
  'memory.reindex',
  'memory.settings.update',
];
