// Wire format of the webhost WebSocket (the Electron preload uses the same
// invoke/on shape over ipcRenderer). Validated on both ends.
import { z } from 'zod';
import { errorEnvelopeSchema } from './errors';

export const wsClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('invoke'),
    id: z.number().int(),
    name: z.string().max(100),
    input: z.unknown(),
  }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessageSchema>;

export const invokeResultSchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: errorEnvelopeSchema }),
]);

export const wsServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('result'), id: z.number().int(), result: invokeResultSchema }),
  z.object({ type: z.literal('event'), name: z.string(), payload: z.unknown() }),
]);
export type WsServerMessage = z.infer<typeof wsServerMessageSchema>;

/** What the preload exposes as window.pai, and what the WebSocket client implements. */
export interface PaiBridge {
  invoke(name: string, input: unknown): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

export { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from './ipc-channels';
