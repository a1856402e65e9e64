// Process-level containment for `docex start`, `serve` and `worker`.
//
// Node exits on an unhandled rejection by default. In a long-running service that turns one dropped promise (a
// library that does not await a query, see queue/graphile-retries.ts) into the loss of every in-flight job and
// request. docex's own code awaits or catches what it starts; whatever still escapes is logged with its stack and
// counted, and the process goes on: the database work it belonged to is retried by the queue or swept (runner.ts).
// Synchronous uncaught exceptions keep Node's behaviour (exit): after one the process state is unknown.
import type { Logger } from 'pino';

export interface ProcessGuards {
  /** Rejections contained since install (for tests and metrics). */
  containedRejections(): number;
  uninstall(): void;
}

export function installProcessGuards(logger: Logger): ProcessGuards {
  let contained = 0;
  const onRejection = (reason: unknown) => {
    contained++;
    logger.error(
      { err: reason, containedRejections: contained },
      'unhandled promise rejection contained; the process keeps running',
    );
  };
  process.on('unhandledRejection', onRejection);
  return {
    containedRejections: () => contained,
    uninstall: () => {
      process.off('unhandledRejection', onRejection);
    },
  };
}
