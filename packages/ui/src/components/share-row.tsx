import './share-row.css';
import type { shareLinks } from '../lib/share-links.ts';

export interface ShareOptions {
  /** Opens a share address (the Mini App: Telegram's openTelegramLink for t.me, openLink for the rest). */
  openShare?: ((url: string) => void) | undefined;
}

/** Sharing a link to Telegram, WhatsApp and X (through `openShare` when given), under `label`. */
export function ShareRow({
  links,
  openShare,
  label,
  networks,
}: {
  links: ReturnType<typeof shareLinks>;
  label: string;
  /** Each network's button text. */
  networks: Record<'telegram' | 'whatsapp' | 'x', string>;
} & ShareOptions) {
  const share = (url: string) => (event: React.MouseEvent) => {
    if (!openShare) return;
    event.preventDefault();
    openShare(url);
  };
  return (
    <>
      <p className="share-row__label">{label}</p>
      <div className="share-row">
        {(['telegram', 'whatsapp', 'x'] as const).map((network) => (
          <a
            key={network}
            className={`share-button share-button--${network}`}
            href={links[network]}
            target="_blank"
            rel="noopener noreferrer"
            onClick={share(links[network])}
          >
            {networks[network]}
          </a>
        ))}
      </div>
    </>
  );
}
