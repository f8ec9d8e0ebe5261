import '../users.css';
import { formatDate } from '@khel/core/domain';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { Link } from '../../../routing/index.ts';
import { useMyNfts } from '../api/users-requests.ts';

/** The profile's "My NFTs": the POG card once minted (EVM or TON), with its picture and where to see it. */
export function ProfileNfts() {
  useTextPart('users');
  const { t, i18n } = useTranslation();
  const nfts = useMyNfts();
  return (
    <section className="card profile-section" aria-labelledby="nfts-title">
      <h2 className="section-title" id="nfts-title">
        {t('users.nfts.title')}
      </h2>
      {nfts.isPending ? (
        <LoadingState />
      ) : nfts.isError ? (
        <ErrorState onRetry={() => void nfts.refetch()} />
      ) : nfts.data.length === 0 ? (
        <EmptyState
          action={
            <Link className="button button--secondary button--small" to="/pog/mint">
              {t('users.nfts.mint')}
            </Link>
          }
        />
      ) : (
        <ul className="nft-list">
          {nfts.data.map((nft) => (
            <li key={`${nft.chain}:${nft.contract}:${nft.tokenId}`} className="nft-card">
              <img
                className="nft-card__image"
                src={nft.imageUrl}
                alt={t('users.nfts.imageAlt', { name: nft.name })}
                loading="lazy"
              />
              <div className="nft-card__text">
                <strong>{nft.name}</strong>
                <span>
                  {t('users.nfts.token', { chain: t(`users.nfts.chain.${nft.chain}`), id: nft.tokenId })}
                </span>
                <span>
                  {t('users.nfts.minted', { date: formatDate(nft.mintedAt, { language: i18n.language }) })}
                </span>
                <span className="nft-card__links">
                  <a href={nft.showcaseUrl}>{t('users.nfts.showcase')}</a>
                  {nft.explorerUrl && (
                    <a href={nft.explorerUrl} target="_blank" rel="noopener noreferrer">
                      {t('users.nfts.explorer')}
                    </a>
                  )}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
