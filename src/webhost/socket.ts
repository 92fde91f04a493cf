import type { RawData, WebSocket } from 'ws';
import { wsClientMessageSchema, type WsServerMessage } from '../shared/transport';
import { formatZodError } from '../shared/errors';
import type { InvokeResult } from '../shared/contract';
import type { WebhostApp } from './types';

/** Id used for replies to messages whose own id could not be read (clients start at 1). */
export const UNKNOWN_MESSAGE_ID = 0;

function send(ws: WebSocket, msg: WsServerMessage): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
}

function invalid(message: string): InvokeResult<never> {
  return { ok: false, error: { code: 'VALIDATION_FAILED', message } };
}

function idOf(value: unknown): number {
  if (value && typeof value === 'object' && 'id' in value) {
    const id = (value as { id: unknown }).id;
    if (typeof id === 'number' && Number.isInteger(id)) return id;
  }
  return UNKNOWN_MESSAGE_ID;
}

/**
 * One connected page: every message is parsed with the wire schema, then the
 * operation's own schema inside app.dispatch. Bad messages get a
 * VALIDATION_FAILED result, never a dropped connection or a crash.
 */
export function bindSocket(ws: WebSocket, app: WebhostApp): void {
  ws.on('message', (data: RawData, isBinary: boolean) => {
    void handle(ws, app, data, isBinary);
  });
}

async function handle(
  ws: WebSocket,
  app: WebhostApp,
  data: RawData,
  isBinary: boolean,
): Promise<void> {
  if (isBinary) {
    send(ws, {
      type: 'result',
      id: UNKNOWN_MESSAGE_ID,
      result: invalid('Binary messages are not accepted'),
    });
    return;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(data.toString());
  } catch {
    send(ws, {
      type: 'result',
      id: UNKNOWN_MESSAGE_ID,
      result: invalid('Message is not valid JSON'),
    });
    return;
  }
  const parsed = wsClientMessageSchema.safeParse(raw);
  if (!parsed.success) {
    send(ws, { type: 'result', id: idOf(raw), result: invalid(formatZodError(parsed.error)) });
    return;
  }
  const msg = parsed.data;
  const result = await app.dispatch(msg.name, msg.input, { actor: 'user' });
  let text: string;
  try {
    text = JSON.stringify({ type: 'result', id: msg.id, result } satisfies WsServerMessage);
  } catch {
    text = JSON.stringify({
      type: 'result',
      id: msg.id,
      result: { ok: false, error: { code: 'INTERNAL', message: 'Result could not be serialised' } },
    } satisfies WsServerMessage);
  }
  if (ws.readyState === ws.OPEN) ws.send(text);
}
