// PostgreSQL restarted 10 times (fast shutdown: connections terminated with 57P01, then refused) while `docex start`
// takes submissions and processes them. Targets: 0 process deaths, 0 stuck, 0 lost, 0 jobs failed (every document
// is valid, so any error would be a transient reason made permanent).
import type { Scenario } from './scenario.js';
import { settle, submitJobs } from '../support/load.js';
import { waitReady } from '../support/processes.js';

export const pgRestarts: Scenario = {
  name: 'pg-restarts',
  async run(ctx) {
    const docex = await ctx.start('start', 'start');
    await waitReady([docex]);
    const submitting = submitJobs(() => [docex.port], ctx.tenant, ctx.documentUrl, 200, 5);
    let restarts = 0;
    for (let i = 0; i < 10; i++) {
      await new Promise((r) => setTimeout(r, 2_500));
      await ctx.cluster.restart(1_000 + (i % 3) * 500);
      restarts++;
    }
    const submissions = await submitting;
    const outcome = await settle(ctx.tenant.pool, ctx.receiver, submissions.accepted, 150_000);
    return {
      outcome,
      submissions,
      facts: { restarts, alive: docex.child.exitCode === null },
      targets: { deaths: 0, stuck: 0, lost: 0, error: 0, undelivered: 0, duplicates: 0 },
    };
  },
};
