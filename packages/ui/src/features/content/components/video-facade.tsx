import type { ContentDetail } from '@khel/core/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const HOSTS = { youtube: 'youtube-nocookie.com', vimeo: 'player.vimeo.com' } as const;

/**
 * The cover with a play button; the provider's player (youtube-nocookie.com, or Vimeo with Do Not Track) is put
 * in only when the reader taps it, so opening the page makes no request to the video host.
 */
export function VideoFacade({
  video,
  title,
  coverUrl,
}: {
  video: NonNullable<ContentDetail['video']>;
  title: string;
  coverUrl: string;
}) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  return (
    <div className="video-facade">
      {playing ? (
        <iframe
          className="video-facade__frame"
          src={video.embedUrl}
          title={t('content.video.frameTitle', { title })}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          className="video-facade__cover"
          onClick={() => setPlaying(true)}
          aria-label={t('content.video.play', { title })}
        >
          <img src={coverUrl} alt="" className="video-facade__image" />
          <span className="video-facade__play" aria-hidden="true">
            <svg viewBox="0 0 68 48" width="68" height="48" role="presentation">
              <path d="M66.5 7.7A8.5 8.5 0 0 0 60.5 1.7C55.2.3 34 .3 34 .3s-21.2 0-26.5 1.4A8.5 8.5 0 0 0 1.5 7.7C.1 13 .1 24 .1 24s0 11 1.4 16.3a8.5 8.5 0 0 0 6 6C12.8 47.7 34 47.7 34 47.7s21.2 0 26.5-1.4a8.5 8.5 0 0 0 6-6C67.9 35 67.9 24 67.9 24s0-11-1.4-16.3z" />
              <path d="M27 34V14l18 10z" fill="#fff" />
            </svg>
          </span>
        </button>
      )}
      {!playing && (
        <p className="video-facade__note">{t('content.video.privacy', { host: HOSTS[video.provider] })}</p>
      )}
    </div>
  );
}
