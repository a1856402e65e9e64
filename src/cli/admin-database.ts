// Which database an admin command uses. Operators run `docex keys create` from wherever their shell is; with the
// embedded PostgreSQL the default data folder (./.docex) depends on that, so an admin command must not quietly
// initialise a second, empty cluster there. The order:
//   1. DATABASE_URL: that server.
//   2. DOCEX_DATA_DIR set: that folder's cluster, which must exist (`docex start` creates it).
//   3. ./.docex when it holds a cluster, or when a running service uses it.
//   4. The one running service recorded in DOCEX_INSTANCES_DIR (said on stderr, with how to choose another).
// Anything else is an error naming the settings, never a new cluster.
import type { Config } from '../config.js';
import { hasCluster } from '../db/embedded.js';
import { liveInstances, type InstanceRecord } from '../db/embedded-instances.js';
import { CliError, notice } from './output.js';

/** The config with the data folder and embedded port of the database this admin command should use. */
export async function resolveAdminDatabase(config: Config, options: { mayInitialise?: boolean } = {}): Promise<Config> {
  if (config.databaseUrl) return config;
  const live = await liveInstances(config.instancesDir);
  const serving = live.find((i) => i.dataDir === config.dataDir);
  if (serving) return withService(config, serving);
  if (hasCluster(config.dataDir)) return config;

  if (config.dataDirFromEnv) {
    if (options.mayInitialise) {
      notice(`initialising a new embedded database in ${config.dataDir} (DOCEX_DATA_DIR)`);
      return config;
    }
    throw new CliError(
      `DOCEX_DATA_DIR=${config.dataDir} holds no docex database yet; start the service there first (docex start), ` +
        'or point DOCEX_DATA_DIR (or DATABASE_URL) at the database to use',
    );
  }
  if (live.length === 1) {
    const only = live[0]!;
    notice(
      `using the database of the docex service running with data in ${only.dataDir} (pid ${only.pid}, ` +
        `embedded PostgreSQL on 127.0.0.1:${only.pgPort}); set DOCEX_DATA_DIR or DATABASE_URL to use another`,
    );
    return withService({ ...config, dataDir: only.dataDir }, only);
  }
  if (live.length > 1) {
    throw new CliError(
      `several docex services are running; set DOCEX_DATA_DIR to the one to use:\n${live.map(describe).join('\n')}`,
    );
  }
  if (options.mayInitialise) {
    notice(`initialising a new embedded database in ${config.dataDir}`);
    return config;
  }
  throw new CliError(
    `no docex database found: no service is running (none recorded in ${config.instancesDir}) and ${config.dataDir} ` +
      'holds none. Start the service (docex start) first, or set DOCEX_DATA_DIR or DATABASE_URL',
  );
}

/** The running service's embedded port and address policy (what its worker applies when it delivers). */
function withService(config: Config, service: InstanceRecord): Config {
  const policy = service.addressPolicy;
  return {
    ...config,
    embeddedPgPort: service.pgPort,
    ...(policy ? { allowPrivateNetworks: policy.allowPrivateNetworks, trustedAddresses: policy.trustedAddresses } : {}),
  };
}

const describe = (i: InstanceRecord) =>
  `  DOCEX_DATA_DIR=${i.dataDir}  (pid ${i.pid}, HTTP port ${i.httpPort}, started ${i.startedAt})`;
