import type { KycDocument, KycStatus } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { kycStatusQueryKey } from '../api/get-kyc-status.ts';
import { KycScreen } from './kyc-screen.tsx';

const doc = (over: Partial<KycDocument>): KycDocument => ({
  docType: 'pan',
  status: 'pending',
  masked: 'XXXXXX234F',
  last4: '234F',
  holderType: 'individual',
  name: 'Arjun Mehta',
  bank: null,
  rejectionReason: null,
  submittedAt: '2026-01-01T10:00:00.000Z',
  decidedAt: null,
  ...over,
});
const status = (over: Partial<KycStatus> = {}): KycStatus => ({
  required: true,
  pan: null,
  aadhaar: null,
  bank: null,
  complete: false,
  nextRequiredDoc: 'pan',
  ...over,
});
const render = (at: string, s: KycStatus, language: 'en' | 'hi' | 'pt-BR' = 'en') =>
  renderScreen(<KycScreen />, { at, language, queries: [[kycStatusQueryKey, s]] });

/** The visible text of the step section (tags dropped). */
const stepText = (html: string) =>
  (/<section class="card kyc-step"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '').replace(/<[^>]+>/g, ' ');

describe('KycScreen (/kyc?requiredDoc=…)', () => {
  it('shows the loading state until the status arrives', () => {
    const html = renderScreen(<KycScreen />, { at: '/kyc?requiredDoc=pan' });
    expect(html).toContain('Loading your verification…');
  });

  it('requiredDoc=pan opens the PAN form with its fields; the steps show their states', () => {
    const html = render('/kyc?requiredDoc=pan', status());
    expect(html).toContain('<h2 class="section-title" id="kyc-step-title">PAN card</h2>');
    expect(html).toContain('Step 1 of 3');
    expect(html).toMatch(/<label[^>]*>PAN<\/label>/);
    expect(html).toMatch(/<label[^>]*>Name as on PAN<\/label>/);
    expect(html).toContain('>Verify PAN</button>');
    expect(html).toMatch(/aria-current="step"[^>]*>[\s\S]*?PAN/);
    expect(html.match(/kyc-steps__state">Not started</g)).toHaveLength(3);
  });

  it('a submitted PAN is pending ("Verifying…"), never verified, with only its masked number', () => {
    const html = render('/kyc?requiredDoc=pan', status({ pan: doc({}) }));
    const text = stepText(html);
    expect(text).toContain('Verifying…');
    expect(text).toContain('XXXXXX234F');
    expect(text).not.toContain('Verified');
    expect(html).not.toContain('>Verify PAN</button>');
  });

  it('requiredDoc=aadhaar opens Aadhaar: number, consent checkbox, submit', () => {
    const html = render(
      '/kyc?requiredDoc=aadhaar',
      status({ pan: doc({ status: 'verified' }), nextRequiredDoc: 'aadhaar' }),
    );
    expect(html).toContain('id="kyc-step-title">Aadhaar</h2>');
    expect(html).toContain('inputMode="numeric"');
    expect(html).toContain('type="checkbox"');
    expect(html).toContain('I agree to share my Aadhaar number');
    expect(html).toContain('>Verify Aadhaar</button>');
  });

  it('the Aadhaar consent links to the privacy policy and the AML & KYC policy (outside the label)', () => {
    const at = '/kyc?requiredDoc=aadhaar';
    const s = status({ pan: doc({ status: 'verified' }), nextRequiredDoc: 'aadhaar' });
    const html = render(at, s);
    const label = /<label class="kyc-consent"[\s\S]*?<\/label>/.exec(html)?.[0] ?? '';
    expect(label).not.toContain('<a ');
    expect(html).toMatch(/<a href="\/privacy-policy#kyc-data"[^>]*>Privacy policy<\/a>/);
    expect(html).toMatch(/<a href="\/aml-kyc-policy#verification"[^>]*>AML &amp; KYC policy<\/a>/);
    expect(render(at, s, 'hi')).toMatch(/<a href="\/privacy-policy#kyc-data"[^>]*>गोपनीयता नीति<\/a>/);
    expect(render(at, s, 'pt-BR')).toMatch(
      /<a href="\/aml-kyc-policy#verification"[^>]*>Política de AML e KYC<\/a>/,
    );
  });

  it('without requiredDoc it opens the next step to do', () => {
    const html = render(
      '/kyc',
      status({
        pan: doc({ status: 'verified' }),
        aadhaar: doc({ docType: 'aadhaar', status: 'verified', masked: 'XXXX XXXX 2346' }),
        nextRequiredDoc: 'bank',
      }),
    );
    expect(html).toContain('id="kyc-step-title">Bank account</h2>');
    expect(html).toMatch(/<label[^>]*>Confirm account number<\/label>/);
    expect(html).toMatch(/<label[^>]*>IFSC<\/label>/);
    // The holder name starts as the name on the PAN.
    expect(html).toContain('value="Arjun Mehta"');
  });

  it('Aadhaar before any PAN points to the PAN step first', () => {
    const html = render('/kyc?requiredDoc=aadhaar', status());
    expect(stepText(html)).toContain('Start with your PAN');
    expect(html).toContain('>Go to PAN</button>');
    expect(html).not.toContain('type="checkbox"');
  });

  it('a rejection shows the reason (translated) and a retry', () => {
    const rejected = status({
      pan: doc({
        status: 'rejected',
        rejectionReason: 'The name does not match the name on the PAN.',
        rejectionReasonCode: 'KYC_PAN_NAME_MISMATCH',
      }),
    });
    const html = render('/kyc?requiredDoc=pan', rejected);
    expect(stepText(html)).toContain('Reason: The name does not match the name on the PAN.');
    expect(html).toContain('>Try again</button>');
    const hindi = render('/kyc?requiredDoc=pan', rejected, 'hi');
    expect(stepText(hindi)).toContain('कारण: नाम पैन पर लिखे नाम से मेल नहीं खाता।');
  });

  it('a verified Aadhaar shows only its last 4 digits; verified steps lead on', () => {
    const html = render(
      '/kyc?requiredDoc=aadhaar',
      status({
        pan: doc({ status: 'verified' }),
        aadhaar: doc({
          docType: 'aadhaar',
          status: 'verified',
          masked: 'XXXX XXXX 2346',
          last4: '2346',
          holderType: null,
          name: null,
        }),
        nextRequiredDoc: 'bank',
      }),
    );
    expect(stepText(html)).toContain('XXXX XXXX 2346');
    expect(html).toContain('>Continue to Bank account</button>');
  });

  it('a verified bank shows the bank, and can be updated; all verified says so and links to /collect-earnings', () => {
    const bank = doc({
      docType: 'bank',
      status: 'verified',
      masked: 'XXXXXXXX9012',
      last4: '9012',
      holderType: null,
      bank: { ifsc: 'HDFC0000001', bankName: 'HDFC Bank', branch: null, city: null },
    });
    const html = render(
      '/kyc?requiredDoc=bank',
      status({
        pan: doc({ status: 'verified' }),
        aadhaar: doc({ docType: 'aadhaar', status: 'verified' }),
        bank,
        complete: true,
        nextRequiredDoc: null,
      }),
    );
    expect(stepText(html)).toContain('HDFC Bank');
    expect(stepText(html)).toContain('HDFC0000001');
    expect(html).toContain('>Update bank account</button>');
    expect(html).toContain('You are verified');
    expect(html).toContain('href="/collect-earnings"');
  });

  it('outside India: KYC is not needed, with a link to collect earnings', () => {
    const html = render('/kyc?requiredDoc=pan', status({ required: false, nextRequiredDoc: null }));
    expect(html).toContain('No KYC needed');
    expect(html).toContain('href="/collect-earnings"');
    expect(html).not.toContain('kyc-step');
    const portuguese = render('/kyc', status({ required: false }), 'pt-BR');
    expect(portuguese).toContain('Você não precisa de KYC');
  });

  it('in Hindi and Portuguese', () => {
    expect(render('/kyc?requiredDoc=pan', status(), 'hi')).toContain('पैन सत्यापित करें');
    expect(render('/kyc?requiredDoc=bank', status({ pan: doc({}) }), 'pt-BR')).toContain(
      'Confirme o número da conta',
    );
  });
});
