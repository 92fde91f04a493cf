import { useCallback } from 'react';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LedgerEntry } from '../../../shared/contract';
import { useDeleteEntry, useUndoDelete } from '../../hooks/ledger';
import { formatMoney } from './format';

const UNDO_SECONDS = 10;

/** Deletes at once and offers Undo in a notification (no "are you sure?" step to click through). */
export function useDeleteWithUndo(): (entry: LedgerEntry) => void {
  const { t, i18n } = useTranslation('ledger');
  const { notification, message } = App.useApp();
  const del = useDeleteEntry();
  const undo = useUndoDelete();
  const { mutate: remove } = del;
  const { mutate: restore } = undo;

  return useCallback(
    (entry: LedgerEntry) => {
      remove(
        { id: entry.id },
        {
          onSuccess: (res) => {
            const key = `ledger-deleted-${entry.id}`;
            notification.open({
              key,
              type: 'success',
              title: t('deletedTitle'),
              description: t('deleted', {
                item: res.deleted.item,
                amount: formatMoney(res.deleted.amount, res.deleted.currency, i18n.language),
              }),
              duration: UNDO_SECONDS,
              actions: (
                <Button
                  type="primary"
                  size="small"
                  onClick={() => {
                    notification.destroy(key);
                    restore(
                      { undo_token: res.undo_token },
                      {
                        onSuccess: (e) => void message.success(t('restored', { item: e.item })),
                        onError: (err) =>
                          void message.error(t('common:error', { message: err.message })),
                      },
                    );
                  }}
                >
                  {t('common:undo')}
                </Button>
              ),
            });
          },
          onError: (err) => void message.error(t('common:error', { message: err.message })),
        },
      );
    },
    [remove, restore, notification, message, t, i18n.language],
  );
}
