import type { Migration } from './index';

/**
 * Reminders. Times are UTC instants (epoch ms) plus the IANA zone the reminder
 * was set in; the wall time as set is kept so recurring rules stay on it.
 * `due_at` is the earliest instant the scheduler must act on (the next
 * occurrence or a snooze), NULL when nothing is left to fire; the one due-time
 * loop reads MIN(due_at) through its partial index.
 */
export const m0020: Migration = {
  version: 20,
  name: 'schedule',
  sql: `
CREATE TABLE schedules (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  job_id TEXT NOT NULL UNIQUE,
  content TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','EXECUTED','CANCELLED','FAILED','MISSED')),
  trigger_at INTEGER NOT NULL,
  anchor_local TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  repeat TEXT,
  next_at INTEGER,
  snooze_at INTEGER,
  due_at INTEGER,
  platform TEXT NOT NULL DEFAULT 'desktop',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX schedules_user_trigger ON schedules(user_id, trigger_at);
CREATE INDEX schedules_user_status ON schedules(user_id, status, trigger_at);
CREATE INDEX schedules_due ON schedules(due_at) WHERE due_at IS NOT NULL;

-- One row per occurrence acted on; the UNIQUE pair is what makes a delivery at-most-once.
CREATE TABLE reminder_deliveries (
  id INTEGER PRIMARY KEY,
  schedule_id INTEGER NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
  occurrence_at INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('fired','missed','skipped')),
  late INTEGER NOT NULL DEFAULT 0,
  snoozed INTEGER NOT NULL DEFAULT 0,
  acted_at INTEGER NOT NULL,
  done_at INTEGER,
  UNIQUE (schedule_id, occurrence_at)
);
`,
};
