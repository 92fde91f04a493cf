import type { ReminderSink } from '../quickadd/reminder-sink';
import type { ScheduleService } from './service';

/** Quick-add books reminders through the schedule service (same validation, audit and scheduler). */
export function scheduleReminderSink(schedule: ScheduleService): ReminderSink {
  return {
    create(userId, draft, meta) {
      const item = schedule.create(
        userId,
        { content: draft.content, trigger_time: draft.trigger_time, repeat: draft.repeat },
        { actor: meta.actor },
      );
      return {
        id: item.id,
        content: item.content,
        trigger_time: item.trigger_time,
        repeat: item.repeat ?? null,
      };
    },
  };
}
