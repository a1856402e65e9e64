import type { Command } from 'commander';
import { createOrganization, deleteOrganization, listOrganizations } from '../../auth/organizations.js';
import { withAdminContext } from '../context.js';
import { CliError, print, printJson, printTable } from '../output.js';
import { requireUuid } from './validate.js';

export function registerOrgCommands(program: Command): void {
  const orgs = program.command('orgs').description('manage organizations (the owners of API keys and jobs)');

  orgs
    .command('create')
    .description('create an organization')
    .requiredOption('--name <name>', 'display name')
    .option('--json', 'print JSON')
    .action(async (opts: { name: string; json?: boolean }) => {
      const name = opts.name.trim();
      if (!name || name.length > 200) throw new CliError('--name must be 1-200 characters');
      const org = await withAdminContext(({ db }) => createOrganization(db.pool, name));
      if (opts.json) printJson(org);
      else print(`created organization ${org.id} (${org.name})\n`);
    });

  orgs
    .command('list')
    .description('list organizations (deleted ones are not shown)')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const list = await withAdminContext(({ db }) => listOrganizations(db.pool));
      if (opts.json) printJson(list);
      else printTable(list as unknown as Array<Record<string, unknown>>, ['id', 'name', 'createdAt']);
    });

  orgs
    .command('delete')
    .description('delete an organization: its keys stop authenticating at once; its jobs are kept')
    .argument('<orgId>', 'organization id')
    .option('--json', 'print JSON')
    .action(async (orgId: string, opts: { json?: boolean }) => {
      requireUuid(orgId, 'organization id');
      const deleted = await withAdminContext(({ db }) => deleteOrganization(db.pool, orgId));
      if (!deleted) throw new CliError(`organization ${orgId} not found (or already deleted)`);
      if (opts.json) printJson({ id: orgId, deleted: true });
      else print(`deleted organization ${orgId}; its API keys no longer authenticate\n`);
    });
}
