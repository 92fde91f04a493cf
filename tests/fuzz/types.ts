import type { OpName } from '../../src/shared/contract';

/** Valid inputs per operation; mutations of them must all be refused. */
export type FuzzValid = Partial<Record<OpName, Record<string, unknown>[]>>;
/** Well-formed but pointing at nothing, or out of range: the right code, not a crash. */
export type FuzzEdge = [OpName, unknown, string][];
