// The accuracy tables, as Markdown that can be pasted into docs/extraction.md.
import { SCORED_FIELDS } from './normalize.js';
import type { DatasetSummary, DocumentScore, FieldSummary } from './score.js';

const percent = (x: number | null): string => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);

/** The target fields: what "header fields" means in its targets. */
export const HEADER_FIELDS = ['invoice_number', 'invoice_date', 'total', 'vendor_name', 'buyer_name'] as const;

/** Pooled accuracy of some fields: every (content id, field) pair weighs one. */
export function pooled(summary: DatasetSummary, fields: readonly string[]): FieldSummary {
  const out = { correct: 0, total: 0 };
  for (const field of fields) {
    const f = summary.fields.get(field);
    if (!f) continue;
    out.correct += f.correct;
    out.total += f.total;
  }
  return out;
}

const ALL_FIELDS = SCORED_FIELDS.map(([field]) => field);
/** One field's accuracy and how many content ids it was labelled on, "97.3% (37)", or '–'. */
export const cell = (f: FieldSummary | undefined): string =>
  f && f.total > 0 ? `${percent(f.correct / f.total)} (${f.total})` : '–';
const lineF1 = (s: DatasetSummary): string =>
  s.lines.contentIds > 0 ? `${percent(s.lines.f1)} (${s.lines.contentIds})` : '–';

export function renderTable(summaries: readonly DatasetSummary[], title: string): string {
  const head = ['field', ...summaries.map((s) => `${s.name} (${s.contentIds} ids / ${s.documents} docs)`)];
  const lines = [`### ${title}`, '', `| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const field of ALL_FIELDS)
    lines.push(`| ${field} | ${summaries.map((s) => cell(s.fields.get(field))).join(' | ')} |`);
  lines.push(`| **header fields (5)** | ${summaries.map((s) => cell(pooled(s, HEADER_FIELDS))).join(' | ')} |`);
  lines.push(`| all fields | ${summaries.map((s) => cell(pooled(s, ALL_FIELDS))).join(' | ')} |`);
  const lineCell = (pick: (s: DatasetSummary) => number | null) =>
    summaries.map((s) => (s.lines.contentIds > 0 ? percent(pick(s)) : '–'));
  lines.push(`| line items precision | ${lineCell((s) => s.lines.precision).join(' | ')} |`);
  lines.push(`| line items recall | ${lineCell((s) => s.lines.recall).join(' | ')} |`);
  lines.push(`| line items F1 | ${summaries.map(lineF1).join(' | ')} |`);
  lines.push(
    `| ms per page | ${summaries.map((s) => (s.pages > 0 ? (s.ms / s.pages).toFixed(0) : '–')).join(' | ')} |`,
  );
  lines.push(
    `| extraction ms per page | ${summaries.map((s) => (s.pages > 0 ? (s.extractMs / s.pages).toFixed(1) : '–')).join(' | ')} |`,
  );
  lines.push(`| errors | ${summaries.map((s) => String(s.errors)).join(' | ')} |`);
  return lines.join('\n');
}

/** One row per family: in-sample beside leave-one-family-out (when given). */
export function renderFamilies(
  inSample: readonly DatasetSummary[],
  lofo: readonly DatasetSummary[] | null,
  title: string,
): string {
  const byName = new Map((lofo ?? []).map((s) => [s.name, s]));
  const head = lofo
    ? [
        'family',
        'ids',
        'header (in-sample)',
        'header (LOFO)',
        'all fields (in-sample)',
        'all fields (LOFO)',
        'line F1 (in-sample)',
        'line F1 (LOFO)',
      ]
    : ['family', 'ids', 'header fields (5)', 'all fields', 'line items F1'];
  const lines = [`### ${title}`, '', `| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const s of inSample) {
    const l = byName.get(s.name);
    const row = lofo
      ? [
          s.name,
          String(s.contentIds),
          cell(pooled(s, HEADER_FIELDS)),
          l ? cell(pooled(l, HEADER_FIELDS)) : '–',
          cell(pooled(s, ALL_FIELDS)),
          l ? cell(pooled(l, ALL_FIELDS)) : '–',
          lineF1(s),
          l ? lineF1(l) : '–',
        ]
      : [s.name, String(s.contentIds), cell(pooled(s, HEADER_FIELDS)), cell(pooled(s, ALL_FIELDS)), lineF1(s)];
    lines.push(`| ${row.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Every wrong field and every line-item shortfall, for finding what to improve. */
export function renderMisses(scores: readonly DocumentScore[]): string {
  const out: string[] = [];
  for (const s of scores) {
    const wrong = s.fields
      .filter((f) => !f.correct)
      .map((f) => `${f.field}: want ${JSON.stringify(f.expected)} got ${JSON.stringify(f.actual)}`);
    if (s.lines && (s.lines.matched < s.lines.labelled || s.lines.matched < s.lines.predicted)) {
      wrong.push(`lines: matched ${s.lines.matched} of ${s.lines.labelled} labelled, ${s.lines.predicted} predicted`);
    }
    if (s.error) wrong.push(`error: ${s.error}`);
    if (wrong.length > 0)
      out.push(
        `${s.row.dataset}/${s.row.docPath} [${s.row.family}, ${s.row.kind}, ${s.row.documentType}]\n  ${wrong.join('\n  ')}`,
      );
  }
  return out.join('\n');
}
