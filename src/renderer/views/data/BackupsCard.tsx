import { Alert, App as AntApp, Button, Card, Popconfirm, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BackupInfo } from '../../../shared/contract';
import { useOp, useOpMutation } from '../../hooks/api';

function size(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(0)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export default function BackupsCard() {
  const { t } = useTranslation('data');
  const { message } = AntApp.useApp();
  const list = useOp('backup.list', {});
  const create = useOpMutation('backup.create', {
    onSuccess: () => {
      void message.success(t('backupDone'));
      void list.refetch();
    },
    onError: (e) => void message.error(e.message),
  });
  const restore = useOpMutation('backup.restore', {
    onSuccess: (r) => {
      void message.success(t('restored', { name: r.previous.name }));
      void list.refetch();
    },
    onError: (e) => void message.error(e.message),
  });
  const last = list.data?.last_auto;
  return (
    <Card
      title={t('backups')}
      extra={
        <Button type="primary" loading={create.isPending} onClick={() => create.mutate({})}>
          {t('backupNow')}
        </Button>
      }
    >
      {last ? (
        <Alert
          style={{ marginBottom: 12 }}
          type={last.ok ? 'info' : 'error'}
          title={
            last.ok
              ? t('lastAuto', { at: last.at })
              : t('lastAutoFailed', { at: last.at, error: last.error })
          }
        />
      ) : null}
      {list.error ? <Alert type="error" title={list.error.message} /> : null}
      <Table<BackupInfo>
        size="small"
        rowKey="name"
        loading={list.isLoading}
        dataSource={list.data?.backups ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('noBackups') }}
        columns={[
          {
            title: t('createdAt'),
            dataIndex: 'created_at',
            render: (v: string) => v.replace('T', ' '),
          },
          {
            title: '',
            dataIndex: 'kind',
            render: (k: BackupInfo['kind']) => <Tag>{t(`kind.${k}`)}</Tag>,
          },
          {
            title: t('name'),
            dataIndex: 'name',
            render: (n: string) => <Typography.Text code>{n}</Typography.Text>,
          },
          { title: t('size'), dataIndex: 'bytes', render: (b: number) => size(b) },
          {
            key: 'restore',
            render: (_v, b) => (
              <Popconfirm
                title={t('restoreConfirm')}
                onConfirm={() => restore.mutate({ name: b.name, confirm: true })}
              >
                <Button
                  size="small"
                  danger
                  loading={restore.isPending && restore.variables?.name === b.name}
                >
                  {t('restore')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}
