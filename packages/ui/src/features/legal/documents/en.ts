import { LEGAL_CONTACT, mail, metaOf, sectionsOf } from './meta.ts';
import type { LegalTexts } from './types.ts';

/**
 * The legal documents in English: the reference text. Hindi (hi.ts) and Portuguese (pt-br.ts) are
 * translations with the same sections in the same order. One lazy chunk, fetched by the legal screen.
 */

const terms = sectionsOf('termsAndConditions');
const privacy = sectionsOf('privacyPolicy');
const amlKyc = sectionsOf('amlKycPolicy');
const risk = sectionsOf('riskDisclosurePolicy');

export const legalEn: LegalTexts = {
  language: 'en',
  ui: {
    documents: 'Legal documents',
    contents: 'On this page',
    versionLine: 'Version {{version}} · in effect from {{date}}',
    otherDocuments: 'Other legal documents',
    backToTop: 'Back to top',
    translationNote:
      'Khel publishes these documents in English, Hindi and Portuguese. If the translations differ from the English text, the English text applies, unless the law of your country says otherwise.',
  },
  documents: {
    termsAndConditions: {
      ...metaOf('termsAndConditions'),
      title: 'Terms and conditions',
      summary:
        'The agreement between you and Khel for using the Khel website, the Khel Mini App in Telegram and the Khel bot. Our [Privacy policy](/privacy-policy), [AML & KYC policy](/aml-kyc-policy) and [Risk disclosure policy](/risk-disclosure-policy) are part of it.',
      sections: [
        terms('about', 'About Khel and these terms', [
          'Khel is a rewards and community service for gamers, mainly in India and Brazil. You can complete quests and campaigns, earn K-Cash, rKHEL and K-Points, buy items in the K-Store, join or lead a clan, take part in tournaments, collect your earnings and mint a Proof-of-Gamer (POG) card.',
          '"Khel", "we" and "us" mean the company that runs the service. "You" means the person using it. These terms apply in the same way on the website, in the Mini App inside Telegram and in the Khel bot.',
          'By creating an account or using Khel you accept these terms. If you do not accept them, please do not use Khel.',
        ]),
        terms('eligibility', 'Who can use Khel', [
          'You may use Khel only if all of these are true:',
          [
            'you are at least 18 years old, or older if the age of majority where you live is higher;',
            'you can make a binding contract under the law that applies to you;',
            'no law or sanction stops you from using a service like Khel;',
            'we have not closed an account of yours before for breaking these terms.',
          ],
          'Some features exist only in some countries. Collecting earnings as money in India needs identity verification, described in the [AML & KYC policy](/aml-kyc-policy). We may switch off a feature in a place where the law does not allow it.',
        ]),
        terms('account', 'Your account', [
          'Each person may have one Khel account. You can sign in with a phone number (a code by SMS), WhatsApp, Google, an Ethereum wallet (website), Telegram or a TON wallet (Mini App). Every method you link leads to the same account; a method already linked to another account cannot be linked to yours.',
          'Keep your phone, email, Google and Telegram accounts and wallets safe. We never ask for your one-time codes, passwords or a wallet recovery phrase. We treat what happens after a sign-in with your methods as done by you, unless you tell us quickly that someone else got in.',
          'Give true details about yourself. Usernames are made of letters and digits only, without spaces; they must not copy someone else or offend. We may ask you to change a username, or remove it, when it breaks these rules.',
          'Selling, renting, sharing or buying accounts, and holding more than one, are not allowed. We may close the extra accounts and cancel the rewards they received.',
        ]),
        terms('currencies', 'K-Cash, rKHEL and K-Points', [
          'K-Cash, rKHEL and K-Points are virtual units that work only inside Khel. They are not legal tender, not a bank deposit, not electronic money and not an investment, and they earn no interest. The [Risk disclosure policy](/risk-disclosure-policy) explains what that means for you.',
          [
            'K-Cash can be bought (see "Buying K-Cash") or earned. One USDT equals 1000 K-Cash.',
            'We keep bought and earned K-Cash apart. Bought K-Cash can be spent in the K-Store and swapped, but it can never be collected or withdrawn as money. K-Cash you receive from a swap counts as bought.',
            'When you pay in the K-Store with K-Cash we use your bought K-Cash first, so that as much collectable value as possible stays with you.',
            'rKHEL and K-Points are earned through activity on Khel. The app shows what each can be used for.',
          ],
          'You cannot send these units to other users or sell them outside Khel. We may change rates, fees, prices and what each unit can be used for; a change that is worse for you takes effect only after we tell you, and never takes away balances you already hold, except to correct mistakes or under "Suspension and closing accounts".',
          'If a balance is credited by mistake (a fault in our systems, a duplicate, or a payment your bank or the payment provider reverses), we may correct it.',
        ]),
        terms('buying', 'Buying K-Cash', [
          'You can buy K-Cash with UPI in Indian rupees, with PIX in Brazilian reais, or with USDT. Payments are handled by our payment provider. Before you pay we show the amount, the rate, the fee and the K-Cash you will receive; that quote is what applies to that payment.',
          "You pay on the payment provider's page. We add the K-Cash once the provider confirms the payment, exactly once per payment. A payment that reaches us after its checkout has expired or failed is refunded to you instead of being credited.",
          'Pay only with a payment method that belongs to you. A USDT payment on a blockchain cannot be reversed: send exactly the amount shown, to the address shown, on the network shown. We cannot recover funds sent to a wrong address or network.',
          'Because K-Cash is delivered at once, a completed purchase cannot be cancelled for a change of mind. This does not take away any right to a refund that the consumer law of your country gives you.',
        ]),
        terms('earnings', 'Earning and collecting', [
          'Quests, campaigns and clan activity can give you earnings. Each earning shows its status: ready to collect, distributing, collected, expired or failed. An earning that is not collected before its expiry date expires. Only holders of a minted POG card receive earnings boosts.',
          'In India, collecting pays your earnings into your own verified bank account once your PAN, Aadhaar and bank account are verified (see the [AML & KYC policy](/aml-kyc-policy)). We withhold income tax (TDS) of 30% of your net winnings as the law requires, and show you the tax and the amount you will receive before you confirm. If the bank refuses the transfer, the money and the tax come back to your earnings and you can collect again.',
          'Outside India, collecting moves your earnings into your earned K-Cash balance.',
          'We may hold or cancel earnings obtained by breaking these terms, by fraud or automated tools, or through a mistake in our systems.',
        ]),
        terms('activities', 'Quests, campaigns and tournaments', [
          "Each quest, campaign and tournament has its own rules: its tasks, slots, dates, rewards and how winners are chosen (fixed rewards, leaderboards or raffles). Those rules apply together with these terms; where they differ, the activity's own rules apply to that activity.",
          "Some tasks happen on other platforms, such as X, Discord, Telegram, Steam or a game. You must follow those platforms' own terms. We check tasks through those platforms or with the proof you give, may ask you to validate a task again, and may refuse proof that is false or copied.",
          'Joining a quest, campaign or tournament never requires you to pay money or bought K-Cash for a chance to win money.',
        ]),
        terms('clans', 'Clans', [
          "You can join a clan or create one; whoever creates a clan is its chief and leads it. A clan's name, logo, banner and description must respect these terms and other people's rights.",
          'After leaving a clan you must wait before joining another, and after deleting a clan you must wait before creating a new one. The app shows these waiting periods.',
          'Clan rewards are shared as the rules of each campaign say. We may remove a chief, rename a clan or close it when it breaks these terms.',
        ]),
        terms('pog', 'Proof-of-Gamer card', [
          'The POG card is your gamer identity on Khel: you reserve a name, create an avatar with the help of artificial intelligence and mint the card on a blockchain. Minting takes about 100 seconds. A transaction hash we show you always names a transaction that really happened on a blockchain.',
          'Avatars made with artificial intelligence can contain mistakes or look different from what you expected. Any photo you give us to create an avatar must be of you.',
          'Earnings boosts for POG holders, and their size, may change over time.',
        ]),
        terms('store', 'The K-Store', [
          'In the K-Store you can buy gift cards, game currency and vouchers with K-Cash or rKHEL. Stock is limited and the price is the one shown when you confirm. Your receipt shows what you paid with and any redemption code.',
          'Codes are issued by other brands, whose terms apply when you use them. If a code does not work, tell us and we will replace it or return what you paid in the unit you paid with. Otherwise a purchase is final once its code is shown.',
        ]),
        terms('wallets', 'Your Khel wallet and connected wallets', [
          'At your first sign-in we create a Khel wallet for you on an EVM blockchain. We hold its key, encrypted, and it never leaves our servers; you cannot export it. When your account is deleted the key is destroyed, so anything still in that wallet can no longer be moved: collect or spend what you want first.',
          'Wallets you connect yourself (for example MetaMask or a TON wallet) stay yours and under your control. We never ask for their recovery phrase and cannot undo anything you sign with them.',
        ]),
        terms('conduct', 'What you must not do', [
          'When you use Khel you must not:',
          [
            'cheat: use bots, scripts, emulators or fake proofs to complete tasks, or create fake referrals;',
            "hold more than one account, or use someone else's;",
            "use another person's identity, documents, bank account or payment method;",
            'use Khel to launder money, finance unlawful activity or move money for someone else;',
            'use a fault in Khel to your advantage instead of telling us about it;',
            'post hateful, harassing, sexual, violent or unlawful content, including in usernames, profile pictures and clan names, logos, banners or descriptions;',
            'attack, overload or scrape the service, or get around its security or limits;',
            'sell or transfer accounts, K-Cash, rKHEL, K-Points or rewards outside Khel;',
            'break the rules of the platforms where tasks take place;',
            'use Khel where the law does not allow it.',
          ],
        ]),
        terms('content', 'Your content and ours', [
          'What you upload (a profile picture, clan logos, banners and descriptions) stays yours. You allow us to store it, show it, and adapt it as the service needs (for example, we resize profile pictures and remove their hidden details such as location) everywhere Khel is offered, without payment, for as long as it is on Khel. You confirm that you have the right to upload it.',
          'The Khel name, logos, software and designs belong to us or to those who licensed them to us. You may use them only as the service offers them.',
          `To report content that breaks these terms or the law, write to ${mail(LEGAL_CONTACT.support)}.`,
        ]),
        terms('suspension', 'Suspension and closing accounts', [
          'You can delete your account at any time on the [account deletion page](/delete-user-account). Nothing is erased for 14 days, and you can cancel during that time; after that the account is erased as the [Privacy policy](/privacy-policy#deletion) describes.',
          'We may warn you, limit features, hold earnings, or suspend or close your account when:',
          [
            'you break these terms;',
            'the law, a court or an authority requires it;',
            'we have good reason to suspect fraud, money laundering or a risk to other users;',
            'your identity verification fails or your documents belong to another account.',
          ],
          `We will tell you the reason when the law allows us to, and you can answer us at ${mail(LEGAL_CONTACT.support)}. Earnings obtained by breaking these terms may be cancelled. Bought K-Cash is not paid back in money, except where the law requires it.`,
        ]),
        terms('changes', 'Changes to Khel and to these terms', [
          'Khel keeps changing: we add, change and remove features. Pages marked "Coming soon" are not available yet.',
          'We may change these terms. The version number and the date at the top show which version applies. We tell you about an important change in the app at least 15 days before it takes effect. If you keep using Khel afterwards, the new terms apply; if you do not agree, you can delete your account.',
        ]),
        terms('liability', 'Our responsibility to you', [
          'We work to keep Khel running and correct, but we cannot promise that it will always be available or free of errors; there may be maintenance, interruptions and mistakes.',
          'We are not responsible for:',
          [
            'services run by others: Telegram, Google, WhatsApp, X, Discord, Steam, games, the payment and payout providers, banks and blockchains;',
            'losses from funds sent to a wrong address or network, or from changes in the price of USDT or other tokens;',
            'losses caused because you did not keep your sign-in methods or wallets safe.',
          ],
          'As far as the law allows, we are not liable for indirect losses, such as lost profits or lost opportunities, and our total liability for any claim is limited to the amount you paid us in the 12 months before the event that led to it. Nothing in these terms limits a liability that the law does not allow to be limited, such as for fraud, or your rights under consumer law (in India, the Consumer Protection Act, 2019; in Brazil, the Consumer Defence Code).',
          'If someone makes a claim against us because you broke these terms or the law, you will cover our reasonable costs of that claim.',
        ]),
        terms('law', 'Governing law and disputes', [
          'These terms are governed by the laws of India.',
          `If something goes wrong, write to us first at ${mail(LEGAL_CONTACT.support)}; we will try to settle it with you within 30 days. If we cannot, the competent courts of India decide. If you live in Brazil and use Khel as a consumer, you keep the protection of Brazilian consumer law and may also go to the courts where you live.`,
        ]),
        terms('contact', 'Contact', [
          `Questions about these terms: ${mail(LEGAL_CONTACT.support)}. Questions about your personal data: ${mail(LEGAL_CONTACT.privacy)}. Questions about identity verification and money laundering: ${mail(LEGAL_CONTACT.compliance)}.`,
          `Complaints (grievance officer): ${mail(LEGAL_CONTACT.privacy)}. We confirm that we have received a complaint within 24 hours and resolve it within 15 days.`,
        ]),
      ],
    },

    privacyPolicy: {
      ...metaOf('privacyPolicy'),
      title: 'Privacy policy',
      summary:
        'What personal data Khel holds about you, why, for how long, who processes it for us, and what you can ask of us. It covers the website, the Mini App in Telegram and the Khel bot.',
      sections: [
        privacy('who-we-are', 'Who we are and which laws apply', [
          'Khel is run by the company that provides the service ("we"). We decide why and how your personal data is used: under India\'s Digital Personal Data Protection Act, 2023 we are the "data fiduciary", and for users in Brazil we are the "controlador" under the General Data Protection Law (LGPD, Law 13.709/2018).',
          'This policy is part of our [Terms and conditions](/terms-and-conditions). It uses "personal data" for any information that tells who you are, alone or with other information.',
        ]),
        privacy('data-we-hold', 'What data we hold', [
          'We hold only what the service needs:',
          [
            'Sign-in: your phone number; your email address if you add it (checked with a code); the id and email of your Google account; your Telegram id, name, username, photo link and language; the WhatsApp number of a WhatsApp sign-in; the addresses of wallets you link.',
            'Profile: first and last name, username, profile picture, country, city, college, preferred role and platform, and your language choice. We reduce profile pictures to at most 512 × 512 pixels and remove their hidden details, such as where a photo was taken.',
            'Identity verification (India only): your PAN and the name on it, your Aadhaar number, your bank account number, IFSC and account holder name, and each verification result.',
            'Money: your balances and every movement of K-Cash, rKHEL, K-Points and USDT; your payments (amount, method, currency, provider reference and status); store orders and redemption codes; swaps; earnings; payouts, with the masked bank account and the tax figures.',
            'Your Khel wallet: its address and its encrypted key.',
            'Activity: your quests, campaigns, clans and proofs you send for tasks, and the social accounts (X, Discord, Steam) you link.',
            "Device and usage: your IP address and the country we place it in, your browser's user agent, and analytics events. An event holds your user id, sign-in and analytics session ids, the time, the channel (website or app), the device type, operating system and version, device model, browser, screen height and width, IP address, domain, the page you entered on, your region (India, Brazil or other, from your phone's country code), the event's ids and the game or account ids it concerns.",
            'Security records: sign-in codes (stored only as a keyed hash), sessions, attempt counters and technical logs.',
          ],
          'We never receive your UPI PIN, card number, net-banking password or wallet recovery phrase: you give payment details only to the payment provider.',
        ]),
        privacy('why', 'Why we use it', [
          'We use your data to:',
          [
            'create your account, sign you in and keep it secure;',
            'run quests, campaigns, clans, tournaments, the K-Store and the POG card;',
            'take payments, keep the ledger of your balances and pay out earnings;',
            'verify your identity in India, apply the one-account rule and prevent fraud and money laundering (see the [AML & KYC policy](/aml-kyc-policy));',
            'withhold and report income tax (TDS) as Indian law requires;',
            'send you sign-in codes and, if you allow it, notifications through the Khel bot;',
            'understand how Khel is used so that we can improve it, with our own analytics;',
            'meet our legal duties and answer lawful requests from authorities.',
          ],
          'Our grounds are your consent (which you can withdraw at any time), what we need to provide the service you asked for, our legal duties, and, in Brazil, our legitimate interest in keeping Khel safe and improving it. We do not sell your personal data and do not use it for third-party advertising.',
        ]),
        privacy('kyc-data', 'How we protect your KYC documents and Aadhaar', [
          'Identity documents get the strongest protection we have:',
          [
            'Each document is stored encrypted (AES-256-GCM) with a key of its own, which is itself encrypted with a master key kept apart from the database. The record is tied to your account and the document type.',
            'Your Aadhaar number is never stored in readable form: we keep an encrypted vault record and the last 4 digits for display (XXXX XXXX 1234). PAN and bank account are shown masked in the same way.',
            'To check that a document is not used on another account, we compare a keyed hash of the number, without decrypting it.',
            'Document numbers never appear in our logs, error messages or job queues, and the app never receives them back, not even for you.',
            'We send your documents only to our verification partner, only to verify them. We do not use your Aadhaar for anything else, and we do not collect biometrics or copies of your Aadhaar card.',
          ],
          'Before we send your Aadhaar number you give explicit consent in the app. You can withdraw that consent by writing to us; we will then no longer use your Aadhaar, but you cannot collect earnings in India until you are verified again. Withdrawing does not undo what was done before.',
        ]),
        privacy('wallet', 'Your Khel wallet', [
          'The key of your Khel wallet is created on our servers and stored encrypted with the same method as identity documents (a key of its own, encrypted with a master key). It never leaves our servers. When your account is erased the key is destroyed.',
          'Addresses and transactions on a blockchain are public by nature and cannot be changed or erased by us or anyone else.',
        ]),
        privacy('processors', 'Who processes your data for us', [
          'Some services are provided by others. Each receives only what its task needs:',
          [
            'SMS: your phone number and the message with your code.',
            'WhatsApp sign-in: your WhatsApp number, through WhatsApp.',
            'Google sign-in: Google tells us your account id, email address and name.',
            "Telegram: for the Mini App and the bot, Telegram tells us your Telegram id, name, username, language and photo link, and delivers the bot's messages.",
            'Email: your email address and the message with your code.',
            'Identity verification partner: your PAN and name, Aadhaar number, bank account number, IFSC and account holder name.',
            'Payment provider: the amount, currency, method and a reference of each payment; you give it your payment details yourself.',
            'Payout provider: your bank account number, IFSC, account holder name and the amount paid.',
            'Blockchains: your wallet addresses and transactions, which are public.',
            'Hosting: the servers and databases that run Khel.',
          ],
          'Google, Telegram, WhatsApp, banks and blockchains also handle data under their own policies. Our other providers may use your data only to work for us.',
          'We find the country of your IP address with an offline database kept on our own servers (GeoLite2 data created by MaxMind, available from [maxmind.com](https://www.maxmind.com)); your IP address is not sent to MaxMind or anyone else for this.',
          'On test and demonstration servers these services are replaced by sandboxes that contact nobody.',
          'We share data with authorities only when the law requires it: the tax authorities for TDS, the Financial Intelligence Unit (FIU-IND) for money-laundering reports, and courts or police with a valid order.',
        ]),
        privacy('transfers', 'Where your data is processed', [
          "Our servers and providers may be in India or in other countries. When your data leaves your country we use providers that protect it at least as well as this policy, within the limits of India's data protection law and, for users in Brazil, the LGPD's rules on international transfers.",
        ]),
        privacy('retention', 'How long we keep it', [
          [
            'Account, profile, sign-in methods and KYC documents: while your account is open, and until the erasure that follows a deletion request.',
            'Sign-in and email codes: valid for 10 minutes; only a keyed hash is stored.',
            'Records of payments, ledger movements, store orders, payouts and tax withheld: as long as accounting and tax law requires (currently up to eight years), also after your account is erased, under an anonymous id.',
            'Analytics events: up to 24 months.',
            'Technical logs: up to 90 days.',
            'Blockchain records: forever, because no one can erase them.',
          ],
        ]),
        privacy('deletion', 'Deleting your account', [
          'You can ask for deletion on the [account deletion page](/delete-user-account). Nothing is erased for 14 days, and you can cancel at any time in those days. When they end, we erase your name, phone number, email address, username, Telegram details, profile picture, country, city and college, preferences, every linked sign-in method, the codes we sent you, your KYC documents and the key of your Khel wallet, and we end all your sessions.',
          'What stays is listed under "How long we keep it": money and tax records under an anonymous id that no longer leads to you. After the erasure, signing in again with the same phone number or Telegram account creates a new account.',
        ]),
        privacy('rights', 'Your rights', [
          'You can ask us:',
          [
            'for a summary of the personal data we hold about you and how we use it, and who we shared it with;',
            'to correct or complete it (much of it you can edit yourself on your profile);',
            'to erase it (see "Deleting your account");',
            'to stop using data you gave with consent, by withdrawing that consent;',
            'in India, to name someone who can use these rights for you if you die or cannot act;',
            'in Brazil, also for confirmation that we process your data, a copy in a portable format, anonymisation of unnecessary data, and information about what happens if you refuse consent.',
          ],
          `Write to ${mail(LEGAL_CONTACT.privacy)}. We may ask you to prove who you are, and we answer within the time your law sets. If you are not satisfied, you can complain to the Data Protection Board of India or, in Brazil, to the ANPD (National Data Protection Authority).`,
        ]),
        privacy('security', 'Security', [
          'Connections to Khel are encrypted. Keys and identity documents are encrypted at rest, sign-in codes and refresh tokens are stored only as hashes, sessions are renewed with tokens that change at every use, and repeated attempts are limited. Only the people who need it can reach personal data.',
          'If a breach ever affects your data, we will tell you and the authorities as the law requires.',
        ]),
        privacy('children', 'Children', [
          'Khel is only for people aged 18 or over. We do not knowingly collect data from children; if we learn that an account belongs to a child, we close it and erase its data.',
        ]),
        privacy('storage', 'Cookies and storage on your device', [
          "The website keeps your sign-in (access and id tokens), your language and your region in your browser's local storage, and the refresh token in a secure cookie that scripts cannot read and that lasts 30 days. The Mini App keeps its own sign-in the same way, inside Telegram. Analytics are our own: there are no advertising or third-party tracking cookies.",
          'Signing out removes the sign-in from your device.',
        ]),
        privacy('changes', 'Changes to this policy', [
          'When we change this policy, we publish the new version with a new version number and date. For important changes we tell you in the app before they take effect and, where the law requires it, ask for your consent again.',
        ]),
        privacy('contact', 'Contact and grievance officer', [
          `For anything about your personal data, and for complaints to our grievance officer: ${mail(LEGAL_CONTACT.privacy)}. We confirm receipt within 24 hours and resolve complaints within 15 days, or sooner where the law requires.`,
        ]),
      ],
    },

    amlKycPolicy: {
      ...metaOf('amlKycPolicy'),
      title: 'AML & KYC policy',
      summary:
        'How Khel verifies identities in India, keeps one account per person, watches for money laundering and withholds tax on earnings.',
      sections: [
        amlKyc('purpose', 'Why we have this policy', [
          "Khel moves value between people and banks, so it must not become a way to launder money, finance crime or avoid tax. This policy follows the principles of India's Prevention of Money-Laundering Act, 2002 and the rules made under it: know who our customers are, watch what they do, keep records, and report what looks wrong.",
        ]),
        amlKyc('scope', 'Who it applies to', [
          'The policy applies to every Khel user. Identity verification (KYC) is needed to collect earnings in India: that is, when the country in your profile is India or, with no country set, your phone number starts with +91.',
          'Outside India no verification is asked for today, because collecting only moves earnings into your earned K-Cash and no money leaves Khel. We may ask for verification in other countries or for other activities when the law or the risk requires it.',
        ]),
        amlKyc('verification', 'Identity verification in India', [
          'You verify three things, in this order:',
          [
            'PAN: the PAN of an individual (its fourth character is P) and your name exactly as on the PAN.',
            'Aadhaar: your 12-digit Aadhaar number, checked for typing errors, with your explicit consent to share it with our verification partner.',
            "Bank account: an account number of 9 to 18 digits and the branch's IFSC. The account holder's name must match the name on your PAN; we check the account only after the PAN is decided.",
          ],
          'Each document is decided by our verification partner; until then it shows as pending, and the page updates by itself when the decision arrives. A number in the right format is never treated as verified by itself. How we store your documents is explained in the [Privacy policy](/privacy-policy#kyc-data).',
        ]),
        amlKyc('one-account', 'One person, one account, one set of documents', [
          'A PAN, an Aadhaar number or a bank account can be verified on only one Khel account. If it is pending or verified on another account, we refuse it. We check this with a keyed hash of the number, never by comparing readable numbers.',
          'You can replace your bank account; collecting waits until the new account is verified, and the old account becomes free for its owner to use. When an account is erased, its documents are deleted and can be used again.',
        ]),
        amlKyc('refusals', 'When we refuse or stop', [
          'We refuse a document, or stop what you are doing, when:',
          [
            "its format is wrong, or the PAN is not an individual's;",
            'the verification partner finds no such PAN or Aadhaar, the name does not match, or the bank account is closed or in another name;',
            'the document is pending or verified on another account;',
            'the same kind of document is sent more than 10 times in an hour (you can try again later);',
            'we have good reason to suspect fraud, a false identity or money laundering.',
          ],
          'You can send a rejected document again with correct details. We tell you the reason for a refusal, except where the law forbids us to.',
        ]),
        amlKyc('monitoring', 'How we keep money movements clean', [
          [
            'Every movement of value is recorded in a double-entry ledger that can never be edited, only added to.',
            'Money comes in only through our payment provider, from a payment method in your name, within the limits shown per payment.',
            'Bought K-Cash can never be cashed out. That removes the simplest laundering route: paying money in and taking it out again.',
            'Earnings are paid only to a bank account in your own name that has been verified against your PAN, never to someone else.',
            'We look for signs of abuse, such as many accounts behind one person, unusual sequences of payments and swaps, or rewards collected with automated tools.',
          ],
        ]),
        amlKyc('records', 'Records and reporting', [
          'We keep records of payments, ledger movements, payouts and tax withheld for as long as the law requires, as the [Privacy policy](/privacy-policy#retention) explains.',
          'When the law requires it, we report suspicious transactions to the Financial Intelligence Unit – India (FIU-IND) and follow orders of the competent authorities to hold or freeze funds. Where the law forbids it, we do not tell a user about a report.',
        ]),
        amlKyc('tds', 'Tax on earnings in India (TDS)', [
          'When you collect earnings in India we withhold income tax at 30% of your net winnings, under section 194BA of the Income-tax Act, 1961 and Rule 133 of the Income-tax Rules (or the provisions that replace them).',
          [
            'Net winnings for the financial year (1 April to 31 March, India time) are: what you have collected, minus your deposits, minus your opening balance, minus net winnings already taxed, and never below zero.',
            'Nothing is withheld while your net winnings for the month are ₹100 or less; they are taxed later in the year, as the rule provides.',
            'K-Cash is converted to USDT and then to rupees at the rate shown; rupee amounts are rounded down to the paisa and the tax is rounded up.',
            'Before you confirm, we show the tax, the amount that will reach your bank and the figures behind them.',
            'We pay the tax to the Government of India against your PAN, so it appears in your tax statement. If the bank refuses the payout, the tax is reversed together with the payment.',
          ],
          'Your own income-tax return stays your responsibility. Outside India we do not withhold tax; declare your earnings as your local law requires.',
        ]),
        amlKyc('your-part', 'What we ask of you', [
          [
            'Use only your own documents, bank account and payment methods.',
            'Keep your details up to date, and tell us if they change.',
            'Answer our reasonable requests for more information.',
            'Never use Khel to move money for someone else.',
          ],
          'Breaking this policy can lead to refused verification, held earnings and a closed account, as the [Terms and conditions](/terms-and-conditions#suspension) describe.',
        ]),
        amlKyc('contact', 'Contact', [
          `Questions about verification and this policy: ${mail(LEGAL_CONTACT.compliance)}.`,
        ]),
      ],
    },

    riskDisclosurePolicy: {
      ...metaOf('riskDisclosurePolicy'),
      title: 'Risk disclosure policy',
      summary:
        'The risks of virtual currencies, blockchains and rewards on Khel. Please read it before you buy K-Cash or connect a wallet.',
      sections: [
        risk('summary', 'In short', [
          [
            'K-Cash, rKHEL and K-Points are not money and are not an investment.',
            'K-Cash you buy can never be collected or withdrawn as money.',
            'Prices, rates, fees and rewards can change.',
            'Blockchain transactions cannot be reversed.',
            'Earnings are never guaranteed.',
            'Laws about gaming and crypto can change, and Khel may have to change with them.',
          ],
        ]),
        risk('not-money', 'K-Cash, rKHEL and K-Points are not money', [
          'They are virtual units that work only inside Khel. They are not legal tender; they are not issued or guaranteed by the Reserve Bank of India, the Central Bank of Brazil or any government; they are not a bank deposit and are not covered by deposit insurance; they earn no interest and their value is not guaranteed.',
          'The only way value leaves Khel is by collecting earnings, as the [Terms and conditions](/terms-and-conditions#earnings) describe.',
        ]),
        risk('bought-kcash', 'Bought K-Cash cannot be cashed out', [
          "India's Promotion and Regulation of Online Gaming Act, 2025 bans online money games, where people pay money in the hope of winning more. Khel is built so that it is not one: K-Cash you buy is for the K-Store and for swaps, and can never be collected or withdrawn. Only rewards you earn through quests, campaigns and clan activity can be collected.",
          'K-Cash you get from a swap also counts as bought. When you pay in the K-Store we spend bought K-Cash first. Think of bought K-Cash as store credit: buy only what you plan to spend.',
        ]),
        risk('prices', 'Prices, rates and fees can change', [
          'The rates between rupees, reais, USDT and K-Cash, the fees, the store prices, rewards and boosts may change. The quote shown before you pay is the one that applies to that payment.',
          'USDT is a stablecoin: it aims to stay worth one US dollar but can lose that value, and its issuer can freeze tokens. The exchange rates of the rupee and the real against the dollar also move.',
        ]),
        risk('blockchains', 'Blockchains are irreversible', [
          [
            'A transaction on a blockchain (a USDT payment, minting your POG card, a transfer from a wallet) cannot be cancelled or reversed once made.',
            'Funds sent to a wrong address or on a wrong network are usually lost for good.',
            'Networks can be slow or expensive when they are busy, and smart contracts can contain faults.',
            'Addresses and transactions are public and stay on the blockchain forever.',
          ],
        ]),
        risk('wallets', 'Wallet risks', [
          'We hold the key of your Khel wallet for you, encrypted. If our systems failed or were attacked, assets in it could be affected. When your account is erased the key is destroyed and anything still in the wallet is lost: collect or spend it first.',
          'Wallets you connect yourself are in your hands alone. Anyone who learns your recovery phrase can take everything in them. We will never ask for it; anyone who does is trying to rob you.',
        ]),
        risk('earnings', 'Earnings are not guaranteed', [
          'What you earn depends on each activity\'s rules, the slots left, leaderboards and raffles. Earnings can expire if not collected in time and can be cancelled when obtained by fraud. In India, tax reduces what reaches your bank, and banks can delay or refuse a payout ("It is taking longer than usual to process your payment."); a refused payout comes back to your earnings.',
          'Khel is not a way to earn a living or to invest.',
        ]),
        risk('law', 'Laws can change', [
          "The rules for online gaming and for virtual digital assets are changing in India, in Brazil and elsewhere. In India, income from virtual digital assets such as USDT may be taxed separately; in Brazil, crypto-asset services are being regulated by the Central Bank. A new law or a regulator's decision may force us to change, limit or stop features in your country, sometimes with little notice.",
          'Your own taxes on what you buy, hold and earn are your responsibility; ask a tax adviser if you are unsure.',
        ]),
        risk('service', 'Service and provider risks', [
          'Khel depends on our own systems and on others: payment and payout providers, banks, Telegram, Google and blockchains. Any of them can be slow or unavailable, or make mistakes. A payment that arrives after its checkout has closed is refunded rather than credited, which can take time.',
        ]),
        risk('responsible-play', 'Play responsibly', [
          'Never spend more than you can afford. Take breaks, and keep gaming a source of fun. If gaming or spending starts to hurt your studies, work, money or relationships, stop and talk to someone you trust or to a professional.',
        ]),
        risk('contact', 'Questions', [
          `If anything here is unclear, write to ${mail(LEGAL_CONTACT.support)} before you buy.`,
        ]),
      ],
    },
  },
};
