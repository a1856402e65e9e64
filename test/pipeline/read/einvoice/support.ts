// Helpers shared by the e-invoice tests: fixture paths and an XPath-subset resolver that checks provenance paths
// point at a node holding the reported value.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EInvoiceFieldProvenance } from '../../../../src/pipeline/read/einvoice/index.js';
import type { XmlElement } from '../../../../src/pipeline/read/einvoice/xml-tree.js';
import { FIXTURE_DATASETS } from '../../../support/datasets.js';

export const FIXTURES = fileURLToPath(new URL('../../../fixtures/einvoice/', import.meta.url));
export const CORPUS = `${FIXTURE_DATASETS}/zugferd-corpus/`;

export function fixture(name: string): string {
  return readFileSync(FIXTURES + name, 'utf8');
}

/** Resolves /p:Name[n]/p:Name/@attr against the tree; returns the node's trimmed text or attribute value. */
export function resolvePath(root: XmlElement, path: string): string | null {
  let current: XmlElement | null = null;
  const steps = path.split('/').slice(1);
  for (const [index, step] of steps.entries()) {
    if (step.startsWith('@')) {
      return current?.attrs.get(step.slice(1)) ?? null;
    }
    const match = /^(?:([\w.-]+):)?([\w.-]+)(?:\[(\d+)\])?$/.exec(step);
    if (!match) throw new Error(`bad step ${step} in ${path}`);
    const [, prefix = '', name, position] = match;
    const candidates: XmlElement[] = index === 0 ? [root] : (current?.children ?? []);
    const named = candidates.filter((element) => element.name === name && element.prefix === prefix);
    const chosen = position === undefined ? (named.length === 1 ? named[0] : undefined) : named[Number(position) - 1];
    if (!chosen) return null;
    current = chosen;
  }
  return current ? current.text.trim() : null;
}

export function isProvenance(value: unknown): value is EInvoiceFieldProvenance {
  const candidate = value as EInvoiceFieldProvenance;
  return candidate?.source === 'xml' && candidate.confidence === 1 && typeof candidate.path === 'string';
}
