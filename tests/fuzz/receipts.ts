// Fuzz fixtures for the receipt operations.
import type { OpName } from '../../src/shared/contract';
import type { FuzzEdge, FuzzValid } from './types';

const REF = `receipt://${'a'.repeat(64)}.png`;

export const VALID: FuzzValid = {
  'receipts.analyze': [
    {
      data_base64:
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    },
    { path: '/nonexistent/receipt.png', request_id: 'r1' },
  ],
  'receipts.book': [{ image_ref: REF, amount: 3, category: '餐饮' }],
  'receipts.image': [{ image_ref: REF }],
};

export const EDGE: FuzzEdge = [];

export const WRITES: OpName[] = ['receipts.analyze', 'receipts.book'];
