// The scale-out shape: 2 API and 2 worker processes on one database, one of each SIGKILLed mid-load and not
// restarted. Submissions move to the surviving API; the dead worker's jobs are taken over after the lease.
// Targets: lost 0, stuck 0, undelivered 0, duplicates 0.
import { settle, submitJobs } from '../support/load.js';
import { waitReady } from '../support/processes.js';
import type { Scenario } from './scenario.js';

export const scaleOut: Scenario = {
  name: 'scale-out',
  async run(ctx) {
    const apis = [await ctx.start('api-a', 'serve'), await ctx.start('api-b', 'serve')];
    const workers = [await ctx.start('worker-a', 'worker'), await ctx.start('worker-b', 'worker')];
    await waitReady([...apis, ...workers]);
    const live = new Set(apis);
    const submitting = submitJobs(() => [...live].map((p) => p.port), ctx.tenant, ctx.documentUrl, 200, 10);
    await new Promise((r) => setTimeout(r, 7_000));
    live.delete(apis[1]!);
    await Promise.all([apis[1]!.kill(), workers[1]!.kill()]);
    const submissions = await submitting;
    const outcome = await settle(ctx.tenant.pool, ctx.receiver, submissions.accepted, 150_000);
    return {
      outcome,
      submissions,
      facts: { apiKills: 1, workerKills: 1 },
      targets: { deaths: 0, stuck: 0, lost: 0, error: 0, undelivered: 0, duplicates: 0 },
    };
  },
};
