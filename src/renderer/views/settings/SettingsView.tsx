import { lazy, Suspense } from 'react';
import { Spin, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import GeneralTab from './GeneralTab';
import ProvidersTab from './ProvidersTab';
import ToolsMcpTab from './ToolsMcpTab';

const DataView = lazy(() => import('../data/DataView'));
const QuickAddView = lazy(() => import('../quickadd/QuickAddView'));

/** Settings: general, model providers, tools & MCP (ToolsMcpTab), your data, quick add. */
export default function SettingsView() {
  const { t } = useTranslation('settings');
  const lazyTab = (node: React.ReactNode) => <Suspense fallback={<Spin />}>{node}</Suspense>;
  return (
    <div style={{ maxWidth: 1000 }}>
      <Typography.Title level={3}>{t('title')}</Typography.Title>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'general', label: t('tabs.general'), children: <GeneralTab /> },
          { key: 'providers', label: t('tabs.providers'), children: <ProvidersTab /> },
          { key: 'tools', label: t('tabs.tools'), children: <ToolsMcpTab /> },
          { key: 'data', label: t('tabs.data'), children: lazyTab(<DataView />) },
          { key: 'quickadd', label: t('tabs.quickadd'), children: lazyTab(<QuickAddView />) },
        ]}
      />
    </div>
  );
}
