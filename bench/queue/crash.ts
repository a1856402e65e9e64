// Crash recovery, measured with real worker processes (crash-child.ts under `node --import tsx`):
//   1. worker A takes a job and hangs in its handler; worker B starts; A is SIGKILLed. We time until B's handler
//      starts the same job, check B completes it and that nobody runs it a third time.
//   2. a job that runs longer than the lease / expiry (holdMs) on a live worker, with a second idle worker: does the
//      engine hand it to the other worker while the first is still running it (a duplicate run)?
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, ProbePayload } from './crash-protocol.js';
import { log, sleep } from './support.js';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'crash-child.ts');
const ROOT = path.resolve(path.dirname(CHILD), '../..');

export interface CrashEngine {
  label: string;
  child: {
    engine: 'docex' | 'pgboss';
    url: string;
    /** docex lease, or pg-boss maintenance interval */ seconds: number;
  };
  enqueue(payload: ProbePayload): Promise<void>;
  /** Queue entries of this key not yet completed. */
  unfinished(key: string): Promise<number>;
  /** How long a job may run on a live worker before the engine could hand it out again. */
  longJobMs: number;
}

export interface CrashResult {
  /** From A's SIGKILL, and from A's handler start, to B's handler start. */
  reRunAfterKillMs: number;
  reRunAfterStartMs: number;
  runsOfKilledJob: number;
  unfinishedAfter: number;
  /** Handler starts of the long job on live workers (1 = not handed out twice). */
  longJobStarts: number;
}

type Event = Extract<ChildMessage, { type: 'start' | 'done' }> & { child: string };

class Scenario {
  readonly events: Event[] = [];
  private readonly children = new Map<string, ChildProcess>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly engine: CrashEngine) {}

  /** Starts a worker process and resolves once it consumes its queue. */
  spawn(name: string, mode: 'hang' | 'work'): Promise<void> {
    const { engine, url, seconds } = this.engine.child;
    const child = fork(CHILD, [engine, url, mode, String(seconds)], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.children.set(name, child);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${this.engine.label} worker ${name} not ready in 30 s`)),
        30_000,
      );
      child.once('exit', (code) =>
        reject(new Error(`${this.engine.label} worker ${name} exited (${code}) before ready`)),
      );
      child.on('message', (m: ChildMessage) => {
        if (m.type === 'ready') {
          clearTimeout(timer);
          resolve();
        } else if (m.type === 'log') {
          log(`  ${this.engine.label} worker ${name}: ${m.line}`);
        } else {
          this.events.push({ ...m, child: name });
          for (const l of this.listeners) l();
        }
      });
    });
  }

  waitEvent(match: (e: Event) => boolean, timeoutMs: number, what: string): Promise<Event> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const hit = this.events.find(match);
        if (!hit) return;
        done();
        resolve(hit);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`${this.engine.label}: ${what} did not happen within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      check();
    });
  }

  kill(name: string): number {
    const at = Date.now();
    this.children.get(name)?.kill('SIGKILL');
    return at;
  }

  /** Asks every live worker to stop; SIGKILLs any still running after 6 s. */
  async stopAll(): Promise<void> {
    await Promise.all(
      [...this.children.values()].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const force = setTimeout(() => child.kill('SIGKILL'), 6_000);
            child.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            child.send('stop', (err) => err && child.kill('SIGKILL'));
          }),
      ),
    );
  }
}

export async function measureCrash(engine: CrashEngine): Promise<CrashResult> {
  const s = new Scenario(engine);
  const tag = engine.label;
  try {
    await s.spawn('A', 'hang');
    await engine.enqueue({ key: 'killed', holdMs: 100 });
    const first = await s.waitEvent((e) => e.type === 'start' && e.key === 'killed', 15_000, 'first pickup');
    await s.spawn('B', 'work');
    const killedAt = s.kill('A');
    log(
      `  ${tag}: worker A SIGKILLed ${((killedAt - first.at) / 1000).toFixed(1)} s into the job; waiting for worker B`,
    );
    const rerun = await s.waitEvent(
      (e) => e.type === 'start' && e.key === 'killed' && e.child !== 'A',
      150_000,
      're-run',
    );
    await s.waitEvent((e) => e.type === 'done' && e.key === 'killed', 15_000, 'completion of the re-run');
    log(`  ${tag}: re-run by worker ${rerun.child} ${((rerun.at - killedAt) / 1000).toFixed(1)} s after the kill`);
    await sleep(2_000); // a third run would show here
    const runsOfKilledJob = s.events.filter((e) => e.type === 'start' && e.key === 'killed').length;
    const unfinishedAfter = await engine.unfinished('killed');

    log(`  ${tag}: long job (${engine.longJobMs / 1000} s) on live workers B and C`);
    await s.spawn('C', 'work');
    await engine.enqueue({ key: 'long', holdMs: engine.longJobMs });
    await s.waitEvent((e) => e.type === 'start' && e.key === 'long', 15_000, 'long job pickup');
    await s.waitEvent((e) => e.type === 'done' && e.key === 'long', engine.longJobMs + 15_000, 'long job completion');
    await sleep(1_000);
    const longJobStarts = s.events.filter((e) => e.type === 'start' && e.key === 'long').length;
    log(`  ${tag}: long job started ${longJobStarts} time(s)`);
    return {
      reRunAfterKillMs: rerun.at - killedAt,
      reRunAfterStartMs: rerun.at - first.at,
      runsOfKilledJob,
      unfinishedAfter,
      longJobStarts,
    };
  } finally {
    await s.stopAll();
  }
}
