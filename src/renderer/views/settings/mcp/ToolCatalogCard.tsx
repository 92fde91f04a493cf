import { Button, Card, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CatalogEntry } from '../../../../shared/contract';
import {
  useReapproveTool,
  useSetToolApproval,
  useSetToolEnabled,
  useToolCatalog,
} from '../../../hooks/mcp';

const RISK_COLOR: Record<CatalogEntry['risk'], string> = {
  read: 'green',
  write: 'blue',
  destructive: 'orange',
};

/** Every tool (built-in and MCP) with its on/off switch, risk, approval mode and hold. */
export function ToolCatalogCard() {
  const { t } = useTranslation('mcp');
  const qc = useQueryClient();
  const catalog = useToolCatalog();
  const setEnabled = useSetToolEnabled();
  const setApproval = useSetToolApproval();
  const reapprove = useReapproveTool();

  return (
    <Card
      title={t('catalog.title')}
      extra={
        <Button onClick={() => void qc.invalidateQueries({ queryKey: ['mcp', 'mcp.tools.list'] })}>
          {t('catalog.refresh')}
        </Button>
      }
    >
      <Table<CatalogEntry>
        rowKey={(e) => `${e.source}/${e.name}`}
        size="small"
        loading={catalog.isLoading}
        dataSource={catalog.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          {
            title: t('catalog.name'),
            render: (_: unknown, e) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text code>{e.name}</Typography.Text>
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360, fontSize: 12 }}>
                  {e.description}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('catalog.source'),
            render: (_: unknown, e) => <Tag>{e.server ?? t(`catalog.sources.${e.source}`)}</Tag>,
          },
          {
            title: t('catalog.risk'),
            render: (_: unknown, e) => (
              <Space size={4} wrap>
                <Tag color={RISK_COLOR[e.risk]}>{t(`catalog.risks.${e.risk}`)}</Tag>
                {!e.allowed && <Tag>{t('catalog.notAllowed')}</Tag>}
                {!e.main_agent && e.allowed && !e.held && <Tag>{t('catalog.hidden')}</Tag>}
                {e.held && (
                  <Tooltip title={t('catalog.heldHelp')}>
                    <Tag color="red" data-testid={`held-${e.name}`}>
                      {t('catalog.held')}
                    </Tag>
                  </Tooltip>
                )}
              </Space>
            ),
          },
          {
            title: t('catalog.approval'),
            render: (_: unknown, e) => (
              <Select
                size="small"
                value={e.approval}
                style={{ width: 120 }}
                aria-label={`${t('catalog.approval')} ${e.name}`}
                onChange={(approval) =>
                  setApproval.mutate({ source: e.source, name: e.name, approval })
                }
                options={(['default', 'ask', 'always_allow'] as const).map((v) => ({
                  value: v,
                  label: t(`catalog.approvals.${v}`),
                }))}
              />
            ),
          },
          {
            title: t('catalog.enabled'),
            render: (_: unknown, e) => (
              <Space>
                <Switch
                  size="small"
                  checked={e.enabled}
                  aria-label={`${t('catalog.enabled')} ${e.name}`}
                  onChange={(enabled) =>
                    setEnabled.mutate({ source: e.source, name: e.name, enabled })
                  }
                />
                {e.held && (
                  <Button
                    size="small"
                    type="primary"
                    onClick={() => reapprove.mutate({ name: e.name })}
                  >
                    {t('catalog.reapprove')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
