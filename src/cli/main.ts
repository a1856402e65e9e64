import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { registerDemoCommand } from './commands/demo.js';
import { registerExtractCommand } from './commands/extract.js';
import { registerJobCommands } from './commands/jobs.js';
import { registerKeyCommands } from './commands/keys.js';
import { registerParserCommands } from './commands/parsers.js';
import { registerOrgCommands } from './commands/orgs.js';
import { registerServerCommands } from './commands/server.js';
import { CliError, cliIo, processIo, withCliIo, type CliIo } from './output.js';
import { VERSION as version } from '../ids.js';

/** Exit codes (docs/cli.md): 0 done, 1 an operator error (bad input, not found), 2 bad configuration or usage. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** Every command and subcommand rejects unknown options and extra arguments, and suggests the closest name. */
function strict(command: Command): void {
  command
    .allowUnknownOption(false)
    .allowExcessArguments(false)
    .showSuggestionAfterError(true)
    .showHelpAfterError('(add --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => cliIo().stdout(s), writeErr: (s) => cliIo().stderr(s) });
  for (const sub of command.commands) strict(sub);
}

export function buildProgram(): Command {
  const program = new Command()
    .name('docex')
    .description('docex: asynchronous document extraction service (see docs/cli.md)')
    .version(version)
    .addHelpText(
      'after',
      '\nExit codes: 0 success, 1 operator error (bad input, not found), 2 bad configuration or usage.\n' +
        'Start the service with `docex start`; try it offline with `docex demo`.',
    );
  registerServerCommands(program);
  registerOrgCommands(program);
  registerKeyCommands(program);
  registerParserCommands(program);
  registerJobCommands(program);
  registerExtractCommand(program);
  registerDemoCommand(program);
  strict(program);
  return program;
}

/** Runs one command line (argv without node and script) and returns its exit code; never calls process.exit. */
export async function runCli(args: string[], io: CliIo = processIo): Promise<number> {
  return withCliIo(io, async () => {
    try {
      // A bare `docex` shows the commands; it never starts the service by surprise.
      await buildProgram().parseAsync(args.length === 0 ? ['--help'] : args, { from: 'user' });
      return EXIT.ok;
    } catch (err) {
      if (err instanceof CommanderError) {
        // --help and --version "fail" with code 0; usage errors (already printed by commander) with 1.
        return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
      }
      if (err instanceof ConfigError) {
        io.stderr(`docex: ${err.message}\n`);
        return EXIT.usage;
      }
      io.stderr(`docex: ${err instanceof Error ? err.message : String(err)}\n`);
      if (!(err instanceof CliError)) {
        const cause = (err as Error).cause;
        if (cause) io.stderr(`  cause: ${cause instanceof Error ? cause.message : String(cause)}\n`);
      }
      return EXIT.failed;
    }
  });
}

export async function main(argv: string[]): Promise<void> {
  const code = await runCli(argv.slice(2));
  // Long-running commands (start, serve, worker, demo) end the process themselves; the others end here.
  process.exitCode = code;
  if (code !== 0) process.exit(code);
}
