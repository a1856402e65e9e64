// A thin promise wrapper around autocannon's programmatic API.
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';

export interface LoadResult {
  requests: number;
  accepted: number;
  non2xx: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
}

export async function load(options: {
  url: string;
  connections: number;
  durationSeconds: number;
  headers: Record<string, string>;
  body: string;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: 'POST',
    connections: options.connections,
    duration: options.durationSeconds,
    headers: { 'content-type': 'application/json', ...options.headers },
    body: options.body,
  });
  const accepted = result['2xx'] as number;
  return {
    requests: result.requests.total,
    accepted,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    perSecond: accepted / options.durationSeconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}
