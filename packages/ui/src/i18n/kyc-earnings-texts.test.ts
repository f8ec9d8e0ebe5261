import * as contract from '@khel/core/contract';
import {
  AADHAAR_CONSENT_MESSAGE,
  AADHAAR_FORMAT_MESSAGE,
  KYC_NAME_MESSAGE,
  KYC_REQUIRED_MESSAGE,
  PAN_FORMAT_MESSAGE,
  PAN_NOT_INDIVIDUAL_MESSAGE,
} from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
import { BANK_ACCOUNT_MESSAGE, IFSC_MESSAGE } from '@khel/core/validation';
import { describe, expect, it } from 'vitest';
import { leaves, placeholders } from '../test/text-tree.ts';
import { createI18n, i18nReady, loadTextPart, translateApiMessage } from './index.ts';
import { earningsEn } from './resources/earnings-en.ts';
import { earningsHi, earningsHiApi } from './resources/earnings-hi.ts';
import { earningsPtBR, earningsPtBRApi } from './resources/earnings-pt-br.ts';
import { kycEn } from './resources/kyc-en.ts';
import { kycHi, kycHiApi } from './resources/kyc-hi.ts';
import { kycPtBR, kycPtBRApi } from './resources/kyc-pt-br.ts';

const PARTS = {
  kyc: { en: kycEn, hi: kycHi, 'pt-BR': kycPtBR },
  earnings: { en: earningsEn, hi: earningsHi, 'pt-BR': earningsPtBR },
};

/** Keys whose Hindi text is rightly Latin only (brand names, codes, placeholders). */
const HINDI_LATIN = {
  kyc: [],
  earnings: ['kcash', 'confirm.bank'],
} as const;

for (const [part, texts] of Object.entries(PARTS)) {
  describe(`${part} texts (a part loaded with its screen)`, () => {
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

    it('Hindi is in Devanagari except brand names and codes', () => {
      const latinOnly = [...leaves(texts.hi)]
        .filter(([, text]) => !/[\u0900-\u097F]/.test(text))
        .map(([key]) => key);
      expect(latinOnly.sort()).toEqual([...HINDI_LATIN[part as keyof typeof HINDI_LATIN]].sort());
    });
  });
}

describe('English quotes the shared rules and SPEC texts exactly', () => {
  it('KYC form errors are the validation messages (so an API message reads the same)', () => {
    expect(kycEn.pan.errors).toEqual({
      format: PAN_FORMAT_MESSAGE,
      notIndividual: PAN_NOT_INDIVIDUAL_MESSAGE,
      name: KYC_NAME_MESSAGE,
    });
    expect(kycEn.aadhaar.errors.format).toBe(AADHAAR_FORMAT_MESSAGE);
    expect(kycEn.aadhaar.errors.consent).toBe(AADHAAR_CONSENT_MESSAGE);
    expect(kycEn.bank.errors.account).toBe(BANK_ACCOUNT_MESSAGE);
    expect(kycEn.bank.errors.ifsc).toBe(IFSC_MESSAGE);
    expect(kycEn.bank.errors.account).toBe('Bank account number must be 9 to 18 digits');
  });

  it('SPEC §3 statuses and §8 payment texts', () => {
    expect(Object.keys(earningsEn.status)).toEqual([
      'READY_TO_COLLECT',
      'COLLECTED',
      'EXPIRED',
      'DISTRIBUTING',
      'FAILED',
    ]);
    expect(earningsEn.failed.title).toBe('Payment Failed, Please try again!');
    expect(earningsEn.progress.slow).toBe('It is taking longer than usual to process your payment.');
    expect(earningsEn.failed.title).toBe(MESSAGES.paymentFailed);
    expect(earningsEn.confirm.kycIncomplete).toBe(KYC_REQUIRED_MESSAGE);
  });

  it('the form errors in Hindi and Portuguese read like the API message translations', () => {
    for (const [texts, api] of [
      [kycHi, kycHiApi],
      [kycPtBR, kycPtBRApi],
    ] as const) {
      expect(texts.pan.errors.format).toBe(api.PAN_FORMAT);
      expect(texts.pan.errors.notIndividual).toBe(api.PAN_NOT_INDIVIDUAL);
      expect(texts.aadhaar.errors.format).toBe(api.AADHAAR_FORMAT);
      expect(texts.aadhaar.errors.consent).toBe(api.AADHAAR_CONSENT);
      expect(texts.bank.errors.account).toBe(api.BANK_ACCOUNT);
      expect(texts.bank.errors.ifsc).toBe(api.IFSC);
    }
  });
});

