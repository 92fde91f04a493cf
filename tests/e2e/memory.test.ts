import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';
import { ScriptedOpenAI } from '../scripted-openai/server';

// Chat-driven memory, end to end: the real agent against the scripted OpenAI
// server, the Memory view in Chromium. "记住我对花生过敏" → memory_save → visible in
// the view → the next turn's system prompt (as the server received it) contains
// it → the answer's "used 1 memory" hint, also after a page reload → deleting it
// through chat needs approval.
let e2e: E2E;
let server: ScriptedOpenAI;

beforeAll(async () => {
  server = await new ScriptedOpenAI().start();
  e2e = await startE2E({ timeZone: 'Asia/Shanghai' });
  await e2e.invoke('providers.update', {
    preset: 'custom',
    baseURL: server.baseURL,
    chatModel: 'scripted-model',
    apiKey: 'sk-test',
  });
});
afterAll(async () => {
  await e2e?.close();
  await server?.close();
});

const systemText = (i: number) =>
  String(server.chatRequests()[i]!.body.messages!.find((m) => m.role === 'system')?.content ?? '');

describe('memory through chat', () => {
  it('saves, shows, recalls into the prompt, and asks before deleting', async () => {
    server.enqueue({
      text: '',
      toolCalls: [
        {
          name: 'memory_save',
          args: { content: '我对花生过敏', memory_type: 'fact', importance: 5 },
          id: 'call_save',
        },
      ],
    });
    server.enqueue({ text: '记住了。' });
    const first = await e2e.invoke('chat.send', { text: '记住我对花生过敏' });
    await e2e.app.services.chat.idle(first.conversation_id);
    const list = await e2e.invoke('memory.list', {});
    expect(list.items.map((i) => [i.content, i.conversation_id])).toEqual([
      ['我对花生过敏', first.conversation_id],
    ]);

    const page = await e2e.openPage('memory');
    await page.getByText('我对花生过敏').waitFor();
    await page.getByText(`来自对话 #${first.conversation_id}`).waitFor();
    await e2e.screenshot('memory-chat-01-saved');

    await e2e.app.services.memory.indexer.drain();
    const before = server.chatRequests().length;
    server.enqueue({ text: '这道菜含花生，你对花生过敏，不建议吃。' });
    // Asked from the Chat view, so the answer shows which memories it used.
    const chat = await e2e.openPage('chat');
    const box = chat.getByRole('textbox', { name: /Enter 发送/ });
    await box.fill('这道宫保鸡丁里有花生，我能吃吗？');
    await box.press('Enter');
    await chat.getByText('这道菜含花生，你对花生过敏，不建议吃。').waitFor();
    const second = {
      conversation_id: (await e2e.invoke('conversation.list', {})).conversations[0]!.id,
    };
    await e2e.app.services.chat.idle(second.conversation_id);
    expect(systemText(before)).toContain('我对花生过敏');
    await chat.getByText('用了 1 条记忆').click();
    const link = chat.getByTestId('used-memories').getByRole('link', { name: '我对花生过敏' });
    await expect(link.getAttribute('href')).resolves.toBe('#/memory');
    await e2e.screenshot('memory-chat-02-used-hint');

    // The hint is stored with the answer: after a reload (live chat state gone) it is still there.
    const reloaded = await e2e.reload();
    await reloaded.getByText('这道菜含花生，你对花生过敏，不建议吃。').waitFor();
    await reloaded.getByText('用了 1 条记忆').click();
    const kept = reloaded.getByTestId('used-memories').getByRole('link', { name: '我对花生过敏' });
    await kept.waitFor();
    await expect(kept.getAttribute('href')).resolves.toBe('#/memory');
    await e2e.screenshot('memory-chat-03-used-hint-after-reload');

    const id = list.items[0]!.id;
    server.enqueue({
      text: '',
      toolCalls: [{ name: 'memory_delete', args: { memory_id: id }, id: 'call_del' }],
    });
    const third = await e2e.invoke('chat.send', {
      conversation_id: second.conversation_id,
      text: '把花生过敏这条记忆删掉',
    });
    await e2e.app.services.chat.idle(second.conversation_id);
    const state = await e2e.invoke('chat.state', { conversation_id: second.conversation_id });
    expect(state.pending).toMatchObject({
      kind: 'approval',
      calls: [{ call_id: 'call_del', tool: 'memory_delete', risk: 'destructive' }],
    });
    expect((await e2e.invoke('memory.list', {})).total).toBe(1);
    expect(third.conversation_id).toBe(second.conversation_id);

    server.enqueue({ text: '已删除。' });
    await e2e.invoke('chat.resume', {
      conversation_id: second.conversation_id,
      approvals: [{ call_id: 'call_del', approved: true }],
    });
    await e2e.app.services.chat.idle(second.conversation_id);
    expect((await e2e.invoke('memory.list', {})).total).toBe(0);
    // The one browser page is on the chat now: back to the Memory view.
    await (await e2e.openPage('memory')).getByText('还没有记忆').waitFor();
  });
});
