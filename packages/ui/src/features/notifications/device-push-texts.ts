import type { Language } from '../../i18n/languages.ts';

/**
 * The texts of the website's "Notifications on this device" switch, in English, Hindi and Brazilian Portuguese.
 * They travel with the notification settings card (its placeholder shows them while the switch's chunk loads) rather
 * than in the account text part, which every money and sign-in screen of both apps downloads.
 */
const en = {
  label: 'Notifications on this device',
  hint: 'The same notifications in this browser, even when Khel is closed.',
  on: 'On: this browser gets your notifications.',
  unsupported:
    'This browser cannot show Khel notifications. On an iPhone, add Khel to your Home Screen first.',
  denied:
    'Notifications are blocked for Khel in this browser. Allow them in the site settings, then try again.',
  failed: 'Could not change notifications on this device. Try again.',
};

export type DevicePushTexts = typeof en;

export const DEVICE_PUSH_TEXTS: Record<Language, DevicePushTexts> = {
  en,
  hi: {
    label: 'इस डिवाइस पर सूचनाएँ',
    hint: 'यही सूचनाएँ इस ब्राउज़र में भी, तब भी जब Khel बंद हो।',
    on: 'चालू: इस ब्राउज़र में आपकी सूचनाएँ आएँगी।',
    unsupported: 'यह ब्राउज़र Khel की सूचनाएँ नहीं दिखा सकता। iPhone पर पहले Khel को होम स्क्रीन पर जोड़ें।',
    denied: 'इस ब्राउज़र में Khel की सूचनाएँ बंद हैं। साइट सेटिंग में उन्हें अनुमति दें, फिर से कोशिश करें।',
    failed: 'इस डिवाइस की सूचनाएँ बदली नहीं जा सकीं। फिर से कोशिश करें।',
  },
  'pt-BR': {
    label: 'Notificações neste dispositivo',
    hint: 'As mesmas notificações neste navegador, mesmo com a Khel fechada.',
    on: 'Ativadas: este navegador recebe suas notificações.',
    unsupported:
      'Este navegador não consegue mostrar notificações da Khel. No iPhone, adicione a Khel à Tela de Início primeiro.',
    denied:
      'As notificações da Khel estão bloqueadas neste navegador. Permita nas configurações do site e tente de novo.',
    failed: 'Não foi possível mudar as notificações neste dispositivo. Tente de novo.',
  },
};

export function devicePushTexts(language: string | undefined): DevicePushTexts {
  return language === 'hi' || language === 'pt-BR' ? DEVICE_PUSH_TEXTS[language] : en;
}
