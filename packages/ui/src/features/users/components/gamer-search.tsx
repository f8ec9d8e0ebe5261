import '../users.css';
import type { PublicUser } from '@khel/core/contract';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { useNavigate } from '../../../routing/index.ts';
import {
  useClearRecentSearches,
  useGamerSearch,
  useRecentSearches,
  useRecordRecentSearch,
} from '../api/users-requests.ts';

function GamerRow({ user, onPick }: { user: PublicUser; onPick: (user: PublicUser) => void }) {
  const { t } = useTranslation();
  return (
    <li>
      <button type="button" className="gamer-row" onClick={() => onPick(user)}>
        {user.avatarUrl ? (
          <img className="gamer-row__avatar" src={user.avatarUrl} alt="" loading="lazy" />
        ) : (
          <span className="gamer-row__avatar gamer-row__avatar--letter" aria-hidden="true">
            {user.displayName.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="gamer-row__text">
          <strong>{user.displayName}</strong>
          <span>
            {user.username ? `@${user.username}` : ''}
            {user.clan ? ` · ${user.clan.name}` : ` · ${t('users.search.noClan')}`}
          </span>
        </span>
        {user.pogVariant && (
          <span className={`gamer-row__pog gamer-row__pog--${user.pogVariant.toLowerCase()}`}>
            {user.pogVariant}
          </span>
        )}
      </button>
    </li>
  );
}

/**
 * Find a gamer by username or name (signed in): results as you type, the last ten picked below the box.
 * `onPick` decides what picking one does (open their clan, their POG card…); the pick is remembered.
 */
export function GamerSearch({ onPick }: { onPick: (user: PublicUser) => void }) {
  useTextPart('users');
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const [text, setText] = useState('');
  const deferred = useDeferredValue(text);
  const results = useGamerSearch(signedIn ? deferred : '');
  const recent = useRecentSearches();
  const record = useRecordRecentSearch();
  const clear = useClearRecentSearches();
  if (!signedIn) return null;
  const pick = (user: PublicUser) => {
    record.mutate(user.id);
    onPick(user);
  };
  const showRecent = deferred.trim() === '' && (recent.data?.length ?? 0) > 0;
  return (
    <section className="card gamer-search" aria-labelledby="gamer-search-title">
      <h2 className="section-title" id="gamer-search-title">
        {t('users.search.title')}
      </h2>
      <label className="field">
        <span className="field__label">{t('users.search.label')}</span>
        <input
          type="search"
          className="field__control"
          placeholder={t('users.search.placeholder')}
          value={text}
          maxLength={30}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      {showRecent && (
        <>
          <div className="gamer-search__recent-head">
            <span className="field__label">{t('users.search.recent')}</span>
            <Button variant="ghost" size="small" onClick={() => clear.mutate()}>
              {t('users.search.clear')}
            </Button>
          </div>
          <ul className="gamer-list">
            {recent.data?.map((u) => (
              <GamerRow key={u.id} user={u} onPick={pick} />
            ))}
          </ul>
        </>
      )}
      {deferred.trim() !== '' &&
        (results.isError ? (
          <p className="field__error" role="alert">
            {t('users.search.failed')}
          </p>
        ) : results.data && results.data.length === 0 ? (
          <p className="state__text">{t('users.search.none')}</p>
        ) : (
          <ul className="gamer-list" aria-busy={results.isPending}>
            {results.data?.map((u) => (
              <GamerRow key={u.id} user={u} onPick={pick} />
            ))}
          </ul>
        ))}
    </section>
  );
}

/**
 * The gamer search on Discover clans: picking a gamer opens their clan's page (`/discover-clan?clanId=…`);
 * a gamer without a clan is only remembered.
 */
export function GamerClanFinder() {
  const navigate = useNavigate();
  return (
    <GamerSearch
      onPick={(user) => user.clan && navigate(`/discover-clan?clanId=${encodeURIComponent(user.clan.id)}`)}
    />
  );
}
