// SIGKILL under load: the worker is killed 3 times (and started again), the API once (started again on its port).
// Targets: lost 0, stuck 0, every finished job delivered, no job finished twice. Deliveries cut off by a kill are
// sent again with the same webhook-id (counted as redeliveries, not duplicates).
import { settle, submitJobs } from '../support/load.js';
import { waitReady, type DocexProcess } from '../support/processes.js';
import type { Scenario } from './scenario.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const sigkill: Scenario = {
  name: 'sigkill',
  async run(ctx) {
    let api: DocexProcess = await ctx.start('api', 'serve');
    let worker: DocexProcess = await ctx.start('worker', 'worker');
    await waitReady([api, worker]);
    const submitting = submitJobs(() => [api.port], ctx.tenant, ctx.documentUrl, 200, 8);
    let workerKills = 0;
    let apiKills = 0;
    for (let i = 0; i < 3; i++) {
      await sleep(5_000);
      await worker.kill();
      workerKills++;
      worker = await ctx.start(`worker-${i + 1}`, 'worker');
      if (i === 1) {
        const port = api.port;
        await api.kill();
        apiKills++;
        api = await ctx.start('api-2', 'serve', {}, port);
      }
    }
    const submissions = await submitting;
    const outcome = await settle(ctx.tenant.pool, ctx.receiver, submissions.accepted, 150_000);
    return {
      outcome,
      submissions,
      facts: { workerKills, apiKills },
      targets: { deaths: 0, stuck: 0, lost: 0, error: 0, undelivered: 0, duplicates: 0 },
    };
  },
};
