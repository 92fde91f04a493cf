import { useEffect, useState } from 'react';
import { Alert, App as AntApp, Button, Form, Input, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { ProviderSettings, ProviderState } from '../../../shared/contract';
import { useOp, useOpMutation } from '../../hooks/api';

type TestResult = { ok: true; text: string } | { ok: false; text: string };

function KeyState({ state }: { state: ProviderState }) {
  const { t } = useTranslation('settings');
  if (state.keySource === 'store') return <Tag color="green">{t('keyState.store')}</Tag>;
  if (state.keySource === 'env') return <Tag color="blue">{t('keyState.env')}</Tag>;
  return <Tag>{t('keyState.none')}</Tag>;
}

/** Preset, endpoint and model names, a write-only API key, and a connection test. */
export default function ProvidersTab() {
  const { t } = useTranslation('settings');
  const { message } = AntApp.useApp();
  const qc = useQueryClient();
  const q = useOp('providers.get', {});
  const [form] = Form.useForm<ProviderSettings & { apiKey?: string }>();
  const [test, setTest] = useState<TestResult | null>(null);
  const onState = (s: ProviderState) => qc.setQueryData(['providers', 'providers.get', {}], s);
  const update = useOpMutation('providers.update', { onSuccess: onState });
  const tester = useOpMutation('providers.test', {
    onSuccess: (r) =>
      setTest({ ok: true, text: t('testOk', { model: r.model, ms: Math.round(r.latency_ms) }) }),
    onError: (e) => setTest({ ok: false, text: t('testFailed', { message: e.message }) }),
  });

  useEffect(() => {
    if (q.data) {
      const { preset, baseURL, chatModel, visionModel, embeddingModel } = q.data;
      form.setFieldsValue({ preset, baseURL, chatModel, visionModel, embeddingModel, apiKey: '' });
    }
  }, [q.data, form]);

  const applyPreset = (id: ProviderSettings['preset']) => {
    const p = q.data?.presets.find((x) => x.id === id);
    if (p && id !== 'custom') {
      form.setFieldsValue({
        baseURL: p.baseURL,
        chatModel: p.chatModel,
        visionModel: p.visionModel,
        embeddingModel: p.embeddingModel,
      });
    }
  };

  const state = q.data;
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      disabled={!state}
      onFinish={({ apiKey, ...rest }) => {
        setTest(null);
        // An empty key field means "keep the saved key"; removing is its own button.
        update.mutate(apiKey ? { ...rest, apiKey } : rest, {
          onSuccess: () => {
            form.setFieldValue('apiKey', '');
            void message.success(t('saved'));
          },
          onError: (e) => void message.error(e.message),
        });
      }}
    >
      {state && state.fromEnv.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('fromEnv', { fields: state.fromEnv.join(', ') })}
        />
      )}
      <Form.Item label={t('preset')} name="preset">
        <Select
          aria-label={t('preset')}
          onChange={applyPreset}
          options={(state?.presets ?? []).map((p) => ({ value: p.id, label: p.label }))}
        />
      </Form.Item>
      <Form.Item label={t('baseURL')} name="baseURL">
        <Input aria-label={t('baseURL')} placeholder="https://api.openai.com/v1" />
      </Form.Item>
      <Form.Item label={t('chatModel')} name="chatModel">
        <Input aria-label={t('chatModel')} />
      </Form.Item>
      <Form.Item label={t('visionModel')} name="visionModel">
        <Input aria-label={t('visionModel')} />
      </Form.Item>
      <Form.Item label={t('embeddingModel')} name="embeddingModel">
        <Input aria-label={t('embeddingModel')} />
      </Form.Item>
      <Form.Item
        label={
          <Space>
            {t('apiKey')}
            {state && <KeyState state={state} />}
          </Space>
        }
        name="apiKey"
      >
        <Input.Password
          aria-label={t('apiKey')}
          placeholder={t('apiKeyPlaceholder')}
          autoComplete="off"
          visibilityToggle={false}
        />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('save')}
        </Button>
        {state?.keySource === 'store' && (
          <Button danger onClick={() => update.mutate({ apiKey: '' })}>
            {t('removeKey')}
          </Button>
        )}
        <Button
          loading={tester.isPending}
          onClick={() => {
            setTest(null);
            tester.mutate({});
          }}
        >
          {t('test')}
        </Button>
      </Space>
      {test && (
        <Alert
          style={{ marginTop: 16 }}
          type={test.ok ? 'success' : 'error'}
          showIcon
          title={test.text}
          role="status"
        />
      )}
    </Form>
  );
}
