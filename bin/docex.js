#!/usr/bin/env node
// The published entry point runs the compiled CLI (built by `npm run build`, which `npm install` runs via `prepare`).
const entry = new URL('../dist/cli/main.js', import.meta.url);

let cli;
try {
  cli = await import(entry.href);
} catch (err) {
  if (err?.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes(entry.pathname)) {
    process.stderr.write('docex: not built yet (dist/ is missing): run `npm run build` (npm install does it)\n');
    process.exit(2);
  }
  throw err;
}
await cli.main(process.argv);
