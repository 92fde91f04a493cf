import { useCallback, useMemo } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScheduleItem } from '../../../shared/contract';
import {
  useCompleteReminder,
  useDeleteReminder,
  useSnoozeReminder,
  useUndoDeleteReminder,
} from '../../hooks/schedule';
import { useUndoNotice } from '../../hooks/undo';
import { wallText } from '../../format/wallTime';

export interface ReminderActions {
  complete(id: number, content: string, occurrenceAt?: number): void;
  snooze(id: number): void;
  /** Deletes at once and offers Undo in a notification. */
  remove(item: ScheduleItem): void;
}

/** Complete, snooze and delete-with-undo, with the messages a person sees. Shared by the list and the toasts. */
export function useReminderActions(): ReminderActions {
  const { t } = useTranslation('schedule');
  const { message } = App.useApp();
  const offerUndo = useUndoNotice();
  const { mutate: completeOp } = useCompleteReminder();
  const { mutate: snoozeOp } = useSnoozeReminder();
  const { mutate: deleteOp } = useDeleteReminder();
  const { mutate: restoreOp } = useUndoDeleteReminder();
  const fail = useCallback(
    (err: Error) => void message.error(t('common:error', { message: err.message })),
    [message, t],
  );

  const complete = useCallback(
    (id: number, content: string, occurrenceAt?: number) =>
      completeOp(occurrenceAt === undefined ? { id } : { id, occurrence_at: occurrenceAt }, {
        onSuccess: () => void message.success(t('toast.completed', { content })),
        onError: fail,
      }),
    [completeOp, message, t, fail],
  );

  const snooze = useCallback(
    (id: number) =>
      snoozeOp(
        { id },
        {
          onSuccess: (r) =>
            void message.info(
              t('toast.snoozed', { time: wallText(r.snoozed_until ?? r.trigger_time) }),
            ),
          onError: fail,
        },
      ),
    [snoozeOp, message, t, fail],
  );

  const remove = useCallback(
    (item: ScheduleItem) =>
      deleteOp(
        { id: item.id },
        {
          onSuccess: (res) =>
            offerUndo({
              key: `schedule-deleted-${item.id}`,
              title: t('deletedTitle'),
              description: t('deleted', { content: res.deleted.content }),
              undo: () =>
                restoreOp(
                  { undo_token: res.undo_token },
                  {
                    onSuccess: (r) => void message.success(t('restored', { content: r.content })),
                    onError: fail,
                  },
                ),
            }),
          onError: fail,
        },
      ),
    [deleteOp, restoreOp, offerUndo, message, t, fail],
  );

  return useMemo(() => ({ complete, snooze, remove }), [complete, snooze, remove]);
}
