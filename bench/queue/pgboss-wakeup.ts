// The best latency setup found for pg-boss 10.4, which has no push wake-up of its own: a worker polls at most every
// 500 ms, and after each fetched batch it sleeps the rest of its polling interval even when more jobs are waiting
// (so batchSize 1 caps one worker at 2 jobs/s). Two additions, both outside pg-boss:
//   1. a row trigger on pgboss.job NOTIFYs the queue name on every insert; one LISTEN connection per process wakes that
//      queue's workers with boss.notifyWorker(id), which aborts their sleep;
//   2. a handler that has just finished wakes its own worker, so it fetches again at once and only sleeps when the
//      queue is empty.
// Caveats for production: the trigger lives on a table pg-boss owns (its migrations may replace it), and the LISTEN
// connection needs reconnect handling; polling remains the fallback, so a lost notification costs <= 500 ms.
import pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Queryable } from './support.js';

const CHANNEL = 'docex_pgboss_job';

/** Installs the insert trigger. Row triggers on the partitioned pgboss.job are cloned onto each queue's partition. */
export async function installJobNotifyTrigger(db: Queryable): Promise<void> {
  await db.query(`
    CREATE OR REPLACE FUNCTION pgboss.docex_notify_job() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- Same channel and payload within one transaction are delivered once: a 5,000-job batch sends one NOTIFY.
      PERFORM pg_notify('${CHANNEL}', NEW.name);
      RETURN NULL;
    END $$;
    DROP TRIGGER IF EXISTS docex_notify_job ON pgboss.job;
    CREATE TRIGGER docex_notify_job AFTER INSERT ON pgboss.job FOR EACH ROW EXECUTE FUNCTION pgboss.docex_notify_job();`);
}

export class PgBossWakeup {
  private readonly workers = new Map<string, Set<string>>();

  private constructor(
    private readonly boss: PgBoss,
    private readonly listener: pg.Client,
  ) {
    listener.on('notification', (msg) => {
      for (const id of this.workers.get(msg.payload ?? '') ?? []) boss.notifyWorker(id);
    });
  }

  static async start(connectionString: string, boss: PgBoss): Promise<PgBossWakeup> {
    const listener = new pg.Client({ connectionString, application_name: 'bench-pgboss-listen' });
    listener.on('error', () => {});
    await listener.connect();
    await listener.query(`LISTEN ${CHANNEL}`);
    return new PgBossWakeup(boss, listener);
  }

  /** Like boss.work, plus: woken by inserts into its queue, and fetches again right after a non-empty batch. */
  async work<T>(name: string, options: PgBoss.WorkOptions, handler: PgBoss.WorkHandler<T>): Promise<string> {
    // Assigned after work() resolves but read by the handler, which may run first: a const would be in its TDZ.
    let id: string | undefined;
    // eslint-disable-next-line prefer-const -- see above
    id = await this.boss.work<T>(name, options, async (jobs) => {
      const result = await handler(jobs);
      if (id) this.boss.notifyWorker(id);
      return result;
    });
    const ids = this.workers.get(name) ?? new Set<string>();
    ids.add(id);
    this.workers.set(name, ids);
    return id;
  }

  async offWork(name: string): Promise<void> {
    this.workers.delete(name);
    await this.boss.offWork(name);
  }

  async stop(): Promise<void> {
    await this.listener.end();
  }
}
