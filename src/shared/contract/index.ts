import type { z } from 'zod';
import { mergeOps } from './define';
import { appOps } from './app';
import { ledgerOps } from './ledger';
import { providerOps } from './providers';
import { conversationOps } from './conversation';
import { profileOps } from './profile';
import { chatOps } from './chat';
import { quickAddOps } from './quickadd';
import { dataOps } from './data';
import { scheduleOps } from './schedule';
import { mcpOps } from './mcp';
import { receiptsOps } from './receipts';
import { memoryOps } from './memory';

export * from './define';
export * from './common';
export * from './events';
export * from './app';
export * from './ledger';
export * from './memory';

export * from './providers';
export * from './conversation';
export * from './profile';
export * from './chat';

export * from './quickadd';
export * from './data';
export * from './mcp';

/** Every operation the engine offers to the UI. Add a domain's map here. */
export const contract = mergeOps(
  appOps,
  ledgerOps,
  providerOps,
  conversationOps,
  profileOps,
  chatOps,
  quickAddOps,
  dataOps,
  scheduleOps,
  mcpOps,
  receiptsOps,
  memoryOps,
);
export * from './schedule';
export * from './receipts';

export type Contract = typeof contract;
export type OpName = keyof Contract & string;
export type OpInput<K extends OpName> = z.input<Contract[K]['input']>;
export type OpOutput<K extends OpName> = z.output<Contract[K]['output']>;
export const OP_NAMES = Object.keys(contract) as OpName[];

/** What a transport returns for one call. */
export type InvokeResult<T> =
  { ok: true; data: T } | { ok: false; error: import('../errors').ErrorEnvelope };
