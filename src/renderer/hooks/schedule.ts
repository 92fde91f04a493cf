import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import type { EventPayload, ScheduleTab } from '../../shared/contract';
import { useEvent, useOp, useOpMutation } from './api';

/** Reminder queries, writes and push events for the views; every write refetches the "schedule" domain. */

export function useScheduleList(tab: ScheduleTab) {
  return useOp('schedule.list', { tab, limit: 500 }, { placeholderData: keepPreviousData });
}

/** The person's zone as the engine sees it (for "today" and the form's default time). */
export function useAppInfo() {
  return useOp('app.info', {}, { staleTime: 60_000 });
}

function useInvalidateSchedule() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['schedule'] });
}

export function useCreateReminder() {
  const invalidate = useInvalidateSchedule();
  return useOpMutation('schedule.create', { onSuccess: invalidate });
}

export function useUpdateReminder() {
  const invalidate = useInvalidateSchedule();
  return useOpMutation('schedule.update', { onSuccess: invalidate });
}

export function useDeleteReminder() {
  const invalidate = useInvalidateSchedule();
  return useOpMutation('schedule.delete', { onSuccess: invalidate });
}

export function useUndoDeleteReminder() {
  const invalidate = useInvalidateSchedule();
  return useOpMutation('schedule.undoDelete', { onSuccess: invalidate });
}

export function useCompleteReminder() {
  const invalidate = useInvalidateSchedule();
  return useOpMutation('schedule.complete', { onSuccess: invalidate });
}

export function useSnoozeReminder() {
  const invalidate = useInvalidateSchedule();
  return useOpMutation('schedule.snooze', { onSuccess: invalidate });
}

/** A reminder came due (listener must be stable, e.g. from useCallback). */
export function useReminderFired(listener: (p: EventPayload<'reminder.fired'>) => void): void {
  useEvent('reminder.fired', listener);
}

/** The one summary of reminders missed while the app was closed or asleep. */
export function useRemindersMissed(listener: (p: EventPayload<'reminder.missed'>) => void): void {
  useEvent('reminder.missed', listener);
}
