import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebSettings } from '../../../../shared/contract';
import { useUpdateWebSettings, useWebSettings } from '../../../hooks/mcp';

type Values = Pick<
  WebSettings,
  | 'search_provider'
  | 'search_url'
  | 'mcp_search_tool'
  | 'mcp_crawl_tool'
  | 'mcp_weather_tool'
  | 'fetch_allow_hosts'
> & {
  api_key: string;
};

/** Search API preset, key (write-only), MCP tools for search/crawl/weather, fetcher allow-list. */
export function WebSearchCard() {
  const { t } = useTranslation('mcp');
  const { message } = App.useApp();
  const settings = useWebSettings();
  const update = useUpdateWebSettings();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (settings.data) form.setFieldsValue({ ...settings.data, api_key: '' });
  }, [settings.data, form]);

  const save = async (clearKey = false) => {
    const v = form.getFieldsValue(true) as Values;
    const { api_key, ...rest } = v;
    setError(null);
    try {
      await update.mutateAsync({
        ...rest,
        ...(clearKey ? { api_key: null } : api_key ? { api_key } : {}),
      });
      form.setFieldValue('api_key', '');
      void message.success(t('web.saved'));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Card title={t('web.title')} loading={settings.isLoading}>
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }}>
        <Form.Item name="search_provider" label={t('web.provider')}>
          <Select
            aria-label={t('web.provider')}
            options={(['none', 'searxng', 'tavily', 'brave'] as const).map((p) => ({
              value: p,
              label: t(`web.providers.${p}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="search_url" label={t('web.url')} extra={t('web.urlHelp')}>
          <Input aria-label={t('web.url')} placeholder="http://localhost:8888" />
        </Form.Item>
        <Form.Item name="api_key" label={t('web.apiKey')}>
          <Input.Password
            aria-label={t('web.apiKey')}
            placeholder={settings.data?.has_api_key ? t('web.apiKeySet') : ''}
            autoComplete="off"
          />
        </Form.Item>
        <Form.Item name="mcp_search_tool" label={t('web.mcpSearch')}>
          <Input placeholder="server__bing_search" />
        </Form.Item>
        <Form.Item name="mcp_crawl_tool" label={t('web.mcpCrawl')}>
          <Input placeholder="server__crawl_webpage" />
        </Form.Item>
        <Form.Item name="mcp_weather_tool" label={t('web.mcpWeather')}>
          <Input placeholder="amap__maps_weather" />
        </Form.Item>
        <Form.Item
          name="fetch_allow_hosts"
          label={t('web.allowHosts')}
          extra={t('web.allowHostsHelp')}
        >
          <Select mode="tags" open={false} aria-label={t('web.allowHosts')} />
        </Form.Item>
        {error && (
          <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} />
        )}
        <Space>
          <Button type="primary" loading={update.isPending} onClick={() => void save()}>
            {t('common:save')}
          </Button>
          {settings.data?.has_api_key && (
            <Button onClick={() => void save(true)}>{t('web.clearKey')}</Button>
          )}
        </Space>
      </Form>
    </Card>
  );
}
