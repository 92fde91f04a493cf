import { useCallback } from 'react';
import { App, Button, Flex, Typography } from 'antd';
import { BellOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EventPayload } from '../../../shared/contract';
import { useReminderFired, useRemindersMissed } from '../../hooks/schedule';
import { wallText } from '../../format/wallTime';
import { useReminderActions } from './useReminderActions';

const SHOWN_MISSED = 5;

/**
 * In-app toasts for reminder events (the webhost, and the window when it is
 * open; Electron also shows native notifications from the main process).
 * A fired reminder stays until acted on: Complete or Snooze 10 min.
 */
export default function ReminderToasts() {
  const { t } = useTranslation('schedule');
  const { notification } = App.useApp();
  const actions = useReminderActions();

  const onFired = useCallback(
    (p: EventPayload<'reminder.fired'>) => {
      const key = `reminder-${p.schedule_id}-${p.occurrence_at}`;
      notification.open({
        key,
        icon: <BellOutlined style={{ color: '#4f6bed' }} />,
        title: t('toast.title', { content: p.content }),
        description: t(p.late ? 'toast.lateAt' : 'toast.at', { time: wallText(p.trigger_time) }),
        duration: 0,
        role: 'alert',
        actions: (
          <Flex gap={8}>
            <Button
              size="small"
              onClick={() => {
                notification.destroy(key);
                actions.snooze(p.schedule_id);
              }}
            >
              {t('action.snooze')}
            </Button>
            <Button
              size="small"
              type="primary"
              onClick={() => {
                notification.destroy(key);
                actions.complete(p.schedule_id, p.content, p.occurrence_at);
              }}
            >
              {t('action.complete')}
            </Button>
          </Flex>
        ),
      });
    },
    [notification, actions, t],
  );

  const onMissed = useCallback(
    (p: EventPayload<'reminder.missed'>) => {
      notification.open({
        key: 'reminders-missed',
        icon: <WarningOutlined style={{ color: '#faad14' }} />,
        title: t('toast.missedTitle', { count: p.count }),
        description: (
          <Flex vertical>
            {p.items.slice(0, SHOWN_MISSED).map((i) => (
              <Typography.Text key={i.schedule_id}>
                {t('toast.missedItem', { time: wallText(i.trigger_time), content: i.content })}
              </Typography.Text>
            ))}
            {p.items.length > SHOWN_MISSED && (
              <Typography.Text type="secondary">
                {t('toast.missedMore', { count: p.items.length - SHOWN_MISSED })}
              </Typography.Text>
            )}
          </Flex>
        ),
        duration: 0,
        actions: (
          <Button size="small" onClick={() => (window.location.hash = '#/schedule')}>
            {t('action.open')}
          </Button>
        ),
      });
    },
    [notification, t],
  );

  useReminderFired(onFired);
  useRemindersMissed(onMissed);
  return null;
}
