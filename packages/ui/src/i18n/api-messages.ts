import type { Language } from './languages.ts';

/**
 * Translations of sentences the API puts in its envelopes' `message`, keyed by the exact
 * English text. A message not listed is shown as the API wrote it.
 */
const API_MESSAGES: Record<Exclude<Language, 'en'>, Record<string, string>> = {
  hi: {
    'Please enter a valid phone number': 'कृपया एक मान्य फ़ोन नंबर डालें',
    'Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9':
      'कृपया 6, 7, 8 या 9 से शुरू होने वाला 10 अंकों का मान्य मोबाइल नंबर डालें',
    'Please enter the 6-digit code': 'कृपया 6 अंकों का कोड डालें',
    'Please wait before asking for a new code.': 'नया कोड माँगने से पहले कृपया थोड़ा रुकें।',
    'Too many attempts. Please try again later.': 'बहुत ज़्यादा कोशिशें हो गईं। कृपया बाद में फिर से कोशिश करें।',
    'Incorrect code. Please check it and try again.': 'कोड गलत है। कृपया जाँचें और फिर से कोशिश करें।',
    'This code has expired or was already used. Please ask for a new one.':
      'यह कोड समाप्त हो चुका है या पहले ही इस्तेमाल हो चुका है। कृपया नया कोड माँगें।',
    'Too many wrong attempts. Please ask for a new code.': 'बहुत ज़्यादा गलत कोशिशें हो गईं। कृपया नया कोड माँगें।',
    'Telegram sign-in could not be verified.': 'Telegram साइन-इन सत्यापित नहीं हो सका।',
    'Please sign in to continue.': 'जारी रखने के लिए कृपया साइन इन करें।',
    'Your session has ended. Please sign in again.': 'आपका सेशन समाप्त हो गया है। कृपया फिर से साइन इन करें।',
    'Something went wrong, Please try again!': 'कुछ गलत हो गया, कृपया फिर से कोशिश करें!',
    'API failure! Please try again': 'API विफल! कृपया फिर से कोशिश करें',
    'API Failure!': 'API विफल!',
    'An error occurred while fetching data.. Please try again!':
      'डेटा लाते समय एक त्रुटि हुई। कृपया फिर से कोशिश करें!',
  },
  'pt-BR': {
    'Please enter a valid phone number': 'Informe um número de telefone válido',
    'Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9':
      'Informe um celular válido de 10 dígitos começando com 6, 7, 8 ou 9',
    'Please enter the 6-digit code': 'Digite o código de 6 dígitos',
    'Please wait before asking for a new code.': 'Aguarde um pouco antes de pedir um novo código.',
    'Too many attempts. Please try again later.': 'Muitas tentativas. Tente de novo mais tarde.',
    'Incorrect code. Please check it and try again.': 'Código incorreto. Confira e tente de novo.',
    'This code has expired or was already used. Please ask for a new one.':
      'Este código expirou ou já foi usado. Peça um novo.',
    'Too many wrong attempts. Please ask for a new code.': 'Muitas tentativas erradas. Peça um novo código.',
    'Telegram sign-in could not be verified.': 'Não foi possível verificar o login do Telegram.',
    'Please sign in to continue.': 'Entre na sua conta para continuar.',
    'Your session has ended. Please sign in again.': 'Sua sessão terminou. Entre de novo.',
    'Something went wrong, Please try again!': 'Algo deu errado. Tente de novo!',
    'API failure! Please try again': 'Falha na API! Tente de novo',
    'API Failure!': 'Falha na API!',
    'An error occurred while fetching data.. Please try again!':
      'Ocorreu um erro ao carregar os dados. Tente de novo!',
  },
};

/** Translations that arrive with a text part (see text-parts.ts). */
const REGISTERED: Record<Exclude<Language, 'en'>, Map<string, string>> = {
  hi: new Map(),
  'pt-BR': new Map(),
};

export function registerApiMessages(
  language: Exclude<Language, 'en'>,
  messages: Record<string, string>,
): void {
  for (const [english, translated] of Object.entries(messages)) REGISTERED[language].set(english, translated);
}

export function translateApiMessage(message: string, language: Language): string {
  if (language === 'en') return message;
  return API_MESSAGES[language][message] ?? REGISTERED[language].get(message) ?? message;
}

/** The English messages that have translations (tests check every language covers the same set). */
export function translatedApiMessages(language: Exclude<Language, 'en'>): string[] {
  return Object.keys(API_MESSAGES[language]);
}
