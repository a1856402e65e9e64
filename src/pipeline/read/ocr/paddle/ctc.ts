// PaddleOCR's recognizer reads a line crop as a sequence of time steps (one per 8 pixels of crop width), each a
// probability over blank + the dictionary + space. Greedy CTC decoding: the most likely symbol per step, repeats
// collapsed, blanks dropped. Each kept character remembers its step and probability, so the caller can place word
// boxes inside the line and mark characters read with low confidence.

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
    if (best !== 0 && best !== previous) {
      const char = symbols[best - 1];
      if (char !== undefined) chars.push({ char, step, probability: bestProbability });
    }
    previous = best;
  }
  return chars;
}
