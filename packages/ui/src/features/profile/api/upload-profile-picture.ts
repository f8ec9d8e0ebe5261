import type { ApiClient } from '@khel/core/client';
import { PROFILE_PICTURE_FIELD, profileRoutes } from '@khel/core/contract';
import { validateJpegUpload } from '@khel/core/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { profileQueryKey } from './get-profile.ts';

/** Thrown before any upload when the file is not a JPEG (SPEC §5: image type jpeg only). */
export class NotJpegError extends Error {
  override readonly name = 'NotJpegError';
}

/**
 * SPEC §5 checked in the browser first: the declared type and the first bytes must be JPEG, so a
 * PNG renamed to .jpg is refused without uploading it. Resolves to the SPEC text or null.
 */
export async function checkJpeg(file: Blob): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 3).arrayBuffer());
  return validateJpegUpload({ type: file.type, bytes: head });
}

/** POST /users/me/profile-picture, multipart field `file`. */
export async function uploadProfilePicture(client: ApiClient, file: File) {
  if (await checkJpeg(file)) throw new NotJpegError(file.name);
  const formData = new FormData();
  formData.append(PROFILE_PICTURE_FIELD, file, file.name);
  return unwrap(await client.request(profileRoutes.uploadProfilePicture, { formData }));
}

export function useUploadProfilePicture() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadProfilePicture(client, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
