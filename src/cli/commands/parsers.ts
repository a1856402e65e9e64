import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { withTransaction } from '../../db/pool.js';
import {
  activateParserVersion,
  createParserVersion,
  listParserVersions,
  retireParserVersion,
  type ParserEngine,
} from '../../registry/parser-versions.js';
import { withAdminContext } from '../context.js';
import { CliError, print, printJson, printTable } from '../output.js';
import { requireUuid } from './validate.js';

// Email attachments are extracted as invoices, with type 0's active version.
const SUBMITTABLE_TYPES = [0, 1, 2, 3, 4, 5, 9];

function parseType(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || !SUBMITTABLE_TYPES.includes(n)) {
    throw new CliError(`--type must be one of ${SUBMITTABLE_TYPES.join(', ')}, got ${JSON.stringify(value)}`);
  }
  return n;
}

export function registerParserCommands(program: Command): void {
  const parsers = program.command('parsers').description('manage the parser registry (versions per document type)');

  parsers
    .command('list')
    .description('list parser versions')
    .option('--type <typeId>', 'only this document type')
    .option('--json', 'print JSON')
    .action(async (opts: { type?: string; json?: boolean }) => {
      const typeId = opts.type === undefined ? undefined : parseType(opts.type);
      const list = await withAdminContext(({ db }) => listParserVersions(db.pool, typeId));
      if (opts.json) printJson(list);
      else
        printTable(list as unknown as Array<Record<string, unknown>>, [
          'id',
          'typeId',
          'version',
          'engine',
          'state',
          'createdAt',
          'description',
        ]);
    });

  parsers
    .command('create')
    .description('create the next version of a type (state draft); see README "Parser registry" for config keys')
    .requiredOption('--type <typeId>', 'document type id')
    .requiredOption('--engine <engine>', 'builtin or llm')
    .option('--config <file>', 'JSON file with the engine settings (default {})')
    .option('--description <text>', 'what changed')
    .option('--json', 'print JSON')
    .action(async (opts: { type: string; engine: string; config?: string; description?: string; json?: boolean }) => {
      const typeId = parseType(opts.type);
      if (opts.engine !== 'builtin' && opts.engine !== 'llm') throw new CliError('--engine must be builtin or llm');
      const engine = opts.engine as ParserEngine;
      let config: Record<string, unknown> = {};
      if (opts.config) {
        let text: string;
        try {
          text = await readFile(opts.config, 'utf8');
        } catch (err) {
          throw new CliError(`cannot read --config ${opts.config}: ${(err as Error).message}`);
        }
        try {
          config = JSON.parse(text) as Record<string, unknown>;
        } catch {
          throw new CliError(`--config ${opts.config} is not valid JSON`);
        }
        if (!config || typeof config !== 'object' || Array.isArray(config))
          throw new CliError('--config must hold a JSON object');
      }
      // Loaded on demand: it pulls in every extractor.
      const { validateParserConfig } = await import('../../pipeline/extract/index.js');
      const created = await withAdminContext(({ db, config: appConfig }) => {
        try {
          validateParserConfig(engine, config, appConfig.llm.settings);
        } catch (err) {
          throw new CliError(`--config: ${(err as Error).message}`);
        }
        return withTransaction(db.pool, (tx) =>
          createParserVersion(tx, { typeId, engine, config, description: opts.description }),
        );
      });
      if (opts.json) printJson(created);
      else
        print(`created parser version ${created.id} (type ${typeId}, version ${created.version}, ${engine}, draft)\n`);
    });

  parsers
    .command('activate')
    .description("make a version the type's active one (its previous active version is retired)")
    .argument('<id>', 'parser version id')
    .option('--json', 'print JSON')
    .action(async (idArg: string, opts: { json?: boolean }) => {
      const id = requireUuid(idArg, 'parser version id');
      const version = await withAdminContext(({ db }) =>
        withTransaction(db.pool, async (tx) => {
          try {
            return await activateParserVersion(tx, id);
          } catch (err) {
            throw new CliError((err as Error).message);
          }
        }),
      );
      if (opts.json) printJson(version);
      else print(`activated parser version ${version.version} of type ${version.typeId} (${version.id})\n`);
    });

  parsers
    .command('retire')
    .description('retire a version (with no active version, the type falls back to the code default)')
    .argument('<id>', 'parser version id')
    .option('--json', 'print JSON')
    .action(async (idArg: string, opts: { json?: boolean }) => {
      const id = requireUuid(idArg, 'parser version id');
      const version = await withAdminContext(({ db }) => retireParserVersion(db.pool, id));
      if (!version) throw new CliError(`parser version ${id} not found`);
      if (opts.json) printJson(version);
      else print(`retired parser version ${version.version} of type ${version.typeId}\n`);
    });
}
