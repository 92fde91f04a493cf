import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

// The JSON ledger_text2sql returns for mode=preview_write (reference 000). Parsed
// loosely: anything else falls back to the raw result in the tool card.
const entry = z.object({
  id: z.number(),
  amount: z.number(),
  currency: z.string(),
  category: z.string(),
  item: z.string(),
  transaction_date: z.string(),
});
const previewSchema = z.object({
  mode: z.literal('preview_write'),
  operation: z.enum(['update', 'delete']),
  total_matched: z.number(),
  truncated: z.boolean().optional(),
  preview_rows: z.array(entry.extend({ after: entry.optional() })),
});
export type WritePreviewData = z.infer<typeof previewSchema>;

/** The preview in a ledger_text2sql result, or null when the text is not one (or was cut short). */
export function parseWritePreview(name: string, text: string | undefined): WritePreviewData | null {
  if (name !== 'ledger_text2sql' || !text || !text.includes('"preview_write"')) return null;
  try {
    const r = previewSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

type Row = WritePreviewData['preview_rows'][number];
const FIELDS = ['category', 'item', 'amount', 'transaction_date'] as const;

/** What changes in one row, e.g. "分类：交通 → 出行"; a delete shows "删除". */
function change(r: Row, op: WritePreviewData['operation'], t: (k: string) => string): string {
  if (op === 'delete') return t('preview.deleted');
  if (!r.after) return '';
  const after = r.after;
  return FIELDS.filter((f) => after[f] !== r[f])
    .map((f) => `${t(`preview.field.${f}`)}：${String(r[f])} → ${String(after[f])}`)
    .join('；');
}

/** The rows a batch change would touch, as a small table: nothing is written yet. */
export default function WritePreview({ data }: { data: WritePreviewData }) {
  const { t } = useTranslation('chat');
  return (
    <div data-testid="write-preview">
      <Typography.Text strong>
        {t(data.operation === 'delete' ? 'preview.titleDelete' : 'preview.titleUpdate', {
          count: data.total_matched,
        })}
      </Typography.Text>
      <Table<Row>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={data.preview_rows}
        columns={[
          {
            title: t('preview.field.transaction_date'),
            dataIndex: 'transaction_date',
            render: (v: string) => v.slice(0, 16).replace('T', ' '),
          },
          { title: t('preview.field.item'), dataIndex: 'item' },
          { title: t('preview.field.category'), dataIndex: 'category' },
          {
            title: t('preview.field.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (v: number, r) => `${v.toFixed(2)} ${r.currency}`,
          },
          {
            title: t('preview.change'),
            key: 'change',
            render: (_: unknown, r) => change(r, data.operation, t),
          },
        ]}
      />
      {data.truncated && (
        <Typography.Text type="secondary">
          {t('preview.truncated', { count: data.preview_rows.length })}
        </Typography.Text>
      )}
    </div>
  );
}
