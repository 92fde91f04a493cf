import { z } from 'zod';

/** A number, or a numeric string as models sometimes send ("32.5"). Anything else is refused. */
export const numberArg = (description: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+(\.\d+)?$/, 'must be a number (应为数字)'),
      ],
      { error: 'must be a number (应为数字)' },
    )
    .transform((v) => (typeof v === 'number' ? v : Number(v)))
    .pipe(z.number().finite())
    .describe(description);

export const intArg = (description: string) =>
  z
    .union([z.number().int(), z.string().trim().regex(/^\d+$/, 'must be an integer (应为整数)')], {
      error: 'must be an integer (应为整数)',
    })
    .transform((v) => (typeof v === 'number' ? v : Number(v)))
    .pipe(z.number().int())
    .describe(description);

/** Optional text where the model sends "" for "not given". */
export const optText = (description: string, max = 500) =>
  z.string().max(max).optional().default('').describe(description);

export const json = (v: unknown): string => JSON.stringify(v ?? {});

/** `limit` of the "last N" list tools (reference 000): default 10, at most 100. */
export const recentLimitArg = () =>
  intArg('条数，默认 10，最多 100 (how many)')
    .pipe(z.number().int().min(1).max(100))
    .optional()
    .default(10);
