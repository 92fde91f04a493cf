import { Suspense, useEffect, useState } from 'react';
import { Layout, Menu, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROUTES } from './routes';
import NotBuilt from './views/placeholder/NotBuilt';
import { useDataChangedInvalidation } from './hooks/api';
import ReminderToasts from './views/schedule/ReminderToasts';

const { Sider, Content } = Layout;

function currentKey(): string {
  const k = window.location.hash.replace(/^#\/?/, '').split('/')[0];
  return ROUTES.some((r) => r.key === k) ? k! : 'ledger';
}

export default function App() {
  const { t } = useTranslation();
  const [key, setKey] = useState(currentKey);
  useDataChangedInvalidation();
  useEffect(() => {
    const onHash = () => setKey(currentKey());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const route = ROUTES.find((r) => r.key === key)!;
  const View = route.view;
  // The tray's quick-add window (#/quickadd/window) shows the view alone, without the app frame.
  if (View && window.location.hash.startsWith('#/quickadd/window')) {
    return (
      <div style={{ padding: 16 }}>
        <Suspense fallback={<Spin />}>
          <View />
        </Suspense>
      </div>
    );
  }
  return (
    <Layout style={{ height: '100vh' }}>
      <ReminderToasts />
      <Sider theme="light" width={180} style={{ borderRight: '1px solid #f0f0f0' }}>
        <Typography.Title level={4} style={{ padding: '16px 24px', margin: 0 }}>
          {t('appName')}
        </Typography.Title>
        <Menu
          mode="inline"
          selectedKeys={[key]}
          style={{ borderInlineEnd: 'none' }}
          onClick={(e) => {
            window.location.hash = `#/${e.key}`;
          }}
          items={ROUTES.map((r) => ({ key: r.key, icon: <r.icon />, label: t(r.label) }))}
        />
      </Sider>
      <Content style={{ overflow: 'auto', padding: 24 }}>
        <Suspense fallback={<Spin aria-label={t('loading')} />}>
          {View ? <View /> : <NotBuilt name={t(route.label)} />}
        </Suspense>
      </Content>
    </Layout>
  );
}
