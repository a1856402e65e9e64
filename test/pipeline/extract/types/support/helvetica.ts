// Advance widths of Helvetica (AFM units per 1000 em) for the characters our synthetic documents print. The PDF
// writer and the in-memory document builder share them, so right-aligned amounts line up the same way in both.

const ASCII_WIDTHS: Record<string, number> = {
  ' ': 278, '!': 278, '"': 355, '#': 556, $: 556, '%': 889, '&': 667, "'": 191, '(': 333, ')': 333, '*': 389,
  '+': 584, ',': 278, '-': 333, '.': 278, '/': 278, ':': 278, ';': 278, '<': 584, '=': 584, '>': 584, '?': 556,
  '@': 1015, A: 667, B: 667, C: 722, D: 722, E: 667, F: 611, G: 778, H: 722, I: 278, J: 500, K: 667, L: 556, M: 833,
  N: 722, O: 778, P: 667, Q: 778, R: 722, S: 667, T: 611, U: 722, V: 667, W: 944, X: 667, Y: 667, Z: 611, '[': 278,
  '\\': 278, ']': 278, '^': 469, _: 556, '`': 333, a: 556, b: 556, c: 500, d: 556, e: 556, f: 278, g: 556, h: 556,
  i: 222, j: 222, k: 500, l: 222, m: 833, n: 556, o: 556, p: 556, q: 556, r: 333, s: 500, t: 278, u: 556, v: 500,
  w: 722, x: 500, y: 500, z: 500, '{': 334, '|': 260, '}': 334, '~': 584,
};
const OTHER_WIDTHS: Record<string, number> = { '€': 556, '•': 350, '°': 400, 'ß': 611, '–': 556, '—': 1000, '’': 222, '×': 584 };

/** Width of one character in 1/1000 em; accented letters take their base letter's width. */
export function charWidth(ch: string): number {
  if (ch in ASCII_WIDTHS) return ASCII_WIDTHS[ch] as number;
  if (ch in OTHER_WIDTHS) return OTHER_WIDTHS[ch] as number;
  const base = ch.normalize('NFD')[0] ?? '';
  return ASCII_WIDTHS[base] ?? 556;
}

/** Width of a text in points at a font size. Digits are 556 in Helvetica and Helvetica-Bold alike. */
export function textWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text) units += charWidth(ch);
  return (units * size) / 1000;
}
