// Table headers: a line whose segments are column labels ("Description | Qty | Unit price | Amount"), possibly
// printed over two lines ("Unit" over "Price", "Qty" over "Ordered"): cells of the line above that stand over a
// cell are read together with it, and cells that stand alone add their own columns.
import {
  horizontalOverlap,
  segmentOf,
  unionBox,
  verticalGap,
  wordsInRange,
  type LayoutLine,
  type Segment,
} from './layout.js';
import type { LabelHit } from './phrases.js';
import type { Column, TableHeader } from './table.js';

/** Share of a header's characters that must belong to column labels: prose lines are not headers. */
const MIN_HEADER_COVERAGE = 0.6;
/** The first line of a two-line header sits at most this many line heights above the second. */
const MAX_HEADER_LINE_GAP = 1.0;

interface Reading<K extends string> {
  columns: Column<K>[];
  coverage: number;
}

/**
 * Columns from header cells. One cell may name several columns ("Item": a description or a position): the most
 * confident claims go first, each cell and each column taken once ("Description" takes the description, "Item"
 * is left the position).
 */
function readCells<K extends string>(cells: readonly Segment[], find: (text: string) => LabelHit<K>[]): Reading<K> {
  const claims: Array<{ cell: Segment; hit: LabelHit<K>; id: string }> = [];
  let total = 0;
  cells.forEach((cell, c) => {
    total += cell.text.replace(/\s/g, '').length;
    for (const hit of find(cell.text)) claims.push({ cell, hit, id: `${c}:${hit.start}` });
  });
  claims.sort((a, b) => b.hit.confidence - a.hit.confidence);
  const taken = new Set<string>();
  const columns: Column<K>[] = [];
  let covered = 0;
  for (const { cell, hit, id } of claims) {
    if (taken.has(id) || columns.some((c) => c.key === hit.field)) continue;
    taken.add(id);
    const box = unionBox(wordsInRange(cell, hit.start, hit.end).map((w) => w.bbox));
    columns.push({ key: hit.field, label: hit.label, left: box.x, right: box.x + box.width });
    covered += cell.text.slice(hit.start, hit.end).replace(/\s/g, '').length;
  }
  return { columns: columns.sort((a, b) => a.left - b.left), coverage: total > 0 ? covered / total : 0 };
}

/** The cells of a two-line header: each lower cell joined with the upper cells over it, plus upper cells alone. */
function twoLineCells(line: LayoutLine, above: LayoutLine): Segment[] {
  const used = new Set<Segment>();
  const cells: Segment[] = line.segments.map((segment) => {
    const over = above.segments.filter((a) => horizontalOverlap(a.bbox, segment.bbox) > 0);
    over.forEach((a) => used.add(a));
    return over.length > 0 ? segmentOf([...over.flatMap((a) => a.words), ...segment.words]) : segment;
  });
  for (const segment of above.segments) if (!used.has(segment)) cells.push(segment);
  return cells;
}

/** Header lines: at least `minColumns` distinct column labels covering most of the header's text. */
export function findHeaders<K extends string>(
  lines: readonly LayoutLine[],
  find: (text: string) => LabelHit<K>[],
  minColumns = 2,
): TableHeader<K>[] {
  const headers: TableHeader<K>[] = [];
  lines.forEach((line, position) => {
    const single = readCells(line.segments, find);
    let best: TableHeader<K> | null =
      single.columns.length >= minColumns && single.coverage >= MIN_HEADER_COVERAGE
        ? { line, columns: single.columns }
        : null;
    // The line above in reading order may be a stray (a rotated margin note sorted in between): look two back.
    for (const above of [lines[position - 1], lines[position - 2]]) {
      if (!above || above.page !== line.page || verticalGap(above.bbox, line.bbox) > MAX_HEADER_LINE_GAP * line.height)
        continue;
      const double = readCells(twoLineCells(line, above), find);
      if (
        double.columns.length >= minColumns &&
        double.coverage >= MIN_HEADER_COVERAGE &&
        double.columns.length > (best?.columns.length ?? 0)
      ) {
        best = { line, above, columns: double.columns };
      }
    }
    if (best) headers.push(best);
  });
  // The first line of a two-line header may qualify alone; the pair supersedes it.
  const uppers = new Set(headers.map((h) => h.above?.index).filter((i) => i !== undefined));
  return headers.filter((h) => !uppers.has(h.line.index));
}
