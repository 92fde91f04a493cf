import { useRef, type ComponentRef } from 'react';
import { AutoComplete, DatePicker, Form, Input, InputNumber, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LedgerEntry } from '../../../shared/contract';
import { wallDayjs } from '../../format/wallTime';
import { currencySymbol } from './format';

export interface EntryFormValues {
  amount: number;
  transaction_date: Dayjs;
  category?: string;
  item?: string;
}

interface Props {
  open: boolean;
  /** null: a new entry */
  entry: LedgerEntry | null;
  categories: string[];
  currency: string;
  /** Wall time "now" in the person's zone, for a new entry. */
  now: () => Dayjs;
  saving: boolean;
  onSubmit(values: EntryFormValues): void;
  onClose(): void;
}

const MAX_AMOUNT = 1e12;

/**
 * Add/edit in one dialog. The form wraps the whole modal so its OK button is
 * the form's submit button: Enter in a field submits, Esc closes.
 */
export default function EntryFormModal({
  open,
  entry,
  categories,
  currency,
  now,
  saving,
  onSubmit,
  onClose,
}: Props) {
  const { t, i18n } = useTranslation('ledger');
  const [form] = Form.useForm<EntryFormValues>();
  const amountRef = useRef<ComponentRef<typeof InputNumber>>(null);
  const initial: Partial<EntryFormValues> = entry
    ? {
        amount: entry.amount,
        transaction_date: wallDayjs(entry.transaction_date),
        category: entry.category,
        item: entry.item,
      }
    : { transaction_date: now() };

  return (
    <Modal
      open={open}
      title={entry ? t('form.editTitle') : t('form.addTitle')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(visible) => visible && amountRef.current?.focus()}
      modalRender={(dom) => (
        <Form<EntryFormValues>
          form={form}
          layout="vertical"
          name="ledger-entry"
          initialValues={initial}
          onFinish={onSubmit}
          requiredMark="optional"
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item
        name="amount"
        label={t('form.amount')}
        rules={[
          { required: true, message: t('form.amountRequired') },
          {
            validator: (_, v: number | null | undefined) => {
              if (v === null || v === undefined) return Promise.resolve();
              if (!(v > 0)) return Promise.reject(new Error(t('form.amountPositive')));
              if (v >= MAX_AMOUNT) return Promise.reject(new Error(t('form.amountTooLarge')));
              return Promise.resolve();
            },
          },
        ]}
      >
        <InputNumber<number>
          ref={amountRef}
          autoFocus
          style={{ width: '100%' }}
          prefix={currencySymbol(currency, i18n.language)}
          step={1}
          inputMode="decimal"
          aria-label={t('form.amount')}
        />
      </Form.Item>
      <Form.Item
        name="transaction_date"
        label={t('form.date')}
        rules={[{ required: true, message: t('form.dateRequired') }]}
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          needConfirm={false}
          allowClear={false}
          style={{ width: '100%' }}
          aria-label={t('form.date')}
        />
      </Form.Item>
      <Form.Item
        name="category"
        label={t('form.category')}
        rules={[{ max: 32, message: t('form.categoryTooLong') }]}
      >
        <AutoComplete
          options={categories.map((c) => ({ value: c }))}
          placeholder={t('form.categoryPlaceholder')}
          aria-label={t('form.category')}
          showSearch={{
            filterOption: (input, option) => String(option?.value ?? '').includes(input.trim()),
          }}
        />
      </Form.Item>
      <Form.Item
        name="item"
        label={t('form.item')}
        rules={[{ max: 200, message: t('form.itemTooLong') }]}
      >
        <Input placeholder={t('form.itemPlaceholder')} aria-label={t('form.item')} />
      </Form.Item>
    </Modal>
  );
}
