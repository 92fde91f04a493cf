import { Fragment, useEffect, useRef } from 'react';
import { Alert, Button, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../shared/contract';
import type { ChatError, LiveItem, UsedContext } from '../../hooks/chat';
import Markdown from './Markdown';
import ToolCard, { type ToolCardData } from './ToolCard';
import UsedMemories from './UsedMemories';
import UserImages from './UserImages';

function Bubble({ role, children }: { role: 'user' | 'assistant'; children: React.ReactNode }) {
  return (
    <div className={`pai-row pai-row-${role}`}>
      <div className={`pai-bubble pai-bubble-${role}`} data-testid={`bubble-${role}`}>
        {children}
      </div>
    </div>
  );
}

/** Union of two used lists, each item once (a turn can make several model calls). */
function mergeUsed(a: UsedContext[] | undefined, b: UsedContext[] | undefined): UsedContext[] {
  const out = [...(a ?? [])];
  for (const u of b ?? []) if (!out.some((o) => o.kind === u.kind && o.id === u.id)) out.push(u);
  return out;
}

/** Stored messages as bubbles and tool cards (a tool message's args come from its assistant's tool_calls). */
function StoredMessages({
  messages,
  used,
}: {
  messages: ChatMessage[];
  used: Record<string, UsedContext[]>;
}) {
  const { t } = useTranslation('chat');
  const args = new Map<string, unknown>();
  for (const m of messages) for (const c of m.tool_calls ?? []) args.set(c.id, c.args);
  // The hint goes under the last answer bubble of its turn.
  const lastAnswer = new Map<string, number>();
  for (const m of messages)
    if (m.role === 'assistant' && m.content) lastAnswer.set(m.turn_id, m.id);
  // Stored with the answers (every model step of the turn), merged with what this session saw live.
  const usedOf = new Map<string, UsedContext[]>();
  for (const m of messages)
    if (m.used) usedOf.set(m.turn_id, mergeUsed(usedOf.get(m.turn_id), m.used));
  return (
    <>
      {messages.map((m) => {
        if (m.role === 'tool' && m.tool) {
          const card: ToolCardData = {
            call_id: m.tool.call_id,
            name: m.tool.name,
            args: args.get(m.tool.call_id),
            status: m.tool.status,
            summary: m.tool.summary ?? m.content,
            content: m.content,
            latency_ms: m.tool.latency_ms,
          };
          return <ToolCard key={m.id} card={card} />;
        }
        if (m.role === 'assistant' && !m.content) return null;
        const role = m.role === 'user' ? 'user' : 'assistant';
        return (
          <Fragment key={m.id}>
            <Bubble role={role}>
              {role === 'user' ? (
                <>
                  <UserImages images={m.images} />
                  <div className="pai-user-text">{m.content}</div>
                </>
              ) : (
                <Markdown text={m.content} />
              )}
              {m.status === 'cancelled' && <Tag>{t('stopped')}</Tag>}
            </Bubble>
            {lastAnswer.get(m.turn_id) === m.id && (
              <UsedMemories used={mergeUsed(usedOf.get(m.turn_id), used[m.turn_id])} />
            )}
          </Fragment>
        );
      })}
    </>
  );
}

function LiveItems({ items }: { items: LiveItem[] }) {
  return (
    <>
      {items.map((it) =>
        it.kind === 'text' ? (
          it.text ? (
            <Bubble key={`s${it.step}`} role="assistant">
              <Markdown text={it.text} />
            </Bubble>
          ) : (
            <Fragment key={`s${it.step}`} />
          )
        ) : (
          <ToolCard key={it.call_id} card={it} />
        ),
      )}
    </>
  );
}

interface Props {
  messages: ChatMessage[];
  live: LiveItem[];
  /** Memories each turn used (chat.event context), by turn_id; `turn` is the one streaming. */
  used: Record<string, UsedContext[]>;
  turn: string | null;
  running: boolean;
  error: ChatError | null;
  cards: React.ReactNode;
  empty: React.ReactNode;
}

/** The thread: stored history, what the running turn streams, the cards waiting for the person; keeps to the bottom. */
export default function Thread({
  messages,
  live,
  used,
  turn,
  running,
  error,
  cards,
  empty,
}: Props) {
  const { t } = useTranslation('chat');
  const end = useRef<HTMLDivElement>(null);
  const lastText = live.length ? JSON.stringify(live[live.length - 1]).length : 0;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, live.length, lastText, running, error, cards]);

  const nothing = messages.length === 0 && live.length === 0 && !running && !error && !cards;
  return (
    <div className="pai-thread" data-testid="thread">
      {nothing ? (
        empty
      ) : (
        <div className="pai-thread-items">
          <StoredMessages messages={messages} used={used} />
          <LiveItems items={live} />
          {running && turn && live.some((it) => it.kind === 'text' && it.text) && (
            <UsedMemories used={used[turn]} />
          )}
          {running && (
            <Typography.Text type="secondary" className="pai-thinking">
              <Spin size="small" /> {t('thinking')}
            </Typography.Text>
          )}
          {cards}
          {error && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={t('error.title')}
              description={error.message}
              action={
                error.code === 'NOT_CONFIGURED' ? (
                  <Button size="small" href="#/settings">
                    {t('error.openSettings')}
                  </Button>
                ) : undefined
              }
            />
          )}
        </div>
      )}
      <div ref={end} />
    </div>
  );
}
