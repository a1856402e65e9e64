// CPU spent per delivery, to explain a throughput ratio on a small machine: the sending process's own CPU time
// (process.cpuUsage, asked over IPC) and, when PostgreSQL runs on this machine, the CPU time of the benchmark
// database's server backends read from /proc (utime + stime). Diagnostics only: null where unreadable.
import { readFile } from 'node:fs/promises';
import type pg from 'pg';

const CLOCK_TICKS_PER_S = 100; // USER_HZ: 100 on every Linux build that matters here

async function backendTicks(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // A remote server's pid may name an unrelated local process: only a local postgres backend counts.
    if (!stat.includes(' (postgres) ')) return null;
    // Fields after the parenthesised command name: utime and stime are fields 14 and 15 of the line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * CPU ms per backend pid of docex's own connections (application_name 'docex', as src/db/pool.ts names them) to
 * `database`; null when PostgreSQL is not local (or /proc is not readable).
 */
export async function backendCpu(db: pg.Pool, database: string): Promise<Map<number, number> | null> {
  const { rows } = await db.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'docex'",
    [database],
  );
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    const ticks = await backendTicks(pid);
    if (ticks === null) return null;
    out.set(pid, (ticks * 1000) / CLOCK_TICKS_PER_S);
  }
  return out;
}

/** CPU ms the backends spent between two snapshots (a backend started in between counts from zero). */
export function backendCpuDelta(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let ms = 0;
  for (const [pid, cpu] of after) ms += cpu - (before.get(pid) ?? 0);
  return ms;
}

export const processCpuMs = (u: NodeJS.CpuUsage): number => (u.user + u.system) / 1000;
