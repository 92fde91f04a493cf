import { z } from 'zod';
import { op } from './define';
import { amountSchema, currencySchema, ledgerEntrySchema } from './ledger';

/**
 * How a reminder repeats; the same vocabulary as the schedule domain:
 * `daily`, `weekdays`, `weekly`, `monthly` (each anchored on the first
 * trigger_time) or a 5-field cron expression in the person's zone. null = once.
 */
export const repeatSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(
    (s) => ['daily', 'weekdays', 'weekly', 'monthly'].includes(s) || s.split(/\s+/).length === 5,
    'repeat must be daily, weekdays, weekly, monthly or a 5-field cron expression',
  );

export const quickAddLedgerSchema = z.object({
  amount: amountSchema.refine((n) => n > 0, 'amount must be positive'),
  category: z.string().trim().min(1).max(64),
  item: z.string().trim().min(1).max(200),
  /** ISO 8601 with the person's offset */
  transaction_date: z.string().trim().min(1).max(64),
  /** Only present when the line named a currency (¥, $, dollars, 欧元...); otherwise the default currency. */
  currency: currencySchema.optional(),
});

export const quickAddReminderSchema = z.object({
  content: z.string().trim().min(1).max(500),
  /** ISO 8601 with the person's offset: the first (or only) time it fires */
  trigger_time: z.string().trim().min(1).max(64),
  repeat: repeatSchema.nullable(),
});

export const quickAddParsedSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ledger'), ledger: quickAddLedgerSchema }),
  z.object({ kind: z.literal('reminder'), reminder: quickAddReminderSchema }),
  z.object({
    kind: z.literal('unparsed'),
    /** Why, in Chinese and English */
    reason: z.string(),
    /** Offer to send the line to chat instead. */
    suggestion: z.literal('chat'),
  }),
]);
export type QuickAddParsed = z.infer<typeof quickAddParsedSchema>;
export type QuickAddLedger = z.infer<typeof quickAddLedgerSchema>;
export type QuickAddReminder = z.infer<typeof quickAddReminderSchema>;

export const quickAddSavableSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ledger'), ledger: quickAddLedgerSchema.strict() }).strict(),
  z.object({ kind: z.literal('reminder'), reminder: quickAddReminderSchema.strict() }).strict(),
]);
export type QuickAddSavable = z.infer<typeof quickAddSavableSchema>;

export const savedReminderSchema = z.object({
  id: z.number().int().positive(),
  content: z.string(),
  trigger_time: z.string(),
  repeat: z.string().nullable(),
});
export type SavedReminder = z.infer<typeof savedReminderSchema>;

export const quickAddSavedSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ledger'), entry: ledgerEntrySchema }),
  z.object({ kind: z.literal('reminder'), reminder: savedReminderSchema }),
]);
export type QuickAddSaved = z.infer<typeof quickAddSavedSchema>;

export const quickAddOps = {
  'quickadd.parse': op(
    z
      .object({
        line: z.string().max(500),
        /** Reference time (ISO with offset); defaults to the app clock. For tests and the CLI's --now. */
        now: z.string().trim().max(64).optional(),
      })
      .strict(),
    quickAddParsedSchema,
  ),
  'quickadd.save': op(quickAddSavableSchema, quickAddSavedSchema),
};
