import { DateTime } from 'luxon';
import type { Db } from '../db/connection';
import type { EventBus } from '../events';
import type { LedgerService, WriteMeta } from '../ledger/service';
import type { VisionService } from '../vision/service';
import { validateImage, toDataUrl, type ImageStore, type LoadedImage } from '../vision/image-ref';
import { PaiError } from '../../shared/errors';
import type { LedgerEntry, ReceiptAnalysis } from '../../shared/contract';
import { toMinor } from '../money';
import { parseLocalDateTime } from '../time';

export interface ReceiptsDeps {
  db: Db;
  events: EventBus;
  ledger: LedgerService;
  vision: VisionService;
  store: ImageStore;
  timeZone: () => string;
  currency: () => string;
  now: () => number;
}

/** Character bigrams, so 瑞幸咖啡(国贸店) and 瑞幸咖啡 count as similar. */
function bigrams(s: string): Set<string> {
  const t = s.toLowerCase().replace(/[\s()（）\-_.·,，]/g, '');
  const out = new Set<string>();
  for (let i = 0; i < t.length - 1; i++) out.add(t.slice(i, i + 2));
  if (t.length === 1) out.add(t);
  return out;
}

export function similarText(a: string, b: string): boolean {
  const x = a.trim().toLowerCase();
  const y = b.trim().toLowerCase();
  if (!x || !y) return false;
  if (x.includes(y) || y.includes(x)) return true;
  const A = bigrams(x);
  const B = bigrams(y);
  let common = 0;
  for (const g of A) if (B.has(g)) common++;
  return common / Math.min(A.size, B.size) >= 0.5;
}

/**
 * Receipt booking: analyse a dropped image (stored by content hash), point
 * out likely duplicates, and book the confirmed fields with the image ref.
 */
export class ReceiptsService {
  constructor(private readonly d: ReceiptsDeps) {}

  async analyze(
    userId: number,
    input: { data_base64?: string; path?: string; request_id?: string },
  ): Promise<ReceiptAnalysis> {
    let image: LoadedImage;
    if (input.data_base64) {
      image = validateImage(Buffer.from(input.data_base64.replace(/\s+/g, ''), 'base64'));
    } else {
      image = await this.d.vision.load(input.path ?? '');
    }
    const stored = this.d.store.save(image);
    const requestId = input.request_id ?? stored.ref;
    const reading = await this.d.vision.readReceipt(image, {
      onProgress: (p) =>
        this.d.events.emit('receipt.progress', {
          request_id: requestId,
          status: p.status,
          progress: Math.min(1, Math.max(0, p.progress)),
        }),
    });
    return {
      image_ref: stored.ref,
      already_stored: stored.existed,
      extraction: reading.extraction,
      transaction_date: reading.transaction_date,
      source: reading.source,
      duplicates: this.duplicates(
        userId,
        stored.ref,
        reading.extraction.amount,
        reading.transaction_date,
        [reading.extraction.merchant, reading.extraction.item],
      ),
    };
  }

  /** Same image already booked, or same local day + same amount + similar merchant/item. */
  duplicates(
    userId: number,
    imageRef: string,
    amount: number | null,
    date: string,
    names: string[],
  ): ReceiptAnalysis['duplicates'] {
    const zone = this.d.timeZone();
    const out: ReceiptAnalysis['duplicates'] = [];
    const seen = new Set<number>();
    const sameImage = this.d.db
      .prepare('SELECT id FROM ledgers WHERE user_id = ? AND image_url = ? ORDER BY id')
      .all(userId, imageRef) as { id: number }[];
    for (const r of sameImage) {
      seen.add(r.id);
      out.push({
        entry: this.d.ledger.get(userId, r.id),
        reason: '这张图片已经记过账 (this image is already booked)',
      });
    }
    if (amount === null) return out;
    let dayStart: number;
    try {
      const at = parseLocalDateTime(date, zone, 'transaction_date') ?? this.d.now();
      dayStart = DateTime.fromMillis(at, { zone }).startOf('day').toMillis();
    } catch {
      dayStart = DateTime.fromMillis(this.d.now(), { zone }).startOf('day').toMillis();
    }
    const dayEnd = DateTime.fromMillis(dayStart, { zone }).plus({ days: 1 }).toMillis();
    const currency = this.d.currency();
    const rows = this.d.db
      .prepare(
        `SELECT id, item FROM ledgers WHERE user_id = ? AND transaction_at >= ? AND transaction_at < ?
         AND currency = ? AND amount_minor = ? ORDER BY id`,
      )
      .all(userId, dayStart, dayEnd, currency, toMinor(amount, currency)) as {
      id: number;
      item: string;
    }[];
    const known = names.filter((n) => n.trim());
    for (const r of rows) {
      if (seen.has(r.id)) continue;
      const similar = known.length === 0 || known.some((n) => similarText(n, r.item));
      if (!similar) continue;
      out.push({
        entry: this.d.ledger.get(userId, r.id),
        reason:
          known.length === 0
            ? '同一天有一笔相同金额的账单 (same day, same amount)'
            : '同一天、相同金额、商户/条目相近 (same day, same amount, similar merchant)',
      });
    }
    return out;
  }

  book(
    userId: number,
    input: {
      image_ref: string;
      amount: number;
      currency?: string;
      category?: string;
      item?: string;
      transaction_date?: string;
    },
    meta: WriteMeta,
  ): LedgerEntry {
    if (!this.d.store.pathOf(input.image_ref))
      throw new PaiError('VALIDATION_FAILED', 'image_ref 无效 (invalid image_ref)');
    this.d.store.load(input.image_ref); // must exist and still be a readable image
    return this.d.ledger.create(
      userId,
      {
        amount: input.amount,
        currency: input.currency,
        category: input.category,
        item: input.item,
        transaction_date: input.transaction_date,
        image_url: input.image_ref,
      },
      meta,
    );
  }

  /** The stored image as a data URL, for the receipt card and the ledger thumbnail. */
  image(ref: string): { data_url: string; mime: string; bytes: number } {
    const img = this.d.store.load(ref);
    return { data_url: toDataUrl(img), mime: img.mime, bytes: img.bytes.length };
  }
}
