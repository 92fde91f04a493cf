import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatEvent, OpInput, Pending, UsedContext } from '../../shared/contract';
import { ApiError, getClient } from '../api/client';
import { opKey, useEvent, useOp, useOpMutation } from './api';

/** Conversations, newest activity first (the engine orders them). */
export function useConversations() {
  return useOp('conversation.list', { limit: 200 });
}

export function useConversationMessages(id: number | null) {
  return useOp('conversation.messages', { id: id ?? 0, limit: 500 }, { enabled: id !== null });
}

export function useProviderState() {
  return useOp('providers.get', {});
}

function useInvalidateConversations() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['conversation'] });
}

export function useCreateConversation() {
  const invalidate = useInvalidateConversations();
  return useOpMutation('conversation.create', { onSuccess: invalidate });
}
export function useRenameConversation() {
  const invalidate = useInvalidateConversations();
  return useOpMutation('conversation.rename', { onSuccess: invalidate });
}
export function useDeleteConversation() {
  const invalidate = useInvalidateConversations();
  return useOpMutation('conversation.delete', { onSuccess: invalidate });
}

/** What the running turn has streamed so far, in order; replaced by stored messages at turn end. */
export type LiveItem =
  | { kind: 'text'; step: number; text: string }
  | {
      kind: 'tool';
      call_id: string;
      name: string;
      args: unknown;
      status: 'running' | 'ok' | 'error' | 'skipped';
      summary?: string;
      latency_ms?: number;
      error?: string;
    };

export interface ChatError {
  code: string;
  message: string;
}

/** A memory (or other reference data) the engine put into the prompt for a turn. */
export type { UsedContext };

export interface LiveState {
  running: boolean;
  items: LiveItem[];
  pending: Pending | null;
  error: ChatError | null;
  /** What each turn used, by turn_id, from the live events; stored answers carry it too (ChatMessage.used). */
  used: Record<string, UsedContext[]>;
  /** The turn streaming now (or last streamed), for the live hint. */
  turn: string | null;
}

type Action =
  | { type: 'event'; event: ChatEvent }
  | { type: 'reset' }
  | { type: 'clearLive' }
  | { type: 'pending'; pending: Pending | null; running: boolean }
  | { type: 'answered'; call_id: string; approved: boolean }
  | { type: 'error'; error: ChatError | null };

const initial: LiveState = {
  running: false,
  items: [],
  pending: null,
  error: null,
  used: {},
  turn: null,
};

function textItem(items: LiveItem[], step: number, update: (old: string) => string): LiveItem[] {
  const i = items.findIndex((x) => x.kind === 'text' && x.step === step);
  if (i < 0) return [...items, { kind: 'text', step, text: update('') }];
  const old = items[i] as Extract<LiveItem, { kind: 'text' }>;
  return items.map((x, j) => (j === i ? { ...old, text: update(old.text) } : x));
}

function onEvent(s: LiveState, e: ChatEvent): LiveState {
  switch (e.type) {
    case 'turn_start':
      // Earlier parts of a resumed turn are already stored; stream only what comes now.
      return { ...s, running: true, error: null, pending: null, items: [], turn: e.turn_id };
    case 'token':
      return { ...s, items: textItem(s.items, e.step, (old) => old + e.delta) };
    case 'message':
      return { ...s, items: textItem(s.items, e.step, () => e.content) };
    case 'tool_start':
      return {
        ...s,
        items: [
          ...s.items,
          { kind: 'tool', call_id: e.call_id, name: e.name, args: e.args, status: 'running' },
        ],
      };
    case 'tool_end':
      return {
        ...s,
        items: s.items.map((x) =>
          x.kind === 'tool' && x.call_id === e.call_id
            ? {
                ...x,
                status: e.status,
                summary: e.summary,
                latency_ms: e.latency_ms,
                error: e.error?.message,
              }
            : x,
        ),
      };
    case 'approval_request':
      return {
        ...s,
        pending: { kind: 'approval', turn_id: e.turn_id, calls: e.calls, answered: {} },
      };
    case 'clarify_request':
      return {
        ...s,
        pending: {
          kind: 'clarify',
          turn_id: e.turn_id,
          call_id: e.call_id,
          question: e.question,
          options: e.options,
        },
      };
    case 'error':
      return { ...s, error: { code: e.code, message: e.message } };
    case 'turn_end':
      return { ...s, running: false };
    case 'context': {
      // One event per model call of the turn: merge, same item once.
      const old = s.used[e.turn_id] ?? [];
      const fresh = e.used.filter((u) => !old.some((o) => o.kind === u.kind && o.id === u.id));
      return fresh.length ? { ...s, used: { ...s.used, [e.turn_id]: [...old, ...fresh] } } : s;
    }
  }
}

