import type { z } from 'zod';

/** One operation of the contract: its input and output schemas. */
export interface OperationDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
}

export function op<I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
): OperationDef<I, O> {
  return { input, output };
}

/** Merges per-domain operation maps; a name defined twice is a programming error. */
export function mergeOps<T extends Record<string, OperationDef>[]>(
  ...maps: T
): UnionToIntersection<T[number]> {
  const out: Record<string, OperationDef> = {};
  for (const m of maps) {
    for (const [k, v] of Object.entries(m)) {
      if (k in out) throw new Error(`Duplicate contract operation: ${k}`);
      out[k] = v;
    }
  }
  return out as UnionToIntersection<T[number]>;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;
