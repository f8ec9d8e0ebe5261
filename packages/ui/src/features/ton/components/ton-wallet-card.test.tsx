import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { TonWalletCard } from './ton-wallet-card.tsx';

const ADDRESS = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';
const noop = () => {};

describe('TonWalletCard', () => {
  it("link mode, ready: 'Connect TON wallet' is enabled", () => {
    const html = renderScreen(<TonWalletCard mode="link" state={{ kind: 'ready' }} onConnect={noop} />);
    expect(html).toContain('TON wallet');
    expect(html).toMatch(
      /<button type="button" class="button button--primary button--block">Connect TON wallet<\/button>/,
    );
  });

  it('while the payload or the proof check runs the button waits, with the reason', () => {
    const loading = renderScreen(<TonWalletCard mode="link" state={{ kind: 'loading' }} onConnect={noop} />);
    expect(loading).toMatch(/<button[^>]*disabled=""[^>]*>Connect TON wallet<\/button>/);
    expect(loading).toContain('Preparing a secure request…');
    const verifying = renderScreen(
      <TonWalletCard mode="link" state={{ kind: 'verifying' }} onConnect={noop} />,
    );
    expect(verifying).toContain('Checking your wallet’s proof…');
  });

  it('says which wallet was linked, and shows errors as alerts', () => {
    const linked = renderScreen(
      <TonWalletCard mode="link" state={{ kind: 'linked', address: ADDRESS }} onConnect={noop} />,
    );
    expect(linked).toMatch(/role="status">TON wallet linked: 0:83df…31a8</);
    expect(linked).toContain('>Connect another TON wallet</button>');
    const failed = renderScreen(
      <TonWalletCard
        mode="link"
        state={{ kind: 'error', message: 'This TON wallet is already linked to another Khel account.' }}
        onConnect={noop}
      />,
    );
    expect(failed).toMatch(/role="alert">This TON wallet is already linked to another Khel account\.</);
  });

  it('sign-in mode explains the alternative, in every language', () => {
    const html = renderScreen(<TonWalletCard mode="sign-in" state={{ kind: 'ready' }} onConnect={noop} />);
    expect(html).toContain('No Telegram sign-in? Use a TON wallet');
    expect(html).toContain('button--secondary');
    expect(
      renderScreen(<TonWalletCard mode="sign-in" state={{ kind: 'ready' }} onConnect={noop} />, {
        language: 'hi',
      }),
    ).toContain('TON वॉलेट जोड़ें');
    expect(
      renderScreen(<TonWalletCard mode="sign-in" state={{ kind: 'ready' }} onConnect={noop} />, {
        language: 'pt-BR',
      }),
    ).toContain('Conectar carteira TON');
  });
});
