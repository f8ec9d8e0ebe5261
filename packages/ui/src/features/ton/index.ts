export {
  getTonPayload,
  getTonPayloadQueryOptions,
  TON_PAYLOAD_MARGIN_MS,
  type TonPayload,
  tonPayloadQueryKey,
  tonPayloadRefreshMs,
  useTonPayload,
} from './api/get-ton-payload.ts';
export { submitTonProof, type TonProofOutcome, useSubmitTonProof } from './api/submit-ton-proof.ts';
export {
  TonWalletCard,
  type TonWalletCardProps,
  type TonWalletState,
} from './components/ton-wallet-card.tsx';
export {
  shortTonAddress,
  type TonConnectedWallet,
  type TonProofProblem,
  type TonProofRequest,
  tonProofRequest,
} from './lib/ton-proof.ts';
