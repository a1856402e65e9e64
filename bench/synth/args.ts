// The generator's command line (bench/synth.ts), apart from its main so a test can check it without writing files.
import { selectTemplates } from './generate.js';
import type { Template } from './layout/template.js';

/** A run is bounded: beyond this, split it into several seeds. */
const MAX_COUNT = 10_000;

export interface Args {
  out: string;
  seed: number;
  count: number;
  images: number;
  layouts: Template[];
}

export function parseArgs(argv: readonly string[]): Args {
  const args: Args = { out: '.synth', seed: 1, count: 100, images: 0, layouts: selectTemplates('first') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[++i];
    if (arg === '--out') args.out = value ?? '';
    else if (arg === '--seed') args.seed = Number(value);
    else if (arg === '--count') args.count = Number(value);
    else if (arg === '--images') args.images = Number(value);
    else if (arg === '--layouts') args.layouts = selectTemplates(value ?? '');
    else throw new Error(`unknown argument ${arg}`);
  }
  if (args.out === '') throw new Error('--out needs a folder');
  if (!Number.isInteger(args.seed) || args.seed < 0) throw new Error('--seed must be a non-negative integer');
  if (!Number.isInteger(args.count) || args.count < 1 || args.count > MAX_COUNT) {
    throw new Error(`--count must be an integer from 1 to ${MAX_COUNT}`);
  }
  if (!(args.images >= 0 && args.images <= 1)) throw new Error('--images takes a fraction from 0 to 1');
  return args;
}
