import { createContext, type ReactNode, useContext } from 'react';

/** Why a browser wallet could not sign: each has its own sentence on screen. */
export type EvmWalletErrorCode = 'no-wallet' | 'rejected' | 'chain';

/** Thrown by an EvmWallet for the outcomes the user can act on; anything else is a plain Error. */
export class EvmWalletError extends Error {
  override readonly name = 'EvmWalletError';
  readonly code: EvmWalletErrorCode;

  constructor(code: EvmWalletErrorCode, message: string = code, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export interface SiweChallenge {
  nonce: string;
  /** Chain ids the server accepts in the message. */
  chainIds: readonly number[];
}

export interface SignedSiweMessage {
  message: string;
  signature: `0x${string}`;
  address: `0x${string}`;
  chainId: number;
}

export type EvmWalletStep = 'connecting' | 'signing';

/**
 * A browser wallet (EIP-1193) that can sign in with Ethereum (EIP-4361). The website implements it
 * with wagmi and viem in a chunk of its own; this package never imports them.
 */
export interface EvmWallet {
  /**
   * Connects (the wallet asks the user), asks `getChallenge` for a nonce, moves the wallet to an
   * accepted chain when it is on another, builds the SIWE message for this site and has it signed.
   */
  signInWithEthereum(input: {
    getChallenge: () => Promise<SiweChallenge>;
    /** One line shown in the wallet above the message fields. */
    statement: string;
    onStep?: (step: EvmWalletStep) => void;
  }): Promise<SignedSiweMessage>;
}

/** What a front end offers beyond phone sign-in; the Mini App gives only openExternalPage. */
export interface SignInOptions {
  /**
   * Opens another site's page (X, Discord, Steam, where an account is linked) outside the app: the
   * Mini App uses Telegram's openLink. Unset: the page replaces this one (window.location).
   */
  openExternalPage?: (url: string) => void;
  /** Loads the browser-wallet adapter on demand (website: its wagmi + viem chunk). */
  evmWallet?: () => Promise<EvmWallet>;
  /** Sign-ins that leave the page and come back (WhatsApp one-time login, Google). */
  redirectSignIn?: boolean;
}

const SignInOptionsContext = createContext<SignInOptions>({});

export function SignInOptionsProvider({ value, children }: { value: SignInOptions; children: ReactNode }) {
  return <SignInOptionsContext.Provider value={value}>{children}</SignInOptionsContext.Provider>;
}

export function useSignInOptions(): SignInOptions {
  return useContext(SignInOptionsContext);
}
