import { describe, expect, it } from 'vitest';
import { accountEn } from '../i18n/resources/account-en.ts';
import { accountHi } from '../i18n/resources/account-hi.ts';
import { accountPtBR } from '../i18n/resources/account-pt-br.ts';
import { kycEn } from '../i18n/resources/kyc-en.ts';
import { kycHi } from '../i18n/resources/kyc-hi.ts';
import { kycPtBR } from '../i18n/resources/kyc-pt-br.ts';
import { moneyEn } from '../i18n/resources/money-en.ts';
import { moneyHi } from '../i18n/resources/money-hi.ts';
import { moneyPtBR } from '../i18n/resources/money-pt-br.ts';
import { renderScreen } from '../test/render.tsx';
import { LinkedText } from './linked-text.tsx';

describe('LinkedText', () => {
  it('makes <name>words</name> a link to links[name]; a tag without a link stays words', () => {
    const html = renderScreen(
      <LinkedText
        text="Read the <terms>terms</terms> and the <risk>risks</risk>, or <other>this</other>."
        links={{ terms: '/terms-and-conditions', risk: '/risk-disclosure-policy#summary' }}
      />,
    );
    expect(html).toMatch(
      /^Read the <a href="\/terms-and-conditions"[^>]*>terms<\/a> and the <a href="\/risk-disclosure-policy#summary"[^>]*>risks<\/a>, or this\.$/,
    );
  });

  it('the linked sentences keep their link tags in every language', () => {
    const tags = (text: string) => [...text.matchAll(/<(\w+)>[^<]*<\/\1>/g)].map((m) => m[1]).sort();
    const sentences = [
      [kycEn.aadhaar.policies, kycHi.aadhaar.policies, kycPtBR.aadhaar.policies],
      [moneyEn.buy.legal, moneyHi.buy.legal, moneyPtBR.buy.legal],
      [accountEn.deletion.policy, accountHi.deletion.policy, accountPtBR.deletion.policy],
    ];
    for (const [en, hi, pt] of sentences) {
      expect(tags(en ?? '').length).toBeGreaterThan(0);
      expect(tags(hi ?? '')).toEqual(tags(en ?? ''));
      expect(tags(pt ?? '')).toEqual(tags(en ?? ''));
    }
  });
});
