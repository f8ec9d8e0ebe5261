import { POG_SELFIE_TYPE_MESSAGE } from '@khel/core/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, translateApiMessage } from '../../../i18n/index.ts';
import { type CameraProblem, cameraProblemOf, frameToJpeg, isJpegBlob } from '../lib/jpeg.ts';

export type Shot = { blob: Blob; url: string };

/**
 * The selfie's camera and photo: getUserMedia into `video`, a captured frame as JPEG, or a JPEG file picked
 * instead. The camera stops on capture, on a file, and when the component goes; a photo's object URL is revoked
 * when it is replaced.
 */
export function useSelfieCamera() {
  const { i18n } = useTranslation();
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
      setFileError(translateApiMessage('POG_SELFIE_TYPE', POG_SELFIE_TYPE_MESSAGE, currentLanguage(i18n)));
      return;
    }
    stopCamera();
    setShot({ blob: file, url: URL.createObjectURL(file) });
  };

  return { video, camera, problem, shot, fileError, startCamera, capture, pickFile };
}

export type SelfieCamera = ReturnType<typeof useSelfieCamera>;
