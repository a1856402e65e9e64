// Fairness between organizations in the worker: at most `cap` documents of one organization are processed at once,
// so one tenant's hung hosts or huge documents cannot hold every slot while other tenants wait.
//
// Each process_document queue entry carries its organization as a graphile flag (`org:<id>`, set at submit, see
// ORG_FLAG_SQL). Before each fetch graphile asks forbiddenFlags(); it answers the organizations that are at their
// cap, counted over the entries locked by every worker process on this database (one indexed-free scan of the
// locked entries, which are at most the total concurrency), so the cap holds across processes. Two fetches racing in
// different processes can exceed it by one for a moment; it is a fairness bound, not a quota.
//
// It is work-conserving: when nothing of another organization is waiting, nothing is forbidden, and a lone tenant
// uses every slot.
import type { Queryable } from '../db/pool.js';
import { TASK } from './tasks.js';

export const ORG_FLAG_PREFIX = 'org:';

export function orgFlag(organizationId: string): string {
  return `${ORG_FLAG_PREFIX}${organizationId}`;
}

/** The flags array of a job spec, in SQL, for a row with an `organization_id` column (used by jobs/insert-batch). */
export const ORG_FLAG_SQL = `ARRAY['${ORG_FLAG_PREFIX}' || organization_id::text]`;

const CAPPED_ORGS = `
WITH locked AS (
  SELECT f.flag FROM graphile_worker._private_jobs j
  JOIN graphile_worker._private_tasks t ON t.id = j.task_id AND t.identifier = $2
  CROSS JOIN LATERAL jsonb_object_keys(j.flags) AS f(flag)
  WHERE j.locked_at IS NOT NULL AND j.flags IS NOT NULL AND f.flag LIKE '${ORG_FLAG_PREFIX}%'
), capped AS (
  SELECT coalesce(array_agg(flag), '{}') AS flags FROM (SELECT flag FROM locked GROUP BY flag HAVING count(*) >= $1) c
)
SELECT capped.flags AS capped,
  EXISTS (
    SELECT 1 FROM graphile_worker._private_jobs w
    JOIN graphile_worker._private_tasks t ON t.id = w.task_id AND t.identifier = $2
    WHERE w.is_available AND w.run_at <= now() AND NOT coalesce(w.flags ?| capped.flags, false)
  ) AS others_waiting
FROM capped`;

/**
 * The forbiddenFlags function of the processing runner: organizations at their cap while some other organization's
 * job is ready to run; null (nothing forbidden) otherwise. cap <= 0 disables the check.
 */
export function orgCapForbiddenFlags(db: Queryable, cap: number): () => Promise<string[] | null> {
  return async () => {
    if (cap <= 0) return null;
    const { rows } = await db.query<{ capped: string[]; others_waiting: boolean }>({
      name: 'docex_org_cap',
      text: CAPPED_ORGS,
      values: [cap, TASK.processDocument],
    });
    const row = rows[0];
    if (!row || row.capped.length === 0 || !row.others_waiting) return null;
    return row.capped;
  };
}
