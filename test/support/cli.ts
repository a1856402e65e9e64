// Runs the real `docex` CLI: in this process (runCliInProcess: the same parsing, commands, database and exit codes,
// without a Node start and a TypeScript load per command, ~0.7 s each here) or as a child process from the
// TypeScript sources through tsx (runCli: for what only a process shows, such as signals and process.exit).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runCli as runCliMain } from '../../src/cli/main.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = path.join(ROOT, 'src/cli/dev.ts');
// Absolute, so a command can run from any folder (--import resolves a bare name from the working directory).
const TSX = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment a command sees: only what is given (plus PATH and HOME), like a clean shell. */
const baseEnv = (env: Record<string, string | undefined>) => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  LOG_LEVEL: 'warn',
  ...env,
});

export async function runCliInProcess(args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await runCliMain(args, {
    env: baseEnv(env),
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
  });
  return { code, stdout, stderr };
}

export function runCli(
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
  options: { cwd?: string; built?: boolean } = {},
): Promise<CliResult> {
  // built: the compiled bin/docex.js (what `npm start` and a global install run); it starts in half the time.
  const command = options.built ? [path.join(ROOT, 'bin', 'docex.js')] : ['--import', TSX, ENTRY];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...command, ...args], {
      cwd: options.cwd ?? ROOT,
      env: baseEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export { ROOT, ENTRY, TSX };
