import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LedgerEntry } from '../../../shared/contract';
import { categoryTagColor } from './categoryColor';
import { wallText } from '../../format/wallTime';
import { formatMoney } from './format';
import { ReceiptThumb } from '../receipts/ReceiptThumb';

interface Props {
  entries: LedgerEntry[];
  /** Known categories, for stable tag colors. */
  categories: readonly string[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  onPage(page: number, pageSize: number): void;
  onEdit(entry: LedgerEntry): void;
  onDelete(entry: LedgerEntry): void;
}

export default function EntryTable({
  entries,
  categories,
  total,
  page,
  pageSize,
  loading,
  onPage,
  onEdit,
  onDelete,
}: Props) {
  const { t, i18n } = useTranslation('ledger');
  const columns: TableColumnsType<LedgerEntry> = [
    {
      title: t('columns.date'),
      dataIndex: 'transaction_date',
      width: 170,
      render: (iso: string) => (
        <span style={{ fontVariantNumeric: 'tabular-nums' }}>{wallText(iso)}</span>
      ),
    },
    {
      title: t('columns.item'),
      dataIndex: 'item',
      ellipsis: true,
      render: (item: string, e) =>
        e.image_url ? (
          <Space size={8}>
            <ReceiptThumb imageUrl={e.image_url} size={28} />
            <span>{item}</span>
          </Space>
        ) : (
          item
        ),
    },
    {
      title: t('columns.category'),
      dataIndex: 'category',
      width: 140,
      render: (c: string) => <Tag color={categoryTagColor(c, categories)}>{c}</Tag>,
    },
    {
      title: t('columns.amount'),
      dataIndex: 'amount',
      align: 'right',
      width: 150,
      render: (_: number, e) => (
        <span style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(e.amount, e.currency, i18n.language)}
        </span>
      ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      align: 'center',
      width: 110,
      render: (_: unknown, e) => (
        <Space size={0}>
          <Tooltip title={t('common:edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={t('common:edit')}
              onClick={() => onEdit(e)}
            />
          </Tooltip>
          <Tooltip title={t('common:delete')}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('common:delete')}
              onClick={() => onDelete(e)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];
  return (
    <Table<LedgerEntry>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={entries}
      loading={loading}
      locale={{ emptyText: t('noMatch') }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (n) => t('pagination', { total: n }),
        onChange: onPage,
      }}
    />
  );
}
