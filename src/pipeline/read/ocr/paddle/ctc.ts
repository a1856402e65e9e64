// PaddleOCR's recognizer reads a line crop as a sequence of time steps (one per 8 pixels of crop width), each a
// probability over blank + the dictionary + space. Greedy CTC decoding: the most likely symbol per step, repeats
// collapsed, blanks dropped. Each kept character remembers its step and probability, so the caller can place word
// boxes inside the line and mark characters read with low confidence.

/**
 * A space the recognizer found plausible but not likeliest, between two characters, is kept when its probability
 * reaches this share: PP-OCRv4's recognizer drops narrow word gaps ("ErgonomicKeyboard", "Rue duLac1268",
 * "130,0020,00") while giving the space class a clear share of the steps between them. Chosen on bench:ocr's real
 * set (22 captures: 0.05 / 0.1 / 0.2 / 0.3 / never), checked on its rendered pages (docs/ocr.md, "Word gaps").
 */
export const SPACE_HINT = 0.1;

export interface DecodedChar {
  char: string;
  /** Time step where the character was read (0-based). */
  step: number;
  /** Its probability 0..1. */
  probability: number;
}

/**
 * Decodes `steps` time steps of `classes` probabilities starting at `offset` in `probabilities`. Class 0 is the CTC
 * blank; class i (1..symbols.length) is symbols[i - 1].
 */
export function decodeCtc(
  probabilities: Float32Array,
  offset: number,
  steps: number,
  classes: number,
  symbols: readonly string[],
): DecodedChar[] {
  const chars: DecodedChar[] = [];
  const space = symbols.lastIndexOf(' ') + 1;
  // The likeliest space at the blank steps since the last character.
  let gap = { probability: 0, step: -1 };
  let previous = -1;
  for (let step = 0; step < steps; step += 1) {
    const base = offset + step * classes;
    let best = 0;
    let bestProbability = probabilities[base]!;
    for (let c = 1; c < classes; c += 1) {
      const p = probabilities[base + c]!;
      if (p > bestProbability) {
        best = c;
        bestProbability = p;
      }
    }
    // Only blank steps: while the previous character still wins, its space share says nothing of a gap.
    if (space > 0 && best === 0) {
      const p = probabilities[base + space]!;
      if (p > gap.probability) gap = { probability: p, step };
    }
    if (best !== 0 && best !== previous) {
      const char = symbols[best - 1];
      if (char !== undefined) {
        const last = chars.at(-1);
        if (char !== ' ' && last !== undefined && last.char !== ' ' && gap.probability >= SPACE_HINT)
          chars.push({ char: ' ', step: gap.step, probability: gap.probability });
        chars.push({ char, step, probability: bestProbability });
      }
      gap = { probability: 0, step: -1 };
    }
    previous = best;
  }
  return chars;
}
