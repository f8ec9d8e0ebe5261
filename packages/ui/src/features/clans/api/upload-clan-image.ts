import type { ApiClient } from '@khel/core/client';
import { CLAN_IMAGE_FIELD, type ClanImageKind, clansRoutes } from '@khel/core/contract';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { isJpeg } from '../lib/clan-countries.ts';

/** Thrown before any upload when the file is not a JPEG (SPEC §5: image type jpeg only). */
export class NotJpegError extends Error {
  override readonly name = 'NotJpegError';
}

/** POST /platform-clans/images (multipart `file` and `kind`): re-encoded without metadata; answers its id. */
export async function uploadClanImage(client: ApiClient, file: File, kind: ClanImageKind) {
  if (!(await isJpeg(file))) throw new NotJpegError(file.name);
  const formData = new FormData();
  formData.append(CLAN_IMAGE_FIELD, file, file.name);
  formData.append('kind', kind);
  return unwrap(await client.request(clansRoutes.uploadClanImage, { formData }));
}

export function useUploadClanImage() {
  const { client } = useApi();
  return useMutation({
    mutationFn: ({ file, kind }: { file: File; kind: ClanImageKind }) => uploadClanImage(client, file, kind),
  });
}
