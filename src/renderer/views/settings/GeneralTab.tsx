import { useEffect, useMemo, useState } from 'react';
import { App as AntApp, Button, Form, Input, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GeneralSettings } from '../../../shared/contract';
import { useOp, useOpMutation } from '../../hooks/api';
import { useQueryClient } from '@tanstack/react-query';
import DataFolderSection from './DataFolderSection';

/** IANA zones the runtime knows; a few common ones when it cannot list them. */
function allZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (k: string) => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return ['Asia/Shanghai', 'UTC', 'Europe/London', 'America/New_York'];
  }
}

const CURRENCIES = ['CNY', 'USD', 'EUR', 'JPY', 'HKD', 'GBP', 'TWD', 'KRW', 'SGD', 'AUD', 'CAD'];

/** Form.Item supplies value/onChange; value is undefined until settings load. */
function CategoriesEditor({
  value = [],
  onChange,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
}) {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useState('');
  const add = () => {
    const c = draft.trim();
    if (c && !value.includes(c)) onChange?.([...value, c]);
    setDraft('');
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {value.map((c) => (
          <Tag key={c} closable onClose={() => onChange?.(value.filter((x) => x !== c))}>
            {c}
          </Tag>
        ))}
      </Space>
      <Space.Compact>
        <Input
          aria-label={t('newCategory')}
          placeholder={t('newCategory')}
          value={draft}
          maxLength={32}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={add}
        />
        <Button onClick={add}>{t('addCategory')}</Button>
      </Space.Compact>
    </Space>
  );
}

/** Language (applied at once), time zone, default currency, categories. */
export default function GeneralTab() {
  const { t, i18n } = useTranslation('settings');
  const { message } = AntApp.useApp();
  const qc = useQueryClient();
  const q = useOp('settings.get', {});
  const update = useOpMutation('settings.update', {
    onSuccess: (s) => {
      qc.setQueryData(['settings', 'settings.get', {}], s);
      void qc.invalidateQueries({ queryKey: ['app'] });
    },
  });
  const zones = useMemo(() => allZones().map((z) => ({ value: z, label: z })), []);
  const [form] = Form.useForm<GeneralSettings>();
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);

  const setLocale = (locale: GeneralSettings['locale']) => {
    void i18n.changeLanguage(locale);
    update.mutate({ locale });
  };

  return (
    <>
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        disabled={!q.data}
        onFinish={(v) =>
          update.mutate(
            { timeZone: v.timeZone, currency: v.currency, categories: v.categories },
            {
              onSuccess: () => void message.success(t('saved')),
              onError: (e) => void message.error(e.message),
            },
          )
        }
      >
        <Form.Item label={t('language')} name="locale">
          <Select
            aria-label={t('language')}
            onChange={setLocale}
            options={[
              { value: 'zh-CN', label: '简体中文' },
              { value: 'en', label: 'English' },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('timeZone')} name="timeZone" rules={[{ required: true }]}>
          <Select
            aria-label={t('timeZone')}
            showSearch
            placeholder={t('timeZoneSearch')}
            options={zones}
          />
        </Form.Item>
        <Form.Item label={t('currency')} name="currency" rules={[{ required: true }]}>
          <Select
            aria-label={t('currency')}
            options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          />
        </Form.Item>
        <Form.Item label={t('categories')} name="categories">
          <CategoriesEditor />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('save')}
        </Button>
      </Form>
      <DataFolderSection />
    </>
  );
}
