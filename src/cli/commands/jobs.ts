import type { Command } from 'commander';
import { parseDuration } from '../../delivery/schedule.js';
import { redeliverFailed, redeliverJob } from '../../delivery/redeliver.js';
import { listAttempts } from '../../delivery/store.js';
import { withAdminContext } from '../context.js';
import { CliError, printJson, printTable } from '../output.js';
import { requireUuid } from './validate.js';

export function registerJobCommands(program: Command): void {
  const jobs = program.command('jobs').description('inspect document jobs and their webhook deliveries');

  jobs
    .command('deliveries')
    .description("a job's webhook delivery log: every attempt with time, URL, status, duration, body and error")
    .argument('<jobId>', 'job id')
    .option('--json', 'print JSON')
    .action(async (jobIdArg: string, opts: { json?: boolean }) => {
      const jobId = requireUuid(jobIdArg, 'job id');
      const attempts = await withAdminContext(({ db }) => listAttempts(db.pool, jobId));
      if (opts.json) printJson(attempts);
      else {
        printTable(
          attempts.map((a) => ({ ...a, responseBody: a.responseBody === null ? null : a.responseBody.replace(/\s+/g, ' ').slice(0, 60) })),
          ['attemptedAt', 'messageId', 'attempt', 'statusCode', 'durationMs', 'errorCode', 'url', 'responseBody'],
        );
      }
    });

  jobs
    .command('redeliver')
    .description("send finished jobs' stored results again as new webhook messages")
    .argument('[jobId]', 'one job')
    .option('--failed', 'every job whose latest delivery failed (use with --since)')
    .option('--since <duration>', 'with --failed: only jobs with a delivery attempt this recent, e.g. 30m, 1h, 2d', '1h')
    .option('--json', 'print JSON')
    .action(async (jobIdArg: string | undefined, opts: { failed?: boolean; since: string; json?: boolean }) => {
      if (Boolean(jobIdArg) === Boolean(opts.failed)) throw new CliError('give either a job id or --failed');
      if (jobIdArg) {
        const jobId = requireUuid(jobIdArg, 'job id');
        const outcome = await withAdminContext(({ db }) => redeliverJob(db.pool, jobId));
        if (outcome.kind === 'not_found') throw new CliError(`job ${jobId} not found`);
        if (outcome.kind === 'not_finished') throw new CliError(`job ${jobId} is still ${outcome.status}; only finished jobs are delivered`);
        if (opts.json) printJson(outcome);
        else process.stdout.write(`queued redelivery of job ${jobId} as message ${outcome.messageId}\n`);
        return;
      }
      const sinceMs = parseDuration(opts.since);
      if (sinceMs === null || sinceMs === 0) throw new CliError(`--since must be a duration such as 30m, 1h or 2d, got ${JSON.stringify(opts.since)}`);
      const queued = await withAdminContext(({ db }) => redeliverFailed(db.pool, sinceMs / 1000));
      if (opts.json) printJson({ queued: queued.length, deliveries: queued });
      else process.stdout.write(`queued ${queued.length} redeliver${queued.length === 1 ? 'y' : 'ies'}\n`);
    });
}
