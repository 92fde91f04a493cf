import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';

/**
 * A chat model driven by a test script: the script is given the messages and
 * returns either the arguments of a structured-output call (an object) or a
 * plain text reply. It supports bindTools, so `withStructuredOutput` runs
 * through LangChain's real function-calling path and parser.
 */
export type Script = (
  messages: BaseMessage[],
) => Record<string, unknown> | string | Promise<Record<string, unknown> | string>;

export class ScriptedChatModel extends BaseChatModel {
  readonly seen: BaseMessage[][];
  private static counter = 0;

  constructor(
    private readonly script: Script,
    private readonly toolName?: string,
    seen?: BaseMessage[][],
  ) {
    super({});
    this.seen = seen ?? [];
  }

  _llmType(): string {
    return 'scripted';
  }

  // The return type of bindTools is wider than a model; the instance is a valid runnable for it.
  override bindTools(tools: unknown[]): ReturnType<BaseChatModel['withConfig']> {
    const t = (tools[0] ?? {}) as { name?: string; function?: { name?: string } };
    return new ScriptedChatModel(
      this.script,
      t.function?.name ?? t.name,
      this.seen,
    ) as unknown as ReturnType<BaseChatModel['withConfig']>;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.seen.push(messages);
    const out = await this.script(messages);
    const id = `scripted-${++ScriptedChatModel.counter}`;
    const message =
      typeof out === 'string'
        ? new AIMessageChunk({ id, content: out })
        : new AIMessageChunk({
            id,
            content: '',
            tool_calls: [
              { id: `call_${id}`, name: this.toolName ?? 'extract', args: out, type: 'tool_call' },
            ],
          });
    return { generations: [{ text: typeof out === 'string' ? out : '', message }] };
  }

  /** Text of every message the model was shown, for assertions on the prompt. */
  promptText(call = -1): string {
    const msgs = this.seen.at(call) ?? [];
    return msgs
      .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
      .join('\n');
  }
}
