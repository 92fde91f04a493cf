import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Image,
  Input,
  InputNumber,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { LedgerEntry, ReceiptAnalysis } from '../../../shared/contract';
import { useOp, useOpMutation } from '../../hooks/api';

interface Fields {
  amount: number | null;
  category: string;
  item: string;
  transaction_date: string;
}

/** The extracted fields of a dropped receipt, editable, with the image; confirming books it. */
export function ReceiptCard({
  analysis,
  onDone,
  onBooked,
}: {
  analysis: ReceiptAnalysis;
  onDone: () => void;
  onBooked?: (entry: LedgerEntry) => void;
}) {
  const { t } = useTranslation('receipts');
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const image = useOp('receipts.image', { image_ref: analysis.image_ref }, { staleTime: Infinity });
  const categories = useOp('ledger.categories', {});
  const book = useOpMutation('receipts.book', {
    onSuccess: (entry) => {
      void message.success(t('card.booked', { item: entry.item, amount: entry.amount }));
      onBooked?.(entry);
      onDone();
    },
  });
  const x = analysis.extraction;

  const submit = (v: Fields) => {
    if (v.amount === null || v.amount === undefined) return;
    book.mutate({
      image_ref: analysis.image_ref,
      amount: v.amount,
      category: v.category || undefined,
      item: v.item || undefined,
      transaction_date: v.transaction_date?.trim() || undefined,
    });
  };

  return (
    <Card title={t('card.title')} size="small" data-testid="receipt-card">
      <Flex gap={16} wrap>
        {image.data && <Image src={image.data.data_url} width={160} alt={t('thumb.alt')} />}
        <div style={{ flex: 1, minWidth: 260 }}>
          <Space size={4} wrap style={{ marginBottom: 8 }}>
            <Tag>{t(`card.source.${analysis.source}`)}</Tag>
            <Tag>{t('card.confidence', { pct: Math.round(x.confidence * 100) })}</Tag>
            {x.evidence_text && (
              <Typography.Text type="secondary">
                {t('card.evidence', { text: x.evidence_text })}
              </Typography.Text>
            )}
          </Space>
          {analysis.duplicates.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 8 }}
              data-testid="receipt-duplicates"
              title={t('duplicate.title')}
              description={analysis.duplicates.map((d) => (
                <div key={d.entry.id}>
                  {t('duplicate.line', {
                    id: d.entry.id,
                    date: d.entry.transaction_date.slice(0, 16).replace('T', ' '),
                    item: d.entry.item,
                    amount: d.entry.amount,
                    reason: d.reason,
                  })}
                </div>
              ))}
            />
          )}
          <Form<Fields>
            form={form}
            layout="vertical"
            onFinish={submit}
            initialValues={{
              amount: x.amount,
              category: x.category,
              item: x.item || x.merchant,
              transaction_date: analysis.transaction_date,
            }}
          >
            <Form.Item
              name="amount"
              label={t('card.amount')}
              rules={[{ required: true, message: t('card.noAmount') }]}
              extra={
                x.amount_candidates.length > 1
                  ? `${t('card.candidates')} ${x.amount_candidates.filter((c) => c !== x.amount).join(', ')}`
                  : undefined
              }
            >
              <InputNumber
                min={0.01}
                step={0.01}
                style={{ width: '100%' }}
                data-testid="receipt-amount"
              />
            </Form.Item>
            <Form.Item name="category" label={t('card.category')}>
              <Select
                options={(categories.data ?? [x.category]).map((c) => ({ value: c, label: c }))}
              />
            </Form.Item>
            <Form.Item name="item" label={t('card.item')}>
              <Input maxLength={200} data-testid="receipt-item" />
            </Form.Item>
            <Form.Item name="transaction_date" label={t('card.date')}>
              <Input placeholder={t('card.datePlaceholder')} maxLength={64} />
            </Form.Item>
            {book.error && (
              <Alert type="error" showIcon title={book.error.message} style={{ marginBottom: 8 }} />
            )}
            <Space>
              <Button
                type="primary"
                htmlType="submit"
                loading={book.isPending}
                data-testid="receipt-book"
              >
                {t('card.book')}
              </Button>
              <Button onClick={onDone}>{t('card.discard')}</Button>
            </Space>
          </Form>
        </div>
      </Flex>
    </Card>
  );
}
