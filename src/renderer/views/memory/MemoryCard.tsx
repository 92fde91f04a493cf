import { Button, Card, Flex, Popconfirm, Rate, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { MemoryHit, MemoryItem } from '../../../shared/contract';

const TYPE_COLOR: Record<string, string> = {
  preference: 'magenta',
  fact: 'blue',
  person: 'green',
  plan: 'orange',
  identity: 'purple',
  other: 'default',
};

interface Props {
  item: MemoryItem | MemoryHit;
  onEdit(item: MemoryItem): void;
  onDelete(item: MemoryItem): void;
  onUndoLearned(item: MemoryItem): void;
}

/** One memory: text, type, importance, expiry, where it came from, and its actions. */
export function MemoryCard({ item, onEdit, onDelete, onUndoLearned }: Props) {
  const { t } = useTranslation('memory');
  const score = 'score' in item ? item.score : null;
  return (
    <Card size="small" data-testid={`memory-${item.id}`}>
      <Flex justify="space-between" align="start" gap={12}>
        <Flex vertical gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text style={{ fontSize: 15 }}>{item.content}</Typography.Text>
          <Flex wrap gap={6} align="center">
            <Tag color={TYPE_COLOR[item.memory_type]}>{t(`types.${item.memory_type}`)}</Tag>
            {item.origin === 'learned' && <Tag color="gold">{t('learned')}</Tag>}
            {item.key && (
              <Typography.Text type="secondary" code>
                {item.key}
              </Typography.Text>
            )}
            <Tooltip title={t('importance')}>
              <Rate
                disabled
                count={5}
                value={item.importance}
                style={{ fontSize: 12 }}
                aria-label={t('importance')}
              />
            </Tooltip>
            <Typography.Text type={item.expired ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
              {item.expired
                ? t('expired')
                : item.expires_at
                  ? t('expires', { date: dayjs(item.expires_at).format('YYYY-MM-DD') })
                  : t('never')}
            </Typography.Text>
            {item.conversation_id !== null && (
              <Typography.Link href={`#/chat/${item.conversation_id}`} style={{ fontSize: 12 }}>
                {t('fromConversation', { id: item.conversation_id })}
              </Typography.Link>
            )}
            {score !== null && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('score', { score: score.toFixed(2) })}
              </Typography.Text>
            )}
          </Flex>
        </Flex>
        <Flex gap={4}>
          {item.origin === 'learned' && (
            <Tooltip title={t('undoLearned')}>
              <Button
                size="small"
                icon={<RollbackOutlined />}
                onClick={() => onUndoLearned(item)}
                aria-label={t('undoLearned')}
              />
            </Tooltip>
          )}
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => onEdit(item)}
            aria-label={t('editTitle')}
          />
          <Popconfirm title={t('deleteConfirm')} onConfirm={() => onDelete(item)}>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('deleteConfirm')} />
          </Popconfirm>
        </Flex>
      </Flex>
    </Card>
  );
}