function reducer(s: LiveState, a: Action): LiveState {
  switch (a.type) {
    case 'event':
      return onEvent(s, a.event);
    case 'reset':
      return initial;
    case 'clearLive':
      return { ...s, items: [] };
    case 'pending':
      return { ...s, pending: a.pending, running: a.running };
    case 'answered':
      if (s.pending?.kind !== 'approval') return s;
      return {
        ...s,
        pending: { ...s.pending, answered: { ...s.pending.answered, [a.call_id]: a.approved } },
      };
    case 'error':
      return { ...s, error: a.error };
  }
}

/**
 * The live state of one conversation, driven by chat.event. On opening it asks
 * chat.state (pending approval/clarify survives a restart); at turn end it refetches
 * the stored messages and then drops the streamed copy.
 */
export function useChatThread(conversationId: number | null) {
  const [state, dispatch] = useReducer(reducer, initial);
  const qc = useQueryClient();
  const idRef = useRef(conversationId);

  useEffect(() => {
    idRef.current = conversationId;
    dispatch({ type: 'reset' });
    if (conversationId === null) return;
    let alive = true;
    getClient()
      .invoke('chat.state', { conversation_id: conversationId })
      .then((st) => {
        if (alive) dispatch({ type: 'pending', pending: st.pending, running: st.running });
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [conversationId]);

  const refetchMessages = useCallback(
    async (id: number) => {
      await qc.refetchQueries({ queryKey: opKey('conversation.messages', { id, limit: 500 }) });
      void qc.invalidateQueries({ queryKey: opKey('conversation.list', { limit: 200 }) });
    },
    [qc],
  );

  const listener = useCallback(
    (e: ChatEvent) => {
      if (e.conversation_id !== idRef.current) return;
      dispatch({ type: 'event', event: e });
      if (e.type === 'turn_start') void refetchMessages(e.conversation_id);
      if (e.type === 'turn_end') {
        void refetchMessages(e.conversation_id).then(() => {
          if (idRef.current === e.conversation_id) dispatch({ type: 'clearLive' });
        });
      }
    },
    [refetchMessages],
  );
  useEvent('chat.event', listener);

  return {
    state,
    markAnswered: (call_id: string, approved: boolean) =>
      dispatch({ type: 'answered', call_id, approved }),
    clearPending: () => dispatch({ type: 'pending', pending: null, running: true }),
    setError: (error: ChatError | null) => dispatch({ type: 'error', error }),
    refetchMessages,
  };
}

/** The chat operations a view triggers (their progress arrives as chat.event, not as query data). */
export function useChatOps() {
  return {
    send: (input: OpInput<'chat.send'>) => getClient().invoke('chat.send', input),
    resume: (input: OpInput<'chat.resume'>) => getClient().invoke('chat.resume', input),
    cancel: (conversation_id: number) => getClient().invoke('chat.cancel', { conversation_id }),
  };
}

/** An engine error (or anything thrown) as the code + plain message the thread shows. */
export function asChatError(e: unknown): ChatError {
  return e instanceof ApiError
    ? { code: e.code, message: e.message }
    : { code: 'INTERNAL', message: String(e) };
}
