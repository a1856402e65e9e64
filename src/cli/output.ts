// Admin commands print machine-readable JSON with --json (stdout carries nothing else) and aligned text otherwise.

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

export function printTable(rows: Array<Record<string, unknown>>, columns: string[]): void {
  if (rows.length === 0) {
    process.stdout.write('(none)\n');
    return;
  }
  const cell = (v: unknown) => (v === null || v === undefined ? '-' : Array.isArray(v) ? v.join(',') || '-' : String(v));
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd() + '\n';
  process.stdout.write(line(columns));
  for (const r of rows) process.stdout.write(line(columns.map((c) => cell(r[c]))));
}

/** A failure the operator can fix: printed as one line on stderr, exit code 1, no stack. */
export class CliError extends Error {}
