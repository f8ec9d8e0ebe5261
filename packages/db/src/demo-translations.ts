/**
 * Hindi and Brazilian Portuguese texts of the demo content (demo-quests.ts), keyed by the English
 * text. The seed turns them into each row's `translations`; names of games, hubs and brands stay as
 * they are.
 */
export const DEMO_TEXTS: Record<string, { hi: string; 'pt-BR': string }> = {
  // Hub taglines
  'An open metaverse of arcade sports and races.': {
    hi: 'आर्केड खेलों और रेसों का एक खुला मेटावर्स।',
    'pt-BR': 'Um metaverso aberto de esportes e corridas de arcade.',
  },
  'Collectible cards of cricket and football stars.': {
    hi: 'क्रिकेट और फ़ुटबॉल सितारों के संग्रहणीय कार्ड।',
    'pt-BR': 'Cards colecionáveis de estrelas do críquete e do futebol.',
  },
  'A dark-fantasy strategy world of kingdoms and sieges.': {
    hi: 'राज्यों और घेराबंदी की एक डार्क-फ़ैंटेसी रणनीति दुनिया।',
    'pt-BR': 'Um mundo de estratégia de fantasia sombria, com reinos e cercos.',
  },
  // Game descriptions
  'Ten-pin bowling in the Bullieverse: curve the ball, chase strikes, climb the weekly table.': {
    hi: 'Bullieverse में टेन-पिन बॉलिंग: गेंद घुमाइए, स्ट्राइक लगाइए, साप्ताहिक तालिका में ऊपर चढ़िए।',
    'pt-BR': 'Boliche no Bullieverse: faça curvas, busque strikes e suba na tabela da semana.',
  },
  'Arcade kart racing through neon city tracks with power-ups and drift boosts.': {
    hi: 'पावर-अप और ड्रिफ़्ट बूस्ट के साथ नियॉन शहर के ट्रैक पर आर्केड कार्ट रेसिंग।',
    'pt-BR': 'Corrida de kart arcade em pistas de cidade neon, com power-ups e turbo no drift.',
  },
  'Collect cards of cricket stars, build an XI and play quick T10 matches.': {
    hi: 'क्रिकेट सितारों के कार्ड जमा कीजिए, अपनी XI बनाइए और तेज़ T10 मैच खेलिए।',
    'pt-BR': 'Colecione cards de estrelas do críquete, monte seu XI e jogue partidas rápidas de T10.',
  },
  'Football cards from Brazil and beyond: trade, upgrade and win weekend leagues.': {
    hi: 'ब्राज़ील और दुनिया भर के फ़ुटबॉल कार्ड: अदला-बदली कीजिए, अपग्रेड कीजिए और वीकेंड लीग जीतिए।',
    'pt-BR': 'Cards de futebol do Brasil e do mundo: troque, evolua e vença as ligas de fim de semana.',
  },
  'Raise a castle, train an army and lay siege to rival kingdoms with your clan.': {
    hi: 'किला बनाइए, सेना तैयार कीजिए और अपने क्लान के साथ दुश्मन राज्यों को घेरिए।',
    'pt-BR': 'Erga um castelo, treine um exército e cerque reinos rivais com o seu clã.',
  },
  'A rune-matching puzzle duel set in the Dark Throne world.': {
    hi: 'Dark Throne की दुनिया में रून मिलाने वाली पहेली की टक्कर।',
    'pt-BR': 'Um duelo de quebra-cabeça de combinar runas no mundo de Dark Throne.',
  },
  'Fifty players, one island, last squad standing. Quick ten-minute rounds for phones.': {
    hi: 'पचास खिलाड़ी, एक द्वीप, आख़िर तक टिकने वाला स्क्वाड। फ़ोन के लिए दस मिनट के तेज़ राउंड।',
    'pt-BR':
      'Cinquenta jogadores, uma ilha, o último esquadrão vence. Partidas rápidas de dez minutos no celular.',
  },
  'Five-versus-five MOBA with fifteen-minute matches and ranked seasons.': {
    hi: 'पंद्रह मिनट के मैच और रैंक्ड सीज़न वाला पाँच-बनाम-पाँच MOBA।',
    'pt-BR': 'MOBA cinco contra cinco, com partidas de quinze minutos e temporadas ranqueadas.',
  },
  'Tactical five-versus-five shooter on PC: plant, defuse, clutch.': {
    hi: 'PC पर रणनीतिक पाँच-बनाम-पाँच शूटर: प्लांट, डिफ़्यूज़, क्लच।',
    'pt-BR': 'Tiro tático cinco contra cinco no PC: plante, desarme, vire o round.',
  },
  'Tap to battle, upgrade heroes and claim loot: an idle RPG that lives in Telegram.': {
    hi: 'टैप करके लड़िए, हीरो अपग्रेड कीजिए और लूट पाइए: Telegram में चलने वाला आइडल RPG।',
    'pt-BR': 'Toque para lutar, evolua heróis e pegue o saque: um RPG idle que vive no Telegram.',
  },
  'Grow crops, raise animals and trade with neighbours in a cosy pixel village.': {
    hi: 'एक प्यारे पिक्सेल गाँव में फ़सल उगाइए, जानवर पालिए और पड़ोसियों से व्यापार कीजिए।',
    'pt-BR': 'Plante, crie animais e negocie com os vizinhos numa vila de pixels aconchegante.',
  },
  'Live trivia in English, Hindi and Portuguese: cricket, films, football and more.': {
    hi: 'अंग्रेज़ी, हिंदी और पुर्तगाली में लाइव क्विज़: क्रिकेट, फ़िल्में, फ़ुटबॉल और बहुत कुछ।',
    'pt-BR': 'Quiz ao vivo em inglês, hindi e português: críquete, filmes, futebol e mais.',
  },
  // Quest titles
  'First Strike in Bullie Bowling': {
    hi: 'Bullie Bowling में पहला स्ट्राइक',
    'pt-BR': 'Primeiro strike no Bullie Bowling',
  },
  'Bullie Racer Grand Prix': { hi: 'Bullie Racer ग्रां प्री', 'pt-BR': 'Grande Prêmio Bullie Racer' },
  'Bullieverse Community Week': {
    hi: 'Bullieverse कम्युनिटी वीक',
    'pt-BR': 'Semana da comunidade Bullieverse',
  },
  'Cricket Legends: Rookie Season': {
    hi: 'Cricket Legends: रूकी सीज़न',
    'pt-BR': 'Cricket Legends: temporada de estreia',
  },
  'Futebol Stars Kick-off': { hi: 'Futebol Stars किक-ऑफ़', 'pt-BR': 'Pontapé inicial do Futebol Stars' },
  'Colexion Collectors Club': { hi: 'Colexion कलेक्टर्स क्लब', 'pt-BR': 'Clube de colecionadores Colexion' },
  'Dark Throne: Siege Master': { hi: 'Dark Throne: घेराबंदी उस्ताद', 'pt-BR': 'Dark Throne: Mestre do Cerco' },
  'Dark Throne: Steam Raid': { hi: 'Dark Throne: Steam रेड', 'pt-BR': 'Dark Throne: Raid na Steam' },
  'Runes Duel': { hi: 'रून्स द्वंद्व', 'pt-BR': 'Duelo de Runas' },
  'Squad Royale: Drop In': { hi: 'Squad Royale: कूद पड़िए', 'pt-BR': 'Squad Royale: hora de saltar' },
  'Lane Clash Ranked Season': { hi: 'Lane Clash रैंक्ड सीज़न', 'pt-BR': 'Temporada ranqueada de Lane Clash' },
  'Steel Strike: Link Up': { hi: 'Steel Strike: जुड़ जाइए', 'pt-BR': 'Steel Strike: conecte-se' },
  'TON Tap Heroes Launch': { hi: 'TON Tap Heroes लॉन्च', 'pt-BR': 'Lançamento de TON Tap Heroes' },
  'Pixel Farm Neighbours': { hi: 'Pixel Farm के पड़ोसी', 'pt-BR': 'Vizinhos do Pixel Farm' },
  'Quiz Champions Weekly': { hi: 'Quiz Champions साप्ताहिक', 'pt-BR': 'Quiz Champions da semana' },
  'Verified Gamer': { hi: 'सत्यापित गेमर', 'pt-BR': 'Gamer verificado' },
  'First K-Store Purchase': { hi: 'K-Store में पहली ख़रीद', 'pt-BR': 'Primeira compra na K-Store' },
  'POG Pioneer': { hi: 'POG अग्रदूत', 'pt-BR': 'Pioneiro do POG' },
  'Clan Up': { hi: 'क्लान से जुड़िए', 'pt-BR': 'Entre num clã' },
  'Welcome to Khel': { hi: 'Khel में आपका स्वागत है', 'pt-BR': 'Boas-vindas ao Khel' },
  // Quest descriptions
  'Link your game account, follow Bullieverse on X and enter the launch code from the stream.': {
    hi: 'अपना गेम अकाउंट जोड़िए, X पर Bullieverse को फ़ॉलो कीजिए और स्ट्रीम का लॉन्च कोड डालिए।',
    'pt-BR': 'Vincule sua conta do jogo, siga a Bullieverse no X e digite o código de lançamento da live.',
  },
  'Register your racer id with the game, then prove you finished a race.': {
    hi: 'गेम में अपनी रेसर आईडी दर्ज कराइए, फिर साबित कीजिए कि आपने एक रेस पूरी की।',
    'pt-BR': 'Registre seu id de piloto no jogo e depois mostre que terminou uma corrida.',
  },
  'Join the Bullieverse Discord and Telegram, and like the launch post.': {
    hi: 'Bullieverse के Discord और Telegram से जुड़िए, और लॉन्च पोस्ट को लाइक कीजिए।',
    'pt-BR': 'Entre no Discord e no Telegram da Bullieverse e curta o post de lançamento.',
  },
  'Link X, retweet the season launch and comment your dream XI captain.': {
    hi: 'X जोड़िए, सीज़न लॉन्च को रीट्वीट कीजिए और अपनी ड्रीम XI का कप्तान कमेंट कीजिए।',
    'pt-BR': 'Vincule o X, reposte o lançamento da temporada e comente o capitão do seu XI dos sonhos.',
  },
  'Tweet with #FutebolStars and put "Futebol Stars" in your X bio for the weekend.': {
    hi: '#FutebolStars के साथ ट्वीट कीजिए और वीकेंड भर अपने X बायो में "Futebol Stars" लिखिए।',
    'pt-BR': 'Poste com #FutebolStars e coloque "Futebol Stars" na sua bio do X durante o fim de semana.',
  },
  'Hold a Colexion card NFT in a linked wallet to join the collectors club.': {
    hi: 'कलेक्टर्स क्लब में शामिल होने के लिए जुड़े हुए वॉलेट में Colexion कार्ड NFT रखिए।',
    'pt-BR': 'Tenha um card NFT da Colexion numa carteira vinculada para entrar no clube.',
  },
  'Give your Solana wallet, hold Throne tokens and get the Siege Master role on Discord.': {
    hi: 'अपना Solana वॉलेट दीजिए, Throne टोकन रखिए और Discord पर Siege Master रोल पाइए।',
    'pt-BR': 'Informe sua carteira Solana, tenha tokens THRONE e ganhe o cargo Siege Master no Discord.',
  },
  'Link Steam and give your Steam id to join the raid weekend.': {
    hi: 'रेड वीकेंड में शामिल होने के लिए Steam जोड़िए और अपनी Steam आईडी दीजिए।',
    'pt-BR': 'Vincule a Steam e informe seu id Steam para entrar no fim de semana de raid.',
  },
  'Play a duel in Runes, then tell us your username.': {
    hi: 'Runes में एक द्वंद्व खेलिए, फिर हमें अपना यूज़रनेम बताइए।',
    'pt-BR': 'Jogue um duelo em Runes e depois nos diga seu nome de usuário.',
  },
  'Verify your player id with Squad Royale and join the Telegram squad finder.': {
    hi: 'Squad Royale से अपनी प्लेयर आईडी सत्यापित कराइए और Telegram स्क्वाड फ़ाइंडर से जुड़िए।',
    'pt-BR':
      'Verifique seu id de jogador no Squad Royale e entre no canal de busca de esquadrão no Telegram.',
  },
  'Link Discord, join the Lane Clash server and enter the season code.': {
    hi: 'Discord जोड़िए, Lane Clash सर्वर से जुड़िए और सीज़न कोड डालिए।',
    'pt-BR': 'Vincule o Discord, entre no servidor do Lane Clash e digite o código da temporada.',
  },
  'Give your Steam link in any of its forms and link Google for match reminders.': {
    hi: 'अपना Steam लिंक किसी भी रूप में दीजिए और मैच रिमाइंडर के लिए Google जोड़िए।',
    'pt-BR': 'Informe seu link Steam em qualquer formato e vincule o Google para lembretes de partidas.',
  },
  'Link Telegram, open the game and enter the launch code from the bot.': {
    hi: 'Telegram जोड़िए, गेम खोलिए और बॉट से मिला लॉन्च कोड डालिए।',
    'pt-BR': 'Vincule o Telegram, abra o jogo e digite o código de lançamento enviado pelo bot.',
  },
  'Create your referral link and invite two friends to Khel.': {
    hi: 'अपना रेफ़रल लिंक बनाइए और दो दोस्तों को Khel पर बुलाइए।',
    'pt-BR': 'Crie seu link de indicação e convide dois amigos para o Khel.',
  },
  'Give your quiz username and write which topic you want next week.': {
    hi: 'अपना क्विज़ यूज़रनेम दीजिए और लिखिए कि अगले हफ़्ते कौन-सा विषय चाहिए।',
    'pt-BR': 'Informe seu nome de usuário do quiz e escreva o tema que você quer na próxima semana.',
  },
  'Finish your KYC to collect earnings, and get a bonus for it.': {
    hi: 'कमाई निकालने के लिए अपना KYC पूरा कीजिए, और उसके लिए बोनस पाइए।',
    'pt-BR': 'Conclua seu KYC para resgatar ganhos e receba um bônus por isso.',
  },
  'Buy anything in the K-Store with K-Cash.': {
    hi: 'K-Store में K-Cash से कुछ भी ख़रीदिए।',
    'pt-BR': 'Compre qualquer coisa na K-Store com K-Cash.',
  },
  'Mint your Proof-of-Gamer card and share it on X.': {
    hi: 'अपना Proof-of-Gamer कार्ड मिंट कीजिए और X पर शेयर कीजिए।',
    'pt-BR': 'Crie seu card Proof-of-Gamer e compartilhe no X.',
  },
  'Join a clan and play together.': {
    hi: 'किसी क्लान से जुड़िए और साथ खेलिए।',
    'pt-BR': 'Entre num clã e jogue junto.',
  },
  'Your first quest: enter the welcome code KHEL and collect your first K-Cash.': {
    hi: 'आपका पहला क्वेस्ट: स्वागत कोड KHEL डालिए और अपना पहला K-Cash पाइए।',
    'pt-BR': 'Sua primeira quest: digite o código de boas-vindas KHEL e ganhe seu primeiro K-Cash.',
  },
  // Task titles, descriptions and hints
  'Give your in-game email': { hi: 'अपना इन-गेम ईमेल दीजिए', 'pt-BR': 'Informe seu e-mail do jogo' },
  'Follow @Bullieverse on X': { hi: 'X पर @Bullieverse को फ़ॉलो कीजिए', 'pt-BR': 'Siga @Bullieverse no X' },
  'Enter the launch code': { hi: 'लॉन्च कोड डालिए', 'pt-BR': 'Digite o código de lançamento' },
  'The code was shown at the end of the launch stream.': {
    hi: 'कोड लॉन्च स्ट्रीम के आख़िर में दिखाया गया था।',
    'pt-BR': 'O código apareceu no fim da live de lançamento.',
  },
  'Ten letters and digits, shown on screen.': {
    hi: 'दस अक्षर और अंक, स्क्रीन पर दिखाए गए।',
    'pt-BR': 'Dez letras e números, mostrados na tela.',
  },
  'Verify your racer id with Bullie Racer': {
    hi: 'Bullie Racer से अपनी रेसर आईडी सत्यापित कराइए',
    'pt-BR': 'Verifique seu id de piloto no Bullie Racer',
  },
  'Share a screenshot of a finished race': {
    hi: 'पूरी की गई रेस का स्क्रीनशॉट शेयर कीजिए',
    'pt-BR': 'Envie uma captura de tela de uma corrida terminada',
  },
  'Join the Bullieverse Discord server': {
    hi: 'Bullieverse Discord सर्वर से जुड़िए',
    'pt-BR': 'Entre no servidor Discord da Bullieverse',
  },
  'Join the Bullieverse Telegram channel': {
    hi: 'Bullieverse Telegram चैनल से जुड़िए',
    'pt-BR': 'Entre no canal Telegram da Bullieverse',
  },
  'Like the launch post': { hi: 'लॉन्च पोस्ट को लाइक कीजिए', 'pt-BR': 'Curta o post de lançamento' },
  'Link your X account': { hi: 'अपना X अकाउंट जोड़िए', 'pt-BR': 'Vincule sua conta do X' },
  'Retweet the season launch': {
    hi: 'सीज़न लॉन्च को रीट्वीट कीजिए',
    'pt-BR': 'Reposte o lançamento da temporada',
  },
  'Comment your dream captain': {
    hi: 'अपने ड्रीम कप्तान का नाम कमेंट कीजिए',
    'pt-BR': 'Comente o seu capitão dos sonhos',
  },
  'Tweet with #FutebolStars': { hi: '#FutebolStars के साथ ट्वीट कीजिए', 'pt-BR': 'Poste com #FutebolStars' },
  'Add "Futebol Stars" to your X bio': {
    hi: 'अपने X बायो में "Futebol Stars" जोड़िए',
    'pt-BR': 'Coloque "Futebol Stars" na sua bio do X',
  },
  'Link a wallet': { hi: 'एक वॉलेट जोड़िए', 'pt-BR': 'Vincule uma carteira' },
  'Hold a Colexion card': { hi: 'एक Colexion कार्ड रखिए', 'pt-BR': 'Tenha um card da Colexion' },
  'Give your Solana wallet': { hi: 'अपना Solana वॉलेट दीजिए', 'pt-BR': 'Informe sua carteira Solana' },
  'Hold 100 THRONE': { hi: '100 THRONE रखिए', 'pt-BR': 'Tenha 100 THRONE' },
  'Get the Siege Master role': { hi: 'Siege Master रोल पाइए', 'pt-BR': 'Ganhe o cargo Siege Master' },
  'Link your Steam account': { hi: 'अपना Steam अकाउंट जोड़िए', 'pt-BR': 'Vincule sua conta Steam' },
  'Give your Steam id': { hi: 'अपनी Steam आईडी दीजिए', 'pt-BR': 'Informe seu id Steam' },
  'Open Runes in the Rkade': { hi: 'Rkade में Runes खोलिए', 'pt-BR': 'Abra Runes no Rkade' },
  'Give your Runes username': {
    hi: 'अपना Runes यूज़रनेम दीजिए',
    'pt-BR': 'Informe seu nome de usuário em Runes',
  },
  'Join the squad finder channel': {
    hi: 'स्क्वाड फ़ाइंडर चैनल से जुड़िए',
    'pt-BR': 'Entre no canal de busca de esquadrão',
  },
  'Verify your player id': { hi: 'अपनी प्लेयर आईडी सत्यापित कराइए', 'pt-BR': 'Verifique seu id de jogador' },
  'Link your Discord account': { hi: 'अपना Discord अकाउंट जोड़िए', 'pt-BR': 'Vincule sua conta do Discord' },
  'Join the Lane Clash server': { hi: 'Lane Clash सर्वर से जुड़िए', 'pt-BR': 'Entre no servidor do Lane Clash' },
  'Enter the season code': { hi: 'सीज़न कोड डालिए', 'pt-BR': 'Digite o código da temporada' },
  'Pinned in #announcements.': {
    hi: '#announcements में पिन किया हुआ है।',
    'pt-BR': 'Fixado em #announcements.',
  },
  'Give your Steam link': { hi: 'अपना Steam लिंक दीजिए', 'pt-BR': 'Informe seu link Steam' },
  'Link your Google account': { hi: 'अपना Google अकाउंट जोड़िए', 'pt-BR': 'Vincule sua conta Google' },
  'Link your Telegram account': { hi: 'अपना Telegram अकाउंट जोड़िए', 'pt-BR': 'Vincule sua conta do Telegram' },
  'Open TON Tap Heroes': { hi: 'TON Tap Heroes खोलिए', 'pt-BR': 'Abra o TON Tap Heroes' },
  'Send /code to the game bot.': { hi: 'गेम बॉट को /code भेजिए।', 'pt-BR': 'Envie /code para o bot do jogo.' },
  'Create your referral link': { hi: 'अपना रेफ़रल लिंक बनाइए', 'pt-BR': 'Crie seu link de indicação' },
  'Invite two friends': { hi: 'दो दोस्तों को बुलाइए', 'pt-BR': 'Convide dois amigos' },
  'Give your quiz username': { hi: 'अपना क्विज़ यूज़रनेम दीजिए', 'pt-BR': 'Informe seu nome de usuário do quiz' },
  'Suggest next week’s topic': { hi: 'अगले हफ़्ते का विषय सुझाइए', 'pt-BR': 'Sugira o tema da próxima semana' },
  'Complete your KYC': { hi: 'अपना KYC पूरा कीजिए', 'pt-BR': 'Conclua seu KYC' },
  'Buy something with K-Cash': { hi: 'K-Cash से कुछ ख़रीदिए', 'pt-BR': 'Compre algo com K-Cash' },
  'Mint your POG card': { hi: 'अपना POG कार्ड मिंट कीजिए', 'pt-BR': 'Crie seu card POG' },
  'Share your POG card on X': {
    hi: 'अपना POG कार्ड X पर शेयर कीजिए',
    'pt-BR': 'Compartilhe seu card POG no X',
  },
  'Join a clan': { hi: 'किसी क्लान से जुड़िए', 'pt-BR': 'Entre num clã' },
  'Enter the welcome code': { hi: 'स्वागत कोड डालिए', 'pt-BR': 'Digite o código de boas-vindas' },
  'Daily check-in': { hi: 'रोज़ की हाज़िरी', 'pt-BR': 'Check-in diário' },
  'Drop by every day: open the game of the day in Rkade. A new check-in opens at 00:00 UTC.': {
    hi: 'हर दिन आइए: Rkade में आज का गेम खोलिए। नई हाज़िरी 00:00 UTC पर खुलती है।',
    'pt-BR': 'Passe aqui todo dia: abra o jogo do dia no Rkade. Um novo check-in abre às 00:00 UTC.',
  },
  'Open the game of the day': { hi: 'आज का गेम खोलिए', 'pt-BR': 'Abra o jogo do dia' },
  'Weekly drop-in: Squad Royale': {
    hi: 'हफ़्ते की हाज़िरी: Squad Royale',
    'pt-BR': 'Check-in semanal: Squad Royale',
  },
  'Check in with your Squad Royale player id once a week for K-Cash. A new week starts on Monday, 00:00 UTC.':
    {
      hi: 'हफ़्ते में एक बार अपनी Squad Royale प्लेयर id से हाज़िरी लगाइए और K-Cash पाइए। नया हफ़्ता सोमवार 00:00 UTC पर शुरू होता है।',
      'pt-BR':
        'Faça check-in com seu id de jogador do Squad Royale uma vez por semana e ganhe K-Cash. A semana começa na segunda, 00:00 UTC.',
    },
  'Verify your Squad Royale player id': {
    hi: 'अपनी Squad Royale प्लेयर id की पुष्टि कीजिए',
    'pt-BR': 'Confirme seu id de jogador do Squad Royale',
  },
  'Clan loyalty': { hi: 'क्लान के साथ वफ़ादारी', 'pt-BR': 'Lealdade ao clã' },
  'Be in a clan when you check in, once a month. A new month starts on the 1st, 00:00 UTC.': {
    hi: 'महीने में एक बार, हाज़िरी के समय किसी क्लान में रहिए। नया महीना 1 तारीख़ 00:00 UTC पर शुरू होता है।',
    'pt-BR': 'Esteja num clã ao fazer check-in, uma vez por mês. O mês começa no dia 1º, 00:00 UTC.',
  },
  'Be in a clan': { hi: 'किसी क्लान में रहिए', 'pt-BR': 'Esteja num clã' },
  'It is in the quest description.': { hi: 'यह क्वेस्ट के विवरण में है।', 'pt-BR': 'Está na descrição da quest.' },
};

/** `translations` for the given English fields of a row: each language's text where there is one. */
export function demoTranslations<F extends string>(fields: Partial<Record<F, string | undefined>>) {
  const out: { hi?: Partial<Record<F, string>>; 'pt-BR'?: Partial<Record<F, string>> } = {};
  for (const lang of ['hi', 'pt-BR'] as const) {
    const texts: Partial<Record<F, string>> = {};
    for (const [field, english] of Object.entries(fields) as [F, string | undefined][]) {
      const t = english ? DEMO_TEXTS[english]?.[lang] : undefined;
      if (t) texts[field] = t;
    }
    if (Object.keys(texts).length > 0) out[lang] = texts;
  }
  return out;
}
