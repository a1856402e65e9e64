// Sandbox test task: answers with facts about its input and its thread.
import { isMainThread, threadId } from 'node:worker_threads';

export interface EchoReply {
  text: string;
  byteLength: number;
  isMainThread: boolean;
  threadId: number;
  envKeys: number;
}

export async function runTask(input: { text: string; bytes: Uint8Array; delayMs?: number }): Promise<EchoReply> {
  if (input.delayMs) await new Promise((resolve) => setTimeout(resolve, input.delayMs));
  return {
    text: input.text.toUpperCase(),
    byteLength: input.bytes.byteLength,
    isMainThread,
    threadId,
    envKeys: Object.keys(process.env).length,
  };
}
