// The PipelineError a promise rejects with (the test fails when it resolves or rejects with anything else).
import { expect } from 'vitest';
import { PipelineError } from '../../../../../src/pipeline/errors.js';

export async function rejection(promise: Promise<unknown>): Promise<PipelineError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PipelineError);
  return error as PipelineError;
}
