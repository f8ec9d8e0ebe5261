import type { PogCard } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { numberText } from '../../../lib/display-locale.ts';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { useCardLike } from '../api/like-card.ts';

/** ♥ with the count: likes at once (optimistic); a visitor is asked to sign in. */
export function LikeButton({ card, onNeedSignIn }: { card: PogCard; onNeedSignIn?: () => void }) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const openModal = useUiStore((s) => s.openModal);
  const like = useCardLike();
  const liked = card.likedByMe;
  return (
    <button
      type="button"
      className={`pog-like${liked ? ' pog-like--on' : ''}`}
      aria-pressed={liked}
      aria-label={t(liked ? 'pog.card.unlike' : 'pog.card.like', { name: card.name })}
      onClick={() => {
        if (!signedIn) {
          if (onNeedSignIn) onNeedSignIn();
          else openModal('login');
          return;
        }
        like.mutate({ card, like: !liked });
      }}
    >
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span>
      <span className="pog-like__count">{numberText(card.likes)}</span>
    </button>
  );
}
