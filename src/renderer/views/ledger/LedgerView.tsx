import { useCallback, useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Spin, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LedgerEntry, LedgerListInput } from '../../../shared/contract';
import { useHotkey } from '../../hooks/hotkey';
import {
  useCreateEntry,
  useGeneralSettings,
  useHasLedgerEntries,
  useLedgerCategories,
  useLedgerList,
  useUpdateEntry,
} from '../../hooks/ledger';
import EmptyLedger from './EmptyLedger';
import EntryFormModal, { type EntryFormValues } from './EntryFormModal';
import EntryTable from './EntryTable';
import LedgerFilters, { NO_FILTERS, type Filters } from './LedgerFilters';
import MonthSummary from './MonthSummary';
import { ReceiptDrop } from '../receipts/ReceiptDrop';
import { entryPatch, newEntryInput } from './entryInput';
import { nowInZone } from '../../format/wallTime';
import { formatMoney } from './format';
import { useDeleteWithUndo } from './useDeleteWithUndo';

type FormState = { open: false } | { open: true; entry: LedgerEntry | null };

function listInput(f: Filters, page: number, pageSize: number): LedgerListInput {
  return {
    ...(f.range
      ? { start_at: f.range[0].format('YYYY-MM-DD'), end_at: f.range[1].format('YYYY-MM-DD') }
      : {}),
    ...(f.category ? { category: f.category } : {}),
    ...(f.keyword.trim() ? { item_like: f.keyword.trim() } : {}),
    order: 'desc',
    limit: pageSize,
    offset: (page - 1) * pageSize,
  };
}

export default function LedgerView() {
  const { t, i18n } = useTranslation('ledger');
  const { message } = App.useApp();
  const settings = useGeneralSettings();
  const zone = settings.data?.timeZone;
  const currency = settings.data?.currency ?? 'CNY';
  const now = useCallback(() => nowInZone(zone), [zone]);

  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [month, setMonth] = useState<Dayjs | null>(null);
  const [form, setForm] = useState<FormState>({ open: false });

  const any = useHasLedgerEntries();
  const list = useLedgerList(
    useMemo(() => listInput(filters, page, pageSize), [filters, page, pageSize]),
  );
  const categories = useLedgerCategories();
  const create = useCreateEntry();
  const update = useUpdateEntry();
  const onDelete = useDeleteWithUndo();

  const openAdd = useCallback(() => setForm({ open: true, entry: null }), []);
  useHotkey('n', openAdd, !form.open);
  const onFilters = useCallback((next: Filters) => {
    setFilters(next);
    setPage(1);
  }, []);

  const close = () => setForm({ open: false });
  const onSubmit = (v: EntryFormValues) => {
    const onError = (err: Error) => void message.error(t('common:error', { message: err.message }));
    if (form.open && form.entry) {
      const patch = entryPatch(form.entry, v);
      if (Object.keys(patch).length === 0) return close();
      update.mutate(
        { id: form.entry.id, patch },
        {
          onSuccess: () => {
            void message.success(t('form.saved'));
            close();
          },
          onError,
        },
      );
    } else {
      create.mutate(newEntryInput(v), {
        onSuccess: (e) => {
          const amount = formatMoney(e.amount, e.currency, i18n.language);
          void message.success(t('form.added', { item: e.item, amount }));
          close();
        },
        onError,
      });
    }
  };

  const header = (
    <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      {any.hasEntries && (
        <Button type="primary" icon={<PlusOutlined />} onClick={openAdd} title={t('addHint')}>
          {t('add')}
        </Button>
      )}
    </Flex>
  );

  const error = any.error ?? list.error ?? settings.error;
  let body: React.ReactNode;
  if (error) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('common:error', { message: error.message })}
        action={
          <Button
            size="small"
            onClick={() => void Promise.all([any.refetch(), list.refetch(), settings.refetch()])}
          >
            {t('common:retry')}
          </Button>
        }
      />
    );
  } else if (any.hasEntries === undefined) {
    body = <Spin />;
  } else if (!any.hasEntries) {
    body = <EmptyLedger onAdd={openAdd} />;
  } else {
    body = (
      <>
        <MonthSummary
          month={month ?? now()}
          currency={currency}
          categories={categories.data ?? []}
          onMonthChange={setMonth}
        />
        <Card>
          <LedgerFilters value={filters} categories={categories.data ?? []} onChange={onFilters} />
          <EntryTable
            entries={list.data?.entries ?? []}
            categories={categories.data ?? []}
            total={list.data?.total ?? 0}
            page={page}
            pageSize={pageSize}
            loading={list.isFetching && !list.data}
            onPage={(p, size) => {
              setPage(size === pageSize ? p : 1);
              setPageSize(size);
            }}
            onEdit={(entry) => setForm({ open: true, entry })}
            onDelete={onDelete}
          />
        </Card>
      </>
    );
  }

  return (
    <div style={{ maxWidth: 1100, margin: '0 auto' }}>
      {header}
      <div style={{ marginBottom: 16 }}>
        <ReceiptDrop />
      </div>
      {body}
      <EntryFormModal
        key={form.open ? (form.entry?.id ?? 'new') : 'closed'}
        open={form.open}
        entry={form.open ? form.entry : null}
        categories={categories.data ?? []}
        currency={currency}
        now={now}
        saving={create.isPending || update.isPending}
        onSubmit={onSubmit}
        onClose={close}
      />
    </div>
  );
}
