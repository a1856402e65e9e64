// Starting a sandbox worker thread, from the compiled dist/ folder or from TypeScript sources alike.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SandboxWorkerData } from './protocol.js';
import { releaseFreedMemory } from './release-memory.js';

export interface SpawnOptions {
  /** The worker's V8 heap (resourceLimits.maxOldGenerationSizeMb). */
  maxMemoryMb: number;
  /** Bare specifiers required before anything else, resolved from preloadBaseUrl. */
  preload: readonly string[];
  preloadBaseUrl: URL;
}

/**
 * The URL of a module beside the caller, with the caller's own extension: `.ts` when running from sources (vitest,
 * tsx), `.js` when running from the compiled dist/ folder. Use `moduleBesideCaller(import.meta.url, './my-task')`.
 */
export function moduleBesideCaller(callerUrl: string, relativePathWithoutExtension: string): URL {
  const extension = new URL(callerUrl).pathname.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`${relativePathWithoutExtension}${extension}`, callerUrl);
}

export function spawnSandboxWorker(options: SpawnOptions): Worker {
  const entry = moduleBesideCaller(import.meta.url, './worker-entry');
  const workerData: SandboxWorkerData = { preload: [...options.preload], preloadBaseUrl: options.preloadBaseUrl.href };
  const { script, evaluate } = workerScript(entry, options);
  const worker = new Worker(script, {
    eval: evaluate,
    workerData,
    // Not the parent's flags (--inspect ports, heap sizes): the limits below are the worker's own.
    execArgv: [],
    // Untrusted parsing has no business with the service's environment (database URL, keys).
    env: {},
    resourceLimits: { maxOldGenerationSizeMb: options.maxMemoryMb },
  });
  // An 'error' event without a listener would crash the whole process. The task watcher listens while a task runs;
  // this one takes what comes between tasks or after a worker was given up (a late heap exhaustion, a stray timer).
  worker.on('error', () => undefined);
  // What the thread freed (its decoders' buffers) stays resident in the allocator's arenas until trimmed.
  worker.once('exit', () => releaseFreedMemory());
  return worker;
}

/**
 * What the Worker constructor runs. From dist/ that is the compiled entry itself. From TypeScript sources (vitest,
 * tsx) the thread needs a TypeScript loader of its own, and on Node 20 a loader passed in the Worker's execArgv
 * (`--import tsx`) is not applied to the worker (nodejs/node#47747): a small bootstrap registers tsx inside the
 * thread and then imports the entry. The preloads come first, so that tsx's hooks do not slow their loading.
 */
function workerScript(entry: URL, options: SpawnOptions): { script: URL | string; evaluate: boolean } {
  if (!entry.pathname.endsWith('.ts')) return { script: entry, evaluate: false };
  // An eval'd worker script is CommonJS: require is at hand for the preloads.
  const bootstrap = `const requireFromBase = require('node:module').createRequire(${JSON.stringify(options.preloadBaseUrl.href)});
    for (const specifier of ${JSON.stringify(options.preload)}) requireFromBase(specifier);
    import(${JSON.stringify(tsxRegisterUrl())})
      .then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
  return { script: bootstrap, evaluate: true };
}

let cachedTsxRegisterUrl: string | undefined;

/** tsx's ESM API module, resolved from this file (not from the working directory); tsx is a dev dependency. */
function tsxRegisterUrl(): string {
  if (cachedTsxRegisterUrl) return cachedTsxRegisterUrl;
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('tsx/package.json');
  const manifest = require('tsx/package.json') as { exports: Record<string, { import?: { default?: string } }> };
  const relative = manifest.exports['./esm/api']?.import?.default;
  if (!relative) throw new Error('tsx does not export ./esm/api: cannot run sandbox tasks from TypeScript sources');
  cachedTsxRegisterUrl = new URL(relative, pathToFileURL(manifestPath)).href;
  return cachedTsxRegisterUrl;
}
