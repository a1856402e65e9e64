import type { Command } from 'commander';
import { parseDuration } from '../../delivery/schedule.js';
import { redeliverFailed, redeliverJob } from '../../delivery/redeliver.js';
import { listAttempts } from '../../delivery/store.js';
import { withAdminContext } from '../context.js';
import { CliError, print, printJson, printTable } from '../output.js';
import { requireUuid } from './validate.js';
import { JOB_STATUSES, type DocumentJob, type JobStatus } from '../../jobs/types.js';
import { findJobForOperator, jobExists, listJobs, type QueueState } from '../job-queries.js';

const LIST_COLUMNS = [
  'id',
  'createdAt',
  'status',
  'mode',
  'typeId',
  'webhookStatus',
  'errorCode',
  'consumerRefId',
  'organizationId',
];

function parseStatus(value: string): JobStatus {
  if (!(JOB_STATUSES as readonly string[]).includes(value)) {
    throw new CliError(`--status must be one of ${JOB_STATUSES.join(', ')}, got ${JSON.stringify(value)}`);
  }
  return value as JobStatus;
}

function parseLimit(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10_000)
    throw new CliError(`--limit must be a whole number from 1 to 10000, got ${JSON.stringify(value)}`);
  return n;
}

function parseSince(value: string): number {
  const ms = parseDuration(value);
  if (ms === null || ms === 0)
    throw new CliError(`--since must be a duration such as 30m, 1h or 2d, got ${JSON.stringify(value)}`);
  return ms / 1000;
}

/** What a person reading `jobs show` needs first: where the job is, and why it is not done yet. */
function describeJob(job: DocumentJob, queue: QueueState | null): string {
  const lines = [
    `job ${job.id}`,
    `  organization:  ${job.clientId}`,
    `  reference:     ${job.consumerRefId} (document ${job.documentId ?? '-'}, type ${job.typeId}, ${job.mode})`,
    `  status:        ${job.status}${queue?.retrying ? ` (retrying: attempt ${queue.attempts} of ${queue.maxAttempts})` : ''}`,
    `  created:       ${job.createdAt}   updated: ${job.updatedAt}`,
  ];
  if (queue) {
    const state = queue.lockedAt ? `running since ${queue.lockedAt}` : `next attempt at ${queue.runAt}`;
    lines.push(`  queue:         ${state}; attempts ${queue.attempts}/${queue.maxAttempts}`);
    if (queue.lastError) lines.push(`  last error:    ${queue.lastError.split('\n')[0]}`);
  }
  if (job.errorCode) lines.push(`  error:         ${job.errorCode} (${job.errorStage ?? '-'}): ${job.error ?? ''}`);
  lines.push(
    `  webhook:       ${job.webhookStatus ?? 'not sent yet'}; ${job.webhookAttempts} attempt(s) to ${job.webhookUrl || '(key base URL)'}`,
  );
  if (job.extractedData !== null && job.extractedData !== undefined) {
    lines.push(
      '  extracted data (--json for the whole job):',
      ...JSON.stringify(job.extractedData, null, 2)
        .split('\n')
        .map((l) => `    ${l}`),
    );
  }
  return lines.join('\n') + '\n';
}

export function registerJobCommands(program: Command): void {
  const jobs = program.command('jobs').description('inspect document jobs and their webhook deliveries');

  jobs
    .command('list')
    .description('recent jobs, newest first')
    .option('--status <status>', `only jobs in this status (${JOB_STATUSES.join(', ')})`)
    .option('--since <duration>', 'only jobs created this recently, e.g. 30m, 1h, 2d')
    .option('--org <orgId>', 'only jobs of this organization')
    .option('--limit <n>', 'at most this many jobs', '50')
    .option('--json', 'print JSON')
    .action(async (opts: { status?: string; since?: string; org?: string; limit: string; json?: boolean }) => {
      const filter = {
        status: opts.status === undefined ? undefined : parseStatus(opts.status),
        sinceSeconds: opts.since === undefined ? undefined : parseSince(opts.since),
        organizationId: opts.org === undefined ? undefined : requireUuid(opts.org, '--org'),
        limit: parseLimit(opts.limit),
      };
      const list = await withAdminContext(({ db }) => listJobs(db.pool, filter));
      if (opts.json) printJson(list);
      else printTable(list as unknown as Array<Record<string, unknown>>, LIST_COLUMNS);
    });

  jobs
    .command('show')
    .description('one job: status (and retries in progress), error, webhook state and extracted data')
    .argument('<jobId>', 'job id')
    .option('--json', 'print JSON: {job, queue}')
    .action(async (jobIdArg: string, opts: { json?: boolean }) => {
      const jobId = requireUuid(jobIdArg, 'job id');
      const found = await withAdminContext(({ db }) => findJobForOperator(db.pool, jobId));
      if (!found) throw new CliError(`job ${jobId} not found`);
      if (opts.json) printJson(found);
      else print(describeJob(found.job, found.queue));
    });

  jobs
    .command('deliveries')
    .description("a job's webhook delivery log: every attempt with time, URL, status, duration, body and error")
    .argument('<jobId>', 'job id')
    .option('--json', 'print JSON')
    .action(async (jobIdArg: string, opts: { json?: boolean }) => {
      const jobId = requireUuid(jobIdArg, 'job id');
      const attempts = await withAdminContext(async ({ db }) => {
        if (!(await jobExists(db.pool, jobId))) throw new CliError(`job ${jobId} not found`);
        return listAttempts(db.pool, jobId);
      });
      if (opts.json) printJson(attempts);
      else {
        printTable(
          attempts.map((a) => ({
            ...a,
            responseBody: a.responseBody === null ? null : a.responseBody.replace(/\s+/g, ' ').slice(0, 60),
          })),
          ['attemptedAt', 'messageId', 'attempt', 'statusCode', 'durationMs', 'errorCode', 'url', 'responseBody'],
        );
      }
    });

  jobs
    .command('redeliver')
    .description("send finished jobs' stored results again as new webhook messages")
    .argument('[jobId]', 'one job')
    .option('--failed', 'every job whose latest delivery failed (use with --since)')
    .option(
      '--since <duration>',
      'with --failed: only jobs with a delivery attempt this recent, e.g. 30m, 1h, 2d',
      '1h',
    )
    .option('--json', 'print JSON')
    .action(async (jobIdArg: string | undefined, opts: { failed?: boolean; since: string; json?: boolean }) => {
      if (Boolean(jobIdArg) === Boolean(opts.failed)) throw new CliError('give either a job id or --failed');
      if (jobIdArg) {
        const jobId = requireUuid(jobIdArg, 'job id');
        const outcome = await withAdminContext(({ db }) => redeliverJob(db.pool, jobId));
        if (outcome.kind === 'not_found') throw new CliError(`job ${jobId} not found`);
        if (outcome.kind === 'not_finished')
          throw new CliError(`job ${jobId} is still ${outcome.status}; only finished jobs are delivered`);
        if (opts.json) printJson(outcome);
        else print(`queued redelivery of job ${jobId} as message ${outcome.messageId}\n`);
        return;
      }
      const sinceSeconds = parseSince(opts.since);
      const queued = await withAdminContext(({ db }) => redeliverFailed(db.pool, sinceSeconds));
      if (opts.json) printJson({ queued: queued.length, deliveries: queued });
      else print(`queued ${queued.length} redeliver${queued.length === 1 ? 'y' : 'ies'}\n`);
    });
}
