// Fuzz fixtures for the data-folder setting.
import type { OpName } from '../../src/shared/contract';
import type { FuzzEdge, FuzzValid } from './types';

export const VALID: FuzzValid = {
  'app.dataDir.get': [{}],
  'app.dataDir.set': [
    { path: '/tmp/pai-fuzz-never-used', move: true },
    { path: 'D:\\Pai data', move: false },
  ],
};

export const EDGE: FuzzEdge = [
  ['app.dataDir.set', { path: 'relative/folder', move: false }, 'VALIDATION_FAILED'],
  ['app.dataDir.set', { path: `/${'x'.repeat(1100)}`, move: false }, 'VALIDATION_FAILED'],
  // Non-empty and not Pai's (or not writable): refused, nothing written.
  ['app.dataDir.set', { path: '/etc', move: true }, 'VALIDATION_FAILED'],
];

export const WRITES: OpName[] = ['app.dataDir.set'];
