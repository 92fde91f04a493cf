import { createInterface } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';
import { createApp } from '../../core/app';
import { dataLocation } from '../../core/datadir';
import type { ChatEvent } from '../../shared/contract';
import type { CliCommand } from './index';

export interface ChatIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  /** Ask on the terminal; without one, approvals are refused (nothing destructive runs unattended). */
  interactive: boolean;
  env: NodeJS.ProcessEnv;
  dataDir?: string;
}

const USAGE = 'usage: pai chat "<message>" [--conversation ID]\n';

function parseArgs(args: string[]): { text: string; conversationId?: number } | null {
  const words: string[] = [];
  let conversationId: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--conversation' || a === '-c') {
      const n = Number(args[++i]);
      if (!Number.isInteger(n) || n <= 0) return null;
      conversationId = n;
    } else if (a.startsWith('--conversation=')) {
      const n = Number(a.slice('--conversation='.length));
      if (!Number.isInteger(n) || n <= 0) return null;
      conversationId = n;
    } else words.push(a);
  }
  const text = words.join(' ').trim();
  return text ? { text, ...(conversationId ? { conversationId } : {}) } : null;
}

/** One chat turn against the configured provider; approvals and questions are asked on the terminal. */
export async function runChat(args: string[], io: ChatIo): Promise<number> {
  const parsed = parseArgs(args);
  if (!parsed) {
    io.stderr.write(USAGE);
    return 2;
  }
  const app = createApp({ ...dataLocation(io.dataDir, io.env), env: io.env, background: false });
  const rl = io.interactive ? createInterface({ input: io.stdin, output: io.stderr }) : null;
  let last: ChatEvent | null = null;
  let pendingEvent: Extract<ChatEvent, { type: 'approval_request' | 'clarify_request' }> | null =
    null;
  let failed = false;
  let lineOpen = false;
  const off = app.ctx.events.on('chat.event', (e) => {
    last = e;
    switch (e.type) {
      case 'token':
        io.stdout.write(e.delta);
        lineOpen = true;
        break;
      case 'tool_start':
        if (lineOpen) io.stdout.write('\n');
        lineOpen = false;
        io.stderr.write(`⚙ ${e.name} ${JSON.stringify(e.args)}\n`);
        break;
      case 'tool_end':
        io.stderr.write(
          `${e.ok ? '✓' : e.status === 'skipped' ? '–' : '✗'} ${e.name} (${Math.round(e.latency_ms)} ms) ${e.summary.slice(0, 200)}\n`,
        );
        break;
      case 'approval_request':
      case 'clarify_request':
        pendingEvent = e;
        break;
      case 'error':
        failed = true;
        io.stderr.write(`\n${e.message} [${e.code}]\n`);
        break;
      default:
        break;
    }
  });
  const meta = { actor: 'cli' as const };
  try {
    const sent = await app.dispatch(
      'chat.send',
      {
        text: parsed.text,
        ...(parsed.conversationId ? { conversation_id: parsed.conversationId } : {}),
      },
      meta,
    );
    if (!sent.ok) {
      io.stderr.write(`${sent.error.message} [${sent.error.code}]\n`);
      return 1;
    }
    const conv = (sent.data as { conversation_id: number }).conversation_id;
    for (;;) {
      await app.services.chat.idle(conv);
      const p = pendingEvent as Extract<
        ChatEvent,
        { type: 'approval_request' | 'clarify_request' }
      > | null;
      pendingEvent = null;
      if (!p) break;
      if (lineOpen) io.stdout.write('\n');
      lineOpen = false;
      let input: Record<string, unknown>;
      if (p.type === 'approval_request') {
        const approvals = [];
        for (const c of p.calls) {
          let ok = false;
          if (rl) {
            const ans = await rl.question(
              `需要确认 / approve? ${c.summary}\n  ${c.tool} ${JSON.stringify(c.args)} [y/N] `,
            );
            ok = /^y(es)?$/i.test(ans.trim());
          } else {
            io.stderr.write(
              `已拒绝（非交互终端，无法确认）/ refused (no terminal to confirm): ${c.summary}\n`,
            );
          }
          approvals.push({ call_id: c.call_id, approved: ok });
        }
        input = { conversation_id: conv, approvals };
      } else {
        let answer = '（用户无法回答：非交互终端）(no terminal to answer)';
        if (rl) {
          const opts = p.options.map((o, i) => `  ${i + 1}. ${o}`).join('\n');
          const ans = (await rl.question(`${p.question}\n${opts ? `${opts}\n` : ''}> `)).trim();
          const n = Number(ans);
          answer =
            Number.isInteger(n) && n >= 1 && n <= p.options.length
              ? p.options[n - 1]!
              : ans || answer;
        }
        input = { conversation_id: conv, clarify: { call_id: p.call_id, answer } };
      }
      const r = await app.dispatch('chat.resume', input, meta);
      if (!r.ok) {
        io.stderr.write(`${r.error.message} [${r.error.code}]\n`);
        return 1;
      }
    }
    if (lineOpen) io.stdout.write('\n');
    io.stderr.write(`(conversation #${conv})\n`);
    const end = last as ChatEvent | null;
    return failed || (end?.type === 'turn_end' && end.status !== 'completed') ? 1 : 0;
  } finally {
    off();
    rl?.close();
    await app.close();
  }
}

export const chatCommand: CliCommand = {
  summary: 'chat "<message>" [--conversation ID]  one turn with the assistant',
  run: (args) =>
    runChat(args, {
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: process.stderr,
      interactive: !!process.stdin.isTTY && !!process.stderr.isTTY,
      env: process.env,
    }),
};
