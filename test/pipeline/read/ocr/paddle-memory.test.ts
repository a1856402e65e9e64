// What the paddle engine does to keep one OCR worker's memory down (docs/ocr.md, "Memory"): the model thread
// collects the model bytes it no longer needs once the sessions exist (model-task.ts), instead of leaving them
// to a garbage collection that an idle thread never runs.
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../../../src/pipeline/read/ocr/paddle/model-task.js';

describe('paddle engine memory', () => {
  it('collects unreferenced buffers outside the V8 heap at once', () => {
    const size = 64 * 1048576;
    const before = process.memoryUsage().arrayBuffers;
    // Like the model file and its rewrite: filled (so really allocated), then dropped.
    (() => {
      const bytes = new Uint8Array(size);
      bytes.fill(1);
      expect(process.memoryUsage().arrayBuffers).toBeGreaterThanOrEqual(before + size);
    })();
    expect(collectGarbage()).toBe(true);
    expect(process.memoryUsage().arrayBuffers).toBeLessThan(before + size / 2);
  });
});
