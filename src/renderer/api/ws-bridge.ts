import type { PaiBridge, WsServerMessage } from '../../shared/transport';

/**
 * The webhost transport: one WebSocket to 127.0.0.1 carrying invoke/result and
 * events, authenticated with the per-run token from the page URL. Reconnects
 * with backoff; calls made while disconnected wait for the connection.
 */
export function createWsBridge(loc: Location): PaiBridge {
  const token = new URLSearchParams(loc.search).get('token') ?? '';
  const url = `ws://${loc.host}/ws?token=${encodeURIComponent(token)}`;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const queue: string[] = [];
  let nextId = 1;
  let ws: WebSocket | null = null;
  let delay = 250;

  const connect = (): void => {
    ws = new WebSocket(url);
    ws.onopen = () => {
      delay = 250;
      while (queue.length && ws?.readyState === WebSocket.OPEN) ws.send(queue.shift()!);
    };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(String(ev.data)) as WsServerMessage;
      if (msg.type === 'result') {
        pending.get(msg.id)?.resolve(msg.result);
        pending.delete(msg.id);
      } else {
        listeners.get(msg.name)?.forEach((l) => l(msg.payload));
      }
    };
    ws.onclose = () => {
      for (const [id, p] of pending) {
        p.resolve({
          ok: false,
          error: { code: 'INTERNAL', message: 'Connection to Pai was lost' },
        });
        pending.delete(id);
      }
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 5000);
    };
  };
  connect();

  return {
    invoke(name, input) {
      const id = nextId++;
      const text = JSON.stringify({ type: 'invoke', id, name, input });
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        if (ws?.readyState === WebSocket.OPEN) ws.send(text);
        else queue.push(text);
      });
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return () => listeners.get(event)?.delete(listener);
    },
  };
}
