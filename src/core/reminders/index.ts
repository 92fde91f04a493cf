import type { CoreContext, PaiModule } from '../module';
import type { ReminderScheduler } from './scheduler';

export { ReminderScheduler, MAX_TIMER_MS, DEFAULTS as SCHEDULER_DEFAULTS } from './scheduler';
export type { SchedulerOptions, PassReason } from './scheduler';

/**
 * The reminder loop as an app module: start() catches up on what came due
 * while the app was closed and arms the one timer; stop() clears it. One-shot
 * CLI runs (background: false) leave it off.
 */
export function remindersModule(ctx: CoreContext, scheduler: ReminderScheduler): PaiModule {
  return {
    name: 'reminders',
    start() {
      if (ctx.options.background !== false) scheduler.start();
    },
    stop() {
      scheduler.stop();
    },
  };
}
