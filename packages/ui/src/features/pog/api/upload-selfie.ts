import type { ApiClient } from '@khel/core/client';
import { POG_SELFIE_FIELD, POG_SELFIE_UPLOAD_MAX_BYTES, pogRoutes } from '@khel/core/contract';
import { unwrap } from '../../../lib/api-result.ts';
import { isJpegBlob } from '../lib/jpeg.ts';
import { useMintWrite } from './mint-write.ts';

/** Thrown before any upload when the photo is not a JPEG (SPEC §5: image type jpeg only) or too big. */
export class SelfieRefusedError extends Error {
  override readonly name = 'SelfieRefusedError';
  constructor(readonly reason: 'type' | 'size') {
    super(reason);
  }
}

/**
 * POST /pog/mint/selfie (multipart `file`, JPEG): the server keeps only the colours; without a face it
 * answers 'Error: Face not detected!'.
 */
export async function uploadSelfie(client: ApiClient, photo: Blob) {
  if (!(await isJpegBlob(photo))) throw new SelfieRefusedError('type');
  if (photo.size > POG_SELFIE_UPLOAD_MAX_BYTES) throw new SelfieRefusedError('size');
  const formData = new FormData();
  formData.append(POG_SELFIE_FIELD, photo, 'selfie.jpg');
  return unwrap(await client.request(pogRoutes.pogSelfie, { formData }));
}

export function useUploadSelfie() {
  return useMintWrite(uploadSelfie);
}
