import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { accountHiApi } from '../i18n/resources/account-hi.ts';
import { miniappPtBR } from '../i18n/resources/miniapp-pt-br.ts';
import { transactionsEn } from '../i18n/resources/transactions-en.ts';
import { transactionsHi } from '../i18n/resources/transactions-hi.ts';
import { LOADERS } from '../i18n/text-part-loaders.ts';
import { renderScreen, textPartsInFiles } from './render.tsx';

describe('renderScreen has every text part in memory', () => {
  it('finds each part file by name, in all three languages, with its API messages', () => {
    const parts = textPartsInFiles();
    // The loader table is the one list of parts: each of its parts has its three files, and no file is
    // outside it (a missing or misnamed part file fails here).
    expect([...parts.keys()].sort()).toEqual(Object.keys(LOADERS).sort());
    for (const modules of parts.values()) expect(Object.keys(modules).sort()).toEqual(['en', 'hi', 'pt-BR']);
    expect(parts.get('account')?.hi?.apiMessages).toBe(accountHiApi);
    expect(parts.get('miniapp')?.['pt-BR']?.texts).toBe(miniappPtBR);
    expect(parts.get('miniapp')?.['pt-BR']?.apiMessages).toBeUndefined();
  });

  it('a screen reads a part in the chosen language without fetching it', () => {
    const Probe = () => <>{useTranslation().t('transactions.aStoreItem')}</>;
    expect(renderScreen(<Probe />, { language: 'hi' })).toBe(transactionsHi.aStoreItem);
    expect(renderScreen(<Probe />)).toBe(transactionsEn.aStoreItem);
  });
});
