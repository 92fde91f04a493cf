import type { LedgerEntry } from '../../shared/contract';
import { fromMinor } from '../money';
import { toLocalIso } from '../time';

/** A row of the ledgers table: money in minor units, time as UTC epoch ms. */
export interface LedgerRow {
  id: number;
  user_id: number;
  amount_minor: number;
  currency: string;
  category: string;
  item: string;
  image_url: string;
  transaction_at: number;
  platform: string;
  created_at: number;
  updated_at: number;
}

/** The API shape (reference 000's payload): decimal amount, local ISO time, keys in this order. */
export function toEntry(r: LedgerRow, zone: string): LedgerEntry {
  return {
    id: r.id,
    user_id: r.user_id,
    amount: fromMinor(r.amount_minor, r.currency),
    currency: r.currency,
    category: r.category,
    item: r.item,
    image_url: r.image_url,
    transaction_date: toLocalIso(r.transaction_at, zone),
  };
}
