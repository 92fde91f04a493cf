// An in-process scripted chat model (unit tests, benchmarks): replies come
// from a function of the messages; tool calls arrive as tool-call chunks the
// way a streaming provider sends them. Test input only.
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import type { ModelRegistry } from '../../src/core/module';

export interface InProcessReply {
  text?: string;
  toolCalls?: { name: string; args: Record<string, unknown>; id?: string }[];
}

let counter = 0;

export class ScriptedChatModel extends BaseChatModel {
  calls = 0;
  constructor(private readonly script: (messages: BaseMessage[]) => InProcessReply) {
    super({});
  }

  _llmType(): string {
    return 'scripted-in-process';
  }

  // Tools are part of the request a real provider gets; the script decides replies itself.
  override bindTools(): this {
    return this;
  }

  private reply(messages: BaseMessage[]): {
    id: string;
    text: string;
    calls: { name: string; args: string; id: string }[];
  } {
    this.calls += 1;
    const r = this.script(messages);
    counter += 1;
    return {
      id: `inproc-${counter}`,
      text: r.text ?? '',
      calls: (r.toolCalls ?? []).map((c, i) => ({
        name: c.name,
        args: JSON.stringify(c.args),
        id: c.id ?? `call_inproc_${counter}_${i}`,
      })),
    };
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const r = this.reply(messages);
    const message = new AIMessage({
      id: r.id,
      content: r.text,
      tool_calls: r.calls.map((c) => ({
        id: c.id,
        name: c.name,
        args: JSON.parse(c.args) as Record<string, unknown>,
        type: 'tool_call' as const,
      })),
    });
    return { generations: [{ text: r.text, message }] };
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
  ): AsyncGenerator<ChatGenerationChunk> {
    const r = this.reply(messages);
    if (r.text)
      yield new ChatGenerationChunk({
        text: r.text,
        message: new AIMessageChunk({ id: r.id, content: r.text }),
      });
    for (const [index, c] of r.calls.entries()) {
      yield new ChatGenerationChunk({
        text: '',
        message: new AIMessageChunk({
          id: r.id,
          content: '',
          tool_call_chunks: [
            { index, id: c.id, name: c.name, args: c.args, type: 'tool_call_chunk' },
          ],
        }),
      });
    }
  }
}

export function scriptedModels(model: BaseChatModel): ModelRegistry {
  return { chat: () => model, vision: () => null, embeddings: () => null };
}
