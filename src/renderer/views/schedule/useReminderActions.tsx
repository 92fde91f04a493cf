import { useCallback, useMemo } from 'react';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScheduleItem } from '../../../shared/contract';
import {
  useCompleteReminder,
  useDeleteReminder,
  useSnoozeReminder,
  useUndoDeleteReminder,
} from '../../hooks/schedule';
import { wallText } from './time';

const UNDO_SECONDS = 10;

export interface ReminderActions {
  complete(id: number, content: string, occurrenceAt?: number): void;
  snooze(id: number): void;
  /** Deletes at once and offers Undo in a notification. */
  remove(item: ScheduleItem): void;
}

/** Complete, snooze and delete-with-undo, with the messages a person sees. Shared by the list and the toasts. */
export function useReminderActions(): ReminderActions {
  const { t } = useTranslation('schedule');
  const { notification, message } = App.useApp();
  const { mutate: completeOp } = useCompleteReminder();
  const { mutate: snoozeOp } = useSnoozeReminder();
  const { mutate: deleteOp } = useDeleteReminder();
  const { mutate: restoreOp } = useUndoDeleteReminder();
  const fail = useCallback((err: Error) => void message.error(t('common:error', { message: err.message })), [message, t]);

  const complete = useCallback(
    (id: number, content: string, occurrenceAt?: number) =>
      completeOp(
        occurrenceAt === undefined ? { id } : { id, occurrence_at: occurrenceAt },
        { onSuccess: () => void message.success(t('toast.completed', { content })), onError: fail },
      ),
    [completeOp, message, t, fail],
  );

  const snooze = useCallback(
    (id: number) =>
      snoozeOp(
        { id },
        {
          onSuccess: (r) => void message.info(t('toast.snoozed', { time: wallText(r.snoozed_until ?? r.trigger_time) })),
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
          onSuccess: (res) => {
            const key = `schedule-deleted-${item.id}`;
            notification.open({
              key,
              type: 'success',
              title: t('deletedTitle'),
              description: t('deleted', { content: res.deleted.content }),
              duration: UNDO_SECONDS,
              actions: (
                <Button
                  type="primary"
                  size="small"
                  onClick={() => {
                    notification.destroy(key);
                    restoreOp(
                      { undo_token: res.undo_token },
                      { onSuccess: (r) => void message.success(t('restored', { content: r.content })), onError: fail },
                    );
                  }}
                >
                  {t('common:undo')}
                </Button>
              ),
            });
          },
          onError: fail,
        },
      ),
    [deleteOp, restoreOp, notification, message, t, fail],
  );

  return useMemo(() => ({ complete, snooze, remove }), [complete, snooze, remove]);
}
