import { useEffect, useState } from 'react';
import { Button, DatePicker, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

export interface Filters {
  range: [Dayjs, Dayjs] | null;
  category: string | null;
  keyword: string;
}

export const NO_FILTERS: Filters = { range: null, category: null, keyword: '' };

export function hasFilters(f: Filters): boolean {
  return f.range !== null || f.category !== null || f.keyword.trim() !== '';
}

interface Props {
  value: Filters;
  categories: string[];
  onChange(next: Filters): void;
}

export default function LedgerFilters({ value, categories, onChange }: Props) {
  const { t } = useTranslation('ledger');
  const [keyword, setKeyword] = useState(value.keyword);
  // Typing waits a moment before querying; clearing applies at once.
  useEffect(() => {
    if (keyword === value.keyword) return;
    const timer = setTimeout(() => onChange({ ...value, keyword }), keyword ? 300 : 0);
    return () => clearTimeout(timer);
  }, [keyword, value, onChange]);
  useEffect(() => setKeyword(value.keyword), [value.keyword]);

  return (
    <Space wrap size="middle" style={{ marginBottom: 16 }}>
      <DatePicker.RangePicker
        value={value.range}
        placeholder={t('filters.range', { returnObjects: true }) as [string, string]}
        onChange={(r) => onChange({ ...value, range: r && r[0] && r[1] ? [r[0], r[1]] : null })}
        allowClear
      />
      <Select
        style={{ minWidth: 150 }}
        allowClear
        placeholder={t('filters.category')}
        aria-label={t('filters.category')}
        value={value.category}
        options={categories.map((c) => ({ value: c, label: c }))}
        onChange={(c: string | undefined) => onChange({ ...value, category: c ?? null })}
      />
      <Input.Search
        style={{ width: 220 }}
        allowClear
        placeholder={t('filters.keyword')}
        aria-label={t('filters.keyword')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(v) => onChange({ ...value, keyword: v })}
      />
      {hasFilters(value) && (
        <Button type="link" onClick={() => onChange(NO_FILTERS)}>
          {t('filters.clear')}
        </Button>
      )}
    </Space>
  );
}
