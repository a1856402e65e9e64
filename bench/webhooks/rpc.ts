// The benchmark's processes (receiver, docex delivery runner, baseline sender) are real child processes driven over
// Node's IPC channel with a tiny request/response protocol. Timestamps cross process boundaries as monoMs() values:
// process.hrtime is libuv's CLOCK_MONOTONIC on Linux, one clock for every process on the machine, so a commit time
// taken here and a first-byte time taken in the receiver can be subtracted directly.
import { fork, type ChildProcess } from 'node:child_process';

/** Milliseconds on the machine-wide monotonic clock (sub-microsecond resolution). */
export const monoMs = (): number => Number(process.hrtime.bigint()) / 1e6;

type Handlers = Record<string, (args: any) => unknown>;

interface Request {
  id: number;
  cmd: string;
  args: unknown;
}
interface Reply {
  id: number;
  result?: unknown;
  error?: string;
}

/**
 * In a child: answers the parent's calls and announces `ready` (e.g. the port it listens on). When the parent
 * disconnects (its stop(), or its own death), `shutdown` runs (bounded by the parent's SIGKILL) and the child exits.
 */
export function serveRpc(handlers: Handlers, ready: unknown, shutdown: () => Promise<void> = async () => {}): void {
  if (!process.send) throw new Error('started without an IPC channel: run it through the benchmark');
  process.on('message', (m: Request) => {
    const handler = handlers[m.cmd];
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`unknown command ${m.cmd}`);
        return handler(m.args);
      })
      .then(
        (result) => process.send!({ id: m.id, result } satisfies Reply),
        (err: unknown) =>
          process.send!({ id: m.id, error: err instanceof Error ? err.message : String(err) } satisfies Reply),
      );
  });
  process.on('disconnect', () => {
    shutdown().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`shutdown failed: ${err instanceof Error ? err.message : String(err)}\n`);
        process.exit(1);
      },
    );
  });
  process.send({ id: 0, result: ready } satisfies Reply);
}

export interface Child<H extends Handlers> {
  ready: unknown;
  call<K extends keyof H & string>(cmd: K, args?: Parameters<H[K]>[0]): Promise<Awaited<ReturnType<H[K]>>>;
  /** Asks for a clean exit (command `stop` when the child has one), then SIGKILL after a bound. */
  stop(): Promise<void>;
}

/** Forks a TypeScript child through tsx and waits for its ready message (bounded). */
export async function startChild<H extends Handlers>(
  file: string,
  env: NodeJS.ProcessEnv,
  label: string,
): Promise<Child<H>> {
  const proc: ChildProcess = fork(file, [], {
    env,
    // BENCH_WEBHOOKS_CPU_PROF=DIR writes a V8 CPU profile of each child there (to see where a delivery's time goes).
    execArgv: [
      '--import',
      'tsx',
      ...(env.BENCH_WEBHOOKS_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_WEBHOOKS_CPU_PROF}`] : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.once('exit', (code, signal) => {
    for (const p of pending.values()) p.reject(new Error(`${label} exited (${code ?? signal}) during a call`));
    pending.clear();
  });
  const ready = await new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start within 30 s`)), 30_000);
    proc.once('exit', (code) => reject(new Error(`${label} exited (${code}) before it was ready`)));
    proc.on('message', (m: Reply) => {
      if (m.id === 0) {
        clearTimeout(timer);
        resolve(m.result);
        return;
      }
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (m.error !== undefined) p?.reject(new Error(`${label}: ${m.error}`));
      else p?.resolve(m.result);
    });
  });
  return {
    ready,
    call: (cmd, args) =>
      new Promise((resolve, reject) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return reject(new Error(`${label} is not running`));
        const id = nextId++;
        pending.set(id, { resolve, reject });
        proc.send({ id, cmd, args } satisfies Request);
      }),
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const killer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      if (proc.connected) proc.disconnect(); // the child's disconnect handler stops it cleanly
      await exited;
      clearTimeout(killer);
    },
  };
}
