import {
  type Address,
  beginCell,
  Cell,
  contractAddress,
  external,
  type MessageRelaxed,
  type StateInit,
  storeMessage,
  storeMessageRelaxed,
} from '@ton/core';
import { sign } from '@ton/crypto';

/**
 * The standard wallet v4R2 as the minter's wallet: its address from a public key, and the signed
 * external message that makes it send internal messages. The code is the public v4R2 wallet code
 * (its hash, feb5ff68…, is the one auth/ton-proof.ts knows v4R2 by; the tests check both).
 *
 * Its data: seqno:uint32 subwallet_id:uint32 public_key:bits256 plugins:(HashmapE 256 …).
 * An external message's body: signature:bits512, then subwallet_id:uint32 valid_until:uint32
 * seqno:uint32 op:uint8 (0 = send) and (mode:uint8 ^MessageRelaxed) for each message (at most 4);
 * the signature is Ed25519 over the hash of the cell after the signature.
 */
export const WALLET_V4R2_CODE =
  'te6ccgECFAEAAtQAART/APSkE/S88sgLAQIBIAIPAgFIAwYC5tAB0NMDIXGwkl8E4CLXScEgkl8E4ALTHyGCEHBsdWe9IoIQZHN0cr2wkl8F4AP6QDAg+kQByMoHy//J0O1E0IEBQNch9AQwXIEBCPQKb6Exs5JfB+AF0z/IJYIQcGx1Z7qSODDjDQOCEGRzdHK6kl8G4w0EBQB4AfoA9AQw+CdvIjBQCqEhvvLgUIIQcGx1Z4MesXCAGFAEywUmzxZY+gIZ9ADLaRfLH1Jgyz8gyYBA+wAGAIpQBIEBCPRZMO1E0IEBQNcgyAHPFvQAye1UAXKwjiOCEGRzdHKDHrFwgBhQBcsFUAPPFiP6AhPLassfyz/JgED7AJJfA+ICASAHDgIBIAgNAgFYCQoAPbKd+1E0IEBQNch9AQwAsjKB8v/ydABgQEI9ApvoTGACASALDAAZrc52omhAIGuQ64X/wAAZrx32omhAEGuQ64WPwAARuMl+1E0NcLH4AFm9JCtvaiaECAoGuQ+gIYRw1AgIR6STfSmRDOaQPp/5g3gSgBt4EBSJhxWfMYQE+PKDCNcYINMf0x/THwL4I7vyZO1E0NMf0x/T//QE0VFDuvKhUVG68qIF+QFUEGT5EPKj+AAkpMjLH1JAyx9SMMv/UhD0AMntVPgPAdMHIcAAn2xRkyDXSpbTB9QC+wDoMOAhwAHjACHAAuMAAcADkTDjDQOkyMsfEssfy/8QERITAG7SB/oA1NQi+QAFyMoHFcv/ydB3dIAYyMsFywIizxZQBfoCFMtrEszMyXP7AMhAFIEBCPRR8qcCAHCBAQjXGPoA0z/IVCBHgQEI9FHyp4IQbm90ZXB0gBjIywXLAlAGzxZQBPoCFMtqEssfyz/Jc/sAAgBsgQEI1xj6ANM/MFIkgQEI9Fnyp4IQZHN0cnB0gBjIywXLAlAFzxZQA/oCE8tqyx8Syz/Jc/sAAAr0AMntVA==';

/** The subwallet id wallets give workchain 0 by default (698983191 + workchain). */
export const DEFAULT_SUBWALLET_ID = 698_983_191;

/** Pay the forward fees from the wallet's balance and skip a message that cannot be sent. */
export const WALLET_SEND_MODE = 3;

export interface WalletV4 {
  address: Address;
  init: StateInit;
  publicKey: Buffer;
  subwalletId: number;
}

export function walletV4(publicKey: Buffer, workchain = 0): WalletV4 {
  const subwalletId = DEFAULT_SUBWALLET_ID + workchain;
  const data = beginCell()
    .storeUint(0, 32)
    .storeUint(subwalletId, 32)
    .storeBuffer(publicKey, 32)
    .storeBit(false)
    .endCell();
  const init: StateInit = { code: Cell.fromBase64(WALLET_V4R2_CODE), data };
  return { address: contractAddress(workchain, init), init, publicKey, subwalletId };
}

/** The external message (a BOC to send) that makes the wallet send `messages` with seqno `seqno`. */
export function walletV4Transfer(args: {
  wallet: WalletV4;
  secretKey: Buffer;
  seqno: number;
  /** Unix time after which the wallet refuses the message. */
  validUntil: number;
  messages: MessageRelaxed[];
  /** Carry the state init (the wallet's first message, before it is deployed). */
  deploy: boolean;
}): Cell {
  if (args.messages.length < 1 || args.messages.length > 4)
    throw new Error('a v4 wallet sends 1 to 4 messages');
  const signed = beginCell()
    .storeUint(args.wallet.subwalletId, 32)
    .storeUint(args.validUntil, 32)
    .storeUint(args.seqno, 32)
    .storeUint(0, 8);
  for (const message of args.messages) {
    signed.storeUint(WALLET_SEND_MODE, 8).storeRef(beginCell().store(storeMessageRelaxed(message)));
  }
  const unsigned = signed.endCell();
  const body = beginCell()
    .storeBuffer(sign(unsigned.hash(), args.secretKey))
    .storeSlice(unsigned.beginParse());
  const message = external({
    to: args.wallet.address,
    init: args.deploy ? args.wallet.init : null,
    body: body.endCell(),
  });
  return beginCell().store(storeMessage(message)).endCell();
}
