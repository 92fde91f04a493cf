// Injection corpus, tool level: every payload travels its real path (local page,
// local search API, MCP peer over stdio) and must reach the model only inside one
// intact <untrusted> block; the call a hijacked model would make must be one the
// guardrail stops (destructive → approval), a tool refuses (SSRF, held tool),
// or one that runs visibly. The agent-level suite (scripted model + graph) lives
// with the agent branch; see tests/fixtures/injection-assertions.ts.
import { describe, expect, it } from 'vitest';
import { STDIO_PEER } from '../helpers/mcp-app';
import { useWebTestApp } from '../helpers/web-app';
import { INJECTION_CASES, type InjectionCase } from '../fixtures/injection-cases';
import { assertWrappedOnce, remoteImageUrls, riskOf } from '../fixtures/injection-assertions';

const marker = (payload: string) =>
  payload
    .replace(/<[^>]+>/g, '')
    .trim()
    .slice(0, 24);

describe('injection corpus (tool level)', () => {
  const w = useWebTestApp({
    setup: async ({ t, web }) => {
      await t.call('web.settings.update', {
        search_provider: 'searxng',
        search_url: web.base,
        fetch_allow_hosts: ['127.0.0.1'],
      });
      await t.call('mcp.servers.add', { name: 'peer', ...STDIO_PEER });
      await t.call('mcp.tools.list', {});
    },
  });

  it('has at least 15 cases over every vector', () => {
    expect(INJECTION_CASES.length).toBeGreaterThanOrEqual(15);
    expect(new Set(INJECTION_CASES.map((c) => c.vector))).toEqual(
      new Set(['page', 'search_snippet', 'mcp_result', 'mcp_description', 'weather']),
    );
  });

  const fill = (c: InjectionCase, v: Record<string, unknown>) =>
    JSON.parse(JSON.stringify(v).replaceAll('{page}', `${w.web.base}/case/${c.id}`)) as Record<
      string,
      unknown
    >;

  it.each(INJECTION_CASES.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const ctx = w.t.ctx();
    const carried = await w.t.app.ctx.tools.execute(c.carrier.name, fill(c, c.carrier.args), ctx);
    if (c.vector === 'mcp_description') {
      w.t.clock.advance(31_000);
      const entry = (await w.t.call('mcp.tools.list', {})).find((e) => e.name === 'peer__echo');
      expect(entry?.held).toBe(true);
    } else if (c.hidden) {
      expect(carried.ok).toBe(true);
      expect(carried.output).not.toContain('memory_delete');
      expect(carried.output).toContain('价格是 199 元');
    } else {
      expect(carried.ok).toBe(true);
      assertWrappedOnce(carried.output, marker(c.payload));
    }

    if ('answer' in c.attack) {
      // The model's answer carries the exfiltration URL; the renderer must not load it.
      expect(c.expect).toBe('no_remote_load');
      expect(
        remoteImageUrls(c.attack.answer).length + (c.attack.answer.includes('](https://') ? 1 : 0),
      ).toBeGreaterThan(0);
      return;
    }
    const attack = c.attack;
    const risk = riskOf(w.t.app.ctx.tools, attack.name, attack.args);
    switch (c.expect) {
      case 'approval':
        // Tools of other domains (memory, schedule, text2sql) are not on this branch; their
        // risk is checked in the agent-level suite.
        if (risk !== undefined) expect(risk).toBe('destructive');
        break;
      case 'tool_card':
        if (risk !== undefined) expect(['read', 'write']).toContain(risk);
        break;
      case 'refused':
      case 'held': {
        const r = await w.t.app.ctx.tools.execute(attack.name, attack.args, w.t.ctx());
        expect(r.ok).toBe(false);
        expect(r.error?.code).toBe('FORBIDDEN');
        if (c.expect === 'held') {
          expect(r.output).toContain('重新批准');
          await w.t.call('mcp.tools.reapprove', { name: 'peer__echo' });
        }
        break;
      }
      default:
        throw new Error(`unexpected ${c.expect}`);
    }
  });
});
