import type { Command } from 'commander';
import { createApiKey, findApiKeyByClientId, listApiKeys, revokeApiKey } from '../../auth/api-keys.js';
import { withTransaction } from '../../db/pool.js';
import { parseDuration } from '../../delivery/schedule.js';
import { createSigningSecret, rotateSigningSecret } from '../../delivery/store.js';
import { normalizeAllowlistEntry } from '../../auth/ip-allowlist.js';
import { organizationExists } from '../../auth/organizations.js';
import { normalizeWebhookBaseUrl, WebhookUrlError } from '../../jobs/webhook-url.js';
import { withAdminContext } from '../context.js';
import { CliError, print, printJson, printTable } from '../output.js';
import { requireUuid } from './validate.js';
import { checkWebhookReachable } from '../webhook-reachability.js';

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
    .option(
      '--allow-unreachable-webhook',
      'create the key although the current address policy would refuse its webhook base URL',
    )
    .option('--json', 'print JSON')
    .action(
      async (opts: {
        org: string;
        name: string;
        webhookBaseUrl: string;
        allow: string[];
        allowUnreachableWebhook?: boolean;
        json?: boolean;
      }) => {
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
          ipAllowlist = [
            ...new Set(
              opts.allow
                .flatMap((a) => a.split(','))
                .filter((a) => a.trim())
                .map(normalizeAllowlistEntry),
            ),
          ];
        } catch (err) {
          throw new CliError(`--allow: ${(err as Error).message}`);
        }
        const key = await withAdminContext(async ({ db, config }) => {
          await checkWebhookReachable(webhookBaseUrl, config, Boolean(opts.allowUnreachableWebhook));
          if (!(await organizationExists(db.pool, organizationId))) {
            throw new CliError(`organization ${organizationId} not found (or deleted)`);
          }
          // The key and its first webhook signing secret exist together or not at all.
          return withTransaction(db.pool, async (tx) => {
            const created = await createApiKey(tx, { organizationId, name, webhookBaseUrl, ipAllowlist });
            return { ...created, webhookSigningSecret: await createSigningSecret(tx, created.id) };
          });
        });
        if (opts.json) {
          printJson(key);
          return;
        }
        print(
          `created API key ${key.name}\n` +
            `  client id:     ${key.clientId}\n` +
            `  client secret: ${key.clientSecret}\n` +
            `  webhook base:  ${key.webhookBaseUrl}\n` +
            `  allowlist:     ${key.ipAllowlist.join(', ') || '(any address)'}\n` +
            `  webhook signing secret: ${key.webhookSigningSecret}\n` +
            'Store both secrets now: they are shown only once.\n',
        );
      },
    );

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
    .command('rotate-signing-secret')
    .description('issue a new webhook signing secret; the old one keeps signing beside it for the grace period')
    .argument('<clientId>', "the key's client id")
    .option(
      '--grace <duration>',
      'how long the previous secret keeps signing, e.g. 24h, 7d (default: DOCEX_SIGNING_SECRET_GRACE_HOURS)',
    )
    .option('--json', 'print JSON')
    .action(async (clientIdArg: string, opts: { grace?: string; json?: boolean }) => {
      const clientId = requireUuid(clientIdArg, 'client id');
      const rotated = await withAdminContext(async ({ db, config }) => {
        const graceMs =
          opts.grace === undefined ? config.webhooks.signingSecretGraceHours * 3_600_000 : parseDuration(opts.grace);
        if (graceMs === null)
          throw new CliError(`--grace must be a duration such as 24h or 7d, got ${JSON.stringify(opts.grace)}`);
        const key = await findApiKeyByClientId(db.pool, clientId);
        if (!key || key.revokedAt) throw new CliError(`API key ${clientId} not found (or revoked)`);
        return withTransaction(db.pool, (tx) => rotateSigningSecret(tx, key.id, Math.round(graceMs / 1000)));
      });
      if (opts.json)
        printJson({
          clientId,
          webhookSigningSecret: rotated.secret,
          previousSecretsExpireAt: rotated.previousExpiresAt,
        });
      else {
        print(
          `new webhook signing secret: ${rotated.secret}\n` +
            `webhooks are signed with the old and the new secret until ${rotated.previousExpiresAt}\n`,
        );
      }
    });

  keys
    .command('revoke')
    .description('revoke an API key: it stops authenticating on the next request, in every process')
    .argument('<clientId>', "the key's client id")
    .option('--json', 'print JSON')
    .action(async (clientIdArg: string, opts: { json?: boolean }) => {
      const clientId = requireUuid(clientIdArg, 'client id');
      const outcome = await withAdminContext(({ db }) => revokeApiKey(db.pool, clientId));
      if (outcome === 'not_found') throw new CliError(`API key ${clientId} not found`);
      if (opts.json) printJson({ clientId, revoked: true, alreadyRevoked: outcome === 'already_revoked' });
      else print(outcome === 'revoked' ? `revoked API key ${clientId}\n` : `API key ${clientId} was already revoked\n`);
    });
}
