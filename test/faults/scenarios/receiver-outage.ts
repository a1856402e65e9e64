// The tenant's receiver answers 503 for 25 s while jobs finish; afterwards every result must arrive (the retry
// schedule of the fault settings spans ~80 s). Targets: lost 0, stuck 0, undelivered 0, duplicates 0.
import { settle, submitJobs } from '../support/load.js';
import { waitReady } from '../support/processes.js';
import type { Scenario } from './scenario.js';

export const receiverOutage: Scenario = {
  name: 'receiver-outage',
  async run(ctx) {
    const docex = await ctx.start('start', 'start');
    await waitReady([docex]);
    ctx.receiver.setDown(true);
    const submissions = await submitJobs(() => [docex.port], ctx.tenant, ctx.documentUrl, 60, 6);
    await new Promise((r) => setTimeout(r, 15_000));
    ctx.receiver.setDown(false);
    const outcome = await settle(ctx.tenant.pool, ctx.receiver, submissions.accepted, 150_000);
    return {
      outcome,
      submissions,
      facts: { refusedDeliveries: ctx.receiver.refused() },
      targets: { deaths: 0, stuck: 0, lost: 0, error: 0, undelivered: 0, duplicates: 0 },
    };
  },
};
