import { TonPayCard, TonPayDeclined, type TonPayWallet } from '@khel/ui/ton-pay';
import { THEME, TonConnectUIProvider, useTonConnectUI } from '@tonconnect/ui-react';
import { useMemo } from 'react';
import { env } from '../env.ts';
import { tonConnectManifestUrl } from './manifest-url.ts';

/**
 * "Pay with TON" with TON Connect (this module is a lazy chunk of its own, as ton-wallet-connect.tsx:
 * DESIGN §9, the bundle budget). The card asks the wallet to connect when none is, then to send one
 * message: Khel's deposit wallet, the amount in nanoton and the memo as a text comment (the API gives
 * the comment's BOC as `payload`). The API's watcher credits it once it is on the chain.
 */
export default function TonPay() {
  const light = document.documentElement.style.colorScheme === 'light';
  return (
    <TonConnectUIProvider
      manifestUrl={tonConnectManifestUrl(window.location.origin)}
      language="en"
      uiPreferences={{ theme: light ? THEME.LIGHT : THEME.DARK }}
      actionsConfiguration={env.telegramReturnUrl ? { twaReturnUrl: env.telegramReturnUrl } : {}}
    >
      <TonPayWithWallet />
    </TonConnectUIProvider>
  );
}

type TonConnectUI = ReturnType<typeof useTonConnectUI>[0];

const declined = (error: unknown) => (error as { name?: string } | null)?.name === 'UserRejectsError';

/** The connected wallet's address; else opens TON Connect and waits for one (declined when closed without). */
function connectWallet(ui: TonConnectUI): Promise<string> {
  if (ui.wallet) return Promise.resolve(ui.wallet.account.address);
  return new Promise((resolve, reject) => {
    const stops: (() => void)[] = [];
    const stop = () => {
      for (const s of stops) s();
    };
    stops.push(
      ui.onStatusChange(
        (wallet) => {
          if (!wallet) return;
          stop();
          resolve(wallet.account.address);
        },
        (error) => {
          stop();
          reject(declined(error) ? new TonPayDeclined() : error);
        },
      ),
      ui.onModalStateChange((state) => {
        if (state.status === 'closed' && !ui.wallet) {
          stop();
          reject(new TonPayDeclined());
        }
      }),
    );
    ui.openModal().catch((error: unknown) => {
      stop();
      reject(error);
    });
  });
}

function TonPayWithWallet() {
  const [ui] = useTonConnectUI();
  const wallet = useMemo<TonPayWallet>(
    () => ({
      connect: () => connectWallet(ui),
      async send({ address, amount, payload, validUntil }) {
        try {
          await ui.sendTransaction({ validUntil, messages: [{ address, amount, payload }] });
        } catch (error) {
          throw declined(error) ? new TonPayDeclined() : error;
        }
      },
    }),
    [ui],
  );
  return <TonPayCard wallet={wallet} />;
}
