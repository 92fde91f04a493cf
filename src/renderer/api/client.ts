import type {
  EventName,
  EventPayload,
  InvokeResult,
  OpInput,
  OpName,
  OpOutput,
} from '../../shared/contract';
import type { ErrorEnvelope } from '../../shared/errors';
import type { PaiBridge } from '../../shared/transport';
import { createWsBridge } from './ws-bridge';

/** An error from the engine, carrying the envelope's stable code. */
export class ApiError extends Error {
  readonly code: ErrorEnvelope['code'];
  readonly details?: unknown;
  constructor(env: ErrorEnvelope) {
    super(env.message);
    this.code = env.code;
    this.details = env.details;
  }
}

/** The typed client views reach through hooks; one implementation per transport. */
export interface PaiClient {
  invoke<K extends OpName>(name: K, input: OpInput<K>): Promise<OpOutput<K>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

function fromBridge(bridge: PaiBridge): PaiClient {
  return {
    async invoke(name, input) {
      const res = (await bridge.invoke(name, input)) as InvokeResult<never>;
      if (!res.ok) throw new ApiError(res.error);
      return res.data;
    },
    on(event, listener) {
      return bridge.on(event, listener as (p: unknown) => void);
    },
  };
}

declare global {
  interface Window {
    pai?: PaiBridge;
  }
}

let client: PaiClient | null = null;

/** Electron preload bridge when present, else the webhost WebSocket. */
export function getClient(): PaiClient {
  if (!client) client = fromBridge(window.pai ?? createWsBridge(window.location));
  return client;
}
