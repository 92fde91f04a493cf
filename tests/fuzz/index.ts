// Per-domain fuzz fixtures, merged. A domain that adds operations adds a file here.
import type { OpName } from '../../src/shared/contract';
import type { FuzzEdge } from './types';
import * as ledger from './ledger';
import * as chat from './chat';
import * as quickaddData from './quickadd-data';
import * as schedule from './schedule';
import * as receipts from './receipts';

import * as mcp from './mcp';

import * as memory from './memory';
import * as datadir from './datadir';

const DOMAINS = [ledger, chat, quickaddData, schedule, mcp, receipts, memory, datadir];

export const VALID = Object.assign({}, ...DOMAINS.map((d) => d.VALID)) as Record<
  OpName,
  Record<string, unknown>[]
>;
export const EDGE: FuzzEdge = DOMAINS.flatMap((d) => d.EDGE);
export const WRITES = new Set<OpName>(DOMAINS.flatMap((d) => d.WRITES));
