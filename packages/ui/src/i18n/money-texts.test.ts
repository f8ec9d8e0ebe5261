import { MONEY_WRITE_FORM_ERRORS } from '@khel/core/client';
import {
  AMOUNT_FORMAT_MESSAGE,
  apiMessageCodeOf,
  DEPOSIT_ABOVE_MAXIMUM_MESSAGE,
  DEPOSIT_BELOW_MINIMUM_MESSAGE,
  DEPOSIT_FEE_EXCEEDS_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  STORE_CURRENCY_NOT_ACCEPTED_MESSAGE,
  STORE_ITEM_NOT_FOUND_MESSAGE,
  STORE_ORDER_NOT_FOUND_MESSAGE,
  STORE_OUT_OF_STOCK_MESSAGE,
  SWAP_PAIR_UNSUPPORTED_MESSAGE,
  SWAP_SAME_CURRENCY_MESSAGE,
  SWAP_TOO_SMALL_MESSAGE,
  TRANSACTION_NOT_FOUND_MESSAGE,
} from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
import { describe, expect, it } from 'vitest';
import { leaves, placeholders } from '../test/text-tree.ts';
import { createI18n, hasTextPart, i18nReady, loadTextPart, translateApiMessage } from './index.ts';
import { moneyEn } from './resources/money-en.ts';
import { moneyHi, moneyHiApi } from './resources/money-hi.ts';
import { moneyPtBR, moneyPtBRApi } from './resources/money-pt-br.ts';
import { transactionsEn } from './resources/transactions-en.ts';
import { transactionsHi } from './resources/transactions-hi.ts';
import { transactionsPtBR } from './resources/transactions-pt-br.ts';

const devanagari = /[\u0900-\u097F]/;

const PARTS = {
  money: { en: moneyEn, hi: moneyHi, 'pt-BR': moneyPtBR },
  transactions: { en: transactionsEn, hi: transactionsHi, 'pt-BR': transactionsPtBR },
};

/** Names that stay as they are in Hindi: currencies, brands, payment methods, formulas. */
const LATIN_IN_HINDI = {
  money: [
    'balances.kcash',
    'balances.usdt',
    'balances.rkhel',
    'balances.kpoints',
    'balances.rule',
    'buy.methods.USDT',
    'buy.methods.INR',
    'buy.methods.BRL',
    'nav.store',
    'store.title',
    'store.fromRkhel',
    'ton.rateValue',
    'store.fromStars',
  ],
  transactions: ['balances.usdt', 'balances.rkhel', 'balances.kpoints', 'itemWithQuantity'],
};

describe.each(Object.entries(PARTS))('the %s texts', (part, texts) => {
  const english = leaves(texts.en);
  for (const language of ['hi', 'pt-BR'] as const) {
    it(`${language} has exactly the English keys, none empty, with the same {{placeholders}}`, () => {
      const translated = leaves(texts[language]);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of translated) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
      }
    });
  }

  it('Hindi is in Devanagari except names', () => {
    const latin = [...leaves(texts.hi)].filter(([, t]) => !devanagari.test(t)).map(([k]) => k);
    expect(latin.sort()).toEqual([...LATIN_IN_HINDI[part as keyof typeof LATIN_IN_HINDI]].sort());
  });
});

describe('money texts quote the SPEC', () => {
  it('English uses the SPEC §8 and §9 texts exactly', () => {
    expect(moneyEn.deposit.failed).toBe('Payment Failed, Please try again!');
    expect(moneyEn.deposit.failed).toBe(MESSAGES.paymentFailed);
    expect(moneyEn.deposit.slow).toBe('It is taking longer than usual to process your payment.');
    expect(moneyEn.store.notEnough).toBe('Uh-oh! Not Enough K-Cash or rKHEL');
  });

  it('the SPEC §1 rate in each language’s number style, as every amount beside it (DESIGN §9)', () => {
    expect(moneyEn.balances.rule).toBe('1 USDT = 1,000 K-Cash');
    expect(moneyHi.balances.rule).toBe('1 USDT = 1,000 K-Cash');
    expect(moneyPtBR.balances.rule).toBe('1 USDT = 1.000 K-Cash');
  });

  it('every API message the money screens can show is translated, in both languages alike', () => {
    const shown = [
      MESSAGES.notEnoughBalance,
      MESSAGES.paymentFailed,
      MESSAGES.paymentSlow,
      MESSAGES.conflictInProgress,
      STORE_ITEM_NOT_FOUND_MESSAGE,
      STORE_OUT_OF_STOCK_MESSAGE,
      STORE_CURRENCY_NOT_ACCEPTED_MESSAGE,
      STORE_ORDER_NOT_FOUND_MESSAGE,
      SWAP_SAME_CURRENCY_MESSAGE,
      SWAP_PAIR_UNSUPPORTED_MESSAGE,
      SWAP_TOO_SMALL_MESSAGE,
      DEPOSIT_BELOW_MINIMUM_MESSAGE,
      DEPOSIT_ABOVE_MAXIMUM_MESSAGE,
      DEPOSIT_FEE_EXCEEDS_MESSAGE,
      AMOUNT_FORMAT_MESSAGE,
      IDEMPOTENCY_KEY_REUSED_MESSAGE,
      TRANSACTION_NOT_FOUND_MESSAGE,
      'Payment not found',
      'Not enough USDT',
      // apps/api/src/services/payments/deposits.ts DEPOSIT_DELETION_PENDING_MESSAGE
      'Your account is being deleted. Cancel the deletion to buy K-Cash.',
      'Too many payment attempts. Please wait a few minutes and try again.',
      ...MONEY_WRITE_FORM_ERRORS,
    ];
    for (const message of shown) {
      const code = apiMessageCodeOf(message);
      expect(code, message).toBeDefined();
      expect(moneyHiApi[code!], message).toBeTruthy();
      expect(moneyPtBRApi[code!], message).toBeTruthy();
    }
    expect(Object.keys(moneyHiApi).sort()).toEqual(Object.keys(moneyPtBRApi).sort());
    expect(moneyHiApi.NOT_ENOUGH_BALANCE).toBe(moneyHi.store.notEnough);
    expect(moneyPtBRApi.PAYMENT_FAILED).toBe(moneyPtBR.deposit.failed);
  });
});

describe('loading the money parts', () => {
  it('are not in the first texts; loading them brings the texts and their API messages', async () => {
    const i18n = await i18nReady(createI18n({ preferred: ['hi'] }));
    expect(hasTextPart(i18n, 'money')).toBe(false);
    await Promise.all([loadTextPart(i18n, 'money'), loadTextPart(i18n, 'transactions')]);
    expect(i18n.t('money.buy.title')).toBe('K-Cash खरीदें');
    expect(i18n.t('transactions.label.swap.in', { currency: 'K-Cash' })).toBe('K-Cash में स्वैप किया');
    expect(translateApiMessage('STORE_OUT_OF_STOCK', STORE_OUT_OF_STOCK_MESSAGE, 'hi')).toBe(
      moneyHiApi.STORE_OUT_OF_STOCK,
    );
  });
});
