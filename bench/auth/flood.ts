// The attacker of bench:auth-flood, in its own process so that its load generator does not share an event loop
// (and a CPU share) with the one measuring the legitimate traffic. argv: url, connections, seconds, headers (JSON).
// Says 'ready' once loaded (so its start-up is not measured), floods on 'go', answers {perSecond, statuses}.
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';

const [url, connections, seconds, headers] = process.argv.slice(2);

process.once('message', async () => {
  const statuses: Record<string, number> = {};
  const instance = autocannon({
    url,
    connections: Number(connections),
    duration: Number(seconds),
    headers: JSON.parse(headers!),
  });
  instance.on('response', (_client: unknown, status: number) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const result = await instance;
  process.send!({ perSecond: result.requests.total / Number(seconds), statuses });
  process.disconnect();
});
process.send!('ready');
