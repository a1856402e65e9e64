// Running parsers over untrusted input in worker threads with time and memory limits. See run-in-sandbox.ts.
export {
  DEFAULT_SANDBOX_LIMITS,
  freshWorkerRunner,
  moduleBesideCaller,
  runInSandbox,
  sandboxTask,
  type SandboxLimits,
  type SandboxOptions,
  type SandboxRunner,
  type SandboxTask,
} from './run-in-sandbox.js';
export { SandboxPool, type SandboxPoolOptions } from './sandbox-pool.js';
