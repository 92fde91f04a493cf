import { useCallback } from 'react';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** How long the Undo offer after a delete stays on screen. */
const UNDO_SECONDS = 10;

export interface UndoOffer {
  /** Notification key, one per deleted row, so two deletes show two offers. */
  key: string;
  title: string;
  description: string;
  /** Runs when the person clicks Undo; the notification is already closed by then. */
  undo(): void;
}

/**
 * A success notification with an Undo button, shown after a delete that took effect at once
 * (no "are you sure?" step to click through). Shared by the ledger and the reminders.
 */
export function useUndoNotice(): (offer: UndoOffer) => void {
  const { t } = useTranslation();
  const { notification } = App.useApp();

  return useCallback(
    ({ key, title, description, undo }: UndoOffer) => {
      notification.open({
        key,
        type: 'success',
        title,
        description,
        duration: UNDO_SECONDS,
        actions: (
          <Button
            type="primary"
            size="small"
            onClick={() => {
              notification.destroy(key);
              undo();
            }}
          >
            {t('undo')}
          </Button>
        ),
      });
    },
    [notification, t],
  );
}
