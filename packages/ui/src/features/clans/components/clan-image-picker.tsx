import type { ClanImageKind } from '@khel/core/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { NotJpegError, useUploadClanImage } from '../api/upload-clan-image.ts';

/** The image's upload (at once, on choosing) and its local preview (an object URL, revoked when replaced). */
function useClanImageUpload(
  kind: ClanImageKind,
  current: string | null | undefined,
  onChange: (imageId: string | null) => void,
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
    upload.mutate(
      { file, kind },
      {
        onSuccess: (image) => {
          setPreview(URL.createObjectURL(file));
          onChange(image.id);
        },
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
}: {
  kind: ClanImageKind;
  label: string;
  /** The address of the image the clan has now (editing). */
  current?: string | null;
  onChange: (imageId: string | null) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const { upload, preview, setPreview, choose, error } = useClanImageUpload(kind, current, onChange);
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
