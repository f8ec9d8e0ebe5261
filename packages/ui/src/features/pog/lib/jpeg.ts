/** SPEC §5: uploads are JPEG only. A JPEG starts with the SOI marker FF D8 followed by FF. */
export async function isJpegBlob(blob: Blob): Promise<boolean> {
  if (blob.type && blob.type !== 'image/jpeg' && blob.type !== 'image/jpg') return false;
  const head = new Uint8Array(await blob.slice(0, 3).arrayBuffer());
  return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}

/** JPEG quality of a camera frame: small enough for slow 4G, sharp enough for the face check. */
export const CAMERA_JPEG_QUALITY = 0.85;
/** The longest side of a camera frame as sent. */
export const CAMERA_MAX_SIDE = 1280;

/** Draws the video's current frame on a canvas and encodes it as a JPEG (mirrored like the preview is not). */
export function frameToJpeg(video: HTMLVideoElement): Promise<Blob> {
  const scale = Math.min(1, CAMERA_MAX_SIDE / Math.max(video.videoWidth, video.videoHeight, 1));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('No 2D canvas'));
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The frame could not be encoded'))),
      'image/jpeg',
      CAMERA_JPEG_QUALITY,
    ),
  );
}

export type CameraProblem = 'not-found' | 'permission';

/** SPEC §8: 'Camera not found!' when there is none, 'Permission Required' when the user or browser refused. */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'permission';
  return 'not-found';
}
