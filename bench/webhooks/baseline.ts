// Child process: the baseline, a plain undici `request` POST of the same body to the same receiver, with connection
// reuse through one undici Agent and nothing else (no database, no queue, no signing, no address rules). Runs in its
// own process like docex's runner, so both pay the same IPC-free, single-event-loop costs.
import { Agent, request } from 'undici';
import { monoMs, serveRpc } from './rpc.js';

const agent = new Agent();

async function post(url: string, body: string, id: string): Promise<number> {
  const res = await request(url, {
    dispatcher: agent,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'webhook-id': id },
  });
  await res.body.text();
  return res.statusCode;
}

const handlers = {
  /** `count` POSTs, `concurrency` at a time; times from the first send to the last response. */
  loop: async ({
    url,
    body,
    count,
    concurrency,
    idPrefix,
  }: {
    url: string;
    body: string;
    count: number;
    concurrency: number;
    idPrefix: string;
  }) => {
    let next = 0;
    let ok = 0;
    const startedAt = monoMs();
    const lane = async () => {
      while (next < count) {
        const i = next++;
        if ((await post(url, body, `${idPrefix}${i}`)) === 200) ok += 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
    return { startedAt, endedAt: monoMs(), ok };
  },
  cpu: (since?: NodeJS.CpuUsage) => process.cpuUsage(since),
  /** One POST; sentAt is taken just before undici is called (compare with the receiver's first byte). */
  probe: async ({ url, body, id }: { url: string; body: string; id: string }) => {
    const sentAt = monoMs();
    const status = await post(url, body, id);
    return { sentAt, status };
  },
};
export type BaselineHandlers = typeof handlers;

serveRpc(handlers, {}, () => agent.close());
