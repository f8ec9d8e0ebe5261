import type { ClanImageKind } from '@khel/core/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { NotJpegError, useUploadClanImage } from '../api/upload-clan-image.ts';

/** Where an image stands: none chosen or uploaded (`ready`), on its way, or refused / failed. */
export type ClanImageStatus = 'ready' | 'uploading' | 'failed';

/** The image's upload (at once, on choosing) and its local preview (an object URL, revoked when replaced). */
function useClanImageUpload(
  kind: ClanImageKind,
  current: string | null | undefined,
  onChange: (imageId: string | null) => void,
  onStatus: ((status: ClanImageStatus) => void) | undefined,
) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const upload = useUploadClanImage();
  const [preview, setPreview] = useState<string | null>(current ?? null);
  useEffect(
    () => () => {
      if (preview?.startsWith('blob:')) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const choose = (file: File | undefined) => {
    if (!file) return;
    onStatus?.('uploading');
    upload.mutate(
      { file, kind },
      {
        // The id and the status in one go: a form waiting on the upload sees both in the same render.
        onSuccess: (image) => {
          setPreview(URL.createObjectURL(file));
          onChange(image.id);
          onStatus?.('ready');
        },
        onError: () => onStatus?.('failed'),
      },
    );
  };
  const error =
    upload.error instanceof NotJpegError
      ? t('clans.create.notJpeg')
      : upload.isError
        ? describeError(upload.error)
        : null;
  return { upload, preview, setPreview, choose, error };
}

/**
 * A logo or banner: pick a JPEG, see it at once (a local preview), and it uploads right away
 * (POST /platform-clans/images); `onChange` gets the image id, or null when removed.
 */
export function ClanImagePicker({
  kind,
  label,
  current,
  onChange,
  onStatus,
}: {
  kind: ClanImageKind;
  label: string;
  /** The address of the image the clan has now (editing). */
  current?: string | null;
  onChange: (imageId: string | null) => void;
  /** Told when an upload starts, ends, or fails (a form must not be sent while one runs). */
  onStatus?: (status: ClanImageStatus) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const { upload, preview, setPreview, choose, error } = useClanImageUpload(
    kind,
    current,
    onChange,
    onStatus,
  );
  return (
    <div className={`clan-image-picker clan-image-picker--${kind}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="clan-image-picker__frame">
        {preview ? (
          <img className="clan-image-picker__preview" src={preview} alt="" data-kind={kind} />
        ) : (
          <span className="clan-image-picker__empty" aria-hidden="true">
            {kind === 'logo' ? '🛡️' : '🏞️'}
          </span>
        )}
      </div>
      <input
        ref={input}
        id={id}
        className="visually-hidden"
        type="file"
        accept="image/jpeg"
        onChange={(e) => {
          choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <div className="button-row">
        <Button
          variant="secondary"
          size="small"
          busy={upload.isPending}
          onClick={() => input.current?.click()}
        >
          {preview ? t('clans.create.change') : t('clans.create.choose')}
        </Button>
        {preview && (
          <Button
            variant="ghost"
            size="small"
            onClick={() => {
              setPreview(null);
              onChange(null);
              onStatus?.('ready');
            }}
          >
            {t('clans.create.remove')}
          </Button>
        )}
      </div>
      {error && <Notice tone="error">{error}</Notice>}
    </div>
  );
}

/**
 * A clan form waits for its logo and banner: sent while one still uploads, it goes as soon as the uploads end
 * (with their ids), and not at all if one failed (said, so the chief can choose it again or remove it). Sent
 * at once, the clan would have lost them without a word.
 */
export function useSendAfterUploads(sendNow: () => void) {
  const [images, setImages] = useState<Record<ClanImageKind, ClanImageStatus>>({
    logo: 'ready',
    banner: 'ready',
  });
  const [queued, setQueued] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);
  const uploading = images.logo === 'uploading' || images.banner === 'uploading';
  const failed = images.logo === 'failed' || images.banner === 'failed';
  // The latest body: the effect below runs in the render where the last upload's id arrived.
  const latest = useRef(sendNow);
  latest.current = sendNow;
  useEffect(() => {
    if (!queued || uploading) return;
    setQueued(false);
    if (failed) setImageFailed(true);
    else latest.current();
  }, [queued, uploading, failed]);
  return {
    queued,
    imageFailed,
    statusOf: (kind: ClanImageKind) => (next: ClanImageStatus) =>
      setImages((old) => ({ ...old, [kind]: next })),
    /** Send now, or once the uploads end. */
    request: () => {
      setImageFailed(false);
      if (uploading) setQueued(true);
      else sendNow();
    },
  };
}

/** Waiting for the uploads (`waiting` says what happens after them), or one of them failed. */
export function UploadNotices({
  after,
  waiting,
}: {
  after: ReturnType<typeof useSendAfterUploads>;
  waiting: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {after.queued && <Notice tone="info">{waiting}</Notice>}
      {after.imageFailed && <Notice tone="error">{t('clans.create.imageFailed')}</Notice>}
    </>
  );
}
