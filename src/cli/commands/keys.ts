import type { Command } from 'commander';
import { createApiKey, listApiKeys, revokeApiKey } from '../../auth/api-keys.js';
import { normalizeAllowlistEntry } from '../../auth/ip-allowlist.js';
import { organizationExists } from '../../auth/organizations.js';
import { normalizeWebhookBaseUrl, WebhookUrlError } from '../../jobs/webhook-url.js';
import { withAdminContext } from '../context.js';
import { CliError, printJson, printTable } from '../output.js';
import { requireUuid } from './validate.js';

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerKeyCommands(program: Command): void {
  const keys = program.command('keys').description('manage API keys (client id + secret)');

  keys
    .command('create')
    .description('create an API key; the secret is printed once and cannot be recovered')
    .requiredOption('--org <orgId>', 'owning organization id')
    .requiredOption('--name <name>', 'key name (shown in ip_not_allowed errors), e.g. "production"')
    .requiredOption('--webhook-base-url <url>', "base URL that jobs' relative webhookUrl values are joined to")
    .option('--allow <ipOrCidr>', 'allow only this address or CIDR range (repeatable; none = any address)', collect, [])
    .option('--json', 'print JSON')
    .action(async (opts: { org: string; name: string; webhookBaseUrl: string; allow: string[]; json?: boolean }) => {
      const organizationId = requireUuid(opts.org, '--org');
      const name = opts.name.trim();
      if (!name || name.length > 200) throw new CliError('--name must be 1-200 characters');
      let webhookBaseUrl: string;
      try {
        webhookBaseUrl = normalizeWebhookBaseUrl(opts.webhookBaseUrl);
      } catch (err) {
        if (err instanceof WebhookUrlError) throw new CliError(`--webhook-base-url ${err.message}`);
        throw err;
      }
      let ipAllowlist: string[];
      try {
        ipAllowlist = [...new Set(opts.allow.flatMap((a) => a.split(',')).filter((a) => a.trim()).map(normalizeAllowlistEntry))];
      } catch (err) {
        throw new CliError(`--allow: ${(err as Error).message}`);
      }
      const key = await withAdminContext(async ({ db }) => {
        if (!(await organizationExists(db.pool, organizationId))) {
          throw new CliError(`organization ${organizationId} not found (or deleted)`);
        }
        return createApiKey(db.pool, { organizationId, name, webhookBaseUrl, ipAllowlist });
      });
      if (opts.json) {
        printJson(key);
        return;
      }
      process.stdout.write(
        `created API key ${key.name}\n` +
          `  client id:     ${key.clientId}\n` +
          `  client secret: ${key.clientSecret}\n` +
          `  webhook base:  ${key.webhookBaseUrl}\n` +
          `  allowlist:     ${key.ipAllowlist.join(', ') || '(any address)'}\n` +
          'Store the secret now: it is shown only once and cannot be recovered.\n',
      );
    });

  keys
    .command('list')
    .description('list API keys (never shows secrets or hashes)')
    .option('--org <orgId>', 'only keys of this organization')
    .option('--json', 'print JSON')
    .action(async (opts: { org?: string; json?: boolean }) => {
      const org = opts.org === undefined ? undefined : requireUuid(opts.org, '--org');
      const list = await withAdminContext(({ db }) => listApiKeys(db.pool, org));
      if (opts.json) printJson(list);
      else {
        printTable(
          list.map((k) => ({ ...k, state: k.revokedAt ? 'revoked' : 'active' })),
          ['clientId', 'name', 'organizationId', 'state', 'webhookBaseUrl', 'ipAllowlist', 'createdAt'],
        );
      }
    });

  keys
    .command('revoke')
    .description('revoke an API key: it stops authenticating on the next request, in every process')
    .argument('<clientId>', 'the key\'s client id')
    .option('--json', 'print JSON')
    .action(async (clientIdArg: string, opts: { json?: boolean }) => {
      const clientId = requireUuid(clientIdArg, 'client id');
      const outcome = await withAdminContext(({ db }) => revokeApiKey(db.pool, clientId));
      if (outcome === 'not_found') throw new CliError(`API key ${clientId} not found`);
      if (opts.json) printJson({ clientId, revoked: true, alreadyRevoked: outcome === 'already_revoked' });
      else process.stdout.write(outcome === 'revoked' ? `revoked API key ${clientId}\n` : `API key ${clientId} was already revoked\n`);
    });
}
