import { EventEmitter } from 'node:events';
import type { EventName, EventPayload } from '../shared/contract';

type AnyListener = (name: EventName, payload: unknown) => void;

/** Typed push events; transports subscribe with onAny and forward them to the UI. */
export class EventBus {
  private readonly emitter = new EventEmitter();
  private readonly anyListeners = new Set<AnyListener>();

  constructor() {
    this.emitter.setMaxListeners(100);
  }

  emit<K extends EventName>(name: K, payload: EventPayload<K>): void {
    this.emitter.emit(name, payload);
    for (const l of this.anyListeners) l(name, payload);
  }

  on<K extends EventName>(name: K, listener: (payload: EventPayload<K>) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }

  onAny(listener: AnyListener): () => void {
    this.anyListeners.add(listener);
    return () => this.anyListeners.delete(listener);
  }
}
