import { useRef, useState } from 'react';
import { Button, Empty, Input, Popconfirm, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../../shared/contract';

interface Props {
  conversations: Conversation[];
  selected: number | null;
  onSelect: (id: number) => void;
  onNew: () => void;
  onRename: (id: number, title: string) => void;
  onDelete: (id: number) => void;
}

/** Conversations, newest activity first: switch, rename inline, delete after a confirmation. */
export default function ConversationList({
  conversations,
  selected,
  onSelect,
  onNew,
  onRename,
  onDelete,
}: Props) {
  const { t } = useTranslation('chat');
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  // Enter commits and unmounts the input, which then blurs: commit once.
  const committed = useRef(false);

  const commit = (id: number, save: boolean) => {
    if (committed.current) return;
    committed.current = true;
    const title = draft.trim();
    setEditing(null);
    if (save && title && title !== conversations.find((c) => c.id === id)?.title)
      onRename(id, title);
  };

  return (
    <div className="pai-conv-list">
      <Button type="primary" icon={<PlusOutlined />} block onClick={onNew}>
        {t('newChat')}
      </Button>
      {conversations.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noConversations')} />
      ) : (
        <ul aria-label={t('title')} className="pai-conv-ul">
          {conversations.map((c) => (
            <li
              key={c.id}
              className={c.id === selected ? 'pai-conv pai-conv-active' : 'pai-conv'}
              aria-current={c.id === selected ? 'true' : undefined}
              onClick={() => editing !== c.id && onSelect(c.id)}
            >
              {editing === c.id ? (
                <Input
                  size="small"
                  autoFocus
                  aria-label={t('rename')}
                  value={draft}
                  maxLength={100}
                  onChange={(e) => setDraft(e.target.value)}
                  onPressEnter={() => commit(c.id, true)}
                  onBlur={() => commit(c.id, true)}
                  onKeyDown={(e) => e.key === 'Escape' && commit(c.id, false)}
                />
              ) : (
                <>
                  <Typography.Text ellipsis className="pai-conv-title" title={c.title}>
                    {c.title || t('untitled')}
                  </Typography.Text>
                  <span className="pai-conv-actions" onClick={(e) => e.stopPropagation()}>
                    <Tooltip title={t('rename')}>
                      <Button
                        size="small"
                        type="text"
                        aria-label={t('rename')}
                        icon={<EditOutlined />}
                        onClick={() => {
                          committed.current = false;
                          setDraft(c.title);
                          setEditing(c.id);
                        }}
                      />
                    </Tooltip>
                    <Popconfirm
                      title={t('deleteConfirm')}
                      okText={t('delete')}
                      cancelText={t('cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => onDelete(c.id)}
                    >
                      <Button
                        size="small"
                        type="text"
                        aria-label={t('delete')}
                        icon={<DeleteOutlined />}
                      />
                    </Popconfirm>
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
