// Running services that use the embedded PostgreSQL record where their data folder is, one small file per data
// folder in a per-user directory (DOCEX_INSTANCES_DIR, by default $XDG_RUNTIME_DIR/docex or ~/.docex/instances).
// Admin commands started from another folder find the service's database there instead of initialising a second
// cluster under their own ./.docex. A record holds no secret: the password stays in the data folder (mode 0600).
import { createHash } from 'node:crypto';
import { unlinkSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface InstanceRecord {
  /** The docex process serving with this data folder. */
  pid: number;
  dataDir: string;
  pgPort: number;
  /** HTTP port of the API (or the worker's health port). */
  httpPort: number;
  startedAt: string;
  /**
   * The service's address policy for downloads and webhooks (not secret): `keys create` checks a webhook base URL
   * against the policy of the service that will deliver, not only against its own environment.
   */
  addressPolicy?: { allowPrivateNetworks: boolean; trustedAddresses: string[] };
}

const fileFor = (instancesDir: string, dataDir: string) =>
  path.join(instancesDir, `${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}.json`);

/** Records this process as the service of its data folder; returns a synchronous remover (safe in 'exit'). */
export async function recordInstance(instancesDir: string, record: InstanceRecord): Promise<() => void> {
  await mkdir(instancesDir, { recursive: true, mode: 0o700 });
  const file = fileFor(instancesDir, record.dataDir);
  const staging = `${file}.${process.pid}.tmp`;
  await writeFile(staging, JSON.stringify(record, null, 2) + '\n', { mode: 0o600 });
  await rename(staging, file);
  return () => {
    try {
      unlinkSync(file);
    } catch {
      // Already gone (another instance of the same folder replaced it, or a cleanup ran).
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, owned by another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Records of services still running; records left by a process that died are removed on the way. */
export async function liveInstances(instancesDir: string): Promise<InstanceRecord[]> {
  let names: string[];
  try {
    names = (await readdir(instancesDir)).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  const live: InstanceRecord[] = [];
  for (const name of names) {
    const file = path.join(instancesDir, name);
    let record: InstanceRecord;
    try {
      record = JSON.parse(await readFile(file, 'utf8')) as InstanceRecord;
    } catch {
      continue;
    }
    if (typeof record.pid === 'number' && isAlive(record.pid)) live.push(record);
    else await unlink(file).catch(() => {});
  }
  return live.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}
