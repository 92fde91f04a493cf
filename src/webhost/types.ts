import type { PaiApp } from '../core/app';

/** What the webhost needs of the engine: the dispatcher and the event bus. */
export type WebhostApp = Pick<PaiApp, 'dispatch'> & { ctx: Pick<PaiApp['ctx'], 'events'> };

export interface WebhostOptions {
  app: WebhostApp;
  /** The built renderer (dist-web/). */
  staticDir: string;
  /** 0 or absent: a free port chosen by the system. */
  port?: number;
  /** Largest accepted WebSocket message, bytes (images travel as data URLs). */
  maxPayload?: number;
}

export interface Webhost {
  /** http://127.0.0.1:PORT/?token=... — open this in a browser. */
  url: string;
  token: string;
  port: number;
  /** Closes sockets and the server; the app stays open (its owner closes it). */
  close(): Promise<void>;
}
