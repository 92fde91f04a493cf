import { useState } from 'react';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Checkbox,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CsvMapping, CsvRow } from '../../../shared/contract';
import { useOp, useOpMutation } from '../../hooks/api';

const FIELDS = ['transaction_date', 'amount', 'item', 'category', 'currency'] as const;
type Field = (typeof FIELDS)[number];

/** Pick a file, see how each row would be booked (errors, duplicates), adjust the columns, import. */
export default function ImportCsvCard() {
  const { t } = useTranslation('data');
  const { message } = AntApp.useApp();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [hasHeader, setHasHeader] = useState<boolean | undefined>(undefined);
  const [mapping, setMapping] = useState<CsvMapping | undefined>(undefined);
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  const preview = useOp(
    'data.importCsvPreview',
    { csv: csv ?? '', mapping, has_header: hasHeader, limit: 20 },
    { enabled: csv !== null },
  );
  const doImport = useOpMutation('data.importCsv', {
    onSuccess: (r) => {
      void message.success(t('imported', { created: r.created, skipped: r.skipped_duplicates }));
      setCsv(null);
      setMapping(undefined);
    },
    onError: (e) => void message.error(e.message),
  });
  const p = preview.data;
  const effective = mapping ?? p?.mapping ?? undefined;
  const setColumn = (field: Field, col: number | undefined) => {
    const base: Partial<CsvMapping> = { ...(effective ?? {}) };
    if (col === undefined) delete base[field];
    else base[field] = col;
    if (base.transaction_date !== undefined && base.amount !== undefined)
      setMapping(base as CsvMapping);
  };
  const columnOf = (field: Field): number | undefined => {
    const c = effective?.[field];
    if (c === undefined || !p) return undefined;
    return typeof c === 'number' ? c : p.headers.indexOf(c);
  };

  return (
    <Card title={t('importCsv')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Upload
          accept=".csv,text/csv"
          showUploadList={false}
          beforeUpload={(file) => {
            void file.text().then((text) => {
              setCsv(text);
              setFileName(file.name);
              setMapping(undefined);
              setHasHeader(undefined);
            });
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('chooseFile')}</Button>
        </Upload>
        {fileName && csv !== null ? <Typography.Text>{fileName}</Typography.Text> : null}
        {preview.error ? <Alert type="error" title={preview.error.message} /> : null}
        {p ? (
          <>
            <Space wrap>
              <Checkbox checked={p.has_header} onChange={(e) => setHasHeader(e.target.checked)}>
                {t('hasHeader')}
              </Checkbox>
              {FIELDS.map((f) => (
                <Space key={f} size={4}>
                  <Typography.Text>{t(`column.${f}`)}</Typography.Text>
                  <Select<number | undefined>
                    style={{ minWidth: 120 }}
                    allowClear={f !== 'transaction_date' && f !== 'amount'}
                    value={columnOf(f)}
                    placeholder={t('none')}
                    options={p.headers.map((h, i) => ({ value: i, label: h }))}
                    onChange={(v) => setColumn(f, v ?? undefined)}
                  />
                </Space>
              ))}
            </Space>
            <Typography.Text strong>{t('totals', p.totals)}</Typography.Text>
            <Table<CsvRow>
              size="small"
              rowKey="line"
              pagination={false}
              dataSource={p.rows}
              columns={[
                { title: t('line'), dataIndex: 'line', width: 60 },
                ...p.headers.map((h, i) => ({
                  title: h,
                  key: `c${i}`,
                  render: (_v: unknown, r: CsvRow) => r.cells[i] ?? '',
                })),
                {
                  key: 'status',
                  render: (_v: unknown, r: CsvRow) =>
                    r.error ? (
                      <Tag color="red">{r.error}</Tag>
                    ) : r.duplicate ? (
                      <Tag color="orange">{t('duplicate')}</Tag>
                    ) : (
                      <Tag color="green">{`${r.entry?.transaction_date.replace('T', ' ')} · ${r.entry?.amount} ${r.entry?.currency}`}</Tag>
                    ),
                },
              ]}
            />
            <Space>
              <Checkbox
                checked={skipDuplicates}
                onChange={(e) => setSkipDuplicates(e.target.checked)}
              >
                {t('skipDuplicates')}
              </Checkbox>
              <Button
                type="primary"
                disabled={!effective || p.totals.invalid > 0 || csv === null}
                loading={doImport.isPending}
                onClick={() =>
                  effective &&
                  csv !== null &&
                  doImport.mutate({
                    csv,
                    mapping: effective,
                    has_header: p.has_header,
                    skip_duplicates: skipDuplicates,
                  })
                }
              >
                {t('doImport')}
              </Button>
            </Space>
          </>
        ) : null}
      </Space>
    </Card>
  );
}
