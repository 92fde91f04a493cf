import { App as AntApp, Select, Switch, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ToolInfo } from '../../../shared/contract';
import { useOp, useOpMutation } from '../../hooks/api';

const RISK_COLOR = { read: 'green', write: 'blue', destructive: 'red' } as const;

/** Per tool: on/off and approval (by risk, always ask, always allow). */
export default function ToolsTab() {
  const { t } = useTranslation('settings');
  const { message } = AntApp.useApp();
  const q = useOp('tools.list', {});
  const update = useOpMutation('tools.update', {
    onSuccess: () => void q.refetch(),
    onError: (e) => void message.error(e.message),
  });
  return (
    <Table<ToolInfo>
      size="small"
      rowKey={(r) => `${r.source}:${r.name}`}
      loading={q.isLoading}
      dataSource={q.data?.tools ?? []}
      pagination={false}
      columns={[
        {
          title: t('toolName'),
          dataIndex: 'name',
          render: (n: string, r) => <span title={r.description}>{n}</span>,
        },
        {
          title: t('risk'),
          dataIndex: 'risk',
          render: (r: ToolInfo['risk']) => <Tag color={RISK_COLOR[r]}>{t(`riskLevel.${r}`)}</Tag>,
        },
        {
          title: t('enabled'),
          dataIndex: 'enabled',
          render: (on: boolean, r) => (
            <Switch
              aria-label={`${r.name} ${t('enabled')}`}
              checked={on}
              onChange={(enabled) => update.mutate({ source: r.source, name: r.name, enabled })}
            />
          ),
        },
        {
          title: t('approval'),
          dataIndex: 'approval',
          render: (a: ToolInfo['approval'], r) => (
            <Select
              aria-label={`${r.name} ${t('approval')}`}
              value={a}
              style={{ width: 140 }}
              onChange={(approval) => update.mutate({ source: r.source, name: r.name, approval })}
              options={(['default', 'ask', 'always_allow'] as const).map((v) => ({
                value: v,
                label: t(`approvalMode.${v}`),
              }))}
            />
          ),
        },
      ]}
    />
  );
}
