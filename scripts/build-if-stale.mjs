#!/usr/bin/env node
// `npm start`'s prestart: rebuilds dist/ only when a source is newer than the last build, so a start with a current
// build takes milliseconds here instead of a full TypeScript compile (17-30 s on 2 cores). `npm install` builds
// through `prepare`; this catches a checkout whose sources changed since (git pull, local edits).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Written by `npm run build` after tsc and the SQL copy both succeeded (`--mark`); its age is the last good build's.
// tsc emits even when it reports errors, so the compiled files' own age would hide a failed build.
const BUILD_MARK = path.join(ROOT, 'dist', '.build-complete');
const INPUTS = ['src', 'tsconfig.json', 'tsconfig.build.json', 'package.json'];

/** The newest file among the build's inputs, walking folders; null when none exists. */
export function newestInput(root, inputs = INPUTS) {
  let newest = null;
  const visit = (file) => {
    let st;
    try {
      st = statSync(file);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const entry of readdirSync(file)) visit(path.join(file, entry));
    } else if (!newest || st.mtimeMs > newest.mtimeMs) {
      newest = { file, mtimeMs: st.mtimeMs };
    }
  };
  for (const input of inputs) visit(path.join(root, input));
  return newest;
}

/** Why the build in root is stale ('no build', or the newer source), or null when it is current. */
export function staleReason(root = ROOT) {
  let built;
  try {
    built = statSync(path.join(root, path.relative(ROOT, BUILD_MARK))).mtimeMs;
  } catch {
    return 'there is no complete build yet';
  }
  const newest = newestInput(root);
  if (newest && newest.mtimeMs > built) return `${path.relative(root, newest.file)} changed since the last build`;
  return null;
}

const runAsScript = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runAsScript && process.argv[2] === '--mark') {
  writeFileSync(BUILD_MARK, `${new Date().toISOString()}\n`);
} else if (runAsScript) {
  const reason = staleReason();
  if (reason !== null) {
    process.stderr.write(`docex: ${reason}; building (npm run build)...\n`);
    const started = Date.now();
    const npm = process.env.npm_execpath;
    // Under npm, reuse the npm that runs us; otherwise the one on PATH.
    const result = npm
      ? spawnSync(process.execPath, [npm, 'run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' })
      : spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) {
      process.stderr.write('docex: the build failed; fix the errors above, then npm start again\n');
      process.exit(result.status ?? 1);
    }
    process.stderr.write(`docex: built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
}
