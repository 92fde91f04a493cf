// Ordered schema migrations. Each domain owns a range of version numbers so
// parallel work does not collide: 1-9 foundation, 10-19 agent/conversations,
// 20-29 schedule, 30-39 memory, 40-49 receipts/text2sql, 50-59 mcp/web,
// 60-69 desktop shell.
import { m0001 } from './0001_foundation';
import { m0002 } from './0002_ledger';
import { m0030 } from './0030_memory';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [m0001, m0002, m0030];
