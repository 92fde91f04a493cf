import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import type { PaiApp } from '../core/app';
import type { InvokeResult } from '../shared/contract';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../shared/transport';
import type { RendererSource } from './origin';

function refused(message: string): InvokeResult<never> {
  return { ok: false, error: { code: 'FORBIDDEN', message } };
}

/** Only the app's own page, in a top-level frame, may call the engine. */
function trustedSender(event: IpcMainInvokeEvent, source: RendererSource): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return source.isAppUrl(frame.url);
}

/**
 * Binds the contract to one invoke channel (input parsed by app.dispatch) and
 * pushes engine events to every live window. Returns the unbinder.
 */
export function bindIpc(pai: PaiApp, source: RendererSource): () => void {
  ipcMain.handle(IPC_INVOKE_CHANNEL, async (event, name: unknown, input: unknown) => {
    if (!trustedSender(event, source))
      return refused('Calls are accepted only from the Pai window');
    if (typeof name !== 'string') {
      return {
        ok: false,
        error: { code: 'VALIDATION_FAILED', message: 'Operation name must be a string' },
      };
    }
    return pai.dispatch(name, input, { actor: 'user' });
  });
  const off = pai.ctx.events.onAny((name, payload) => {
    for (const win of BrowserWindow.getAllWindows()) {
      if (win.isDestroyed() || win.webContents.isDestroyed()) continue;
      win.webContents.send(IPC_EVENT_CHANNEL, name, payload);
    }
  });
  return () => {
    off();
    ipcMain.removeHandler(IPC_INVOKE_CHANNEL);
  };
}
