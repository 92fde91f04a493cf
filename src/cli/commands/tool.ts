import type { CliCommand } from './index';
import { COMMON_OPTIONS, EXIT, parseCommandArgs, parseJsonArg, UsageError } from '../args';
import { printJson, withApp } from '../open-app';
import { LOCAL_USER_ID } from '../../core/app';

/** `pai tool <name> '<json args>' [--data-dir DIR]`: one tool call through the executor, as actor "cli". */
export const toolCommand: CliCommand = {
  summary: "<name> '<json args>' [--data-dir DIR]  run one tool as 'cli', print its result JSON",
  async run(args) {
    const { positionals, values } = parseCommandArgs(args, COMMON_OPTIONS);
    const [name, json, ...extra] = positionals;
    if (!name) throw new UsageError("missing tool name: pai tool <name> '<json args>'");
    if (extra.length)
      throw new UsageError(
        `unexpected arguments: ${extra.join(' ')} (quote the JSON as one argument)`,
      );
    const toolArgs = parseJsonArg(json, 'tool arguments');
    return withApp(values['data-dir'], async (app) => {
      const result = await app.ctx.tools.execute(name, toolArgs, {
        userId: LOCAL_USER_ID,
        conversationId: null,
        locale: app.ctx.locale(),
        timeZone: app.ctx.timeZone(),
        imageUrls: [],
        actor: 'cli',
        platform: 'cli',
      });
      printJson(result);
      return result.ok ? EXIT.ok : EXIT.failed;
    });
  },
};
