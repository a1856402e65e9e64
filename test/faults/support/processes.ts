// docex processes for the faults suite: the real CLI (`start`, `serve`, `worker`) as child processes from the
// TypeScript sources, each with its stderr kept in a file for diagnosis. A process that exits without being told to
// counts as a death.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { ENTRY, ROOT } from '../../support/cli.js';

export type Role = 'start' | 'serve' | 'worker';

export interface DocexProcess {
  name: string;
  role: Role;
  port: number;
  child: ChildProcess;
  /** SIGKILL, counted as intended (not a death). Resolves once it exited. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the drain. */
  stop(): Promise<void>;
  /** GET /readyz answers 200. */
  ready(): Promise<boolean>;
}

export interface ProcessSet {
  spawn(name: string, role: Role, port: number, env: Record<string, string>): DocexProcess;
  /** Exits nobody asked for, with their exit code or signal. */
  deaths(): Array<{ name: string; code: number | null; signal: string | null }>;
  stopAll(): Promise<void>;
}

export function processSet(logDir: string): ProcessSet {
  const deaths: Array<{ name: string; code: number | null; signal: string | null }> = [];
  const live = new Set<DocexProcess>();
  return {
    spawn(name, role, port, env) {
      const log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
      const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, role], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.pipe(log);
      child.stderr!.pipe(log);
      let intended = false;
      const exited = new Promise<void>((resolve) =>
        child.once('exit', (code, signal) => {
          live.delete(proc);
          if (!intended) deaths.push({ name, code, signal });
          resolve();
        }),
      );
      const proc: DocexProcess = {
        name,
        role,
        port,
        child,
        async kill() {
          intended = true;
          child.kill('SIGKILL');
          await exited;
        },
        async stop() {
          intended = true;
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
          await exited;
          clearTimeout(timer);
        },
        async ready() {
          try {
            const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) });
            return res.status === 200;
          } catch {
            return false;
          }
        },
      };
      live.add(proc);
      return proc;
    },
    deaths: () => [...deaths],
    async stopAll() {
      await Promise.all([...live].map((p) => p.stop()));
    },
  };
}

export async function waitReady(procs: DocexProcess[], timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const p of procs) {
    while (!(await p.ready())) {
      if (Date.now() > deadline) throw new Error(`${p.name} did not become ready within ${timeoutMs} ms (see its log)`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
