import type { Profile } from '@khel/core/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserIcon } from '../../../components/icons.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { NotJpegError, useUploadProfilePicture } from '../api/upload-profile-picture.ts';
import { greetingName } from '../lib/identity.ts';

/** Up to two letters from the names (or the username); a phone number or email gives none. */
export function initialsOf(profile: Pick<Profile, 'first_name' | 'last_name' | 'username'>): string | null {
  const parts = [profile.first_name, profile.last_name].filter((p): p is string => !!p?.trim());
  const source = parts.length > 0 ? parts : profile.username ? [profile.username] : [];
  const letters = source
    .flatMap((part) => part.trim().split(/\s+/))
    .map((word) => [...word][0] ?? '')
    .join('');
  return [...letters].slice(0, 2).join('').toLocaleUpperCase() || null;
}

export function formatDay(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** The picture, or the initials, with a spinner while a new one uploads. */
function ProfileAvatar({ profile, uploading }: { profile: Profile; uploading: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="profile-header__avatar">
      {profile.photo_url ? (
        <img
          className="avatar avatar--large"
          src={profile.photo_url}
          alt={t('account.profile.picture.alt')}
          width={88}
          height={88}
        />
      ) : (
        <span className="avatar avatar--large avatar--initials" aria-hidden="true">
          {initialsOf(profile) ?? <UserIcon className="avatar__icon" />}
        </span>
      )}
      {uploading && (
        <span className="profile-header__uploading" role="status">
          <Spinner size="md" />
          <span className="visually-hidden">{t('account.profile.picture.uploading')}</span>
        </span>
      )}
    </div>
  );
}

/**
 * Picture, name, username, member-since and the verified badge. The picture is a JPEG (SPEC §5):
 * another type is refused in the browser with the SPEC text and never uploaded.
 */
export function ProfileHeader({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const upload = useUploadProfilePicture();
  const describeError = useErrorMessage();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const [done, setDone] = useState(false);
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ') || greetingName(profile);

  const onFile = (file: File | undefined) => {
    setDone(false);
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => setDone(true),
      onSettled: () => {
        if (inputRef.current) inputRef.current.value = '';
      },
    });
  };

  const error = upload.error
    ? upload.error instanceof NotJpegError
      ? t('account.profile.picture.jpegOnly')
      : describeError(upload.error)
    : null;

  return (
    <section className="profile-header card card--raised">
      <ProfileAvatar profile={profile} uploading={upload.isPending} />
      <div className="profile-header__text">
        <h1 className="profile-header__name">{name ?? t('profile.title')}</h1>
        {profile.username && <p className="profile-header__username">@{profile.username}</p>}
        <p className="profile-header__meta">
          <span className={`pill ${profile.is_verified ? 'pill--ok' : ''}`}>
            {profile.is_verified ? t('account.profile.verified') : t('account.profile.notVerified')}
          </span>
          <span>
            {t('account.profile.memberSince', { date: formatDay(profile.created_at, currentLanguage(i18n)) })}
          </span>
        </p>
        <label className="button button--secondary button--small profile-header__upload" htmlFor={inputId}>
          {t('account.profile.picture.change')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/jpeg"
          aria-describedby={hintId}
          disabled={upload.isPending}
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        <p className="field__hint" id={hintId}>
          {t('account.profile.picture.hint')}
        </p>
        {error && <Notice tone="error">{error}</Notice>}
        {done && !error && <Notice tone="success">{t('account.profile.picture.updated')}</Notice>}
      </div>
    </section>
  );
}
