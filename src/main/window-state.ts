// Remembers the main window's bounds in a small JSON file in userData.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserWindow, Rectangle } from 'electron';
import { z } from 'zod';

const boundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400).max(10_000),
  height: z.number().int().min(300).max(10_000),
});

export function loadBounds(dir: string): Rectangle | undefined {
  try {
    const parsed = boundsSchema.safeParse(
      JSON.parse(readFileSync(join(dir, 'window-state.json'), 'utf8')),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // first start, or an unreadable file: default size
  }
}

/** Saves the bounds whenever the window is about to close. */
export function trackBounds(win: BrowserWindow, dir: string): void {
  win.on('close', () => {
    if (win.isMinimized() || win.isFullScreen()) return;
    try {
      writeFileSync(join(dir, 'window-state.json'), JSON.stringify(win.getNormalBounds()));
    } catch (e) {
      console.error('[window-state] not saved:', e);
    }
  });
}
