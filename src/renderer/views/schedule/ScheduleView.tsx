import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Skeleton, Tabs, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ScheduleItem, ScheduleTab } from '../../../shared/contract';
import { useAppInfo, useScheduleList } from '../../hooks/schedule';
import ReminderFormModal from './ReminderFormModal';
import ReminderRow from './ReminderRow';
import { dateLabel, groupByDay, type DayGroup } from './grouping';
import { nowInZone } from '../../format/wallTime';
import { useReminderActions } from './useReminderActions';

const TABS: ScheduleTab[] = ['upcoming', 'done', 'cancelled', 'missed'];

/** `#/schedule/42` (from a notification click) → 42. */
function linkedId(): number | null {
  const m = /^#\/schedule\/(\d+)/.exec(window.location.hash);
  return m ? Number(m[1]) : null;
}

function useLinkedId(): number | null {
  const [id, setId] = useState(linkedId);
  useEffect(() => {
    const on = () => setId(linkedId());
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return id;
}

/** The person's wall time now, refreshed each minute so "today" and "due now" stay right. */
function useNowWall(zone: string | undefined): string {
  const [now, setNow] = useState(() => nowInZone(zone).format('YYYY-MM-DDTHH:mm:ss'));
  useEffect(() => {
    const tick = () => setNow(nowInZone(zone).format('YYYY-MM-DDTHH:mm:ss'));
    tick();
    const h = window.setInterval(tick, 30_000);
    return () => window.clearInterval(h);
  }, [zone]);
  return now;
}

export default function ScheduleView() {
  const { t, i18n } = useTranslation('schedule');
  const info = useAppInfo();
  const zone = info.data?.timeZone;
  const [tab, setTab] = useState<ScheduleTab>('upcoming');
  const [form, setForm] = useState<{ open: boolean; item: ScheduleItem | null }>({
    open: false,
    item: null,
  });
  const linked = useLinkedId();
  const nowWall = useNowWall(zone);
  const list = useScheduleList(tab);
  const actions = useReminderActions();
  const items = useMemo(() => list.data?.items ?? [], [list.data]);

  useEffect(() => {
    if (linked === null || !items.some((i) => i.id === linked)) return;
    document
      .getElementById(`reminder-${linked}`)
      ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [linked, items]);

  const openNew = () => setForm({ open: true, item: null });
  const edit = (item: ScheduleItem) => setForm({ open: true, item });

  const row = (item: ScheduleItem, withDate: boolean) => (
    <ReminderRow
      key={item.id}
      item={item}
      tab={tab}
      withDate={withDate}
      highlighted={item.id === linked}
      actions={actions}
      onEdit={edit}
    />
  );

  const groupTitle = (g: DayGroup) =>
    g.kind === 'date'
      ? dateLabel(g.date!, nowWall.slice(0, 10), i18n.language)
      : t(`groups.${g.kind}`);

  const body = () => {
    if (list.isError) {
      return (
        <Alert
          type="error"
          showIcon
          title={t('common:error', { message: list.error.message })}
          action={<Button onClick={() => void list.refetch()}>{t('common:retry')}</Button>}
        />
      );
    }
    if (list.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
    if (items.length === 0) {
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Flex vertical gap={4}>
              <Typography.Text>{t(`empty.${tab}`)}</Typography.Text>
              {tab === 'upcoming' && (
                <Typography.Text type="secondary">{t('empty.upcomingHint')}</Typography.Text>
              )}
            </Flex>
          }
        >
          {tab === 'upcoming' && (
            <Button type="primary" icon={<PlusOutlined />} onClick={openNew}>
              {t('new')}
            </Button>
          )}
        </Empty>
      );
    }
    if (tab !== 'upcoming') {
      return (
        <Card size="small" styles={{ body: { padding: 4 } }}>
          <div role="list" aria-label={t(`tabs.${tab}`)}>
            {items.map((i) => row(i, true))}
          </div>
        </Card>
      );
    }
    return (
      <Flex vertical gap={16}>
        {groupByDay(items, nowWall).map((g) => (
          <section key={g.key} aria-label={groupTitle(g)}>
            <Typography.Title
              level={5}
              type={g.kind === 'due' ? 'danger' : undefined}
              style={{ margin: '0 0 8px 4px' }}
            >
              {groupTitle(g)}
            </Typography.Title>
            <Card size="small" styles={{ body: { padding: 4 } }}>
              <div role="list">{g.items.map((i) => row(i, false))}</div>
            </Card>
          </section>
        ))}
      </Flex>
    );
  };

  return (
    <Flex vertical gap={8} style={{ maxWidth: 880 }}>
      <Flex align="center" justify="space-between">
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={openNew}>
          {t('new')}
        </Button>
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as ScheduleTab)}
        items={TABS.map((k) => ({ key: k, label: t(`tabs.${k}`) }))}
      />
      {body()}
      <ReminderFormModal
        open={form.open}
        item={form.item}
        zone={zone}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
      />
    </Flex>
  );
}
