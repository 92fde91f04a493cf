import type { Clock } from '../clock';
import type { Actor } from '../audit/service';
import type { LedgerService } from '../ledger/service';
import { PaiError } from '../../shared/errors';
import type { QuickAddParsed, QuickAddSavable, QuickAddSaved } from '../../shared/contract';
import { parseLocalDateTime } from '../time';
import { parseQuickAdd } from './parser';
import type { ReminderSink } from './reminder-sink';

export interface QuickAddDeps {
  clock: Clock;
  ledger: LedgerService;
  /** null until the schedule domain is wired in app.ts. */
  reminders: ReminderSink | null;
  timeZone: () => string;
  currency: () => string;
  categories: () => string[];
}

/** One-line quick add: parse offline, then book through the ledger or the schedule. */
export class QuickAddService {
  constructor(private readonly d: QuickAddDeps) {}

  /** `now` (ISO, any offset) replaces the clock, for --now and tests. */
  parse(line: string, now?: string): QuickAddParsed {
    const zone = this.d.timeZone();
    const ref = now ? parseLocalDateTime(now, zone, 'now') : null;
    return parseQuickAdd(line, {
      now: ref ?? this.d.clock.now(),
      timeZone: zone,
      categories: this.d.categories(),
      currency: this.d.currency(),
    });
  }

  async save(
    userId: number,
    parsed: QuickAddSavable | QuickAddParsed,
    meta: { actor: Actor },
  ): Promise<QuickAddSaved> {
    if (parsed.kind === 'ledger') {
      const l = parsed.ledger;
      const entry = this.d.ledger.create(
        userId,
        {
          amount: l.amount,
          category: l.category,
          item: l.item,
          transaction_date: l.transaction_date,
          currency: l.currency,
        },
        { actor: meta.actor },
      );
      return { kind: 'ledger', entry };
    }
    if (parsed.kind === 'reminder') {
      if (!this.d.reminders) {
        throw new PaiError(
          'NOT_CONFIGURED',
          '提醒功能尚未接入，这条提醒没有保存 (reminders are not available in this build yet; nothing was saved)',
        );
      }
      const reminder = await this.d.reminders.create(userId, parsed.reminder, meta);
      return { kind: 'reminder', reminder };
    }
    throw new PaiError(
      'VALIDATION_FAILED',
      `无法保存：${parsed.reason} (cannot save an unparsed line)`,
    );
  }
}
