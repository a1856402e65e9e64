// What crash.ts and its worker processes (crash-child.ts) say to each other.

export const CRASH_TASK = 'crash_probe';

export interface ProbePayload {
  key: string;
  holdMs: number;
}

/** Times are wall-clock ms (Date.now()), comparable across processes on one machine. */
export type ChildMessage =
  { type: 'ready' } | { type: 'start' | 'done'; key: string; at: number } | { type: 'log'; line: string };
