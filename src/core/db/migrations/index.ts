// Ordered schema migrations. Each domain owns a range of version numbers so
// parallel work does not collide: 1-9 foundation, 10-19 agent/conversations,
// 20-29 schedule, 30-39 memory, 40-49 receipts/text2sql, 50-59 mcp/web,
// 60-69 desktop shell.
import { m0001 } from './0001_foundation';
import { m0002 } from './0002_ledger';
import { m0003 } from './0003_ledger_ids';
import { m0004 } from './0004_ledger_list_index';
import { m0005 } from './0005_ledger_day_totals';
import { m0006 } from './0006_ledger_month_totals';
import { m0010 } from './0010_conversations';
import { m0020 } from './0020_schedule';
import { m0050 } from './0050_mcp';
import { m0040 } from './0040_text2sql_previews';
import { m0030 } from './0030_memory';
import { m0031 } from './0031_memory_ann';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  m0001,
  m0002,
  m0003,
  m0004,
  m0005,
  m0006,
  m0010,
  m0020,
  m0030,
  m0031,
  m0040,
  m0050,
];
