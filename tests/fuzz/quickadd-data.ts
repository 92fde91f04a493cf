// Fuzz fixtures for quick-add, data export/import and backups.
import type { OpName } from '../../src/shared/contract';
import type { FuzzEdge, FuzzValid } from './types';

const CSV = 'date,amount,item\n2026-04-01 12:00,32,午饭\n';

export const VALID: FuzzValid = {
  'quickadd.parse': [{ line: '咖啡 18', now: '2026-04-15T10:00:00+08:00' }],
  'quickadd.save': [
    {
      kind: 'ledger',
      ledger: {
        amount: 18,
        category: '餐饮',
        item: '咖啡',
        transaction_date: '2026-04-15T10:00:00+08:00',
      },
    },
    {
      kind: 'reminder',
      reminder: { content: '交报告', trigger_time: '2026-04-16T09:00:00+08:00', repeat: null },
    },
  ],
  'data.export': [{ format: 'json' }],
  'data.importCsvPreview': [{ csv: CSV, has_header: true, limit: 10 }],
  'data.importCsv': [
    {
      csv: CSV,
      has_header: true,
      mapping: { transaction_date: 0, amount: 'amount', item: 2 },
      skip_duplicates: true,
    },
  ],
  'backup.list': [{}],
  'backup.create': [{}],
  'backup.restore': [{ name: 'pai-manual-20260415-100000.db', confirm: true }],
};

export const EDGE: FuzzEdge = [
  ['backup.restore', { name: 'pai-manual-20260101-000000.db', confirm: true }, 'NOT_FOUND'],
  ['backup.restore', { name: '../pai.db', confirm: true }, 'VALIDATION_FAILED'],
  ['backup.restore', { name: 'pai-manual-20260415-100000.db' }, 'VALIDATION_FAILED'],
];

export const WRITES: OpName[] = [
  'quickadd.save',
  'data.export',
  'data.importCsv',
  'backup.create',
  'backup.restore',
];
