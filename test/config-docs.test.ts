// Every setting docex reads is documented: each environment variable named in src/ appears in
// docs/configuration.md (the table operators read), so a new knob cannot ship without its docs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const GENERAL = ['PORT', 'HOST', 'DATABASE_URL', 'DATABASE_POOL_SIZE', 'LOG_LEVEL', 'TRUST_PROXY'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('docs/configuration.md', () => {
  it('documents every environment variable the code reads', () => {
    const named = new Set<string>(GENERAL);
    for (const file of sourceFiles('src')) {
      const text = readFileSync(file, 'utf8');
      // Keys of the config schema (`DOCEX_X: int(...)`) and reads of the environment (`env.DOCEX_X`, `env['X']`).
      for (const match of text.matchAll(/^\s+(DOCEX_[A-Z0-9_]+):/gm)) named.add(match[1]!);
      for (const match of text.matchAll(/\benv(?:\.|\[')(DOCEX_[A-Z0-9_]*[A-Z0-9])\b/g)) named.add(match[1]!);
    }
    const docs = readFileSync('docs/configuration.md', 'utf8');
    const missing = [...named].filter((name) => !new RegExp(`\\b${name}\\b`).test(docs)).sort();
    expect(missing, 'add these to docs/configuration.md').toEqual([]);
  });
});
