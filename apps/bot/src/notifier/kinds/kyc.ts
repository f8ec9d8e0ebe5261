import type { BotLocale } from '../../bot-locale.ts';
import { defineNotifications, payloadText } from './kit.ts';

/** KYC: a document verified or refused. */

const KYC_DOCS: Record<BotLocale, Record<string, string>> = {
  en: { pan: 'PAN card', aadhaar: 'Aadhaar', bank: 'bank account', other: 'document' },
  hi: { pan: 'PAN कार्ड', aadhaar: 'आधार', bank: 'बैंक खाता', other: 'दस्तावेज़' },
  'pt-BR': { pan: 'cartão PAN', aadhaar: 'Aadhaar', bank: 'conta bancária', other: 'documento' },
};

export const kycNotifications = defineNotifications({
  labels: {
    en: {
      kyc_decision: 'KYC decisions',
    },
    hi: {
      kyc_decision: 'KYC के फ़ैसले',
    },
    'pt-BR': {
      kyc_decision: 'Decisões de KYC',
    },
  },
  facts: (payload, locale) => ({
    doc: KYC_DOCS[locale][payloadText(payload.docType) ?? 'other'] ?? (KYC_DOCS[locale].other as string),
    ok: payload.status === 'verified' || payload.status === 'paid',
  }),
  texts: {
    en: {
      kyc_decision: (f) => ({
        text: f.ok
          ? `✅ Your ${f.doc} has been verified.`
          : `❌ Your ${f.doc} could not be verified. Open KYC to see why and try again.`,
        button: 'Open KYC',
      }),
    },
    hi: {
      kyc_decision: (f) => ({
        text: f.ok
          ? `✅ आपका ${f.doc} सत्यापित हो गया है।`
          : `❌ आपका ${f.doc} सत्यापित नहीं हो सका। कारण देखने और फिर से कोशिश करने के लिए KYC खोलें।`,
        button: 'KYC खोलें',
      }),
    },
    'pt-BR': {
      kyc_decision: (f) => ({
        text: f.ok
          ? `✅ Seu ${f.doc} foi verificado.`
          : `❌ Não foi possível verificar seu ${f.doc}. Abra o KYC para ver o motivo e tentar de novo.`,
        button: 'Abrir KYC',
      }),
    },
  },
  startParam: () => 'kyc',
});
