// The load-time rewrite of the PaddleOCR graphs (onnx-graph.ts) must not change what the models compute: on a real
// page the rewritten detector's probability map and the rewritten recognizer's character probabilities equal the
// packaged models' to float rounding, and the best character at every time step is the same.
import { readFile } from 'node:fs/promises';
import ort from 'onnxruntime-node';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadPaddleModelFiles } from '../../../../src/pipeline/read/ocr/paddle/models.js';
import { optimizeGraph } from '../../../../src/pipeline/read/ocr/paddle/onnx-graph.js';
import { detectionTensor, writeRecognitionItem } from '../../../../src/pipeline/read/ocr/paddle/tensors.js';
import { textractorReceiptJpeg } from './support/images.js';

const options: ort.InferenceSession.SessionOptions = { intraOpNumThreads: 1, graphOptimizationLevel: 'all' };

async function outputs(model: string | Uint8Array, data: Float32Array, dims: number[]): Promise<ort.Tensor> {
  const session =
    typeof model === 'string'
      ? await ort.InferenceSession.create(model, options)
      : await ort.InferenceSession.create(model, options);
  const result = await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', data.slice(), dims) });
  await session.release();
  return result[session.outputNames[0]!]!;
}

const maxDifference = (a: ort.Tensor, b: ort.Tensor): number => {
  const x = a.data as Float32Array;
  const y = b.data as Float32Array;
  let max = 0;
  for (let i = 0; i < x.length; i += 1) max = Math.max(max, Math.abs(x[i]! - y[i]!));
  return max;
};

async function page(width: number, height: number) {
  const data = await sharp(textractorReceiptJpeg())
    .greyscale()
    .resize(width, height, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return { data, width, height };
}

describe('the PaddleOCR graph rewrite', () => {
  it('computes the detector and recognizer outputs of the packaged models on a real receipt', async () => {
    const files = await loadPaddleModelFiles();

    const detection = optimizeGraph(await readFile(files.detection));
    expect(detection.hardSwish).toBeGreaterThan(10);
    expect(detection.scalars).toBeGreaterThan(50);
    expect(detection.biases).toBeGreaterThan(10);
    expect(detection.pointwise).toBeGreaterThan(5);
    const image = await page(416, 992);
    const input = detectionTensor(image);
    const dims = [1, 3, image.height, image.width];
    const [before, after] = [await outputs(files.detection, input, dims), await outputs(detection.model, input, dims)];
    expect(maxDifference(before, after)).toBeLessThan(1e-4);

    const recognition = optimizeGraph(await readFile(files.recognition));
    expect(recognition.hardSwish).toBeGreaterThan(10);
    expect(recognition.scalars).toBeGreaterThan(50);
    expect(recognition.biases).toBeGreaterThan(10);
    expect(recognition.pointwise).toBeGreaterThan(5);
    // Four horizontal strips of the receipt as line crops, 48 x 320.
    const tensor = new Float32Array(4 * 3 * 48 * 320);
    for (let item = 0; item < 4; item += 1) {
      const box = { x: 10, y: 150 + item * 60, width: 380, height: 40 };
      writeRecognitionItem(tensor, item, 320, image, box, 320, 48);
    }
    const recDims = [4, 3, 48, 320];
    const [read, reread] = [
      await outputs(files.recognition, tensor, recDims),
      await outputs(recognition.model, tensor, recDims),
    ];
    expect(maxDifference(read, reread)).toBeLessThan(1e-4);
    const [, steps, classes] = read.dims as [number, number, number];
    const best = (t: ort.Tensor, row: number) => {
      const data = t.data as Float32Array;
      let arg = 0;
      for (let c = 1; c < classes; c += 1) if (data[row * classes + c]! > data[row * classes + arg]!) arg = c;
      return arg;
    };
    for (let row = 0; row < 4 * steps; row += 1) expect(best(reread, row)).toBe(best(read, row));
  }, 60_000);

  it('leaves a model it has already rewritten as it is', async () => {
    const files = await loadPaddleModelFiles();
    const once = optimizeGraph(await readFile(files.detection)).model;
    const twice = optimizeGraph(once);
    expect(twice).toMatchObject({ hardSwish: 0, scalars: 0, biases: 0, pointwise: 0 });
    expect(Buffer.compare(Buffer.from(twice.model), Buffer.from(once))).toBe(0);
  });
});