/**
 * Every sentence the KYC and earnings contracts can put in a message: their *_MESSAGE constants, the
 * rejection reasons, and what their request schemas say about bad input.
 */
function contractMessages(): string[] {
  const found = new Set<string>();
  for (const [name, value] of Object.entries(contract)) {
    if (/^(KYC|PAN|AADHAAR|IFSC|EARNING|NOTHING|PAYOUT)_\w*MESSAGE$/.test(name) && typeof value === 'string')
      found.add(value);
  }
  for (const reason of Object.values(contract.KYC_REJECTION_REASONS)) found.add(reason);
  const issues = (
    schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } },
    value: unknown,
  ) => {
    for (const issue of schema.safeParse(value).error?.issues ?? []) found.add(issue.message);
  };
  issues(contract.verifyPanBodySchema, { pan: 'x', name: '1' });
  issues(contract.verifyPanBodySchema, { pan: 'AAACB1234C', name: 'Arjun' });
  issues(contract.verifyPanBodySchema, {});
  issues(contract.verifyAadhaarBodySchema, { aadhaar: '234123412345', consent: false });
  issues(contract.verifyAadhaarBodySchema, {});
  issues(contract.verifyBankBodySchema, { accountNumber: '12', ifsc: 'x', holderName: '' });
  issues(contract.verifyBankBodySchema, {});
  return [...found].filter((m) => !/^(Invalid|Unrecognized)/.test(m));
}

describe('API messages of the KYC and earnings contracts', () => {
  it('every one has a Hindi and a Portuguese translation, for the same sentences', () => {
    const messages = contractMessages();
    expect(messages.length).toBeGreaterThan(25);
    expect(messages).toContain('Please enter a valid bank account number');
    expect(messages).toContain('Complete your KYC (PAN, Aadhaar and bank account) to collect earnings.');
    const hi = { ...kycHiApi, ...earningsHiApi };
    const pt = { ...kycPtBRApi, ...earningsPtBRApi };
    const code = (m: string) => contract.apiMessageCodeOf(m) ?? m;
    expect(messages.filter((m) => !(code(m) in hi))).toEqual([]);
    expect(messages.filter((m) => !(code(m) in pt))).toEqual([]);
    expect(Object.keys(kycHiApi).sort()).toEqual(Object.keys(kycPtBRApi).sort());
    expect(Object.keys(earningsHiApi).sort()).toEqual(Object.keys(earningsPtBRApi).sort());
  });

  it('arrive with the part: loading kyc in Portuguese translates its API messages', async () => {
    const i18n = await i18nReady(createI18n({ preferred: ['pt-BR'] }));
    await loadTextPart(i18n, 'kyc');
    expect(i18n.t('kyc.steps.bank')).toBe('Conta bancária');
    expect(translateApiMessage('KYC_PAN_FIRST', 'Please verify your PAN first.', 'pt-BR')).toBe(
      'Verifique seu PAN primeiro.',
    );
    await loadTextPart(i18n, 'earnings');
    expect(i18n.t('earnings.actions.collectAll')).toBe('Resgatar tudo');
    expect(translateApiMessage('NOTHING_TO_COLLECT', 'There is nothing ready to collect.', 'pt-BR')).toBe(
      'Não há nada pronto para resgatar.',
    );
  });
});
