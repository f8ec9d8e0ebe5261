import { LEGAL_CONTACT, mail, metaOf, sectionsOf } from './meta.ts';
import type { LegalTexts } from './types.ts';

/** Os documentos jurídicos em português do Brasil: tradução de en.ts, as mesmas seções na mesma ordem. */

const terms = sectionsOf('termsAndConditions');
const privacy = sectionsOf('privacyPolicy');
const amlKyc = sectionsOf('amlKycPolicy');
const risk = sectionsOf('riskDisclosurePolicy');

export const legalPtBR: LegalTexts = {
  language: 'pt-BR',
  ui: {
    documents: 'Documentos jurídicos',
    contents: 'Nesta página',
    versionLine: 'Versão {{version}} · em vigor desde {{date}}',
    otherDocuments: 'Outros documentos jurídicos',
    backToTop: 'Voltar ao topo',
    translationNote:
      'A Khel publica estes documentos em inglês, hindi e português. Se uma tradução for diferente do texto em inglês, vale o texto em inglês, salvo quando a lei do seu país disser o contrário.',
  },
  documents: {
    termsAndConditions: {
      ...metaOf('termsAndConditions'),
      title: 'Termos e condições',
      summary:
        'O acordo entre você e a Khel para usar o site da Khel, o Mini App da Khel no Telegram e o bot da Khel. Nossa [Política de privacidade](/privacy-policy), nossa [Política de AML e KYC](/aml-kyc-policy) e nossa [Política de divulgação de riscos](/risk-disclosure-policy) fazem parte dele.',
      sections: [
        terms('about', 'Sobre a Khel e estes termos', [
          'A Khel é um serviço de recompensas e comunidade para gamers, principalmente na Índia e no Brasil. Você pode completar quests e campanhas, ganhar K-Cash, rKHEL e K-Points, comprar itens na K-Store, entrar em um clã ou liderar um, participar de torneios, resgatar seus ganhos e cunhar um cartão Proof-of-Gamer (POG).',
          '"Khel", "nós" e "nosso" significam a empresa que opera o serviço. "Você" significa a pessoa que o usa. Estes termos valem do mesmo jeito no site, no Mini App dentro do Telegram e no bot da Khel.',
          'Ao criar uma conta ou usar a Khel, você aceita estes termos. Se não os aceitar, por favor não use a Khel.',
        ]),
        terms('eligibility', 'Quem pode usar a Khel', [
          'Você só pode usar a Khel se tudo isto for verdade:',
          [
            'você tem pelo menos 18 anos, ou mais, se a maioridade onde você mora for maior;',
            'você pode fechar um contrato válido pela lei que se aplica a você;',
            'nenhuma lei ou sanção impede você de usar um serviço como a Khel;',
            'nós não encerramos antes uma conta sua por violar estes termos.',
          ],
          'Alguns recursos só existem em alguns países. Resgatar ganhos em dinheiro na Índia exige verificação de identidade, descrita na [Política de AML e KYC](/aml-kyc-policy). Podemos desativar um recurso onde a lei não o permitir.',
        ]),
        terms('account', 'Sua conta', [
          'Cada pessoa pode ter uma conta na Khel. Você pode entrar com um número de telefone (código por SMS), WhatsApp, Google, uma carteira Ethereum (site), Telegram ou uma carteira TON (Mini App). Todo método que você vincula leva à mesma conta; um método já vinculado a outra conta não pode ser vinculado à sua.',
          'Mantenha seguros seu telefone, seu e-mail, suas contas do Google e do Telegram e suas carteiras. Nunca pedimos seus códigos de uso único, senhas ou a frase de recuperação de uma carteira. Tratamos o que acontece depois de um login com seus métodos como feito por você, a menos que você nos avise rapidamente que outra pessoa entrou.',
          'Informe dados verdadeiros sobre você. Nomes de usuário têm apenas letras e números, sem espaços; não podem imitar outra pessoa nem ofender. Podemos pedir que você troque um nome de usuário, ou removê-lo, quando ele violar essas regras.',
          'Vender, alugar, compartilhar ou comprar contas, e ter mais de uma, não é permitido. Podemos encerrar as contas extras e cancelar as recompensas que elas receberam.',
        ]),
        terms('currencies', 'K-Cash, rKHEL e K-Points', [
          'K-Cash, rKHEL e K-Points são unidades virtuais que só funcionam dentro da Khel. Não são moeda de curso legal, não são depósito bancário, não são moeda eletrônica e não são investimento, e não rendem juros. A [Política de divulgação de riscos](/risk-disclosure-policy) explica o que isso significa para você.',
          [
            'O K-Cash pode ser comprado (veja "Comprar K-Cash") ou ganho. Um USDT equivale a 1000 K-Cash.',
            'Mantemos o K-Cash comprado e o ganho separados. O K-Cash comprado pode ser gasto na K-Store e trocado, mas nunca pode ser resgatado ou sacado como dinheiro. O K-Cash recebido em uma troca conta como comprado.',
            'Quando você paga na K-Store com K-Cash, usamos primeiro o seu K-Cash comprado, para que o máximo possível de valor resgatável fique com você.',
            'rKHEL e K-Points são ganhos com atividades na Khel. O app mostra para que cada um pode ser usado.',
          ],
          'Você não pode enviar essas unidades a outros usuários nem vendê-las fora da Khel. Podemos mudar taxas de conversão, tarifas, preços e os usos de cada unidade; uma mudança que seja pior para você só vale depois de avisarmos e nunca tira saldos que você já tem, exceto para corrigir erros ou conforme "Suspensão e encerramento de contas".',
          'Se um saldo for creditado por engano (uma falha dos nossos sistemas, uma duplicidade ou um pagamento que seu banco ou o provedor de pagamentos estorne), podemos corrigi-lo.',
        ]),
        terms('buying', 'Comprar K-Cash', [
          'Você pode comprar K-Cash com UPI em rupias indianas, com PIX em reais ou com USDT. Os pagamentos são processados pelo nosso provedor de pagamentos. Antes de você pagar, mostramos o valor, a cotação, a tarifa e o K-Cash que você vai receber; essa cotação é a que vale para esse pagamento.',
          'Você paga na página do provedor de pagamentos. Creditamos o K-Cash assim que o provedor confirma o pagamento, exatamente uma vez por pagamento. Um pagamento que chega depois de o checkout expirar ou falhar é devolvido a você em vez de ser creditado.',
          'Pague apenas com um meio de pagamento que seja seu. Um pagamento em USDT numa blockchain não pode ser revertido: envie exatamente o valor mostrado, para o endereço mostrado, na rede mostrada. Não conseguimos recuperar valores enviados a um endereço ou rede errados.',
          'Como o K-Cash é entregue na hora, uma compra concluída não pode ser cancelada por arrependimento. Isso não retira nenhum direito a reembolso que a lei de defesa do consumidor do seu país lhe garanta.',
        ]),
        terms('earnings', 'Ganhar e resgatar', [
          'Quests, campanhas e atividades de clã podem gerar ganhos para você. Cada ganho mostra sua situação: pronto para resgatar, em distribuição, resgatado, expirado ou com falha. Um ganho não resgatado até a data de validade expira. Só quem tem um cartão POG cunhado recebe bônus de ganhos.',
          'Na Índia, resgatar paga seus ganhos na sua própria conta bancária verificada, depois que seu PAN, seu Aadhaar e sua conta bancária forem verificados (veja a [Política de AML e KYC](/aml-kyc-policy)). Retemos imposto de renda (TDS) de 30% dos seus ganhos líquidos, como a lei exige, e mostramos o imposto e o valor que você vai receber antes de você confirmar. Se o banco recusar a transferência, o dinheiro e o imposto voltam para os seus ganhos e você pode resgatar de novo.',
          'Fora da Índia, resgatar move seus ganhos para o seu saldo de K-Cash ganho.',
          'Podemos reter ou cancelar ganhos obtidos violando estes termos, com fraude ou ferramentas automatizadas, ou por um erro dos nossos sistemas.',
        ]),
        terms('activities', 'Quests, campanhas e torneios', [
          'Cada quest, campanha e torneio tem suas próprias regras: tarefas, vagas, datas, recompensas e como os vencedores são escolhidos (recompensas fixas, rankings ou sorteios). Essas regras valem junto com estes termos; quando forem diferentes, as regras da atividade valem para aquela atividade.',
          'Algumas tarefas acontecem em outras plataformas, como X, Discord, Telegram, Steam ou um jogo. Você deve seguir os termos dessas plataformas. Conferimos as tarefas por meio dessas plataformas ou da prova que você enviar, podemos pedir que você valide uma tarefa de novo e podemos recusar provas falsas ou copiadas.',
          'Participar de uma quest, campanha ou torneio nunca exige que você pague dinheiro ou K-Cash comprado pela chance de ganhar dinheiro.',
        ]),
        terms('clans', 'Clãs', [
          'Você pode entrar em um clã ou criar um; quem cria um clã é o seu chefe e o lidera. O nome, o logo, o banner e a descrição de um clã devem respeitar estes termos e os direitos de outras pessoas.',
          'Depois de sair de um clã, você precisa esperar antes de entrar em outro e, depois de excluir um clã, precisa esperar antes de criar um novo. O app mostra esses prazos.',
          'As recompensas de clã são divididas como dizem as regras de cada campanha. Podemos remover um chefe, renomear um clã ou encerrá-lo quando ele violar estes termos.',
        ]),
        terms('pog', 'Cartão Proof-of-Gamer', [
          'O cartão POG é a sua identidade gamer na Khel: você reserva um nome, cria um avatar com ajuda de inteligência artificial e cunha o cartão numa blockchain. A cunhagem leva cerca de 100 segundos. Um hash de transação que mostramos sempre corresponde a uma transação que de fato aconteceu numa blockchain.',
          'Avatares feitos com inteligência artificial podem ter erros ou ficar diferentes do que você esperava. A foto que você enviar para criar um avatar deve ser sua.',
          'Os bônus de ganhos para quem tem POG, e o tamanho deles, podem mudar com o tempo.',
        ]),
        terms('store', 'A K-Store', [
          'Na K-Store você pode comprar gift cards, moedas de jogos e vouchers com K-Cash ou rKHEL. O estoque é limitado e o preço é o mostrado quando você confirma. Seu recibo mostra com o que você pagou e o código de resgate, se houver.',
          'Os códigos são emitidos por outras marcas, cujos termos valem quando você os usa. Se um código não funcionar, fale com a gente: vamos trocá-lo ou devolver o que você pagou, na unidade em que pagou. Fora isso, a compra é definitiva depois que o código aparece.',
        ]),
        terms('wallets', 'Sua carteira Khel e as carteiras conectadas', [
          'No seu primeiro login criamos para você uma carteira Khel numa blockchain EVM. Guardamos a chave dela criptografada, e ela nunca sai dos nossos servidores; você não pode exportá-la. Quando sua conta é excluída, a chave é destruída, então o que ainda estiver nessa carteira não poderá mais ser movimentado: resgate ou gaste antes o que quiser.',
          'As carteiras que você mesmo conecta (por exemplo, MetaMask ou uma carteira TON) continuam sendo suas e sob o seu controle. Nunca pedimos a frase de recuperação delas e não conseguimos desfazer nada que você assine com elas.',
        ]),
        terms('conduct', 'O que você não pode fazer', [
          'Ao usar a Khel, você não pode:',
          [
            'trapacear: usar bots, scripts, emuladores ou provas falsas para completar tarefas, ou criar indicações falsas;',
            'ter mais de uma conta ou usar a de outra pessoa;',
            'usar a identidade, os documentos, a conta bancária ou o meio de pagamento de outra pessoa;',
            'usar a Khel para lavar dinheiro, financiar atividades ilícitas ou movimentar dinheiro para terceiros;',
            'tirar proveito de uma falha da Khel em vez de nos avisar;',
            'publicar conteúdo de ódio, assédio, sexual, violento ou ilegal, inclusive em nomes de usuário, fotos de perfil e nomes, logos, banners ou descrições de clãs;',
            'atacar, sobrecarregar ou fazer scraping do serviço, ou contornar sua segurança ou seus limites;',
            'vender ou transferir contas, K-Cash, rKHEL, K-Points ou recompensas fora da Khel;',
            'violar as regras das plataformas onde as tarefas acontecem;',
            'usar a Khel onde a lei não permite.',
          ],
        ]),
        terms('content', 'Seu conteúdo e o nosso', [
          'O que você envia (foto de perfil, logos, banners e descrições de clãs) continua sendo seu. Você nos autoriza a guardar, exibir e adaptar esse conteúdo conforme o serviço precisar (por exemplo, reduzimos fotos de perfil e removemos informações ocultas delas, como o local), em todos os lugares onde a Khel é oferecida, sem pagamento, enquanto ele estiver na Khel. Você confirma que tem o direito de enviá-lo.',
          'O nome Khel, os logos, o software e o design pertencem a nós ou a quem nos licenciou. Você só pode usá-los da forma como o serviço os oferece.',
          `Para denunciar conteúdo que viole estes termos ou a lei, escreva para ${mail(LEGAL_CONTACT.support)}.`,
        ]),
        terms('suspension', 'Suspensão e encerramento de contas', [
          'Você pode excluir sua conta a qualquer momento na [página de exclusão de conta](/delete-user-account). Nada é apagado durante 14 dias, e você pode cancelar nesse período; depois disso, a conta é apagada como descreve a [Política de privacidade](/privacy-policy#deletion).',
          'Podemos advertir você, limitar recursos, reter ganhos ou suspender ou encerrar sua conta quando:',
          [
            'você violar estes termos;',
            'a lei, um tribunal ou uma autoridade exigir;',
            'tivermos bons motivos para suspeitar de fraude, lavagem de dinheiro ou risco para outros usuários;',
            'sua verificação de identidade falhar ou seus documentos pertencerem a outra conta.',
          ],
          `Informaremos o motivo quando a lei permitir, e você pode nos responder em ${mail(LEGAL_CONTACT.support)}. Ganhos obtidos com violação destes termos podem ser cancelados. O K-Cash comprado não é devolvido em dinheiro, salvo quando a lei exigir.`,
        ]),
        terms('changes', 'Mudanças na Khel e nestes termos', [
          'A Khel está sempre mudando: adicionamos, alteramos e removemos recursos. Páginas marcadas como "Em breve" ainda não estão disponíveis.',
          'Podemos alterar estes termos. O número da versão e a data no topo mostram qual versão vale. Avisamos sobre uma mudança importante no app pelo menos 15 dias antes de ela entrar em vigor. Se você continuar usando a Khel depois disso, valem os novos termos; se não concordar, você pode excluir sua conta.',
        ]),
        terms('liability', 'Nossa responsabilidade perante você', [
          'Trabalhamos para manter a Khel funcionando e correta, mas não podemos prometer que ela estará sempre disponível ou livre de erros; pode haver manutenções, interrupções e falhas.',
          'Não somos responsáveis por:',
          [
            'serviços operados por terceiros: Telegram, Google, WhatsApp, X, Discord, Steam, jogos, os provedores de pagamentos e de repasses, bancos e blockchains;',
            'perdas com valores enviados a um endereço ou rede errados, ou com variações no preço do USDT ou de outros tokens;',
            'perdas causadas porque você não manteve seguros seus métodos de login ou suas carteiras.',
          ],
          'Na medida em que a lei permitir, não respondemos por perdas indiretas, como lucros ou oportunidades perdidas, e nossa responsabilidade total por qualquer reclamação fica limitada ao valor que você nos pagou nos 12 meses anteriores ao fato que a originou. Nada nestes termos limita uma responsabilidade que a lei não permite limitar, como em caso de fraude, nem seus direitos como consumidor (na Índia, o Consumer Protection Act, 2019; no Brasil, o Código de Defesa do Consumidor).',
          'Se alguém fizer uma reclamação contra nós porque você violou estes termos ou a lei, você arcará com os custos razoáveis dessa reclamação.',
        ]),
        terms('law', 'Lei aplicável e disputas', [
          'Estes termos são regidos pelas leis da Índia.',
          `Se algo der errado, escreva primeiro para ${mail(LEGAL_CONTACT.support)}; vamos tentar resolver com você em até 30 dias. Se não for possível, decidem os tribunais competentes da Índia. Se você mora no Brasil e usa a Khel como consumidor, continua protegido pela legislação brasileira de defesa do consumidor e também pode recorrer aos tribunais do lugar onde mora.`,
        ]),
        terms('contact', 'Contato', [
          `Dúvidas sobre estes termos: ${mail(LEGAL_CONTACT.support)}. Dúvidas sobre seus dados pessoais: ${mail(LEGAL_CONTACT.privacy)}. Dúvidas sobre verificação de identidade e lavagem de dinheiro: ${mail(LEGAL_CONTACT.compliance)}.`,
          `Reclamações (responsável por reclamações): ${mail(LEGAL_CONTACT.privacy)}. Confirmamos o recebimento de uma reclamação em até 24 horas e a resolvemos em até 15 dias.`,
        ]),
      ],
    },

    privacyPolicy: {
      ...metaOf('privacyPolicy'),
      title: 'Política de privacidade',
      summary:
        'Quais dados pessoais a Khel guarda sobre você, por quê, por quanto tempo, quem os trata por nós e o que você pode nos pedir. Vale para o site, o Mini App no Telegram e o bot da Khel.',
      sections: [
        privacy('who-we-are', 'Quem somos e quais leis se aplicam', [
          'A Khel é operada pela empresa que presta o serviço ("nós"). Decidimos por que e como seus dados pessoais são usados: pela Lei de Proteção de Dados Pessoais Digitais da Índia, de 2023, somos o "data fiduciary" e, para usuários no Brasil, somos o controlador nos termos da Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018).',
          'Esta política faz parte dos nossos [Termos e condições](/terms-and-conditions). Nela, "dados pessoais" são qualquer informação que identifique você, sozinha ou junto com outras.',
        ]),
        privacy('data-we-hold', 'Quais dados guardamos', [
          'Guardamos apenas o que o serviço precisa:',
          [
            'Login: seu número de telefone; seu e-mail, se você o adicionar (confirmado com um código); o id e o e-mail da sua conta Google; seu id, nome, nome de usuário, link da foto e idioma do Telegram; o número de WhatsApp de um login pelo WhatsApp; os endereços das carteiras que você vincular.',
            'Perfil: nome e sobrenome, nome de usuário, foto de perfil, país, cidade, faculdade, função e plataforma preferidas e o idioma escolhido. Reduzimos as fotos de perfil a no máximo 512 × 512 pixels e removemos suas informações ocultas, como o local onde a foto foi tirada.',
            'Verificação de identidade (só na Índia): seu PAN e o nome que consta nele, seu número Aadhaar, o número da sua conta bancária, o IFSC e o nome do titular, e o resultado de cada verificação.',
            'Dinheiro: seus saldos e cada movimentação de K-Cash, rKHEL, K-Points e USDT; seus pagamentos (valor, método, moeda, referência do provedor e situação); pedidos da loja e códigos de resgate; trocas; ganhos; repasses, com a conta bancária mascarada e os valores de imposto.',
            'Sua carteira Khel: o endereço e a chave criptografada.',
            'Atividade: suas quests, campanhas, clãs e as provas que você envia para tarefas, e as contas sociais (X, Discord, Steam) que você vincular.',
            'Dispositivo e uso: seu endereço IP e o país em que o localizamos, o user agent do seu navegador e eventos de analytics. Um evento contém seu id de usuário, os ids da sessão de login e da sessão de analytics, o horário, o canal (site ou app), o tipo de dispositivo, o sistema operacional e sua versão, o modelo do dispositivo, o navegador, a altura e a largura da tela, o endereço IP, o domínio, a página por onde você entrou, sua região (Índia, Brasil ou outras, pelo código de país do seu telefone), os ids do evento e os ids do jogo ou da conta a que ele se refere.',
            'Registros de segurança: códigos de login (guardados apenas como hash com chave), sessões, contadores de tentativas e logs técnicos.',
          ],
          'Nunca recebemos seu PIN do UPI, número de cartão, senha do internet banking ou a frase de recuperação de uma carteira: os dados de pagamento você informa apenas ao provedor de pagamentos.',
        ]),
        privacy('why', 'Para que usamos', [
          'Usamos seus dados para:',
          [
            'criar sua conta, fazer seu login e mantê-la segura;',
            'operar quests, campanhas, clãs, torneios, a K-Store e o cartão POG;',
            'receber pagamentos, manter o livro-razão dos seus saldos e pagar ganhos;',
            'verificar sua identidade na Índia, aplicar a regra de uma conta por pessoa e prevenir fraude e lavagem de dinheiro (veja a [Política de AML e KYC](/aml-kyc-policy));',
            'reter e informar imposto de renda (TDS), como exige a lei indiana;',
            'enviar códigos de login e, se você permitir, notificações pelo bot da Khel;',
            'entender como a Khel é usada para melhorá-la, com analytics próprio;',
            'cumprir nossas obrigações legais e responder a pedidos legítimos de autoridades.',
          ],
          'Nossas bases são o seu consentimento (que você pode revogar a qualquer momento), a execução do serviço que você pediu, o cumprimento de obrigações legais e, no Brasil, nosso legítimo interesse em manter a Khel segura e melhorá-la. Não vendemos seus dados pessoais nem os usamos para publicidade de terceiros.',
        ]),
        privacy('kyc-data', 'Como protegemos seus documentos de KYC e o Aadhaar', [
          'Documentos de identidade recebem a nossa proteção mais forte:',
          [
            'Cada documento é guardado criptografado (AES-256-GCM) com uma chave própria, que por sua vez é criptografada com uma chave mestra mantida fora do banco de dados. O registro fica vinculado à sua conta e ao tipo de documento.',
            'Seu número Aadhaar nunca é guardado de forma legível: mantemos um registro criptografado em cofre e os 4 últimos dígitos para exibição (XXXX XXXX 1234). PAN e conta bancária também aparecem mascarados.',
            'Para conferir se um documento não está em uso em outra conta, comparamos um hash com chave do número, sem descriptografá-lo.',
            'Números de documentos nunca aparecem nos nossos logs, mensagens de erro ou filas de tarefas, e o app nunca os recebe de volta, nem para você.',
            'Enviamos seus documentos apenas ao nosso parceiro de verificação, apenas para verificá-los. Não usamos seu Aadhaar para mais nada e não coletamos biometria nem cópias do seu cartão Aadhaar.',
          ],
          'Antes de enviarmos seu número Aadhaar, você dá um consentimento explícito no app. Você pode revogar esse consentimento escrevendo para nós; então deixamos de usar seu Aadhaar, mas você não poderá resgatar ganhos na Índia até ser verificado de novo. A revogação não desfaz o que já foi feito.',
        ]),
        privacy('wallet', 'Sua carteira Khel', [
          'A chave da sua carteira Khel é criada nos nossos servidores e guardada criptografada do mesmo jeito que os documentos de identidade (uma chave própria, criptografada com uma chave mestra). Ela nunca sai dos nossos servidores. Quando sua conta é apagada, a chave é destruída.',
          'Endereços e transações numa blockchain são públicos por natureza e não podem ser alterados nem apagados por nós nem por ninguém.',
        ]),
        privacy('processors', 'Quem trata seus dados por nós', [
          'Alguns serviços são prestados por terceiros. Cada um recebe apenas o que sua tarefa exige:',
          [
            'SMS: seu número de telefone e a mensagem com o seu código.',
            'Login pelo WhatsApp: seu número de WhatsApp, por meio do WhatsApp.',
            'Login pelo Google: o Google nos informa o id, o e-mail e o nome da sua conta.',
            'Telegram: para o Mini App e o bot, o Telegram nos informa seu id, nome, nome de usuário, idioma e link da foto, e entrega as mensagens do bot.',
            'E-mail: seu endereço de e-mail e a mensagem com o seu código.',
            'Parceiro de verificação de identidade: seu PAN e nome, número Aadhaar, número da conta bancária, IFSC e nome do titular.',
            'Provedor de pagamentos: o valor, a moeda, o método e uma referência de cada pagamento; os dados de pagamento você informa diretamente a ele.',
            'Provedor de repasses: o número da sua conta bancária, o IFSC, o nome do titular e o valor pago.',
            'Blockchains: os endereços das suas carteiras e suas transações, que são públicos.',
            'Hospedagem: os servidores e bancos de dados em que a Khel roda.',
          ],
          'Google, Telegram, WhatsApp, bancos e blockchains também tratam dados segundo as próprias políticas. Nossos demais provedores só podem usar seus dados para trabalhar para nós.',
          'Descobrimos o país do seu endereço IP com um banco de dados offline mantido nos nossos próprios servidores (dados GeoLite2 criados pela MaxMind, disponíveis em [maxmind.com](https://www.maxmind.com)); seu IP não é enviado à MaxMind nem a ninguém para isso.',
          'Em servidores de teste e demonstração, esses serviços são substituídos por sandboxes que não contatam ninguém.',
          'Só compartilhamos dados com autoridades quando a lei exige: as autoridades fiscais, para o TDS; a Unidade de Inteligência Financeira da Índia (FIU-IND), para comunicações de lavagem de dinheiro; e tribunais ou a polícia, com uma ordem válida.',
        ]),
        privacy('transfers', 'Onde seus dados são tratados', [
          'Nossos servidores e provedores podem estar na Índia ou em outros países. Quando seus dados saem do seu país, usamos provedores que os protegem pelo menos tão bem quanto esta política, dentro dos limites da lei de proteção de dados da Índia e, para usuários no Brasil, das regras da LGPD sobre transferência internacional.',
        ]),
        privacy('retention', 'Por quanto tempo guardamos', [
          [
            'Conta, perfil, métodos de login e documentos de KYC: enquanto sua conta estiver aberta e até a eliminação que segue um pedido de exclusão.',
            'Códigos de login e de e-mail: válidos por 10 minutos; guardamos apenas um hash com chave.',
            'Registros de pagamentos, movimentações do livro-razão, pedidos da loja, repasses e impostos retidos: pelo tempo que a legislação contábil e tributária exigir (hoje, até oito anos), também depois que sua conta for apagada, com um id anônimo.',
            'Eventos de analytics: até 24 meses.',
            'Logs técnicos: até 90 dias.',
            'Registros em blockchain: para sempre, porque ninguém consegue apagá-los.',
          ],
        ]),
        privacy('deletion', 'Excluir sua conta', [
          'Você pode pedir a exclusão na [página de exclusão de conta](/delete-user-account). Nada é apagado durante 14 dias, e você pode cancelar a qualquer momento nesse período. Ao fim desse prazo, apagamos seu nome, número de telefone, e-mail, nome de usuário, dados do Telegram, foto de perfil, país, cidade e faculdade, preferências, todos os métodos de login vinculados, os códigos que enviamos a você, seus documentos de KYC e a chave da sua carteira Khel, e encerramos todas as suas sessões.',
          'O que fica está em "Por quanto tempo guardamos": registros financeiros e fiscais com um id anônimo que não leva mais até você. Depois da eliminação, entrar de novo com o mesmo número de telefone ou a mesma conta do Telegram cria uma conta nova.',
        ]),
        privacy('rights', 'Seus direitos', [
          'Você pode nos pedir:',
          [
            'um resumo dos dados pessoais que guardamos sobre você, de como os usamos e com quem os compartilhamos;',
            'que os corrijamos ou completemos (boa parte você mesmo edita no seu perfil);',
            'que os apaguemos (veja "Excluir sua conta");',
            'que deixemos de usar dados fornecidos com consentimento, revogando esse consentimento;',
            'na Índia, que registremos alguém que possa exercer esses direitos por você em caso de morte ou incapacidade;',
            'no Brasil, também a confirmação de que tratamos seus dados, uma cópia em formato portável, a anonimização de dados desnecessários e informações sobre as consequências de negar o consentimento.',
          ],
          `Escreva para ${mail(LEGAL_CONTACT.privacy)}. Podemos pedir que você comprove sua identidade e respondemos no prazo que a sua lei estabelece. Se não ficar satisfeito, você pode reclamar ao Data Protection Board da Índia ou, no Brasil, à ANPD (Autoridade Nacional de Proteção de Dados).`,
        ]),
        privacy('security', 'Segurança', [
          'As conexões com a Khel são criptografadas. Chaves e documentos de identidade ficam criptografados em repouso, códigos de login e tokens de renovação são guardados apenas como hash, as sessões são renovadas com tokens que mudam a cada uso e tentativas repetidas são limitadas. Só quem precisa tem acesso a dados pessoais.',
          'Se algum dia um incidente de segurança afetar seus dados, avisaremos você e as autoridades como a lei exige.',
        ]),
        privacy('children', 'Crianças e adolescentes', [
          'A Khel é só para maiores de 18 anos. Não coletamos dados de menores de propósito; se soubermos que uma conta pertence a um menor, vamos encerrá-la e apagar seus dados.',
        ]),
        privacy('storage', 'Cookies e armazenamento no seu dispositivo', [
          'O site guarda seu login (tokens de acesso e de id), seu idioma e sua região no armazenamento local do navegador, e o token de renovação num cookie seguro, que scripts não conseguem ler e que dura 30 dias. O Mini App guarda o próprio login do mesmo jeito, dentro do Telegram. O analytics é nosso: não há cookies de publicidade nem de rastreamento de terceiros.',
          'Sair da conta remove o login do seu dispositivo.',
        ]),
        privacy('changes', 'Mudanças nesta política', [
          'Quando alterarmos esta política, publicaremos a nova versão com novo número de versão e nova data. Para mudanças importantes, avisaremos você no app antes de entrarem em vigor e, quando a lei exigir, pediremos seu consentimento de novo.',
        ]),
        privacy('contact', 'Contato e encarregado', [
          `Para qualquer assunto sobre seus dados pessoais, e para reclamações ao nosso responsável por reclamações (encarregado): ${mail(LEGAL_CONTACT.privacy)}. Confirmamos o recebimento em até 24 horas e resolvemos as reclamações em até 15 dias, ou antes, quando a lei exigir.`,
        ]),
      ],
    },

    amlKycPolicy: {
      ...metaOf('amlKycPolicy'),
      title: 'Política de AML e KYC',
      summary:
        'Como a Khel verifica identidades na Índia, mantém uma conta por pessoa, monitora a lavagem de dinheiro e retém imposto sobre os ganhos.',
      sections: [
        amlKyc('purpose', 'Por que temos esta política', [
          'A Khel movimenta valor entre pessoas e bancos, então não pode virar um meio de lavar dinheiro, financiar crimes ou sonegar impostos. Esta política segue os princípios da Lei de Prevenção à Lavagem de Dinheiro da Índia, de 2002 (PMLA), e das regras criadas com base nela: saber quem são nossos clientes, acompanhar o que fazem, manter registros e comunicar o que parecer errado.',
        ]),
        amlKyc('scope', 'A quem se aplica', [
          'A política vale para todos os usuários da Khel. A verificação de identidade (KYC) é necessária para resgatar ganhos na Índia: ou seja, quando o país do seu perfil é a Índia ou, sem país definido, seu telefone começa com +91.',
          'Fora da Índia, hoje não pedimos verificação, porque resgatar apenas move ganhos para o seu K-Cash ganho e nenhum dinheiro sai da Khel. Podemos pedir verificação em outros países ou para outras atividades quando a lei ou o risco exigirem.',
        ]),
        amlKyc('verification', 'Verificação de identidade na Índia', [
          'Você verifica três coisas, nesta ordem:',
          [
            'PAN: o PAN de uma pessoa física (o quarto caractere é P) e seu nome exatamente como consta no PAN.',
            'Aadhaar: seu número Aadhaar de 12 dígitos, conferido contra erros de digitação, com seu consentimento explícito para compartilhá-lo com o nosso parceiro de verificação.',
            'Conta bancária: um número de conta de 9 a 18 dígitos e o IFSC da agência. O nome do titular deve corresponder ao nome do seu PAN; só conferimos a conta depois que o PAN for decidido.',
          ],
          'Cada documento é decidido pelo nosso parceiro de verificação; até lá ele aparece como pendente, e a página se atualiza sozinha quando a decisão chega. Um número no formato certo nunca é considerado verificado por si só. Como guardamos seus documentos está explicado na [Política de privacidade](/privacy-policy#kyc-data).',
        ]),
        amlKyc('one-account', 'Uma pessoa, uma conta, um conjunto de documentos', [
          'Um PAN, um número Aadhaar ou uma conta bancária só pode ser verificado em uma conta da Khel. Se estiver pendente ou verificado em outra conta, nós o recusamos. Conferimos isso com um hash com chave do número, nunca comparando números legíveis.',
          'Você pode trocar sua conta bancária; os resgates esperam até a nova conta ser verificada, e a conta antiga fica livre para o titular usar. Quando uma conta é apagada, seus documentos são excluídos e podem ser usados de novo.',
        ]),
        amlKyc('refusals', 'Quando recusamos ou interrompemos', [
          'Recusamos um documento, ou interrompemos o que você está fazendo, quando:',
          [
            'o formato está errado, ou o PAN não é de pessoa física;',
            'o parceiro de verificação não encontra o PAN ou o Aadhaar, o nome não corresponde, ou a conta bancária está encerrada ou em nome de outra pessoa;',
            'o documento está pendente ou verificado em outra conta;',
            'o mesmo tipo de documento é enviado mais de 10 vezes em uma hora (você pode tentar mais tarde);',
            'temos bons motivos para suspeitar de fraude, identidade falsa ou lavagem de dinheiro.',
          ],
          'Você pode reenviar um documento recusado com os dados corretos. Informamos o motivo da recusa, exceto quando a lei nos proíbe.',
        ]),
        amlKyc('monitoring', 'Como mantemos as movimentações limpas', [
          [
            'Cada movimentação de valor fica registrada num livro-razão de partidas dobradas que nunca pode ser editado, só acrescentado.',
            'O dinheiro só entra pelo nosso provedor de pagamentos, de um meio de pagamento em seu nome, dentro dos limites mostrados por pagamento.',
            'O K-Cash comprado nunca pode ser convertido em dinheiro. Isso fecha o caminho mais simples de lavagem: pôr dinheiro e tirá-lo de novo.',
            'Os ganhos só são pagos numa conta bancária em seu próprio nome, verificada com o seu PAN, nunca a outra pessoa.',
            'Procuramos sinais de abuso, como várias contas por trás de uma pessoa, sequências incomuns de pagamentos e trocas, ou recompensas obtidas com ferramentas automatizadas.',
          ],
        ]),
        amlKyc('records', 'Registros e comunicações', [
          'Guardamos registros de pagamentos, movimentações do livro-razão, repasses e impostos retidos pelo tempo que a lei exigir, como explica a [Política de privacidade](/privacy-policy#retention).',
          'Quando a lei exige, comunicamos transações suspeitas à Unidade de Inteligência Financeira da Índia (FIU-IND) e cumprimos ordens das autoridades competentes para reter ou bloquear valores. Quando a lei proíbe, não avisamos o usuário sobre uma comunicação.',
        ]),
        amlKyc('tds', 'Imposto sobre ganhos na Índia (TDS)', [
          'Quando você resgata ganhos na Índia, retemos imposto de renda de 30% dos seus ganhos líquidos, conforme a seção 194BA do Income-tax Act, 1961 e a Regra 133 das Income-tax Rules (ou as disposições que as substituírem).',
          [
            'Os ganhos líquidos do ano fiscal (de 1º de abril a 31 de março, horário da Índia) são: o que você resgatou, menos seus depósitos, menos seu saldo inicial, menos ganhos líquidos já tributados, e nunca ficam abaixo de zero.',
            'Nada é retido enquanto seus ganhos líquidos do mês forem de ₹100 ou menos; eles são tributados mais tarde no ano, como a regra prevê.',
            'O K-Cash é convertido em USDT e depois em rupias pela cotação mostrada; os valores em rupias são arredondados para baixo até o paisa, e o imposto para cima.',
            'Antes de você confirmar, mostramos o imposto, o valor que chegará ao seu banco e os números por trás deles.',
            'Recolhemos o imposto ao Governo da Índia em nome do seu PAN, para que ele apareça no seu extrato fiscal. Se o banco recusar o repasse, o imposto é estornado junto com o pagamento.',
          ],
          'Sua declaração de imposto de renda continua sendo responsabilidade sua. Fora da Índia não retemos imposto; declare seus ganhos como a lei local exigir.',
        ]),
        amlKyc('your-part', 'O que pedimos de você', [
          [
            'Use apenas seus próprios documentos, contas bancárias e meios de pagamento.',
            'Mantenha seus dados atualizados e nos avise se eles mudarem.',
            'Responda aos nossos pedidos razoáveis de mais informações.',
            'Nunca use a Khel para movimentar dinheiro para outra pessoa.',
          ],
          'Violar esta política pode levar à recusa da verificação, à retenção de ganhos e ao encerramento da conta, como descrevem os [Termos e condições](/terms-and-conditions#suspension).',
        ]),
        amlKyc('contact', 'Contato', [
          `Dúvidas sobre a verificação e esta política: ${mail(LEGAL_CONTACT.compliance)}.`,
        ]),
      ],
    },

    riskDisclosurePolicy: {
      ...metaOf('riskDisclosurePolicy'),
      title: 'Política de divulgação de riscos',
      summary:
        'Os riscos das moedas virtuais, das blockchains e das recompensas na Khel. Leia antes de comprar K-Cash ou conectar uma carteira.',
      sections: [
        risk('summary', 'Em resumo', [
          [
            'K-Cash, rKHEL e K-Points não são dinheiro e não são investimento.',
            'O K-Cash que você compra nunca pode ser resgatado ou sacado como dinheiro.',
            'Preços, cotações, tarifas e recompensas podem mudar.',
            'Transações em blockchain não podem ser revertidas.',
            'Ganhos nunca são garantidos.',
            'As leis sobre jogos e cripto podem mudar, e a Khel pode ter que mudar junto.',
          ],
        ]),
        risk('not-money', 'K-Cash, rKHEL e K-Points não são dinheiro', [
          'São unidades virtuais que só funcionam dentro da Khel. Não são moeda de curso legal; não são emitidas nem garantidas pelo Reserve Bank of India, pelo Banco Central do Brasil nem por governo algum; não são depósito bancário e não contam com garantia de depósitos (como o FGC); não rendem juros e seu valor não é garantido.',
          'A única forma de valor sair da Khel é resgatando ganhos, como descrevem os [Termos e condições](/terms-and-conditions#earnings).',
        ]),
        risk('bought-kcash', 'K-Cash comprado não pode ser sacado', [
          'A lei indiana de Promoção e Regulação de Jogos Online, de 2025, proíbe jogos online a dinheiro, em que as pessoas pagam na esperança de ganhar mais. A Khel foi feita para não ser um deles: o K-Cash que você compra serve para a K-Store e para trocas, e nunca pode ser resgatado ou sacado. Só as recompensas que você ganha em quests, campanhas e atividades de clã podem ser resgatadas.',
          'O K-Cash que você recebe numa troca também conta como comprado. Quando você paga na K-Store, gastamos primeiro o K-Cash comprado. Pense no K-Cash comprado como crédito de loja: compre só o que pretende gastar.',
        ]),
        risk('prices', 'Preços, cotações e tarifas podem mudar', [
          'As cotações entre rupias, reais, USDT e K-Cash, as tarifas, os preços da loja, as recompensas e os bônus podem mudar. A cotação mostrada antes de você pagar é a que vale para aquele pagamento.',
          'O USDT é uma stablecoin: busca valer sempre um dólar americano, mas pode perder esse valor, e seu emissor pode bloquear tokens. As cotações da rupia e do real frente ao dólar também variam.',
        ]),
        risk('blockchains', 'Blockchains são irreversíveis', [
          [
            'Uma transação numa blockchain (um pagamento em USDT, a cunhagem do seu cartão POG, uma transferência de carteira) não pode ser cancelada nem revertida depois de feita.',
            'Valores enviados a um endereço errado ou numa rede errada costumam se perder para sempre.',
            'As redes podem ficar lentas ou caras quando congestionadas, e contratos inteligentes podem ter falhas.',
            'Endereços e transações são públicos e ficam na blockchain para sempre.',
          ],
        ]),
        risk('wallets', 'Riscos das carteiras', [
          'Guardamos para você a chave da sua carteira Khel, criptografada. Se nossos sistemas falhassem ou fossem atacados, os ativos nela poderiam ser afetados. Quando sua conta é apagada, a chave é destruída e o que ainda estiver na carteira se perde: resgate ou gaste antes.',
          'As carteiras que você mesmo conecta estão só nas suas mãos. Quem descobrir sua frase de recuperação pode levar tudo o que há nelas. Nunca vamos pedi-la; quem pedir está tentando roubar você.',
        ]),
        risk('earnings', 'Ganhos não são garantidos', [
          'Quanto você ganha depende das regras de cada atividade, das vagas restantes, dos rankings e dos sorteios. Ganhos podem expirar se não forem resgatados a tempo e podem ser cancelados quando obtidos com fraude. Na Índia, o imposto reduz o que chega ao seu banco, e os bancos podem atrasar ou recusar um repasse ("Seu pagamento está demorando mais do que o normal para ser processado."); um repasse recusado volta para os seus ganhos.',
          'A Khel não é uma forma de ganhar a vida nem de investir.',
        ]),
        risk('law', 'As leis podem mudar', [
          'As regras para jogos online e ativos virtuais estão mudando na Índia, no Brasil e em outros lugares. Na Índia, a renda com ativos digitais virtuais como o USDT pode ser tributada à parte; no Brasil, os serviços de ativos virtuais estão sendo regulados pelo Banco Central. Uma nova lei ou uma decisão de um regulador pode nos obrigar a mudar, limitar ou encerrar recursos no seu país, às vezes com pouco aviso.',
          'Os impostos sobre o que você compra, mantém e ganha são responsabilidade sua; se tiver dúvida, consulte um especialista em tributos.',
        ]),
        risk('service', 'Riscos do serviço e dos provedores', [
          'A Khel depende dos nossos próprios sistemas e de terceiros: provedores de pagamentos e de repasses, bancos, Telegram, Google e blockchains. Qualquer um deles pode ficar lento ou indisponível, ou cometer erros. Um pagamento que chega depois de o checkout fechar é devolvido em vez de creditado, o que pode levar algum tempo.',
        ]),
        risk('responsible-play', 'Jogue com responsabilidade', [
          'Nunca gaste mais do que pode. Faça pausas e mantenha o jogo como diversão. Se jogar ou gastar começar a atrapalhar seus estudos, trabalho, finanças ou relacionamentos, pare e converse com alguém de confiança ou com um profissional.',
        ]),
        risk('contact', 'Dúvidas', [
          `Se algo aqui não estiver claro, escreva para ${mail(LEGAL_CONTACT.support)} antes de comprar.`,
        ]),
      ],
    },
  },
};
