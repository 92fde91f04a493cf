import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export default function NotBuilt({ name }: { name: string }) {
  const { t } = useTranslation();
  return <Result status="info" title={t('notBuiltTitle')} subTitle={t('notBuilt', { name })} />;
}
