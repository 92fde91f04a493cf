import type { LedgerCreateInput, LedgerEntry } from '../../../shared/contract';
import type { EntryFormValues } from './EntryFormModal';
import { wallText } from '../../format/wallTime';

// The picker works in minutes, so the form sends minutes: what the person saw is what is stored.
const minuteText = (v: EntryFormValues) => v.transaction_date.format('YYYY-MM-DDTHH:mm:00');

export function newEntryInput(v: EntryFormValues): LedgerCreateInput {
  return {
    amount: v.amount,
    transaction_date: minuteText(v),
    category: v.category?.trim() ?? '',
    item: v.item?.trim() ?? '',
  };
}

/** Only the fields the person changed, so an edit never rewrites what they did not touch. */
export function entryPatch(entry: LedgerEntry, v: EntryFormValues): Partial<LedgerCreateInput> {
  const next = newEntryInput(v);
  const patch: Partial<LedgerCreateInput> = {};
  if (next.amount !== entry.amount) patch.amount = next.amount;
  if (v.transaction_date.format('YYYY-MM-DD HH:mm') !== wallText(entry.transaction_date)) {
    patch.transaction_date = next.transaction_date;
  }
  if (next.category !== entry.category) patch.category = next.category;
  if (next.item !== entry.item) patch.item = next.item;
  return patch;
}
