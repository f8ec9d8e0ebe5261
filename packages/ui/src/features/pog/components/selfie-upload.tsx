import { POG_SELFIE_TYPE_MESSAGE, type PogMintStatus } from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { currentLanguage, translateApiMessage } from '../../../i18n/index.ts';
import { useReportPrimaryAction } from '../../../lib/primary-action.ts';
import { useSkipSelfie } from '../api/skip-selfie.ts';
import { SelfieRefusedError, useUploadSelfie } from '../api/upload-selfie.ts';
import { type SelfieCamera, useSelfieCamera } from '../hooks/use-selfie-camera.ts';
import { StepBack } from './avatar-choices.tsx';
import { useMintContext } from './mint-context.ts';

/** The camera's picture, the photo taken or picked, or a placeholder. */
function SelfieFrame({ selfie }: { selfie: SelfieCamera }) {
  const { t } = useTranslation();
  const { camera, shot } = selfie;
  return (
    <div className="pog-selfie__frame" data-camera={camera}>
      {camera !== 'off' ? (
        <video ref={selfie.video} className="pog-selfie__video" playsInline muted autoPlay />
      ) : shot ? (
        <img className="pog-selfie__photo" src={shot.url} alt={t('pog.mint.selfie.preview')} />
      ) : (
        <span className="pog-selfie__placeholder" aria-hidden="true">
          🤳
        </span>
      )}
    </div>
  );
}

/** Capture, send or retake, or start the camera; pick a file; skip. */
function SelfieActions({
  selfie,
  send,
  sending,
  skip,
}: {
  selfie: SelfieCamera;
  send: () => void;
  sending: boolean;
  skip: ReturnType<typeof useSkipSelfie>;
}) {
  const { t } = useTranslation();
  const { camera, shot, startCamera, capture, pickFile } = selfie;
  return (
    <div className="pog-step__actions">
      {camera === 'live' ? (
        <Button variant="primary" block onClick={() => void capture()}>
          📸 {t('pog.mint.selfie.capture')}
        </Button>
      ) : shot ? (
        <>
          <Button variant="primary" block busy={sending} onClick={send}>
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
  );
}

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
  const selfie = useSelfieCamera();
  const { camera, problem, shot, fileError, capture } = selfie;

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
        : translateApiMessage('POG_SELFIE_TYPE', POG_SELFIE_TYPE_MESSAGE, language)
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
      <SelfieFrame selfie={selfie} />
      {problem && (
        <Notice tone="error" as="div">
          <strong>
            {problem === 'permission'
              ? translateApiMessage('PERMISSION_REQUIRED', MESSAGES.permissionRequired, language)
              : translateApiMessage('CAMERA_NOT_FOUND', MESSAGES.cameraNotFound, language)}
          </strong>
          <p>{t('pog.mint.selfie.permissionHelp')}</p>
        </Notice>
      )}
      {fileError && <Notice tone="error">{fileError}</Notice>}
      {uploadError && <Notice tone="error">{uploadError}</Notice>}
      {skip.isError && <Notice tone="error">{describeError(skip.error)}</Notice>}
      <SelfieActions selfie={selfie} send={send} sending={upload.isPending} skip={skip} />
    </section>
  );
}
