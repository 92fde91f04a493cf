import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LedgerEntry } from '../../../shared/contract';
import { useDeleteEntry, useUndoDelete } from '../../hooks/ledger';
import { useUndoNotice } from '../../hooks/undo';
import { formatMoney } from './format';

/** Deletes at once and offers Undo in a notification (no "are you sure?" step to click through). */
export function useDeleteWithUndo(): (entry: LedgerEntry) => void {
  const { t, i18n } = useTranslation('ledger');
  const { message } = App.useApp();
  const offerUndo = useUndoNotice();
  const { mutate: remove } = useDeleteEntry();
  const { mutate: restore } = useUndoDelete();

  return useCallback(
    (entry: LedgerEntry) => {
      const fail = (err: Error) => void message.error(t('common:error', { message: err.message }));
      remove(
        { id: entry.id },
        {
          onSuccess: (res) =>
            offerUndo({
              key: `ledger-deleted-${entry.id}`,
              title: t('deletedTitle'),
              description: t('deleted', {
                item: res.deleted.item,
                amount: formatMoney(res.deleted.amount, res.deleted.currency, i18n.language),
              }),
              undo: () =>
                restore(
                  { undo_token: res.undo_token },
                  {
                    onSuccess: (e) => void message.success(t('restored', { item: e.item })),
                    onError: fail,
                  },
                ),
            }),
          onError: fail,
        },
      );
    },
    [remove, restore, offerUndo, message, t, i18n.language],
  );
}
