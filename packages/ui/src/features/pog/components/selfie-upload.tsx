import { POG_SELFIE_TYPE_MESSAGE, type PogMintStatus } from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { currentLanguage, translateApiMessage } from '../../../i18n/index.ts';
import { useReportPrimaryAction } from '../../../lib/primary-action.ts';
import { useSkipSelfie } from '../api/skip-selfie.ts';
import { SelfieRefusedError, useUploadSelfie } from '../api/upload-selfie.ts';
import { type CameraProblem, cameraProblemOf, frameToJpeg, isJpegBlob } from '../lib/jpeg.ts';
import { StepBack } from './avatar-choices.tsx';
import { useMintContext } from './mint-context.ts';

type Shot = { blob: Blob; url: string };

/**
 * SelfieUpload: a photo from the camera (getUserMedia, the frame encoded as JPEG with a canvas) or a
 * JPEG file; 'Camera not found!' and 'Permission Required' when the camera cannot be used, 'Error:
 * Face not detected!' from the server. Skipping goes on without one.
 */
export function SelfieUpload(_: { status: PogMintStatus }) {
  const { t, i18n } = useTranslation();
  const { onPrimaryAction } = useMintContext();
  const describeError = useErrorMessage();
  const language = currentLanguage(i18n);
  const upload = useUploadSelfie();
  const skip = useSkipSelfie();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [camera, setCamera] = useState<'off' | 'starting' | 'live'>('off');
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [shot, setShot] = useState<Shot | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const stopCamera = () => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setCamera('off');
  };
  useEffect(
    () => () => {
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    },
    [],
  );
  useEffect(
    () => () => {
      if (shot) URL.revokeObjectURL(shot.url);
    },
    [shot],
  );

  const startCamera = async () => {
    setProblem(null);
    setFileError(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('not-found');
      return;
    }
    setCamera('starting');
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 } },
        audio: false,
      });
      stream.current = media;
      setShot(null);
      setCamera('live');
      if (video.current) {
        video.current.srcObject = media;
        await video.current.play().catch(() => {});
      }
    } catch (error) {
      setCamera('off');
      setProblem(cameraProblemOf(error));
    }
  };
  useEffect(() => {
    if (camera === 'live' && video.current && stream.current && video.current.srcObject !== stream.current) {
      video.current.srcObject = stream.current;
      void video.current.play().catch(() => {});
    }
  }, [camera]);

  const capture = async () => {
    if (!video.current) return;
    const blob = await frameToJpeg(video.current);
    stopCamera();
    setShot({ blob, url: URL.createObjectURL(blob) });
  };

  const pickFile = async (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    if (!(await isJpegBlob(file))) {
      setFileError(translateApiMessage(POG_SELFIE_TYPE_MESSAGE, language));
      return;
    }
    stopCamera();
    setShot({ blob: file, url: URL.createObjectURL(file) });
  };

  const send = () => {
    if (shot) upload.mutate(shot.blob);
  };
  useReportPrimaryAction(
    onPrimaryAction,
    camera === 'live'
      ? {
          key: 'capture',
          text: t('pog.mint.selfie.capture'),
          run: () => void capture(),
          busy: false,
          enabled: true,
        }
      : shot
        ? { key: 'send', text: t('pog.mint.selfie.send'), run: send, busy: upload.isPending, enabled: true }
        : {
            key: 'skip',
            text: t('pog.mint.selfie.skip'),
            run: () => skip.mutate(undefined),
            busy: skip.isPending,
            enabled: true,
          },
  );

  const uploadError =
    upload.error instanceof SelfieRefusedError
      ? upload.error.reason === 'size'
        ? t('pog.mint.selfie.tooBig')
        : translateApiMessage(POG_SELFIE_TYPE_MESSAGE, language)
      : upload.error
        ? describeError(upload.error)
        : null;

  return (
    <section className="pog-step pog-selfie" aria-labelledby="pog-selfie-title">
      <StepBack to="StyleSelection" />
      <h2 className="pog-step__title" id="pog-selfie-title">
        {t('pog.mint.selfie.title')}
      </h2>
      <p className="pog-step__lead">{t('pog.mint.selfie.lead')}</p>
      <div className="pog-selfie__frame" data-camera={camera}>
        {camera !== 'off' ? (
          <video ref={video} className="pog-selfie__video" playsInline muted autoPlay />
        ) : shot ? (
          <img className="pog-selfie__photo" src={shot.url} alt={t('pog.mint.selfie.preview')} />
        ) : (
          <span className="pog-selfie__placeholder" aria-hidden="true">
            🤳
          </span>
        )}
      </div>
      {problem && (
        <Notice tone="error" as="div">
          <strong>
            {translateApiMessage(
              problem === 'permission' ? MESSAGES.permissionRequired : MESSAGES.cameraNotFound,
              language,
            )}
          </strong>
          <p>{t('pog.mint.selfie.permissionHelp')}</p>
        </Notice>
      )}
      {fileError && <Notice tone="error">{fileError}</Notice>}
      {uploadError && <Notice tone="error">{uploadError}</Notice>}
      {skip.isError && <Notice tone="error">{describeError(skip.error)}</Notice>}
      <div className="pog-step__actions">
        {camera === 'live' ? (
          <Button variant="primary" block onClick={() => void capture()}>
            📸 {t('pog.mint.selfie.capture')}
          </Button>
        ) : shot ? (
          <>
            <Button variant="primary" block busy={upload.isPending} onClick={send}>
              {t('pog.mint.selfie.send')}
            </Button>
            <Button variant="secondary" onClick={() => void startCamera()}>
              {t('pog.mint.selfie.retake')}
            </Button>
          </>
        ) : (
          <Button variant="primary" block busy={camera === 'starting'} onClick={() => void startCamera()}>
            📷 {t('pog.mint.selfie.camera')}
          </Button>
        )}
        <label className="button button--secondary pog-selfie__file">
          {t('pog.mint.selfie.upload')}
          <input
            type="file"
            accept="image/jpeg"
            className="visually-hidden"
            onChange={(event) => void pickFile(event.target.files?.[0])}
          />
        </label>
        <Button variant="ghost" busy={skip.isPending} onClick={() => skip.mutate(undefined)}>
          {t('pog.mint.selfie.skip')} →
        </Button>
      </div>
    </section>
  );
}
