import type { SavedReminder } from '../../shared/contract';
import type { Actor } from '../audit/service';

export interface ReminderDraft {
  content: string;
  /** ISO 8601 with offset (the person's zone). */
  trigger_time: string;
  /** null | 'daily' | 'weekdays' | 'weekly' | 'monthly' | 5-field cron */
  repeat: string | null;
}

/**
 * Where quick-add books a reminder. The schedule domain satisfies this in
 * app.ts; until it is wired, saving a reminder answers NOT_CONFIGURED.
 */
export interface ReminderSink {
  create(
    userId: number,
    draft: ReminderDraft,
    meta: { actor: Actor },
  ): SavedReminder | Promise<SavedReminder>;
}
