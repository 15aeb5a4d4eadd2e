import { useMutation } from '@invest/runtime';
import { type ApiError, call } from '../api/client';
import { calls } from '../contract/endpoints';
import type { CallOutput } from '../contract/route';

/** A file sent to the spec's multipart upload call: a write like any other, so a screen never calls the client itself. */
export function useUpload() {
  return useMutation<CallOutput<typeof calls.upload>, ApiError, FormData>({ mutationFn: (form) => call(calls.upload, {}, { form }) });
}
