import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import {
  CheckOutlined,
  ClockCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  RetweetOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ScheduleItem, ScheduleTab } from '../../../shared/contract';
import { REPEAT_CHOICES } from './ReminderFormModal';
import { clockText, wallText } from '../../format/wallTime';
import { shownTime } from './grouping';
import type { ReminderActions } from './useReminderActions';

export interface ReminderRowProps {
  item: ScheduleItem;
  tab: ScheduleTab;
  /** Show the date too (tabs other than upcoming are not grouped by day). */
  withDate: boolean;
  highlighted: boolean;
  actions: ReminderActions;
  onEdit(item: ScheduleItem): void;
}

export function repeatLabel(repeat: string | null, t: (k: string) => string): string | null {
  if (!repeat) return null;
  return (REPEAT_CHOICES as readonly string[]).includes(repeat) ? t(`repeat.${repeat}`) : repeat;
}

/** One reminder: time, content, state tags and its actions. */
export default function ReminderRow({
  item,
  tab,
  withDate,
  highlighted,
  actions,
  onEdit,
}: ReminderRowProps) {
  const { t } = useTranslation('schedule');
  const time = tab === 'upcoming' ? shownTime(item) : item.trigger_time;
  const rep = repeatLabel(item.repeat, t);
  const pending = item.status === 'PENDING';
  return (
    <Flex
      align="center"
      gap={12}
      data-testid={`reminder-${item.id}`}
      id={`reminder-${item.id}`}
      role="listitem"
      style={{
        padding: '10px 12px',
        borderRadius: 8,
        background: highlighted ? '#f0f5ff' : undefined,
        transition: 'background 0.6s',
      }}
    >
      <Typography.Text
        strong
        style={{ minWidth: withDate ? 132 : 48, fontVariantNumeric: 'tabular-nums' }}
      >
        {withDate ? wallText(time) : clockText(time)}
      </Typography.Text>
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text
          ellipsis={{ tooltip: item.content }}
          delete={item.status === 'EXECUTED'}
          type={item.status === 'CANCELLED' ? 'secondary' : undefined}
        >
          {item.content}
        </Typography.Text>
        <Flex gap={4} wrap>
          {rep && (
            <Tag icon={<RetweetOutlined />} color="blue" variant="filled">
              {rep}
            </Tag>
          )}
          {item.snoozed_until && (
            <Tag icon={<ClockCircleOutlined />} color="gold" variant="filled">
              {t('tag.snoozed', { time: clockText(item.snoozed_until) })}
            </Tag>
          )}
          {item.awaiting_done && !item.snoozed_until && (
            <Tag color="green" variant="filled">
              {t('tag.fired')}
            </Tag>
          )}
        </Flex>
      </Flex>
      <Flex gap={4}>
        {item.status !== 'EXECUTED' && (
          <Tooltip title={t('action.complete')}>
            <Button
              aria-label={t('action.complete')}
              icon={<CheckOutlined />}
              type={item.awaiting_done ? 'primary' : 'text'}
              onClick={() => actions.complete(item.id, item.content)}
            />
          </Tooltip>
        )}
        {(pending || item.status === 'MISSED') && (
          <Tooltip title={t('action.snooze')}>
            <Button
              aria-label={t('action.snooze')}
              icon={<ClockCircleOutlined />}
              type="text"
              onClick={() => actions.snooze(item.id)}
            />
          </Tooltip>
        )}
        <Tooltip title={t('action.edit')}>
          <Button
            aria-label={t('action.edit')}
            icon={<EditOutlined />}
            type="text"
            onClick={() => onEdit(item)}
          />
        </Tooltip>
        <Tooltip title={t('action.delete')}>
          <Button
            aria-label={t('action.delete')}
            icon={<DeleteOutlined />}
            type="text"
            danger
            onClick={() => actions.remove(item)}
          />
        </Tooltip>
      </Flex>
    </Flex>
  );
}
