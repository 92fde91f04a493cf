// The schedule domain's public face for other domains (the reminders loop, tools).
export { ScheduleService, statusArg, DEFAULT_SNOOZE_MINUTES } from './service';
export type {
  DueOutcome,
  DuePolicy,
  ScheduleCreate,
  SchedulePatchInput,
  WriteMeta,
} from './service';
export { parseRepeat } from './recurrence';
