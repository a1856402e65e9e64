// npm run test:faults [scenario ...]: fault injection against real docex processes on a PostgreSQL cluster of its
// own (never the shared server): PostgreSQL restarts, SIGKILLs of worker and API, a receiver outage, the scale-out
// shape. Prints, per scenario, accepted / processed / error / stuck / lost / undelivered / duplicate counts and
// process deaths, checks them against the scenario's targets, and exits 1 when one is missed. Not part of `npm test`
// (minutes, several processes); documented in docs/operations-faults.md.
import { createFaultContext } from './support/context.js';
import { pgRestarts } from './scenarios/pg-restarts.js';
import { receiverOutage } from './scenarios/receiver-outage.js';
import { scaleOut } from './scenarios/scale-out.js';
import type { Counted, Scenario, ScenarioResult } from './scenarios/scenario.js';
import { sigkill } from './scenarios/sigkill.js';

const SCENARIOS: Scenario[] = [pgRestarts, sigkill, receiverOutage, scaleOut];

function counts(result: ScenarioResult, deaths: number): Record<Counted, number> {
  const o = result.outcome;
  return { deaths, stuck: o.stuck, lost: o.lost, error: o.error, undelivered: o.undelivered, duplicates: o.duplicates };
}

async function runOne(scenario: Scenario): Promise<boolean> {
  const started = Date.now();
  const ctx = await createFaultContext(scenario.name);
  try {
    const result = await scenario.run(ctx);
    const deaths = ctx.processes.deaths();
    const c = counts(result, deaths.length);
    const missed = Object.entries(result.targets).filter(([k, max]) => c[k as Counted] > (max as number));
    const o = result.outcome;
    process.stdout.write(
      `\n${scenario.name} (${Math.round((Date.now() - started) / 1000)} s, logs in ${ctx.logDir})\n` +
        `  accepted ${o.accepted}  refused ${result.submissions.refused} (failed requests ${result.submissions.failedRequests})\n` +
        `  processed ${o.processed}  error ${o.error}  stuck ${o.stuck}  lost ${o.lost}\n` +
        `  delivered ${o.accepted - o.undelivered - o.stuck - o.lost}  undelivered ${o.undelivered}  redeliveries ${o.redeliveries}  duplicates ${o.duplicates}\n` +
        `  process deaths ${deaths.length}${deaths.length ? ` ${JSON.stringify(deaths)}` : ''}  ${JSON.stringify(result.facts)}\n` +
        (Object.keys(o.errorCodes).length ? `  error codes ${JSON.stringify(o.errorCodes)}\n` : '') +
        `  ${missed.length === 0 ? 'PASS' : `FAIL: ${missed.map(([k, max]) => `${k} ${c[k as Counted]} > ${max}`).join(', ')}`}\n`,
    );
    return missed.length === 0;
  } catch (err) {
    process.stdout.write(`\n${scenario.name}: FAIL (${(err as Error).stack ?? String(err)}); logs in ${ctx.logDir}\n`);
    return false;
  } finally {
    await ctx
      .close()
      .catch((err: unknown) => process.stderr.write(`cleanup of ${scenario.name} failed: ${String(err)}\n`));
  }
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !SCENARIOS.some((s) => s.name === w));
  if (unknown.length > 0) {
    process.stderr.write(
      `unknown scenario(s): ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}\n`,
    );
    process.exit(2);
  }
  const chosen = wanted.length > 0 ? SCENARIOS.filter((s) => wanted.includes(s.name)) : SCENARIOS;
  let passed = 0;
  let failed = 0;
  for (const scenario of chosen) {
    if (await runOne(scenario)) passed++;
    else failed++;
  }
  process.stdout.write(`\nfaults: ${passed} passed, ${failed} failed\n`);
  process.exit(failed === 0 ? 0 : 1);
}

void main();
