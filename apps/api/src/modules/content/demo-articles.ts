import type { ContentInput } from '@khel/core/contract';

/**
 * Demo articles and videos in English, Hindi and Brazilian Portuguese (seeded once, and the shape of
 * docs/examples/content.json). Covers are this repo's own SVGs; the videos are Blender Foundation open movies
 * (CC BY), embedded through youtube-nocookie.com only after the reader taps play.
 */
export const DEMO_ARTICLES: (ContentInput & { publishedAt: string })[] = [
  {
    slug: 'first-week-on-khel',
    kind: 'article',
    coverUrl: '/art/content/first-week-on-khel.svg',
    publishedAt: '2026-11-20T09:30:00+05:30',
    title: 'Your first week on Khel: quests, K-Cash and a clan',
    summary: 'Five small steps that turn a new account into a levelled-up gamer profile.',
    body: `Welcome to Khel! Here is how most gamers spend their first week.

## 1. Finish the welcome quest

Open **K-Quest**, pick the welcome quest and enter the code \`KHEL\`. Your first K-Cash lands in your wallet at once.

## 2. Link your socials

Link X, Discord and Telegram from your [profile](/profile). Social quests check them for you, so there is nothing to screenshot.

## 3. Join a clan

Clans play quests together and climb the clan board. Look around in [Discover clans](/discover-clan) and pick one near your college.

## 4. Mint your POG card

Your *Proof of Gamer* card shows your scores and badges. Only POG minters get earnings boosts.

## 5. Collect your earnings

Earnings become collectable after KYC. Read the [terms](/terms-and-conditions) before you start.`,
    translations: {
      hi: {
        title: 'Khel पर आपका पहला हफ़्ता: क्वेस्ट, K-Cash और क्लैन',
        summary: 'पाँच छोटे कदम जो नए अकाउंट को दमदार गेमर प्रोफ़ाइल बना देते हैं।',
        body: `Khel में आपका स्वागत है! ज़्यादातर गेमर अपना पहला हफ़्ता ऐसे बिताते हैं।

## 1. वेलकम क्वेस्ट पूरा करें

**K-Quest** खोलें, वेलकम क्वेस्ट चुनें और कोड \`KHEL\` डालें। आपका पहला K-Cash तुरंत वॉलेट में आ जाता है।

## 2. अपने सोशल अकाउंट जोड़ें

अपनी [प्रोफ़ाइल](/profile) से X, Discord और Telegram जोड़ें। सोशल क्वेस्ट इन्हें अपने आप जाँचते हैं।

## 3. क्लैन में शामिल हों

क्लैन साथ मिलकर क्वेस्ट खेलते हैं। [क्लैन खोजें](/discover-clan) और अपने कॉलेज के पास वाला चुनें।

## 4. अपना POG कार्ड मिंट करें

आपका *प्रूफ़ ऑफ़ गेमर* कार्ड आपके स्कोर और बैज दिखाता है। सिर्फ़ POG मिंट करने वालों को कमाई में बूस्ट मिलता है।

## 5. अपनी कमाई लें

KYC के बाद कमाई निकाली जा सकती है। शुरू करने से पहले [नियम](/terms-and-conditions) पढ़ें।`,
      },
      'pt-BR': {
        title: 'Sua primeira semana no Khel: quests, K-Cash e um clã',
        summary: 'Cinco passos rápidos que transformam uma conta nova num perfil de gamer de verdade.',
        body: `Bem-vindo ao Khel! Veja como a maioria dos gamers passa a primeira semana.

## 1. Termine a quest de boas-vindas

Abra o **K-Quest**, escolha a quest de boas-vindas e digite o código \`KHEL\`. Seu primeiro K-Cash cai na carteira na hora.

## 2. Vincule suas redes

Vincule X, Discord e Telegram no seu [perfil](/profile). As quests sociais conferem tudo sozinhas.

## 3. Entre num clã

Clãs jogam quests juntos e sobem no ranking. Dê uma olhada em [Descobrir clãs](/discover-clan).

## 4. Crie seu cartão POG

Seu cartão *Prova de Gamer* mostra pontuações e insígnias. Só quem cria o POG ganha bônus nos ganhos.

## 5. Resgate seus ganhos

Os ganhos podem ser resgatados depois do KYC. Leia os [termos](/terms-and-conditions) antes de começar.`,
      },
    },
  },
  {
    slug: 'clan-chief-playbook',
    kind: 'article',
    coverUrl: '/art/content/clan-chief-playbook.svg',
    publishedAt: '2026-11-22T18:00:00+05:30',
    title: 'The clan chief playbook: grow from Bronze to Gold',
    summary: 'How the best chiefs recruit, run clan quests and keep members playing.',
    body: `Running a clan is a real job. Chiefs who reach **Gold** usually do three things well.

- **Recruit close to home.** Members from the same college or city stay longer.
- **Pick one clan quest a week.** A clear goal beats five half-done ones.
- **Talk in the group.** Link your Telegram group so clan news reaches everyone.

> A clan's score is the sum of what its members earn for it, so every active member counts.

The full rules are in the clan handbook, linked at the bottom of every page.`,
    translations: {
      hi: {
        title: 'क्लैन चीफ़ की रणनीति: ब्रॉन्ज़ से गोल्ड तक',
        summary: 'बेहतरीन चीफ़ कैसे सदस्य जोड़ते हैं, क्लैन क्वेस्ट चलाते हैं और सबको खेलते रखते हैं।',
        body: `क्लैन चलाना असली काम है। **गोल्ड** तक पहुँचने वाले चीफ़ आमतौर पर तीन काम अच्छे से करते हैं।

- **पास के लोगों को जोड़ें।** एक ही कॉलेज या शहर के सदस्य ज़्यादा टिकते हैं।
- **हफ़्ते में एक क्लैन क्वेस्ट चुनें।** एक साफ़ लक्ष्य पाँच अधूरे लक्ष्यों से बेहतर है।
- **ग्रुप में बात करें।** अपना Telegram ग्रुप जोड़ें ताकि क्लैन की ख़बरें सब तक पहुँचें।

> क्लैन का स्कोर उसके सदस्यों की कमाई का जोड़ है, इसलिए हर सक्रिय सदस्य मायने रखता है।

पूरे नियम क्लैन हैंडबुक में हैं, जिसका लिंक हर पेज के नीचे है।`,
      },
      'pt-BR': {
        title: 'O manual do chefe de clã: do Bronze ao Ouro',
        summary: 'Como os melhores chefes recrutam, organizam quests de clã e mantêm a galera jogando.',
        body: `Comandar um clã dá trabalho. Chefes que chegam ao **Ouro** costumam fazer três coisas bem.

- **Recrute perto de casa.** Membros da mesma faculdade ou cidade ficam mais tempo.
- **Escolha uma quest de clã por semana.** Um objetivo claro vale mais que cinco pela metade.
- **Converse no grupo.** Vincule seu grupo do Telegram para as notícias chegarem a todos.

> A pontuação do clã é a soma do que os membros ganham para ele: cada membro ativo conta.

As regras completas estão no manual do clã, com link no rodapé de toda página.`,
      },
    },
  },
  {
    slug: 'staying-safe-with-rewards',
    kind: 'article',
    coverUrl: '/art/content/staying-safe-with-rewards.svg',
    publishedAt: '2026-11-24T12:00:00+05:30',
    title: 'Staying safe with rewards: five scams to spot',
    summary: 'Nobody from Khel will ever ask for your OTP. Here is what else to watch for.',
    body: `Rewards attract scammers. Keep these in mind:

1. **Nobody from Khel asks for your OTP**, in chat, on a call or anywhere else.
2. **Codes are typed only on khel pages.** Check the address bar before you sign in.
3. **No one can "speed up" a payout** for a fee.
4. **POG cards are soulbound**: a seller offering one is lying.
5. **Report it.** Tell your clan chief and write to support.

Read our [privacy policy](/privacy-policy) to see what we keep and why.`,
    translations: {
      hi: {
        title: 'इनाम के साथ सुरक्षित रहें: पाँच धोखे पहचानें',
        summary: 'Khel से कोई भी आपका OTP कभी नहीं माँगेगा। और किन बातों का ध्यान रखें, जानिए।',
        body: `इनाम धोखेबाज़ों को खींचते हैं। ये बातें याद रखें:

1. **Khel से कोई आपका OTP नहीं माँगता**, न चैट में, न कॉल पर।
2. **कोड सिर्फ़ Khel के पेज पर डालें।** साइन इन से पहले पता जाँचें।
3. **कोई फ़ीस लेकर पेआउट जल्दी नहीं करा सकता।**
4. **POG कार्ड सोलबाउंड हैं**: कोई बेच रहा है तो झूठ बोल रहा है।
5. **रिपोर्ट करें।** अपने क्लैन चीफ़ और सपोर्ट को बताएँ।

हम क्या रखते हैं और क्यों, यह जानने के लिए हमारी [गोपनीयता नीति](/privacy-policy) पढ़ें।`,
      },
      'pt-BR': {
        title: 'Recompensas com segurança: cinco golpes para reconhecer',
        summary: 'Ninguém do Khel vai pedir seu código OTP. Veja o que mais observar.',
        body: `Recompensas atraem golpistas. Lembre-se:

1. **Ninguém do Khel pede seu OTP**, nem no chat, nem por ligação.
2. **Digite códigos só nas páginas do Khel.** Confira o endereço antes de entrar.
3. **Ninguém "acelera" um pagamento** cobrando taxa.
4. **Cartões POG são soulbound**: quem oferece um está mentindo.
5. **Denuncie.** Avise o chefe do seu clã e escreva para o suporte.

Leia nossa [política de privacidade](/privacy-policy) para saber o que guardamos e por quê.`,
      },
    },
  },
  {
    slug: 'sintel-open-movie',
    kind: 'video',
    coverUrl: '/art/content/sintel-open-movie.svg',
    videoUrl: 'https://www.youtube.com/watch?v=eRsGyueVLvQ',
    publishedAt: '2026-11-21T20:00:00+05:30',
    title: 'Watch: Sintel, the open movie game artists study',
    summary: 'Blender Foundation’s short about a girl and her dragon, made with free tools (CC BY).',
    body: 'Fifteen minutes of fantasy made entirely with open-source tools. Notice the lighting in the snow scenes: it is a favourite reference for POG theme designers.',
    translations: {
      hi: {
        title: 'देखिए: Sintel, वह ओपन मूवी जिसे गेम आर्टिस्ट पढ़ते हैं',
        summary: 'Blender Foundation की एक लड़की और उसके ड्रैगन की कहानी, मुफ़्त टूल्स से बनी (CC BY)।',
        body: 'पंद्रह मिनट की फ़ैंटेसी, पूरी तरह ओपन-सोर्स टूल्स से बनी। बर्फ़ वाले दृश्यों की रोशनी पर ध्यान दें।',
      },
      'pt-BR': {
        title: 'Assista: Sintel, o filme aberto que artistas de games estudam',
        summary:
          'O curta da Blender Foundation sobre uma garota e seu dragão, feito com ferramentas livres (CC BY).',
        body: 'Quinze minutos de fantasia feitos só com ferramentas de código aberto. Repare na luz das cenas de neve.',
      },
    },
  },
  {
    slug: 'big-buck-bunny-open-movie',
    kind: 'video',
    coverUrl: '/art/content/big-buck-bunny-open-movie.svg',
    videoUrl: 'https://youtu.be/aqz-KE-bpKQ',
    publishedAt: '2026-11-25T19:00:00+05:30',
    title: 'Watch: Big Buck Bunny in 4K',
    summary: 'The classic open movie from the Blender Foundation (CC BY): ten minutes of pure cartoon fun.',
    body: 'A gentle giant rabbit takes on three bullies. Great for testing your screen, and for a laugh between quests.',
    translations: {
      hi: {
        title: 'देखिए: Big Buck Bunny 4K में',
        summary: 'Blender Foundation की क्लासिक ओपन मूवी (CC BY): दस मिनट का मज़ेदार कार्टून।',
        body: 'एक सीधा-सादा बड़ा ख़रगोश तीन बदमाशों से भिड़ता है। क्वेस्ट के बीच थोड़ी हँसी के लिए बढ़िया।',
      },
      'pt-BR': {
        title: 'Assista: Big Buck Bunny em 4K',
        summary: 'O clássico filme aberto da Blender Foundation (CC BY): dez minutos de desenho animado.',
        body: 'Um coelho gigante e gente boa enfrenta três valentões. Ótimo para dar risada entre uma quest e outra.',
      },
    },
  },
];
