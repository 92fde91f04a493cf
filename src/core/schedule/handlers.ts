import type { PaiModule } from '../module';
import { DEFAULT_SNOOZE_MINUTES, type ScheduleService } from './service';

export function scheduleModule(schedule: ScheduleService): PaiModule {
  return {
    name: 'schedule',
    handlers: {
      'schedule.list': (input, meta) => ({ items: schedule.list(meta.userId, input) }),
      'schedule.get': (input, meta) => schedule.get(meta.userId, input.id),
      'schedule.create': (input, meta) =>
        schedule.create(meta.userId, input, { actor: meta.actor }),
      'schedule.update': (input, meta) =>
        schedule.update(meta.userId, input.id, input.patch, { actor: meta.actor }),
      'schedule.delete': (input, meta) =>
        schedule.delete(meta.userId, input.id, { actor: meta.actor }),
      'schedule.undoDelete': (input, meta) =>
        schedule.undoDelete(meta.userId, input.undo_token, { actor: meta.actor }),
      'schedule.complete': (input, meta) =>
        schedule.complete(meta.userId, input.id, input.occurrence_at, { actor: meta.actor }),
      'schedule.snooze': (input, meta) =>
        schedule.snooze(meta.userId, input.id, input.minutes ?? DEFAULT_SNOOZE_MINUTES, {
          actor: meta.actor,
        }),
    },
  };
}
