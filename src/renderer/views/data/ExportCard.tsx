import { App as AntApp, Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOpMutation } from '../../hooks/api';

export default function ExportCard() {
  const { t } = useTranslation('data');
  const { message } = AntApp.useApp();
  const exp = useOpMutation('data.export', {
    onError: (e) => void message.error(e.message),
  });
  return (
    <Card title={t('export')}>
      <Space orientation="vertical">
        <Space wrap>
          <Button
            loading={exp.isPending && exp.variables?.format === 'json'}
            onClick={() => exp.mutate({ format: 'json' })}
          >
            {t('exportJson')}
          </Button>
          <Button
            loading={exp.isPending && exp.variables?.format === 'ledger_csv'}
            onClick={() => exp.mutate({ format: 'ledger_csv' })}
          >
            {t('exportCsv')}
          </Button>
        </Space>
        <Typography.Text type="secondary">{t('exportNote')}</Typography.Text>
        {exp.data ? (
          <Typography.Text copyable={{ text: exp.data.path }}>
            {t('exported', { rows: exp.data.rows, path: exp.data.path })}
          </Typography.Text>
        ) : null}
      </Space>
    </Card>
  );
}
