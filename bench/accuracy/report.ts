// The accuracy table, as Markdown that can be pasted into the README.
import { SCORED_FIELDS } from './normalize.js';
import type { DatasetSummary, DocumentScore } from './score.js';

const percent = (x: number | null): string => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);

export function renderTable(summaries: readonly DatasetSummary[], title: string): string {
  const head = ['field', ...summaries.map((s) => `${s.name} (${s.contentIds} ids / ${s.documents} docs)`)];
  const lines = [`### ${title}`, '', `| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const [field] of SCORED_FIELDS) {
    const cells = summaries.map((s) => {
      const f = s.fields.get(field);
      return f ? `${percent(f.correct / f.total)} (${f.total})` : '–';
    });
    lines.push(`| ${field} | ${cells.join(' | ')} |`);
  }
  const lineCell = (pick: (s: DatasetSummary) => number | null) => summaries.map((s) => (s.lines.contentIds > 0 ? percent(pick(s)) : '–'));
  lines.push(`| line items precision | ${lineCell((s) => s.lines.precision).join(' | ')} |`);
  lines.push(`| line items recall | ${lineCell((s) => s.lines.recall).join(' | ')} |`);
  lines.push(`| line items F1 | ${summaries.map((s) => (s.lines.contentIds > 0 ? `${percent(s.lines.f1)} (${s.lines.contentIds})` : '–')).join(' | ')} |`);
  lines.push(`| ms per page | ${summaries.map((s) => (s.pages > 0 ? (s.ms / s.pages).toFixed(0) : '–')).join(' | ')} |`);
  lines.push(`| errors | ${summaries.map((s) => String(s.errors)).join(' | ')} |`);
  return lines.join('\n');
}

/** Every wrong field and every line-item shortfall, for finding what to improve. */
export function renderMisses(scores: readonly DocumentScore[]): string {
  const out: string[] = [];
  for (const s of scores) {
    const wrong = s.fields.filter((f) => !f.correct).map((f) => `${f.field}: want ${JSON.stringify(f.expected)} got ${JSON.stringify(f.actual)}`);
    if (s.lines && (s.lines.matched < s.lines.labelled || s.lines.matched < s.lines.predicted)) {
      wrong.push(`lines: matched ${s.lines.matched} of ${s.lines.labelled} labelled, ${s.lines.predicted} predicted`);
    }
    if (s.error) wrong.push(`error: ${s.error}`);
    if (wrong.length > 0) out.push(`${s.row.dataset}/${s.row.docPath}\n  ${wrong.join('\n  ')}`);
  }
  return out.join('\n');
}
