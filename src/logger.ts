import { isatty } from 'node:tty';
import pino, { type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import type { Config } from './config.js';

/**
 * Logs to stdout (or stderr for admin commands, whose stdout carries their output): JSON lines for machines
 * (supervisors, log shippers), readable coloured lines when a person watches a terminal. DOCEX_LOG_FORMAT
 * (auto|json|pretty) overrides the choice; 'auto' decides by whether the destination is a terminal.
 */
export function createLogger(
  level: Config['logLevel'],
  destination: 1 | 2 = 1,
  format: Config['logFormat'] = 'auto',
): Logger {
  const pretty = format === 'pretty' || (format === 'auto' && isatty(destination));
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
          'clientSecret',
          'secret',
          'password',
          '*.clientSecret',
          '*.secret',
          '*.password',
        ],
        censor: '[redacted]',
      },
    },
    pretty ? prettyStream(destination) : pino.destination({ fd: destination, sync: destination === 2 }),
  );
}

/**
 * pino-pretty as a stream in this thread (not a transport worker): one process, and lines already written when the
 * process exits. Redaction happens before formatting, so pretty lines hide the same secrets as JSON lines.
 */
function prettyStream(destination: 1 | 2): DestinationStream {
  return pinoPretty({
    destination,
    sync: true,
    colorize: isatty(destination),
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service',
    singleLine: false,
  });
}
