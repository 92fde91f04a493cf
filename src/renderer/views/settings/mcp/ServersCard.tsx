import { useState } from 'react';
import { App, Button, Card, Empty, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '../../../../shared/contract';
import {
  useEnableMcpServer,
  useMcpServers,
  useRemoveMcpServer,
  useTestMcpServer,
} from '../../../hooks/mcp';
import { ServerFormModal } from './ServerFormModal';

const STATUS_COLOR: Record<McpServerView['status'], string> = {
  idle: 'default',
  connecting: 'processing',
  connected: 'success',
  error: 'error',
  disabled: 'default',
};

/** The configured servers with status, last error, enable switch, test/edit/remove. */
export function ServersCard() {
  const { t } = useTranslation('mcp');
  const { message } = App.useApp();
  const servers = useMcpServers();
  const enable = useEnableMcpServer();
  const remove = useRemoveMcpServer();
  const test = useTestMcpServer();
  const [editing, setEditing] = useState<McpServerView | undefined>();
  const [open, setOpen] = useState(false);

  const runTest = async (s: McpServerView) => {
    const r = await test.mutateAsync({ id: s.id });
    if (r.ok) void message.success(t('servers.testOk', { count: r.tools.length }));
    else void message.error(t('servers.testFailed', { error: r.error ?? '' }));
  };

  return (
    <Card
      title={t('servers.title')}
      extra={
        <Button
          type="primary"
          onClick={() => {
            setEditing(undefined);
            setOpen(true);
          }}
        >
          {t('servers.add')}
        </Button>
      }
    >
      <Table<McpServerView>
        rowKey="id"
        size="small"
        loading={servers.isLoading}
        dataSource={servers.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('servers.empty')} /> }}
        columns={[
          { title: t('servers.name'), dataIndex: 'name' },
          {
            title: t('servers.transport'),
            dataIndex: 'transport',
            render: (v: string) => <Tag>{v}</Tag>,
          },
          {
            title: t('servers.target'),
            render: (_: unknown, s) => (
              <Typography.Text code ellipsis style={{ maxWidth: 260 }}>
                {s.transport === 'stdio' ? [s.command, ...s.args].join(' ') : s.url}
              </Typography.Text>
            ),
          },
          {
            title: t('servers.status'),
            render: (_: unknown, s) => (
              <Space orientation="vertical" size={0}>
                <Tag color={STATUS_COLOR[s.status]}>{t(`servers.statusText.${s.status}`)}</Tag>
                {s.last_error && (
                  <Typography.Text
                    type="danger"
                    style={{ fontSize: 12 }}
                    data-testid={`mcp-error-${s.name}`}
                  >
                    {s.last_error}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: t('servers.tools'), dataIndex: 'tool_count' },
          {
            title: t('servers.enabled'),
            render: (_: unknown, s) => (
              <Switch
                checked={s.enabled}
                aria-label={`${t('servers.enabled')} ${s.name}`}
                onChange={(enabled) => enable.mutate({ id: s.id, enabled })}
              />
            ),
          },
          {
            title: t('servers.actions'),
            render: (_: unknown, s) => (
              <Space>
                <Button
                  size="small"
                  loading={test.isPending && test.variables?.id === s.id}
                  onClick={() => void runTest(s)}
                >
                  {t('servers.test')}
                </Button>
                <Button
                  size="small"
                  onClick={() => {
                    setEditing(s);
                    setOpen(true);
                  }}
                >
                  {t('common:edit')}
                </Button>
                <Popconfirm
                  title={t('servers.removeConfirm', { name: s.name })}
                  onConfirm={() => remove.mutate({ id: s.id })}
                >
                  <Button size="small" danger>
                    {t('common:delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <ServerFormModal open={open} server={editing} onClose={() => setOpen(false)} />
    </Card>
  );
}
