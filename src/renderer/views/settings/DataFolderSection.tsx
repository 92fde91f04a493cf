import { useState } from 'react';
import { Alert, App as AntApp, Button, Divider, Input, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useOp, useOpMutation } from '../../hooks/api';

/** Where the data lives, and moving it: the change is recorded now and used after a restart. */
export default function DataFolderSection() {
  const { t } = useTranslation('settings');
  const { message } = AntApp.useApp();
  const qc = useQueryClient();
  const q = useOp('app.dataDir.get', {});
  const [path, setPath] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const set = useOpMutation('app.dataDir.set', {
    onSuccess: (r) => {
      setDone(r.path);
      void qc.invalidateQueries({ queryKey: ['app'] });
    },
    onError: (e) => void message.error(e.message),
  });
  const target = path.trim();
  const pending = q.data?.pointer && q.data.pointer !== q.data.current ? q.data.pointer : null;

  const action = (move: boolean) => (
    <Popconfirm
      title={
        move
          ? t('dataDir.confirmMove', { path: target })
          : t('dataDir.confirmUse', { path: target })
      }
      okText={t('dataDir.confirmOk')}
      cancelText={t('dataDir.cancel')}
      disabled={!target}
      onConfirm={() => set.mutate({ path: target, move })}
    >
      <Button type={move ? 'primary' : 'default'} disabled={!target} loading={set.isPending}>
        {move ? t('dataDir.move') : t('dataDir.use')}
      </Button>
    </Popconfirm>
  );

  return (
    <section aria-label={t('dataDir.title')} style={{ maxWidth: 560 }}>
      <Divider />
      <Typography.Title level={5}>{t('dataDir.title')}</Typography.Title>
      <Typography.Paragraph>
        {t('dataDir.current')}:{' '}
        <Typography.Text code copyable>
          {q.data?.current ?? '…'}
        </Typography.Text>
      </Typography.Paragraph>
      {(done ?? pending) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('dataDir.restart', { path: done ?? pending })}
        />
      )}
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={t('dataDir.newFolder')}
          placeholder={t('dataDir.placeholder')}
          value={path}
          maxLength={1024}
          onChange={(e) => setPath(e.target.value)}
        />
      </Space.Compact>
      <Space style={{ marginTop: 8 }}>
        {action(true)}
        {action(false)}
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('dataDir.help')}
      </Typography.Paragraph>
    </section>
  );
}
