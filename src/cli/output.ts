// Admin commands print machine-readable JSON with --json (stdout carries nothing else) and aligned text otherwise.
// Everything a command prints goes through the current CliIo, so the whole CLI also runs in-process (tests run
// dozens of commands without paying a Node start each) with its output captured and its environment given.
import type { Env } from '../config.js';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Env;
}

export const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  env: process.env,
};

let current: CliIo = processIo;

export function cliIo(): CliIo {
  return current;
}

/** Runs fn with io as the CLI's output and environment (one command at a time). */
export async function withCliIo<T>(io: CliIo, fn: () => Promise<T>): Promise<T> {
  const previous = current;
  current = io;
  try {
    return await fn();
  } finally {
    current = previous;
  }
}

export function print(text: string): void {
  current.stdout(text);
}

/** A notice for the operator (which database is used, a warning): stderr, so --json output stays parseable. */
export function notice(text: string): void {
  current.stderr(`docex: ${text}\n`);
}

export function printJson(value: unknown): void {
  current.stdout(JSON.stringify(value, null, 2) + '\n');
}

export function printTable(rows: Array<Record<string, unknown>>, columns: string[]): void {
  if (rows.length === 0) {
    current.stdout('(none)\n');
    return;
  }
  const cell = (v: unknown) =>
    v === null || v === undefined ? '-' : Array.isArray(v) ? v.join(',') || '-' : String(v);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd() + '\n';
  current.stdout(line(columns));
  for (const r of rows) current.stdout(line(columns.map((c) => cell(r[c]))));
}

/** A failure the operator can fix: printed as one line on stderr, exit code 1, no stack. */
export class CliError extends Error {}
