// Sandboxed preload: exposes window.pai = { invoke, on } and nothing else.
// Only the two channel names cross; main validates every call.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../shared/ipc-channels';
import type { PaiBridge } from '../shared/transport';

type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();

// One subscription for all events; listeners never see the IpcRendererEvent (it carries `sender`).
ipcRenderer.on(IPC_EVENT_CHANNEL, (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
  if (typeof name !== 'string') return;
  for (const l of listeners.get(name) ?? []) l(payload);
});

const bridge: PaiBridge = {
  invoke(name, input) {
    if (typeof name !== 'string')
      return Promise.reject(new TypeError('operation name must be a string'));
    return ipcRenderer.invoke(IPC_INVOKE_CHANNEL, name, input);
  },
  on(event, listener) {
    if (typeof event !== 'string' || typeof listener !== 'function') {
      throw new TypeError('on(event: string, listener: function)');
    }
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  },
};

contextBridge.exposeInMainWorld('pai', bridge);
