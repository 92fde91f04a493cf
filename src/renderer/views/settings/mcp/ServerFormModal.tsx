import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  mcpServerAddSchema,
  mcpServerPatchSchema,
  type McpServerView,
} from '../../../../shared/contract';
import { useAddMcpServer, useUpdateMcpServer } from '../../../hooks/mcp';
import { keysToLines, parseLines, splitArgs } from './lines';

interface FormValues {
  name: string;
  transport: 'stdio' | 'http';
  command: string;
  args: string;
  env: string;
  url: string;
  headers: string;
  allowlist: string[];
  enabled: boolean;
}

const initial = (s?: McpServerView): FormValues => ({
  name: s?.name ?? '',
  transport: s?.transport ?? 'stdio',
  command: s?.command ?? '',
  args: (s?.args ?? []).join('\n'),
  env: keysToLines(s?.env_keys ?? [], '='),
  url: s?.url ?? '',
  headers: keysToLines(s?.header_keys ?? [], ':'),
  allowlist: s?.allowlist ?? [],
  enabled: s?.enabled ?? true,
});

/** Add or edit one MCP server; validated with the contract's schemas before it is sent. */
export function ServerFormModal({
  open,
  server,
  onClose,
}: {
  open: boolean;
  server?: McpServerView;
  onClose: () => void;
}) {
  const { t } = useTranslation('mcp');
  const [form] = Form.useForm<FormValues>();
  const [error, setError] = useState<string | null>(null);
  const add = useAddMcpServer();
  const update = useUpdateMcpServer();
  const transport = Form.useWatch('transport', form) ?? server?.transport ?? 'stdio';
  const editing = Boolean(server);

  useEffect(() => {
    if (open) {
      form.setFieldsValue(initial(server));
      setError(null);
    }
  }, [open, server, form]);

  const submit = async () => {
    const v = form.getFieldsValue(true) as FormValues;
    const secrets = parseLines(
      v.transport === 'stdio' ? v.env : v.headers,
      v.transport === 'stdio' ? '=' : ':',
    );
    if (!secrets.ok) {
      setError(t('form.badLine', { line: secrets.line, text: secrets.text }));
      return;
    }
    const allowlist = v.allowlist.length ? v.allowlist : null;
    try {
      if (!server) {
        const input =
          v.transport === 'stdio'
            ? {
                name: v.name,
                transport: 'stdio' as const,
                command: v.command,
                args: splitArgs(v.args),
                env: secrets.value,
                allowlist,
                enabled: v.enabled,
              }
            : {
                name: v.name,
                transport: 'http' as const,
                url: v.url,
                headers: secrets.value,
                allowlist,
                enabled: v.enabled,
              };
        const parsed = mcpServerAddSchema.safeParse(input);
        if (!parsed.success) {
          setError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('；'));
          return;
        }
        await add.mutateAsync(input);
      } else {
        // An empty value for a key that exists keeps the stored secret.
        const keep = (rec: Record<string, string>, known: string[]) =>
          Object.fromEntries(
            Object.entries(rec).map(([k, val]) => [
              k,
              val === '' && known.includes(k) ? null : val,
            ]),
          );
        const patch =
          server.transport === 'stdio'
            ? {
                name: v.name,
                command: v.command,
                args: splitArgs(v.args),
                env: keep(secrets.value, server.env_keys),
                allowlist,
              }
            : {
                name: v.name,
                url: v.url,
                headers: keep(secrets.value, server.header_keys),
                allowlist,
              };
        const parsed = mcpServerPatchSchema.safeParse(patch);
        if (!parsed.success) {
          setError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('；'));
          return;
        }
        await update.mutateAsync({ id: server.id, patch });
      }
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('servers.edit') : t('servers.add')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={add.isPending || update.isPending}
      destroyOnHidden
      width={600}
    >
      <Form form={form} layout="vertical" initialValues={initial(server)}>
        <Form.Item name="name" label={t('form.name')} extra={t('form.nameHelp')} required>
          <Input aria-label={t('form.name')} />
        </Form.Item>
        <Form.Item name="transport" label={t('form.transport')}>
          <Radio.Group disabled={editing}>
            <Radio value="stdio">{t('form.stdio')}</Radio>
            <Radio value="http">{t('form.http')}</Radio>
          </Radio.Group>
        </Form.Item>
        {transport === 'stdio' ? (
          <>
            <Form.Item name="command" label={t('form.command')} required>
              <Input aria-label={t('form.command')} placeholder="npx" />
            </Form.Item>
            <Form.Item name="args" label={t('form.args')}>
              <Input.TextArea aria-label={t('form.args')} autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
            <Form.Item
              name="env"
              label={t('form.env')}
              extra={editing ? t('form.envHelpEdit') : undefined}
            >
              <Input.TextArea
                aria-label={t('form.env')}
                autoSize={{ minRows: 2, maxRows: 6 }}
                placeholder="API_KEY=..."
              />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="url" label={t('form.url')} required>
              <Input aria-label={t('form.url')} placeholder="https://example.com/mcp" />
            </Form.Item>
            <Form.Item
              name="headers"
              label={t('form.headers')}
              extra={editing ? t('form.envHelpEdit') : undefined}
            >
              <Input.TextArea
                aria-label={t('form.headers')}
                autoSize={{ minRows: 2, maxRows: 6 }}
                placeholder="Authorization: Bearer ..."
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="allowlist" label={t('form.allowlist')}>
          <Select
            mode="tags"
            aria-label={t('form.allowlist')}
            placeholder={t('form.allowlistPlaceholder')}
            open={false}
          />
        </Form.Item>
        {!editing && (
          <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Form>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}
