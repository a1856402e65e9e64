-- Processing bookkeeping: which attempt owns a job, and which worker processes are alive.

-- Set when a worker claims the job; every later write of that attempt is conditioned on it, so an attempt that
-- lost its claim (its worker was presumed dead and the job handed to another) can never write a result.
ALTER TABLE document_jobs ADD COLUMN processing_token uuid;

-- One row per graphile-worker worker id, refreshed by its process while it lives. Jobs locked by a worker whose
-- heartbeat is older than the lease are unlocked (graphile_worker.force_unlock_workers) so another worker runs them.
CREATE TABLE queue_workers (
  worker_id     text PRIMARY KEY,
  hostname      text NOT NULL,
  pid           integer NOT NULL,
  started_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX queue_workers_last_seen_idx ON queue_workers (last_seen_at);

CREATE INDEX document_jobs_status_idx ON document_jobs (status) WHERE status NOT IN ('processed', 'error');
