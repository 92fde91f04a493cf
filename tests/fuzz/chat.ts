// Fuzz fixtures for the chat, conversation, profile, provider and tool-setting operations.
import type { OpName } from '../../src/shared/contract';
import type { FuzzEdge, FuzzValid } from './types';

export const VALID: FuzzValid = {
  'chat.send': [
    { text: '午饭 32' },
    { conversation_id: 1, text: 'hi', images: ['data:image/png;base64,iVBORw0KGgo='] },
  ],
  'chat.resume': [
    { conversation_id: 1, approvals: [{ call_id: 'c1', approved: true }] },
    { conversation_id: 1, clarify: { call_id: 'c2', answer: 'yes' } },
  ],
  'chat.cancel': [{ conversation_id: 1 }],
  'chat.state': [{ conversation_id: 1 }],
  'conversation.list': [{ limit: 10, include_archived: true }],
  'conversation.create': [{ title: 'Trip' }],
  'conversation.rename': [{ id: 1, title: 'New' }],
  'conversation.archive': [{ id: 1, archived: true }],
  'conversation.delete': [{ id: 1 }],
  'conversation.messages': [{ id: 1, limit: 20, before_id: 5 }],
  'conversation.search': [{ query: '午饭', limit: 5 }],
  'profile.get': [{}],
  'profile.update': [{ nickname: '老李', ai_name: '小派', ai_emoji: '🤖' }],
  'providers.get': [{}],
  'providers.update': [{ preset: 'deepseek' }],
  'providers.test': [{}],
};

export const EDGE: FuzzEdge = [
  ['conversation.rename', { id: 999_999, title: 'x' }, 'NOT_FOUND'],
  ['conversation.messages', { id: 999_999 }, 'NOT_FOUND'],
  [
    'chat.resume',
    { conversation_id: 999_999, approvals: [{ call_id: 'c', approved: true }] },
    'NOT_FOUND',
  ],
];

export const WRITES: OpName[] = [
  'chat.send',
  'chat.resume',
  'chat.cancel',
  'conversation.create',
  'conversation.rename',
  'conversation.archive',
  'conversation.delete',
  'profile.update',
  'providers.update',
];
