// Load and bookkeeping for the faults suite: one tenant whose webhooks go to a real receiver, a submitter that
// spreads submissions over the API processes (retrying a refused one a few times, as a client would), and the final
// count of what became of every accepted job.
import { createApiKey } from '../../../src/auth/api-keys.js';
import { createOrganization } from '../../../src/auth/organizations.js';
import { migrate } from '../../../src/db/migrate.js';
import { createPool, type Pool } from '../../../src/db/pool.js';
import { createSigningSecret } from '../../../src/delivery/store.js';
import type { FaultReceiver } from './receiver.js';

export interface Tenant {
  pool: Pool;
  headers: Record<string, string>;
}

export async function prepareTenant(databaseUrl: string, webhookBaseUrl: string): Promise<Tenant> {
  const pool = createPool(databaseUrl, 4);
  await migrate(pool);
  const org = await createOrganization(pool, 'Faults GmbH');
  const key = await createApiKey(pool, { organizationId: org.id, name: 'faults', webhookBaseUrl, ipAllowlist: [] });
  await createSigningSecret(pool, key.id);
  return { pool, headers: { 'x-client-id': key.clientId, 'x-client-secret': key.clientSecret } };
}

export interface Submissions {
  accepted: string[];
  /** Submissions that got no 202 after every retry (the API refused them, e.g. 503 while the database was gone). */
  refused: number;
  /** Individual requests answered with something else than 202, or not answered. */
  failedRequests: number;
}

/**
 * Submits `count` jobs at about `perSecond`, spread over the API ports. Each is retried for up to 40 s (a killed API
 * takes a while to come back), as a client with an Idempotency-Key would.
 */
export async function submitJobs(
  ports: () => number[],
  tenant: Tenant,
  documentUrl: string,
  count: number,
  perSecond: number,
): Promise<Submissions> {
  const result: Submissions = { accepted: [], refused: 0, failedRequests: 0 };
  const runId = Date.now().toString(36);
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    inFlight.push(
      (async () => {
        const giveUpAt = Date.now() + 40_000;
        for (let attempt = 0; Date.now() < giveUpAt; attempt++) {
          const live = ports();
          const port = live[(i + attempt) % live.length]!;
          try {
            const res = await fetch(`http://127.0.0.1:${port}/v1/documents`, {
              method: 'POST',
              // A retry after a kill may follow a request that was stored: the key makes it return the same job.
              headers: {
                ...tenant.headers,
                'content-type': 'application/json',
                'idempotency-key': `faults-${runId}-${i}`,
              },
              body: JSON.stringify({
                documentUrl,
                requireLineItems: false,
                documentId: i,
                consumerRefId: `faults-${i}`,
              }),
              signal: AbortSignal.timeout(10_000),
            });
            if (res.status === 202) {
              const { jobId } = (await res.json()) as { jobId: string };
              if (!result.accepted.includes(jobId)) result.accepted.push(jobId);
              return;
            }
            await res.arrayBuffer();
          } catch {
            // not answered: the process was killed or is starting
          }
          result.failedRequests++;
          await new Promise((r) => setTimeout(r, Math.min(2_000, 250 * (attempt + 1))));
        }
        result.refused++;
      })(),
    );
    await new Promise((r) => setTimeout(r, 1000 / perSecond));
  }
  await Promise.all(inFlight);
  return result;
}

export interface Outcome {
  accepted: number;
  processed: number;
  error: number;
  /** Accepted jobs still in a working status (or initiated) when the wait ended. */
  stuck: number;
  /** Accepted jobs without a row. */
  lost: number;
  /** Finished jobs whose webhook never arrived. */
  undelivered: number;
  /** Deliveries beyond one per job (at-least-once re-sends after a kill, same webhook-id). */
  redeliveries: number;
  /** Jobs delivered as more than one message (two different webhook-ids): a job finished twice. */
  duplicates: number;
  errorCodes: Record<string, number>;
}

async function jobStates(
  pool: Pool,
  ids: string[],
): Promise<Map<string, { status: string; errorCode: string | null }>> {
  const { rows } = await pool.query<{ id: string; status: string; error_code: string | null }>(
    'SELECT id, status, error_code FROM document_jobs WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { status: r.status, errorCode: r.error_code }]));
}

/** Waits (bounded) until every accepted job is finished and delivered, then counts. */
export async function settle(
  pool: Pool,
  receiver: FaultReceiver,
  accepted: string[],
  timeoutMs: number,
): Promise<Outcome> {
  const deadline = Date.now() + timeoutMs;
  const delivered = () => new Set(receiver.deliveries.map((d) => (JSON.parse(d.body) as { job_id: string }).job_id));
  for (;;) {
    const states = await jobStates(pool, accepted).catch(() => null);
    const done = states && accepted.every((id) => ['processed', 'error'].includes(states.get(id)?.status ?? ''));
    if ((done && accepted.every((id) => delivered().has(id))) || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const states = await jobStates(pool, accepted);
  const byJob = new Map<string, Set<string>>();
  let deliveries = 0;
  for (const d of receiver.deliveries) {
    const jobId = (JSON.parse(d.body) as { job_id: string }).job_id;
    if (!accepted.includes(jobId)) continue;
    deliveries++;
    const ids = byJob.get(jobId) ?? new Set<string>();
    ids.add(String(d.headers['webhook-id']));
    byJob.set(jobId, ids);
  }
  const outcome: Outcome = {
    accepted: accepted.length,
    processed: 0,
    error: 0,
    stuck: 0,
    lost: 0,
    undelivered: 0,
    redeliveries: deliveries - byJob.size,
    duplicates: 0,
    errorCodes: {},
  };
  for (const id of accepted) {
    const s = states.get(id);
    if (!s) outcome.lost++;
    else if (s.status === 'processed') outcome.processed++;
    else if (s.status === 'error') {
      outcome.error++;
      outcome.errorCodes[s.errorCode ?? '?'] = (outcome.errorCodes[s.errorCode ?? '?'] ?? 0) + 1;
    } else outcome.stuck++;
    if (s && ['processed', 'error'].includes(s.status) && !byJob.has(id)) outcome.undelivered++;
    if ((byJob.get(id)?.size ?? 0) > 1) outcome.duplicates++;
  }
  return outcome;
}
