import type { z } from 'zod';
import { mergeOps } from './define';
import { appOps } from './app';
import { ledgerOps } from './ledger';
import { memoryOps } from './memory';

export * from './define';
export * from './common';
export * from './events';
export * from './app';
export * from './ledger';
export * from './memory';

/** Every operation the engine offers to the UI. Add a domain's map here. */
export const contract = mergeOps(appOps, ledgerOps, memoryOps);

export type Contract = typeof contract;
export type OpName = keyof Contract & string;
export type OpInput<K extends OpName> = z.input<Contract[K]['input']>;
export type OpOutput<K extends OpName> = z.output<Contract[K]['output']>;
export const OP_NAMES = Object.keys(contract) as OpName[];

/** What a transport returns for one call. */
export type InvokeResult<T> = { ok: true; data: T } | { ok: false; error: import('../errors').ErrorEnvelope };
