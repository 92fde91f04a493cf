import { z } from 'zod';
import type { CliCommand } from './index';
import { COMMON_OPTIONS, EXIT, parseCommandArgs, UsageError } from '../args';
import { printJson, withApp } from '../open-app';

/** `pai tools [--data-dir DIR]`: every registered tool with its risk, main-agent flag and JSON schema. */
export const toolsCommand: CliCommand = {
  summary: '[--data-dir DIR]  list the tools: risk, main-agent flag, JSON schema',
  async run(args) {
    const { positionals, values } = parseCommandArgs(args, COMMON_OPTIONS);
    if (positionals.length) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
    return withApp(values['data-dir'], (app) => {
      const tools = app.ctx.tools.list().map((d) => ({
        name: d.name,
        source: d.source,
        risk: d.risk,
        mainAgent: d.mainAgent,
        enabled: app.ctx.tools.setting(d.source, d.name).enabled,
        description: d.description,
        // The input side: what a caller sends (numeric strings included), before transforms.
        schema: z.toJSONSchema(d.schema, { io: 'input', unrepresentable: 'any' }),
      }));
      printJson(tools);
      return EXIT.ok;
    });
  },
};
