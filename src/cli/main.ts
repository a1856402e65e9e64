import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { registerJobCommands } from './commands/jobs.js';
import { registerKeyCommands } from './commands/keys.js';
import { registerParserCommands } from './commands/parsers.js';
import { registerOrgCommands } from './commands/orgs.js';
import { registerServerCommands } from './commands/server.js';
import { CliError } from './output.js';
import { VERSION as version } from '../ids.js';


export async function main(argv: string[]): Promise<void> {
  const program = new Command()
    .name('docex')
    .description('docex: asynchronous document extraction service')
    .version(version)
    .showHelpAfterError()
    .exitOverride();
  registerServerCommands(program);
  registerOrgCommands(program);
  registerKeyCommands(program);
  registerParserCommands(program);
  registerJobCommands(program);

  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) process.exit(err.exitCode);
    if (err instanceof ConfigError || err instanceof CliError) {
      process.stderr.write(`docex: ${err.message}\n`);
      process.exit(err instanceof ConfigError ? 2 : 1);
    }
    process.stderr.write(`docex: ${err instanceof Error ? err.message : String(err)}\n`);
    const cause = (err as Error).cause;
    if (cause) process.stderr.write(`  cause: ${cause instanceof Error ? cause.message : String(cause)}\n`);
    process.exit(1);
  }
}
