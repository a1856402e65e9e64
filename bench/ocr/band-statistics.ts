// How far the detector's map in bands (DOCEX_OCR_DETECTION_BAND_ROWS) is from the whole page's, and how much of the
// difference is the squeeze-excitation blocks' pooling. PP-OCRv4's detector scales its channels in 10 places by a
// GlobalAveragePool over its whole input; a band pools over itself only. Here the model is rewritten twice in
// memory: once with every pool's result as an extra output, once with every pool removed and its result an input.
// Each page is then read four ways, band by band as engine.ts does, and compared with the whole page's map:
//   plain    the bands as shipped (each pools over itself);
//   page     each band given the whole page's pools (what bands would be with page statistics: the rest is the cut);
//   low-res  the pools of the page read at half its size (a cheap first pass);
//   2-pass   the plain bands' pools averaged, weighted by rows, then every band read again with them.
// Figures per page: mean absolute difference of the probability map and the pixels on one side of the binarization
// threshold (0.3) in one map and on the other in the other, per 100 text pixels of the whole page's map.
//   node --import tsx bench/ocr/band-statistics.ts [--set rendered|real] [--band-rows 256]
import { readFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { loadPaddleModelFiles } from '../../src/pipeline/read/ocr/paddle/models.js';
import {
  detectionBands,
  detectionInputSize,
  PADDLE_DEFAULTS,
  stitchBands,
  type DetectionBand,
} from '../../src/pipeline/read/ocr/paddle/engine.js';
import { encodeFields, optimizeGraph, parseFields, type Field } from '../../src/pipeline/read/ocr/paddle/onnx-graph.js';
import { detectionTensor } from '../../src/pipeline/read/ocr/paddle/tensors.js';
import { realSamples, renderedSamples } from './samples.js';

const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const GRAPH_INPUT = 11;
const GRAPH_OUTPUT = 12;
const NODE_OUTPUT = 2;
const NODE_OP_TYPE = 4;
const THRESHOLD = 0.3;

const utf8 = new TextEncoder();
const text = new TextDecoder();
const bytes = (number: number, value: Uint8Array): Field => ({ number, wireType: 2, value });
const varintField = (number: number, value: number): Field => ({ number, wireType: 0, value: Uint8Array.of(value) });
/** ValueInfoProto { name, type: TypeProto { tensor_type: { elem_type: FLOAT } } } (no shape: any). */
const floatValue = (name: string) =>
  encodeFields([bytes(1, utf8.encode(name)), bytes(2, encodeFields([bytes(1, encodeFields([varintField(1, 1)]))]))]);

/** The detector with its pools as outputs (`pooling`) and with its pools as inputs (`pooled`). */
function poolVariants(model: Uint8Array): { pooling: Uint8Array; pooled: Uint8Array; pools: string[] } {
  const modelFields = parseFields(model);
  const graphIndex = modelFields.findIndex((f) => f.number === MODEL_GRAPH);
  const graph = parseFields(modelFields[graphIndex]!.value);
  const pools: string[] = [];
  const isPool = (field: Field) => {
    if (field.number !== GRAPH_NODE) return false;
    const node = parseFields(field.value);
    if (text.decode(node.find((f) => f.number === NODE_OP_TYPE)!.value) !== 'GlobalAveragePool') return false;
    pools.push(text.decode(node.find((f) => f.number === NODE_OUTPUT)!.value));
    return true;
  };
  const withoutPools = graph.filter((field) => !isPool(field));
  const withGraph = (fields: Field[]) =>
    encodeFields(modelFields.map((f, i) => (i === graphIndex ? bytes(MODEL_GRAPH, encodeFields(fields)) : f)));
  return {
    pooling: withGraph([...graph, ...pools.map((name) => bytes(GRAPH_OUTPUT, floatValue(name)))]),
    pooled: withGraph([...withoutPools, ...pools.map((name) => bytes(GRAPH_INPUT, floatValue(name)))]),
    pools,
  };
}

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

async function main(): Promise<void> {
  const set = option('--set', 'rendered');
  const bandRows = Number(option('--band-rows', '256'));
  const files = await loadPaddleModelFiles();
  const variants = poolVariants(optimizeGraph(new Uint8Array(await readFile(files.detection))).model);
  const options: ort.InferenceSession.SessionOptions = {
    intraOpNumThreads: 2,
    enableCpuMemArena: false,
    graphOptimizationLevel: 'all',
  };
  const pooling = await ort.InferenceSession.create(variants.pooling, options);
  const pooled = await ort.InferenceSession.create(variants.pooled, options);
  const mapName = pooling.outputNames.find((name) => !variants.pools.includes(name))!;
  const imageName = pooled.inputNames.find((name) => !variants.pools.includes(name))!;
  const tensor = (data: Uint8Array, width: number, height: number) =>
    new ort.Tensor('float32', detectionTensor({ data, width, height }), [1, 3, height, width]);
  const readPooling = async (data: Uint8Array, width: number, height: number) => {
    const out = await pooling.run({ [pooling.inputNames[0]!]: tensor(data, width, height) });
    return { map: out[mapName]!.data as Float32Array, pools: variants.pools.map((name) => out[name]!) };
  };
  const readPooled = async (data: Uint8Array, width: number, height: number, pools: ort.Tensor[]) => {
    const feeds: Record<string, ort.Tensor> = { [imageName]: tensor(data, width, height) };
    variants.pools.forEach((name, i) => (feeds[name] = pools[i]!));
    return (await pooled.run(feeds))[mapName]!.data as Float32Array;
  };

  console.log(`| page (${set}, bands of ${bandRows} rows) | bands | plain | page pools | low-res pools | 2-pass |`);
  console.log('|---|---|---|---|---|---|');
  const totals = { plain: [0, 0], page: [0, 0], low: [0, 0], twoPass: [0, 0], text: 0 };
  const samples = set === 'real' ? await realSamples() : await renderedSamples();
  for (const sample of samples) {
    const source = 'image' in sample.input ? sample.input.image : sample.input.render;
    const meta = await sharp(source).metadata();
    const { width, height } = detectionInputSize({ width: meta.width!, height: meta.height! }, PADDLE_DEFAULTS);
    const grey = async (w: number, h: number) =>
      new Uint8Array(await sharp(source).greyscale().resize(w, h, { fit: 'fill' }).raw().toBuffer());
    const data = await grey(width, height);
    const whole = await readPooling(data, width, height);
    const bands = detectionBands(height, bandRows);
    const rowsOf = (band: DetectionBand) => data.subarray(band.start * width, band.end * width);
    const assemble = (read: (band: DetectionBand) => Promise<Float32Array>) => stitchBands(bands, width, height, read);
    const local: { pools: ort.Tensor[]; rows: number }[] = [];
    const plain = await assemble(async (band) => {
      const out = await readPooling(rowsOf(band), width, band.end - band.start);
      local.push({ pools: out.pools, rows: band.end - band.start });
      return out.map;
    });
    const withPools = (pools: ort.Tensor[]) =>
      assemble((band) => readPooled(rowsOf(band), width, band.end - band.start, pools));
    const lowWidth = Math.max(32, Math.round(width / 64) * 32);
    const lowHeight = Math.max(32, Math.round(height / 64) * 32);
    const low = await readPooling(await grey(lowWidth, lowHeight), lowWidth, lowHeight);
    const averaged = variants.pools.map((_, i) => {
      const sum = new Float32Array((local[0]!.pools[i]!.data as Float32Array).length);
      const rows = local.reduce((n, band) => n + band.rows, 0);
      for (const band of local) {
        const values = band.pools[i]!.data as Float32Array;
        for (let c = 0; c < sum.length; c += 1) sum[c]! += (values[c]! * band.rows) / rows;
      }
      return new ort.Tensor('float32', sum, local[0]!.pools[i]!.dims);
    });
    const textPixels = whole.map.reduce((n, p) => n + (p > THRESHOLD ? 1 : 0), 0);
    const compare = (map: Float32Array, total: number[]) => {
      let difference = 0;
      let flipped = 0;
      for (let i = 0; i < map.length; i += 1) {
        difference += Math.abs(map[i]! - whole.map[i]!);
        if (map[i]! > THRESHOLD !== whole.map[i]! > THRESHOLD) flipped += 1;
      }
      total[0]! += difference / map.length;
      total[1]! += flipped;
      return `${(difference / map.length).toFixed(4)} / ${((100 * flipped) / Math.max(1, textPixels)).toFixed(1)}`;
    };
    totals.text += textPixels;
    const cells = [
      compare(plain, totals.plain),
      compare(await withPools(whole.pools), totals.page),
      compare(await withPools(low.pools), totals.low),
      compare(await withPools(averaged), totals.twoPass),
    ];
    console.log(`| ${sample.name} ${width}x${height} | ${bands.length} | ${cells.join(' | ')} |`);
  }
  const pooledFigure = (total: number[]) =>
    `${(total[0]! / samples.length).toFixed(4)} / ${((100 * total[1]!) / Math.max(1, totals.text)).toFixed(1)}`;
  console.log(
    `| all ${samples.length} (mean difference / flipped per 100 text pixels) | | ${[totals.plain, totals.page, totals.low, totals.twoPass].map(pooledFigure).join(' | ')} |`,
  );
}

await main();
