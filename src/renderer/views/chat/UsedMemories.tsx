import { Collapse } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UsedContext } from '../../hooks/chat';

/** "Used N memories" under an answer, expandable to what was recalled; each links to the Memory view. */
export default function UsedMemories({ used }: { used: UsedContext[] | undefined }) {
  const { t } = useTranslation('chat');
  const memories = (used ?? []).filter((u) => u.kind === 'memory');
  if (!memories.length) return null;
  return (
    <div className="pai-row pai-row-assistant">
      <Collapse
        ghost
        size="small"
        className="pai-used"
        data-testid="used-memories"
        items={[
          {
            key: 'used',
            label: t('usedMemories', { count: memories.length }),
            children: (
              <ul className="pai-used-list">
                {memories.map((m) => (
                  <li key={`${m.kind}:${m.id}`}>
                    <a href="#/memory">{m.label}</a>
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </div>
  );
}
