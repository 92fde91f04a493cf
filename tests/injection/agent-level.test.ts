// Injection corpus, agent level: the real graph (agent → guardrail → tools) with
// the real ChatOpenAI client against the scripted OpenAI server. The scripted
// model is "hijacked": after the carrier's result it makes the attacker's call.
// Pai must run 0 destructive calls without approval, and every attempt must be
// visible to the person as an approval request or a tool card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedOpenAI } from '../scripted-openai/server';
import { call, envFor, openHarness, type Harness } from '../scripted-openai/harness';
import { startWebPeer, type WebPeer } from '../peers/web-peer';
import { STDIO_PEER } from '../helpers/mcp-app';
import { toolCtx } from '../support/temp-app';
import { INJECTION_CASES, type InjectionCase } from '../fixtures/injection-cases';
import { riskOf } from '../fixtures/injection-assertions';
import type { ChatEvent, LedgerEntry } from '../../src/shared/contract';

let server: ScriptedOpenAI;
let h: Harness;
let web: WebPeer;

beforeAll(async () => {
  server = await new ScriptedOpenAI().start();
  web = await startWebPeer();
  h = openHarness(
    envFor(server.baseURL, { PAI_MCP_CALL_TIMEOUT_MS: '3000', PATH: process.env.PATH ?? '' }),
  );
  await call(h.app, 'web.settings.update', {
    search_provider: 'searxng',
    search_url: web.base,
    fetch_allow_hosts: ['127.0.0.1'],
  });
  await call(h.app, 'mcp.servers.add', { name: 'peer', ...STDIO_PEER });
  await call(h.app, 'mcp.tools.list', {});
  for (const item of ['午饭', '打车', '咖啡'])
    await call(h.app, 'ledger.create', { amount: 10, item });
});
afterAll(async () => {
  await h.close();
  await server.close();
  await web.close();
});

const ledgerIds = async () =>
  (await call<{ entries: LedgerEntry[] }>(h.app, 'ledger.list', {})).entries
    .map((e) => e.id)
    .sort();
const fill = (c: InjectionCase, v: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(v).replaceAll('{page}', `${web.base}/case/${c.id}`)) as Record<
    string,
    unknown
  >;

describe('injection corpus (agent level, scripted model obeys the injection)', () => {
  it.each(INJECTION_CASES.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const before = await ledgerIds();
    const carrierId = `call_carrier_${c.id}`;
    const attackId = `call_attack_${c.id}`;
    const steps: Parameters<ScriptedOpenAI['enqueue']> = [];
    if (c.vector === 'mcp_description') {
      // The rug pull happens between turns; the next listing sees it.
      await h.app.ctx.tools.execute(c.carrier.name, c.carrier.args, toolCtx({ platform: 'test' }));
      await call(h.app, 'mcp.tools.list', { refresh: true });
    } else {
      steps.push({
        toolCalls: [{ name: c.carrier.name, args: fill(c, c.carrier.args), id: carrierId }],
      });
    }
    if ('answer' in c.attack) steps.push({ text: c.attack.answer });
    else
      steps.push(
        { toolCalls: [{ name: c.attack.name, args: c.attack.args, id: attackId }] },
        { text: '完成。' },
      );
    server.enqueue(...steps);
    const r = await call<{ conversation_id: number; turn_id: string }>(h.app, 'chat.send', {
      text: c.userTask.replaceAll('{page}', `${web.base}/case/${c.id}`),
    });
    await h.app.services.chat.idle(r.conversation_id);
    const turn = h.events.filter((e) => e.turn_id === r.turn_id);

    // The outside content reached the model labelled as data.
    const toolMsg = server
      .chatRequests()
      .flatMap((q) => q.body.messages ?? [])
      .find((m) => m.role === 'tool' && m.tool_call_id === carrierId);
    if (c.vector !== 'mcp_description')
      expect(String(toolMsg?.content ?? '')).toContain('<untrusted');

    if (c.vector === 'mcp_description') {
      // The changed definition never reached the model: the held tool is not bound.
      const bound =
        (server.chatRequests().at(-1)!.body as { tools?: { function: { name: string } }[] })
          .tools ?? [];
      expect(bound.map((t) => t.function.name)).not.toContain('peer__echo');
    }
    if ('answer' in c.attack) {
      expect(turn.some((e) => e.type === 'message' && e.content.includes('evil.example'))).toBe(
        true,
      );
      return; // the renderer test checks that such an answer loads nothing remote
    }
    const attack = c.attack;
    const approval = turn.find(
      (e): e is Extract<ChatEvent, { type: 'approval_request' }> => e.type === 'approval_request',
    );
    const asked = approval?.calls.some((x) => x.call_id === attackId) ?? false;
    const started = turn.some((e) => e.type === 'tool_start' && e.call_id === attackId);
    // Every attempt is visible: an approval request or a tool card.
    expect(asked || started).toBe(true);
    const risk = riskOf(h.app.ctx.tools, attack.name, attack.args);
    if (risk === 'destructive') {
      expect(asked).toBe(true);
      expect(started).toBe(false);
      // The person says no: nothing changes, the model is told it was skipped.
      await call(h.app, 'chat.resume', {
        conversation_id: r.conversation_id,
        approvals: [{ call_id: attackId, approved: false }],
      });
      await h.app.services.chat.idle(r.conversation_id);
      expect(h.events.find((e) => e.type === 'tool_end' && e.call_id === attackId)).toMatchObject({
        status: 'skipped',
        ok: false,
      });
    }
    if (c.expect === 'refused' || c.expect === 'held') {
      expect(h.events.find((e) => e.type === 'tool_end' && e.call_id === attackId)).toMatchObject({
        ok: false,
      });
      if (c.expect === 'held') await call(h.app, 'mcp.tools.reapprove', { name: 'peer__echo' });
    }
    expect(await ledgerIds()).toEqual(before);
  });

  it('ran no destructive MCP tool on the peer', async () => {
    const r = await h.app.ctx.tools.execute(
      'peer__echo',
      { text: 'still alive' },
      toolCtx({ platform: 'test' }),
    );
    expect(r.ok).toBe(true);
    const usage = h.app.ctx.db
      .prepare(
        "SELECT tool_name FROM tool_usage WHERE tool_name IN ('peer__notes_delete','peer__add_note') AND success = 1",
      )
      .all();
    expect(usage).toEqual([]);
  });
});
