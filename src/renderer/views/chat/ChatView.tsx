import { useEffect, useState } from 'react';
import { App as AntApp, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OpInput } from '../../../shared/contract';
import {
  asChatError,
  useChatOps,
  useChatThread,
  useConversationMessages,
  useConversations,
  useCreateConversation,
  useDeleteConversation,
  useProviderState,
  useRenameConversation,
} from '../../hooks/chat';
import ApprovalCard from './ApprovalCard';
import ClarifyCard from './ClarifyCard';
import Composer from './Composer';
import ConversationList from './ConversationList';
import { EmptyThread, NoProvider } from './EmptyThread';
import Thread from './Thread';
import './chat.css';

export default function ChatView() {
  const { t } = useTranslation('chat');
  const { message } = AntApp.useApp();
  const list = useConversations();
  const provider = useProviderState();
  const create = useCreateConversation();
  const rename = useRenameConversation();
  const remove = useDeleteConversation();
  // null = a new, not yet created conversation (created on the first message).
  const [selected, setSelected] = useState<number | null>(null);
  const [picked, setPicked] = useState(false);
  const [busy, setBusy] = useState(false);
  const conversations = list.data?.conversations ?? [];
  const messages = useConversationMessages(selected);
  const { state, markAnswered, clearPending, setError } = useChatThread(selected);
  const ops = useChatOps();

  // Open the most recent conversation the first time the list arrives (also after a restart).
  useEffect(() => {
    if (!picked && list.data) {
      setPicked(true);
      if (list.data.conversations[0]) setSelected(list.data.conversations[0].id);
    }
  }, [picked, list.data]);

  const configured = provider.data?.configured ?? true;

  const send = async (text: string, images: string[] = []): Promise<boolean> => {
    setError(null);
    try {
      let id = selected;
      if (id === null) {
        id = (await create.mutateAsync({})).id;
        setSelected(id);
      }
      await ops.send({ conversation_id: id, text, ...(images.length ? { images } : {}) });
      return true;
    } catch (e) {
      setError(asChatError(e));
      return false;
    }
  };

  const resume = async (input: OpInput<'chat.resume'>) => {
    setBusy(true);
    try {
      const r = await ops.resume(input);
      if (r.resumed) clearPending();
    } catch (e) {
      setError(asChatError(e));
    } finally {
      setBusy(false);
    }
  };

  const stop = () => {
    if (selected === null) return;
    ops.cancel(selected).catch((e: unknown) => setError(asChatError(e)));
  };

  const pending = state.pending;
  const cards =
    selected === null || !pending ? null : pending.kind === 'approval' ? (
      <>
        {pending.calls.map((c) => (
          <ApprovalCard
            key={c.call_id}
            call={c}
            busy={busy}
            answered={pending.answered[c.call_id]}
            onAnswer={(approved, always) => {
              markAnswered(c.call_id, approved);
              void resume({
                conversation_id: selected,
                approvals: [
                  { call_id: c.call_id, approved, ...(always ? { always_allow: true } : {}) },
                ],
              });
            }}
          />
        ))}
      </>
    ) : (
      <ClarifyCard
        question={pending.question}
        options={pending.options}
        busy={busy}
        onAnswer={(answer) =>
          void resume({ conversation_id: selected, clarify: { call_id: pending.call_id, answer } })
        }
      />
    );

  return (
    <div className="pai-chat">
      <ConversationList
        conversations={conversations}
        selected={selected}
        onSelect={setSelected}
        onNew={() => setSelected(null)}
        onRename={(id, title) =>
          rename.mutate({ id, title }, { onError: (e) => void message.error(e.message) })
        }
        onDelete={(id) =>
          remove.mutate(
            { id },
            {
              onSuccess: () => selected === id && setSelected(null),
              onError: (e) => void message.error(e.message),
            },
          )
        }
      />
      <div className="pai-chat-main">
        {!configured ? (
          <div className="pai-thread">
            <NoProvider />
          </div>
        ) : selected !== null && messages.isLoading ? (
          <Spin />
        ) : (
          <Thread
            messages={selected === null ? [] : (messages.data?.messages ?? [])}
            live={state.items}
            used={state.used}
            turn={state.turn}
            running={state.running}
            error={state.error}
            cards={cards}
            empty={<EmptyThread disabled={!configured} onPick={(text) => void send(text)} />}
          />
        )}
        {messages.error && (
          <span role="alert">{t('loadFailed', { message: messages.error.message })}</span>
        )}
        <Composer running={state.running} disabled={!configured} onSend={send} onStop={stop} />
      </div>
    </div>
  );
}
