import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

/** JSON logs to stdout (or stderr for admin commands, whose stdout carries their output). */
export function createLogger(level: Config['logLevel'], destination: 1 | 2 = 1): Logger {
  return pino(
    {
      level,
      base: { service: 'docex' },
      // Secrets never reach the logs, whatever a future log line includes.
      redact: {
        paths: [
          'req.headers["x-client-secret"]',
          'req.headers.authorization',
          'headers["x-client-secret"]',
          '*.clientSecret',
          '*.secret',
          '*.password',
        ],
        censor: '[redacted]',
      },
    },
    pino.destination({ fd: destination, sync: destination === 2 }),
  );
}
