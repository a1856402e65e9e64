// Starts a real S3-compatible server (s3rver) on 127.0.0.1 with a random port and a temp folder, in a child
// process (see s3rver-child.cjs for why). Dummy credentials: s3rver accepts S3RVER/S3RVER.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEST_BUCKET = 'docex-test';
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface LocalS3 {
  endpoint: string;
  directory: string;
  /** The file s3rver keeps an object's bytes in; its mtime is the object's LastModified. */
  objectFile(objectName: string): string;
  stop(): Promise<void>;
}

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 's3rver-child.cjs');
const START_TIMEOUT_MS = 10_000;

export async function startLocalS3(): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'docex-s3rver-'));
  const child = fork(CHILD, [directory, TEST_BUCKET], {
    execArgv: ['--openssl-legacy-provider'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let port: number;
  try {
    port = await waitForPort(child);
  } catch (err) {
    child.kill();
    await rm(directory, { recursive: true, force: true });
    throw err;
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    objectFile: (objectName) => {
      const parts = objectName.split('/');
      const last = parts.pop()!;
      return path.join(directory, TEST_BUCKET, ...parts, `${last}._S3rver_object`);
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        if (child.connected) child.disconnect();
        else child.kill();
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function waitForPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('s3rver did not start in time')), START_TIMEOUT_MS);
    child.once('message', (message: { port?: number; error?: string }) => {
      clearTimeout(timer);
      if (typeof message.port === 'number') resolve(message.port);
      else reject(new Error(`s3rver failed to start: ${message.error}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with code ${code}`));
    });
  });
}
