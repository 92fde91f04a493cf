export { QuickAddService, type QuickAddDeps } from './service';
export type { ReminderSink, ReminderDraft } from './reminder-sink';
export { parseQuickAdd, type ParseOptions } from './parser';
export { quickAddModule } from './handlers';
