// Optional timing of the OCR path's stages (bench/ocr/profile.ts): a callback that is told each stage's CPU time
// (the whole process, so a model run in the model thread counts) and wall time. Without one nothing is measured.

export type StageTrace = (stage: string, cpuMs: number, wallMs: number) => void;

/** Runs `step`, telling `trace` (when given) how long it took as `stage`. */
export async function traced<T>(trace: StageTrace | undefined, stage: string, step: () => T | Promise<T>): Promise<T> {
  if (trace === undefined) return step();
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const value = await step();
  const used = process.cpuUsage(cpu);
  trace(stage, (used.user + used.system) / 1000, performance.now() - wall);
  return value;
}
