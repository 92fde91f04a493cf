// The two Electron IPC channels. Kept apart from transport.ts so the sandboxed
// preload can import them without bundling zod.
export const IPC_INVOKE_CHANNEL = 'pai:invoke';
export const IPC_EVENT_CHANNEL = 'pai:event';
