// A scripted OpenAI-compatible HTTP server for tests: 127.0.0.1, random
// port, /v1/chat/completions (SSE streaming with tool calls split across
// deltas, or plain JSON), /v1/embeddings. Every response has a unique id
// (LangGraph merges messages that share one). It records every request so
// tests can assert on prompts. Responses are test inputs, never app logic.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedToolCall {
  name: string;
  /** An object is JSON-encoded; a string is sent as-is (use it for invalid JSON). */
  args: Record<string, unknown> | string;
  id?: string;
}

export interface ScriptedReply {
  text?: string;
  toolCalls?: ScriptedToolCall[];
  /** Characters per content delta (default 4) and argument fragments per delta (default 7). */
  chunkSize?: number;
  /** Wait between deltas, ms (for cancel tests). */
  delayMs?: number;
  /** Reply with this HTTP status and an OpenAI-style error body instead. */
  status?: number;
}

export interface RecordedRequest {
  path: string;
  method: string;
  headers: IncomingMessage['headers'];
  body: ChatRequestBody;
  raw: string;
}

export interface ChatRequestBody {
  model?: string;
  stream?: boolean;
  messages?: {
    role: string;
    content: unknown;
    tool_calls?: unknown[];
    tool_call_id?: string;
    name?: string;
  }[];
  tools?: {
    type: string;
    function: { name: string; description?: string; parameters?: unknown };
  }[];
  input?: string | string[];
  stream_options?: { include_usage?: boolean };
  [k: string]: unknown;
}

export type ScriptStep = ScriptedReply | ((req: RecordedRequest) => ScriptedReply);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class ScriptedOpenAI {
  readonly requests: RecordedRequest[] = [];
  private readonly queue: ScriptStep[] = [];
  private fallback: ((req: RecordedRequest) => ScriptedReply) | null = null;
  private counter = 0;
  private server: Server | null = null;
  port = 0;

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  /** Chat completion requests only, oldest first. */
  chatRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.path.endsWith('/chat/completions'));
  }

  /** Queue replies for the next chat requests, in order. */
  enqueue(...steps: ScriptStep[]): this {
    this.queue.push(...steps);
    return this;
  }

  /** Reply used when the queue is empty. */
  otherwise(fn: (req: RecordedRequest) => ScriptedReply): this {
    this.fallback = fn;
    return this;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server!.close(() => r()));
    this.server = null;
  }

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}-${Date.now().toString(36)}-${this.counter}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: ChatRequestBody = {};
    try {
      body = raw ? (JSON.parse(raw) as ChatRequestBody) : {};
    } catch {
      res.writeHead(400).end('{"error":{"message":"bad json"}}');
      return;
    }
    const rec: RecordedRequest = {
      path: req.url ?? '',
      method: req.method ?? '',
      headers: req.headers,
      body,
      raw,
    };
    this.requests.push(rec);
    const path = (req.url ?? '').split('?')[0]!;
    if (path.endsWith('/embeddings')) return this.embeddings(rec, res);
    if (!path.endsWith('/chat/completions')) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":{"message":"not found"}}');
      return;
    }
    const step = this.queue.shift() ?? this.fallback;
    if (!step) {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end('{"error":{"message":"script exhausted"}}');
      return;
    }
    const reply = typeof step === 'function' ? step(rec) : step;
    if (reply.status && reply.status >= 400) {
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: { message: `scripted error ${reply.status}`, type: 'scripted', code: null },
        }),
      );
      return;
    }
    if (body.stream) await this.streamReply(rec, reply, res);
    else this.jsonReply(rec, reply, res);
  }

  private calls(reply: ScriptedReply) {
    return (reply.toolCalls ?? []).map((c) => ({
      id: c.id ?? this.nextId('call'),
      name: c.name,
      args: typeof c.args === 'string' ? c.args : JSON.stringify(c.args),
    }));
  }

  private jsonReply(rec: RecordedRequest, reply: ScriptedReply, res: ServerResponse): void {
    const calls = this.calls(reply);
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: this.nextId('chatcmpl'),
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: rec.body.model ?? 'scripted',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: reply.text ?? (calls.length ? null : ''),
              ...(calls.length
                ? {
                    tool_calls: calls.map((c) => ({
                      id: c.id,
                      type: 'function',
                      function: { name: c.name, arguments: c.args },
                    })),
                  }
                : {}),
            },
            finish_reason: calls.length ? 'tool_calls' : 'stop',
          },
        ],
        usage: {
          prompt_tokens: rec.raw.length >> 2,
          completion_tokens: 5,
          total_tokens: (rec.raw.length >> 2) + 5,
        },
      }),
    );
  }

  private async streamReply(
    rec: RecordedRequest,
    reply: ScriptedReply,
    res: ServerResponse,
  ): Promise<void> {
    const id = this.nextId('chatcmpl');
    const created = Math.floor(Date.now() / 1000);
    const model = rec.body.model ?? 'scripted';
    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const send = async (delta: Record<string, unknown>, finish: string | null = null) => {
      if (closed) return;
      if (reply.delayMs) await sleep(reply.delayMs);
      if (closed) return;
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
      );
    };
    await send({ role: 'assistant', content: '' });
    const size = reply.chunkSize ?? 4;
    const text = reply.text ?? '';
    for (let i = 0; i < text.length; i += size) await send({ content: text.slice(i, i + size) });
    const calls = this.calls(reply);
    for (const [index, c] of calls.entries()) {
      await send({
        tool_calls: [
          { index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } },
        ],
      });
      const frag = 7;
      for (let i = 0; i < c.args.length; i += frag) {
        await send({ tool_calls: [{ index, function: { arguments: c.args.slice(i, i + frag) } }] });
      }
    }
    await send({}, calls.length ? 'tool_calls' : 'stop');
    if (closed) return;
    if (rec.body.stream_options?.include_usage) {
      const prompt = rec.raw.length >> 2;
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: { prompt_tokens: prompt, completion_tokens: 5, total_tokens: prompt + 5 } })}\n\n`,
      );
    }
    res.write('data: [DONE]\n\n');
    res.end();
  }

  /** Deterministic vectors from character codes, so equal texts embed equally. */
  private embeddings(rec: RecordedRequest, res: ServerResponse): void {
    const inputs = Array.isArray(rec.body.input) ? rec.body.input : [rec.body.input ?? ''];
    const dims = typeof rec.body.dimensions === 'number' ? rec.body.dimensions : 8;
    const data = inputs.map((text, index) => {
      const v = new Array<number>(dims).fill(0);
      for (const [i, ch] of [...String(text)].entries()) v[(ch.codePointAt(0)! + i) % dims]! += 1;
      const norm = Math.hypot(...v) || 1;
      const unit = v.map((x) => x / norm);
      // The openai client asks for base64 (little-endian float32) by default.
      const embedding =
        rec.body.encoding_format === 'base64'
          ? Buffer.from(new Float32Array(unit).buffer).toString('base64')
          : unit;
      return { object: 'embedding', index, embedding };
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        object: 'list',
        data,
        model: rec.body.model ?? 'scripted-embed',
        usage: { prompt_tokens: 1, total_tokens: 1 },
      }),
    );
  }
}

/** A port where nothing listens: connection refused. */
export async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
