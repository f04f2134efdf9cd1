<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>AddComputerDialog</name>
    <message>
        <source>Add a computer</source>
        <translation>Adicionar um computador</translation>
    </message>
    <message>
        <source>Another computer running an image server (Polaris Studio&apos;s serve, sd.cpp&apos;s sd-server, A1111, Forge or koboldcpp) draws the queue&apos;s pictures beside this one&apos;s card; they come home to this gallery.</source>
        <translation>Outro computador com um servidor de imagens (o serve do Polaris Studio, o sd-server do sd.cpp, A1111, Forge ou koboldcpp) desenha as imagens da fila ao lado da placa deste; elas voltam para esta galeria.</translation>
    </message>
    <message>
        <source>only if the server asks for one</source>
        <translation>só se o servidor pedir um</translation>
    </message>
    <message>
        <source>&amp;Address</source>
        <translation>&amp;Endereço</translation>
    </message>
    <message>
        <source>&amp;Token or user:password</source>
        <translation>&amp;Token ou usuário:senha</translation>
    </message>
    <message>
        <source>A&amp;dd</source>
        <translation>Adi&amp;cionar</translation>
    </message>
    <message>
        <source>{computer} is in the queue already.</source>
        <translation>{computer} já está na fila.</translation>
    </message>
    <message>
        <source>Asking {address} for its models…</source>
        <translation>Pedindo a {address} a lista de modelos…</translation>
    </message>
    <message>
        <source>{address} cannot be added: {why}.</source>
        <translation>{address} não pode ser adicionado: {why}.</translation>
    </message>
</context>
<context>
    <name>Advice</name>
    <message>
        <source>processor</source>
        <translation>o processador</translation>
    </message>
    <message>
        <source>None of the models to download fits your {card}: the Models window takes model files you already have.</source>
        <translation>Nenhum dos modelos para baixar serve para {card}: a janela Modelos aceita arquivos de modelo que você já tem.</translation>
    </message>
    <message>
        <source>Recommended for your {card}: {model}, {size} to download; a picture takes {time}.</source>
        <translation>Recomendado para {card}: {model}, {size} para baixar; uma imagem leva {time}.</translation>
    </message>
    <message>
        <source>No graphics device was found, so no model can be recommended yet.</source>
        <translation>Nenhum dispositivo gráfico foi encontrado, então ainda não dá para recomendar um modelo.</translation>
    </message>
    <message>
        <source>The drawing program did not start, so no model can be recommended yet.</source>
        <translation>O programa que desenha não iniciou, então ainda não dá para recomendar um modelo.</translation>
    </message>
    <message>
        <source>The graphics card did not say how much memory it has, so no model can be recommended.</source>
        <translation>A placa de vídeo não informou quanta memória tem, então não dá para recomendar um modelo.</translation>
    </message>
</context>
<context>
    <name>Backend</name>
    <message>
        <source>This copy of the app cannot build the drawing engine: {how}</source>
        <translation>Esta cópia do app não consegue compilar o motor de desenho: {how}</translation>
    </message>
    <message>
        <source>Building the drawing engine: this takes several minutes…</source>
        <translation>Compilando o motor de desenho: leva alguns minutos…</translation>
    </message>
    <message>
        <source>downloading {file}: {size}</source>
        <translation>baixando {file}: {size}</translation>
    </message>
    <message>
        <source>unpacking {file}</source>
        <translation>descompactando {file}</translation>
    </message>
    <message>
        <source>checked against the published file</source>
        <translation>conferido com o arquivo publicado</translation>
    </message>
    <message>
        <source>no published fingerprint to check it against; its own is {hash}…</source>
        <translation>não há impressão digital publicada para conferir; a dele é {hash}…</translation>
    </message>
    <message>
        <source>installed {program} ({verified})</source>
        <translation>{program} instalado ({verified})</translation>
    </message>
    <message>
        <source>Building the drawing engine did not finish: {error}</source>
        <translation>A compilação do motor de desenho não terminou: {error}</translation>
    </message>
    <message>
        <source>Building the drawing engine failed. Its last words: {line}</source>
        <translation>A compilação do motor de desenho falhou. Suas últimas palavras: {line}</translation>
    </message>
    <message>
        <source>it said nothing</source>
        <translation>não disse nada</translation>
    </message>
    <message>
        <source>given on the command line</source>
        <translation>indicado na linha de comando</translation>
    </message>
    <message>
        <source>your own</source>
        <translation>o seu</translation>
    </message>
    <message>
        <source>installed</source>
        <translation>instalado</translation>
    </message>
    <message>
        <source>bundled with the app</source>
        <translation>o que vem com o app</translation>
    </message>
</context>
<context>
    <name>BatchControls</name>
    <message>
        <source>Number of images</source>
        <translation>Número de imagens</translation>
    </message>
    <message>
        <source>How many pictures one click on Generate queues</source>
        <translation>Quantas imagens um clique em Gerar põe na fila</translation>
    </message>
    <message>
        <source>seeds in a row</source>
        <translation>seeds em sequência</translation>
    </message>
    <message>
        <source>random seeds</source>
        <translation>seeds aleatórias</translation>
    </message>
    <message>
        <source>Seeds of the images</source>
        <translation>Seeds das imagens</translation>
    </message>
    <message>
        <source>In a row: seed s, s+1, s+2… (small variations you can find again); random: each its own</source>
        <translation>Em sequência: seed s, s+1, s+2… (pequenas variações que você acha de novo); aleatórias: cada uma a sua</translation>
    </message>
    <message>
        <source>&amp;Prompt list…</source>
        <translation>&amp;Lista de prompts…</translation>
    </message>
    <message>
        <source>The same seed and settings for each prompt of a list</source>
        <translation>A mesma seed e os mesmos ajustes para cada prompt de uma lista</translation>
    </message>
    <message>
        <source>&amp;Images</source>
        <translation>&amp;Imagens</translation>
    </message>
    <message>
        <source>&amp;Prompt list: {count}</source>
        <translation>&amp;Lista de prompts: {count}</translation>
    </message>
</context>
<context>
    <name>CheckDialog</name>
    <message>
        <source>Everything needed is in place.</source>
        <translation>Tudo o que é preciso está pronto.</translation>
    </message>
    <message>
        <source>It will work, with the warnings below.</source>
        <translation>Vai funcionar, com os avisos abaixo.</translation>
    </message>
    <message>
        <source>Something below must be fixed first.</source>
        <translation>Algo abaixo precisa ser corrigido antes.</translation>
    </message>
    <message>
        <source>System check</source>
        <translation>Verificação do sistema</translation>
    </message>
    <message>
        <source>Checking the driver, Vulkan and this computer…</source>
        <translation>Verificando o driver, o Vulkan e este computador…</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Item</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <source>How to fix</source>
        <translation>Como corrigir</translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>Verificar de novo</translation>
    </message>
    <message>
        <source>Copy report</source>
        <translation>Copiar relatório</translation>
    </message>
    <message>
        <source>Save report…</source>
        <translation>Salvar relatório…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <source>Save report</source>
        <translation>Salvar relatório</translation>
    </message>
    <message>
        <source>Markdown (*.md);;JSON (*.json)</source>
        <translation>Markdown (*.md);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Could not save the report: {error}</source>
        <translation>Não foi possível salvar o relatório: {error}</translation>
    </message>
</context>
<context>
    <name>Computers</name>
    <message>
        <source>nothing answers at that address (is the image server running there, on that port?)</source>
        <translation>nada responde nesse endereço (o servidor de imagens está rodando lá, nessa porta?)</translation>
    </message>
    <message>
        <source>no computer on the network has that name</source>
        <translation>nenhum computador na rede tem esse nome</translation>
    </message>
    <message>
        <source>it did not answer in time</source>
        <translation>ele não respondeu a tempo</translation>
    </message>
    <message>
        <source>it closed the connection</source>
        <translation>ele fechou a conexão</translation>
    </message>
    <message>
        <source>it does not speak plain http at that address</source>
        <translation>ele não fala http simples nesse endereço</translation>
    </message>
    <message>
        <source>the connection to it failed</source>
        <translation>a conexão com ele falhou</translation>
    </message>
    <message>
        <source>it asks for a token or user:password, and the one given (if any) is not right</source>
        <translation>ele pede um token ou usuário:senha, e o informado (se houver) não está certo</translation>
    </message>
    <message>
        <source>it answers, but not as an A1111-style image server (no /sdapi/v1 there)</source>
        <translation>ele responde, mas não como um servidor de imagens no estilo A1111 (não há /sdapi/v1 lá)</translation>
    </message>
    <message>
        <source>it refused the job: {reason}</source>
        <translation>ele recusou o trabalho: {reason}</translation>
    </message>
    <message>
        <source>it answered with error {status}</source>
        <translation>ele respondeu com o erro {status}</translation>
    </message>
    <message>
        <source>it is closing</source>
        <translation>ele está sendo fechado</translation>
    </message>
    <message>
        <source> (drawn by {computer})</source>
        <translation> (desenhada por {computer})</translation>
    </message>
    <message>
        <source>{computer} has no model named {model}: it draws with the model it has loaded{which}</source>
        <translation>{computer} não tem nenhum modelo chamado {model}: ele desenha com o modelo que tem carregado{which}</translation>
    </message>
    <message>
        <source>{computer}: {why}</source>
        <translation>{computer}: {why}</translation>
    </message>
    <message>
        <source>the connection was cut while it drew ({why})</source>
        <translation>a conexão caiu enquanto ele desenhava ({why})</translation>
    </message>
    <message>
        <source>the connection to {computer} was cut; asking it again for the same job</source>
        <translation>a conexão com {computer} caiu; pedindo de novo o mesmo trabalho</translation>
    </message>
    <message>
        <source>{computer} answered without a picture</source>
        <translation>{computer} respondeu sem imagem</translation>
    </message>
</context>
<context>
    <name>Download</name>
    <message>
        <source>not enough free space in {folder} for {file} ({size} needed): free some space or choose another folder</source>
        <translation>não há espaço livre suficiente em {folder} para {file} (faltam {size}): libere espaço ou escolha outra pasta</translation>
    </message>
    <message>
        <source>the server kept answering {error}</source>
        <translation>o servidor continuou respondendo {error}</translation>
    </message>
    <message>
        <source>this computer seems to be offline (the server&apos;s name could not be found)</source>
        <translation>este computador parece estar sem internet (o nome do servidor não foi encontrado)</translation>
    </message>
    <message>
        <source>the server did not answer in time</source>
        <translation>o servidor não respondeu a tempo</translation>
    </message>
    <message>
        <source>the server could not be reached</source>
        <translation>não foi possível chegar ao servidor</translation>
    </message>
    <message>
        <source>the connection was cut</source>
        <translation>a conexão caiu</translation>
    </message>
    <message>
        <source>{cause} while fetching {file}; check the connection, then try again: the download goes on from where it stopped</source>
        <translation>{cause} ao baixar {file}; verifique a conexão e tente de novo: o download continua de onde parou</translation>
    </message>
    <message>
        <source>too many redirects for {address}</source>
        <translation>redirecionamentos demais para {address}</translation>
    </message>
    <message>
        <source>{file} is not on the server any more: the catalog needs updating; check for a newer Polaris Studio</source>
        <translation>{file} não está mais no servidor: o catálogo precisa ser atualizado; procure uma versão nova do Polaris Studio</translation>
    </message>
    <message>
        <source>the server answered {status} for {file}; try later</source>
        <translation>o servidor respondeu {status} para {file}; tente mais tarde</translation>
    </message>
    <message>
        <source>{file}: cancelled; it resumes from {size} next time</source>
        <translation>{file}: cancelado; da próxima vez continua a partir de {size}</translation>
    </message>
    <message>
        <source>cannot write {file}: {error}; free some space or choose another models folder, then download again (it resumes)</source>
        <translation>não foi possível gravar {file}: {error}; libere espaço ou escolha outra pasta de modelos e baixe de novo (continua de onde parou)</translation>
    </message>
    <message>
        <source>{file} arrived damaged (it is not the published file); it was deleted: download it again</source>
        <translation>{file} chegou corrompido (não é o arquivo publicado); foi apagado: baixe de novo</translation>
    </message>
    <message>
        <source>the catalog lists no address for {file}</source>
        <translation>o catálogo não tem endereço para {file}</translation>
    </message>
    <message>
        <source>the model file</source>
        <translation>o arquivo do modelo</translation>
    </message>
    <message>
        <source>the {part} file</source>
        <translation>o arquivo {part}</translation>
    </message>
    <message>
        <source>{model} needs {size} more in {folder}, which has {free} free: free some space or choose another models folder</source>
        <translation>{model} precisa de mais {size} em {folder}, que tem {free} livres: libere espaço ou escolha outra pasta de modelos</translation>
    </message>
    <message>
        <source>{path} is not the published {file}: delete or move it, then download again</source>
        <translation>{path} não é o {file} publicado: apague ou mova o arquivo e baixe de novo</translation>
    </message>
    <message>
        <source>cannot use {folder}: {error}; choose another folder</source>
        <translation>não é possível usar {folder}: {error}; escolha outra pasta</translation>
    </message>
</context>
<context>
    <name>DraftsRow</name>
    <message>
        <source>Number of drafts</source>
        <translation>Número de rascunhos</translation>
    </message>
    <message>
        <source>Quick versions at half the size and half the steps, each its own seed; then finish the one you like (the gallery&apos;s More → Finish at full size)</source>
        <translation>Versões rápidas com metade do tamanho e metade dos passos, cada uma com sua semente; depois finalize a que você gostar (na galeria, Mais → Finalizar no tamanho cheio)</translation>
    </message>
    <message>
        <source>Time of the drafts and of the finish</source>
        <translation>Tempo dos rascunhos e da finalização</translation>
    </message>
    <message>
        <source>Try {count} drafts</source>
        <translation>Experimentar {count} rascunhos</translation>
    </message>
</context>
<context>
    <name>ExtendDialog</name>
    <message>
        <source>Extend {name}</source>
        <translation>Expandir {name}</translation>
    </message>
    <message>
        <source>What the new area shows</source>
        <translation>O que a área nova mostra</translation>
    </message>
    <message>
        <source>How freely the new area is painted: 100% ignores the picture&apos;s edge colours it starts from</source>
        <translation>Com quanta liberdade a área nova é pintada: 100% ignora as cores da borda da imagem de onde ela parte</translation>
    </message>
    <message>
        <source>&amp;Queue</source>
        <translation>Pôr na fi&amp;la</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Pixels to add at the {side}</source>
        <translation>Pixels a adicionar: {side}</translation>
    </message>
    <message>
        <source>&amp;Strength</source>
        <translation>&amp;Força</translation>
    </message>
    <message>
        <source>&amp;Prompt</source>
        <translation>&amp;Prompt</translation>
    </message>
    <message>
        <source>The picture is {width}x{height}: choose how many pixels to add on each side.</source>
        <translation>A imagem tem {width}x{height}: escolha quantos pixels adicionar em cada lado.</translation>
    </message>
    <message>
        <source>{width}x{height} grows to {new_width}x{new_height}; the picture itself is kept.</source>
        <translation>{width}x{height} passa a {new_width}x{new_height}; a imagem em si é mantida.</translation>
    </message>
    <message>
        <source>Extending {name} when the jobs before it are done…</source>
        <translation>Expandindo {name} quando as tarefas anteriores terminarem…</translation>
    </message>
    <message>
        <source>Extending {name}…</source>
        <translation>Expandindo {name}…</translation>
    </message>
</context>
<context>
    <name>Faces</name>
    <message>
        <source>Fix faces: repainting a face at {width}x{height}</source>
        <translation>Corrigir rostos: repintando um rosto em {width}x{height}</translation>
    </message>
    <message>
        <source>no picture came</source>
        <translation>nenhuma imagem veio</translation>
    </message>
    <message>
        <source>Fix faces: a face could not be repainted ({why}); the picture keeps it as drawn</source>
        <translation>Corrigir rostos: um rosto não pôde ser repintado ({why}); a imagem o mantém como foi desenhado</translation>
    </message>
</context>
<context>
    <name>FileField</name>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>Browse for: {file}</source>
        <translation>Procurar: {file}</translation>
    </message>
    <message>
        <source>Models (*.gguf *.safetensors *.ckpt);;All files (*)</source>
        <translation>Modelos (*.gguf *.safetensors *.ckpt);;Todos os arquivos (*)</translation>
    </message>
</context>
<context>
    <name>FirstStart</name>
    <message>
        <source>Welcome to Polaris Studio</source>
        <translation>Bem-vindo ao Polaris Studio</translation>
    </message>
    <message>
        <source>Checking your graphics card, driver and this computer…</source>
        <translation>Verificando sua placa de vídeo, o driver e este computador…</translation>
    </message>
    <message>
        <source>Looking for the model that suits your card…</source>
        <translation>Procurando o modelo que combina com a sua placa…</translation>
    </message>
    <message>
        <source>Download of the recommended model</source>
        <translation>Download do modelo recomendado</translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation>&amp;Baixar</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Parar</translation>
    </message>
    <message>
        <source>Pause the download: it goes on from where it stopped</source>
        <translation>Pausar o download: ele continua de onde parou</translation>
    </message>
    <message>
        <source>&amp;Make my first picture</source>
        <translation>&amp;Fazer minha primeira imagem</translation>
    </message>
    <message>
        <source>Use the d&amp;emo model</source>
        <translation>Usar o modelo de &amp;demonstração</translation>
    </message>
    <message>
        <source>&amp;Not now</source>
        <translation>&amp;Agora não</translation>
    </message>
    <message>
        <source>It is already here.</source>
        <translation>Ele já está aqui.</translation>
    </message>
    <message>
        <source>&amp;Resume the download</source>
        <translation>&amp;Continuar o download</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Conectando…</translation>
    </message>
    <message>
        <source>Downloading: {done} of {total}</source>
        <translation>Baixando: {done} de {total}</translation>
    </message>
    <message>
        <source>The model is here and checked.</source>
        <translation>O modelo está aqui e conferido.</translation>
    </message>
    <message>
        <source>The download is paused: it goes on from where it stopped next time.</source>
        <translation>O download está pausado: da próxima vez ele continua de onde parou.</translation>
    </message>
    <message>
        <source>&amp;Try again</source>
        <translation>&amp;Tentar de novo</translation>
    </message>
</context>
<context>
    <name>Folds</name>
    <message>
        <source>The drawing program&apos;s log</source>
        <translation>O registro do programa que desenha</translation>
    </message>
    <message>
        <source>Advanced settings</source>
        <translation>Configurações avançadas</translation>
    </message>
</context>
<context>
    <name>Gallery</name>
    <message>
        <source>Rebuilding the gallery from your images…</source>
        <translation>Reconstruindo a galeria a partir das suas imagens…</translation>
    </message>
</context>
<context>
    <name>GalleryPanel</name>
    <message>
        <source>Search prompts…</source>
        <translation>Buscar nos prompts…</translation>
    </message>
    <message>
        <source>Search the gallery&apos;s prompts</source>
        <translation>Buscar nos prompts da galeria</translation>
    </message>
    <message>
        <source>Show only my favourites</source>
        <translation>Mostrar só as minhas favoritas</translation>
    </message>
    <message>
        <source>Favourites only</source>
        <translation>Só favoritas</translation>
    </message>
    <message>
        <source>Gallery</source>
        <translation>Galeria</translation>
    </message>
    <message>
        <source>Reuse settings</source>
        <translation>Reusar ajustes</translation>
    </message>
    <message>
        <source>Put this picture&apos;s prompt, model and settings back, its seed too: Generate draws the same picture again</source>
        <translation>Traz de volta o prompt, o modelo e os ajustes desta imagem, a seed também: Gerar desenha a mesma imagem de novo</translation>
    </message>
    <message>
        <source>Favourite</source>
        <translation>Favorita</translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation>Copiar imagem</translation>
    </message>
    <message>
        <source>Reuse seed</source>
        <translation>Reusar seed</translation>
    </message>
    <message>
        <source>Copy parameters</source>
        <translation>Copiar parâmetros</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>Abrir pasta</translation>
    </message>
    <message>
        <source>Move to trash</source>
        <translation>Mover para a lixeira</translation>
    </message>
    <message>
        <source>Use as input</source>
        <translation>Usar como entrada</translation>
    </message>
    <message>
        <source>Fix faces</source>
        <translation>Corrigir rostos</translation>
    </message>
    <message>
        <source>Repaint each face of the picture at the model&apos;s own size (as ADetailer); every other pixel is kept</source>
        <translation>Repinta cada rosto da imagem no tamanho próprio do modelo (como o ADetailer); todos os outros pixels são mantidos</translation>
    </message>
    <message>
        <source>Finish at full size</source>
        <translation>Finalizar no tamanho cheio</translation>
    </message>
    <message>
        <source>Draw this draft (or any picture) again at the full size from itself: its composition is kept</source>
        <translation>Desenha este rascunho (ou qualquer imagem) de novo no tamanho cheio a partir dele mesmo: a composição é mantida</translation>
    </message>
    <message>
        <source>Edit this picture</source>
        <translation>Editar esta imagem</translation>
    </message>
    <message>
        <source>Upscale ×{factor}</source>
        <translation>Ampliar ×{factor}</translation>
    </message>
    <message>
        <source>Extend…</source>
        <translation>Expandir…</translation>
    </message>
    <message>
        <source>Make the picture larger on any side; the model paints the new area</source>
        <translation>Aumentar a imagem em qualquer lado; o modelo pinta a área nova</translation>
    </message>
    <message>
        <source>More</source>
        <translation>Mais</translation>
    </message>
    <message>
        <source>More actions for the chosen image</source>
        <translation>Mais ações para a imagem escolhida</translation>
    </message>
    <message>
        <source>Images selected: {count}</source>
        <translation>Imagens selecionadas: {count}</translation>
    </message>
    <message>
        <source>Edit this picture (needs a FLUX.2 klein model)</source>
        <translation>Editar esta imagem (precisa de um modelo FLUX.2 klein)</translation>
    </message>
    <message>
        <source>Make a new picture from this one, the prompt saying what to change</source>
        <translation>Fazer uma nova imagem a partir desta, com o prompt dizendo o que mudar</translation>
    </message>
    <message>
        <source>Choose a FLUX.2 klein model to edit pictures</source>
        <translation>Escolha um modelo FLUX.2 klein para editar imagens</translation>
    </message>
    <message>
        <source>Could not move {files} to the trash: it may be open in another program. Close it there and try again; the image stays in the gallery.</source>
        <translation>Não foi possível mover {files} para a lixeira: talvez esteja aberto em outro programa. Feche lá e tente de novo; a imagem continua na galeria.</translation>
    </message>
</context>
<context>
    <name>GenerateButtons</name>
    <message>
        <source>&amp;Generate</source>
        <translation>&amp;Gerar</translation>
    </message>
    <message>
        <source>Draw the picture (Ctrl+Enter)</source>
        <translation>Desenhar a imagem (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Stop drawing (Esc)</source>
        <translation>Parar de desenhar (Esc)</translation>
    </message>
    <message>
        <source>Add to &amp;queue</source>
        <translation>Adicionar à &amp;fila</translation>
    </message>
    <message>
        <source>Queue these settings too; they run after the jobs before them</source>
        <translation>Põe estes ajustes na fila também; rodam depois das tarefas anteriores</translation>
    </message>
</context>
<context>
    <name>Generation</name>
    <message>
        <source>no live preview: cannot make its temporary folder ({error})</source>
        <translation>sem prévia ao vivo: não foi possível criar a pasta temporária ({error})</translation>
    </message>
    <message>
        <source>the picture could not be finished ({error})</source>
        <translation>não foi possível terminar a imagem ({error})</translation>
    </message>
    <message>
        <source>the picture is kept without its settings: {why}</source>
        <translation>a imagem foi guardada sem os ajustes: {why}</translation>
    </message>
    <message>
        <source>{error}{tried}: it is set aside, not in the gallery.</source>
        <translation>{error}{tried}: ela foi separada, não está na galeria.</translation>
    </message>
    <message>
        <source>the gallery could not list the picture yet: {error}</source>
        <translation>a galeria ainda não conseguiu listar a imagem: {error}</translation>
    </message>
    <message>
        <source>Even the safest placement ran out of video memory</source>
        <translation>Até a distribuição mais segura ficou sem memória de vídeo</translation>
    </message>
    <message>
        <source>These memory settings ran out of video memory; automatic placement may fit</source>
        <translation>Estes ajustes de memória ficaram sem memória de vídeo; a distribuição automática pode caber</translation>
    </message>
    <message>
        <source>{error}. {advice}: try a smaller image, a lower quantization (Q4_K, T5-XXL q8_0) or SD 1.5.</source>
        <translation>{error}. {advice}: tente uma imagem menor, uma quantização mais baixa (Q4_K, T5-XXL q8_0) ou SD 1.5.</translation>
    </message>
    <message>
        <source>The check doubted the picture ({error}), but the safer try drew the same picture: it is what the model drew, so it is kept.</source>
        <translation>A verificação duvidou da imagem ({error}), mas a tentativa mais segura desenhou a mesma imagem: é o que o modelo desenhou, então ela é mantida.</translation>
    </message>
    <message>
        <source>{error}; trying once more {how}.</source>
        <translation>{error}; tentando mais uma vez {how}.</translation>
    </message>
    <message>
        <source> on the safer try too</source>
        <translation> também na tentativa mais segura</translation>
    </message>
    <message>
        <source>It is kept in {folder}</source>
        <translation>Ela está guardada em {folder}</translation>
    </message>
    <message>
        <source>It is still in {file} ({why})</source>
        <translation>Ela ainda está em {file} ({why})</translation>
    </message>
    <message>
        <source>cannot use output folder {folder}: {error}</source>
        <translation>não é possível usar a pasta de saída {folder}: {error}</translation>
    </message>
</context>
<context>
    <name>ImageView</name>
    <message>
        <source>No picture yet: write a prompt and press Generate</source>
        <translation>Nenhuma imagem ainda: escreva um prompt e clique em Gerar</translation>
    </message>
    <message>
        <source>Picture</source>
        <translation>Imagem</translation>
    </message>
    <message>
        <source>Previous picture</source>
        <translation>Imagem anterior</translation>
    </message>
    <message>
        <source>Previous picture in the gallery (Alt+Left)</source>
        <translation>Imagem anterior da galeria (Alt+Esquerda)</translation>
    </message>
    <message>
        <source>Next picture</source>
        <translation>Próxima imagem</translation>
    </message>
    <message>
        <source>Next picture in the gallery (Alt+Right)</source>
        <translation>Próxima imagem da galeria (Alt+Direita)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Ajustar</translation>
    </message>
    <message>
        <source>Fit to window</source>
        <translation>Ajustar à janela</translation>
    </message>
    <message>
        <source>Show the whole picture (F)</source>
        <translation>Mostrar a imagem inteira (F)</translation>
    </message>
    <message>
        <source>Actual size</source>
        <translation>Tamanho real</translation>
    </message>
    <message>
        <source>One picture pixel per screen pixel (1)</source>
        <translation>Um pixel da imagem por pixel da tela (1)</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Diminuir zoom</translation>
    </message>
    <message>
        <source>Zoom out (-)</source>
        <translation>Diminuir zoom (-)</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>Aumentar zoom</translation>
    </message>
    <message>
        <source>Zoom in (+)</source>
        <translation>Aumentar zoom (+)</translation>
    </message>
    <message>
        <source>preview of step {step}</source>
        <translation>prévia do passo {step}</translation>
    </message>
</context>
<context>
    <name>JobQueue</name>
    <message>
        <source>The picture could not be kept: {problem}</source>
        <translation>Não foi possível manter a imagem: {problem}</translation>
    </message>
    <message>
        <source>a card or computer named {name} is already in the queue</source>
        <translation>uma placa ou computador chamado {name} já está na fila</translation>
    </message>
    <message>
        <source>{computer} is set aside: {why}. Its job waits for another card; tick {computer} in the queue to use it again.</source>
        <translation>{computer} foi deixado de lado: {why}. O trabalho dele espera outra placa; marque {computer} na fila para usá-lo de novo.</translation>
    </message>
    <message>
        <source>The job queue could not be saved ({error}); it is kept until the app closes.</source>
        <translation>Não foi possível salvar a fila de tarefas ({error}); ela fica guardada até o app fechar.</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>Follow the system</source>
        <translation>Seguir o sistema</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>The window will speak {language} when Polaris Studio starts again.</source>
        <translation>A janela vai falar {language} quando o Polaris Studio abrir de novo.</translation>
    </message>
    <message>
        <source>A picture is being made now: restart the app after it is done.</source>
        <translation>Uma imagem está sendo feita agora: reinicie o app quando ela terminar.</translation>
    </message>
    <message>
        <source>&amp;Restart now</source>
        <translation>&amp;Reiniciar agora</translation>
    </message>
    <message>
        <source>&amp;Later</source>
        <translation>&amp;Depois</translation>
    </message>
</context>
<context>
    <name>LoraPicker</name>
    <message>
        <source>LoRA files (.safetensors, .gguf) in {folder}</source>
        <translation>Arquivos LoRA (.safetensors, .gguf) em {folder}</translation>
    </message>
    <message>
        <source>LoRA weight</source>
        <translation>Peso do LoRA</translation>
    </message>
    <message>
        <source>Add LoRA</source>
        <translation>Adicionar LoRA</translation>
    </message>
    <message>
        <source>Add the chosen LoRA to the prompt</source>
        <translation>Adicionar o LoRA escolhido ao prompt</translation>
    </message>
    <message>
        <source>LoRA folder…</source>
        <translation>Pasta de LoRA…</translation>
    </message>
    <message>
        <source>Put LoRA files in {folder}, or add them in the Models window</source>
        <translation>Coloque arquivos LoRA em {folder} ou adicione-os na janela Modelos</translation>
    </message>
    <message>
        <source>LoRAs this prompt uses</source>
        <translation>LoRAs que este prompt usa</translation>
    </message>
    <message>
        <source>{name} ({weight}) - not in the folder</source>
        <translation>{name} ({weight}) - não está na pasta</translation>
    </message>
    <message>
        <source>Uses: {loras}</source>
        <translation>Usa: {loras}</translation>
    </message>
    <message>
        <source>No LoRA</source>
        <translation>Nenhum LoRA</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Check s&amp;ystem</source>
        <translation>&amp;Checar sistema</translation>
    </message>
    <message>
        <source>Check the driver, Vulkan and this computer</source>
        <translation>Verifica o driver, o Vulkan e este computador</translation>
    </message>
    <message>
        <source>Output &amp;folder…</source>
        <translation>Pasta de saí&amp;da…</translation>
    </message>
    <message>
        <source>Get mod&amp;els…</source>
        <translation>Obter mod&amp;elos…</translation>
    </message>
    <message>
        <source>Download Flux, SD 1.5 or SDXL, or add model files you already have</source>
        <translation>Baixe Flux, SD 1.5 ou SDXL, ou adicione arquivos de modelo que você já tem</translation>
    </message>
    <message>
        <source>Ad&amp;vanced</source>
        <translation>A&amp;vançado</translation>
    </message>
    <message>
        <source>Model files, sampler, CFG, seed, memory and the plan</source>
        <translation>Arquivos do modelo, sampler, CFG, seed, memória e o plano</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>&amp;Details</source>
        <translation>Detal&amp;hes</translation>
    </message>
    <message>
        <source>The memory gauge, the switch that lets other apps draw here, and the log of the drawing program</source>
        <translation>O medidor de memória, a chave que deixa outros apps desenharem aqui e o registro do programa de desenho</translation>
    </message>
    <message>
        <source>What the system check found</source>
        <translation>O que a verificação do sistema encontrou</translation>
    </message>
    <message>
        <source>About the demo model</source>
        <translation>Sobre o modelo de demonstração</translation>
    </message>
    <message>
        <source>About the gallery</source>
        <translation>Sobre a galeria</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Modelo</translation>
    </message>
    <message>
        <source>Out of video memory: upscaling again in tiles of {tile} px</source>
        <translation>Sem memória de vídeo: ampliando de novo em blocos de {tile} px</translation>
    </message>
    <message>
        <source>Jobs from last time waiting in the queue: {count}. Press Run queue to draw them.</source>
        <translation>Tarefas da última vez esperando na fila: {count}. Clique em Rodar fila para desenhá-las.</translation>
    </message>
    <message>
        <source>The demo model draws colourful noise, not your prompt. For real pictures: “{button}” beside the model picker.</source>
        <translation>O modelo de demonstração desenha ruído colorido, não o seu prompt. Para imagens de verdade: “{button}”, ao lado da escolha de modelo.</translation>
    </message>
    <message>
        <source>Checking your graphics card, driver and this computer…</source>
        <translation>Verificando sua placa de vídeo, o driver e este computador…</translation>
    </message>
    <message>
        <source>Full &amp;check…</source>
        <translation>Verifica&amp;ção completa…</translation>
    </message>
    <message>
        <source>Where finished images go</source>
        <translation>Onde as imagens prontas ficam</translation>
    </message>
    <message>
        <source>New images go to {folder}</source>
        <translation>As novas imagens vão para {folder}</translation>
    </message>
    <message>
        <source>{name} carries no settings to reuse.</source>
        <translation>{name} não traz configurações para reutilizar.</translation>
    </message>
    <message>
        <source>Reused the settings, but these files are gone: {files}</source>
        <translation>Configurações reutilizadas, mas estes arquivos sumiram: {files}</translation>
    </message>
    <message>
        <source>The settings of {name} are back, its seed {seed} too: Generate draws the same picture. For a new one, set Seed to random in Advanced.</source>
        <translation>Os ajustes de {name} estão de volta, a seed {seed} também: Gerar desenha a mesma imagem. Para uma nova, ponha a Seed em aleatória em Avançado.</translation>
    </message>
    <message>
        <source>The next image starts from {name}; set the strength, or paint a mask to repaint only part of it.</source>
        <translation>A próxima imagem parte de {name}; ajuste a intensidade ou pinte uma máscara para repintar só uma parte.</translation>
    </message>
    <message>
        <source>The next image edits {name}: write what to change as the prompt (e.g. &apos;make the sky stormy&apos;).</source>
        <translation>A próxima imagem edita {name}: escreva no prompt o que mudar (ex.: &apos;deixe o céu tempestuoso&apos;).</translation>
    </message>
    <message>
        <source>Fixing the faces of {name}…</source>
        <translation>Corrigindo os rostos de {name}…</translation>
    </message>
    <message>
        <source>Drawing {count} drafts: pick the one you like in the gallery, then More → Finish at full size.</source>
        <translation>Desenhando {count} rascunhos: escolha o que você gostar na galeria, depois Mais → Finalizar no tamanho cheio.</translation>
    </message>
    <message>
        <source>Finishing {name} {how}…</source>
        <translation>Finalizando {name} {how}…</translation>
    </message>
    <message>
        <source>No upscaler yet: download RealESRGAN x4plus anime 6B in the Models window, or add an ESRGAN model there.</source>
        <translation>Ainda não há ampliador: baixe o RealESRGAN x4plus anime 6B na janela Modelos ou adicione lá um modelo ESRGAN.</translation>
    </message>
    <message>
        <source>Upscaling {name} x{factor} with {model} when the jobs before it are done…</source>
        <translation>Ampliando {name} x{factor} com {model} quando as tarefas anteriores terminarem…</translation>
    </message>
    <message>
        <source>Upscaling {name} x{factor} with {model}…</source>
        <translation>Ampliando {name} x{factor} com {model}…</translation>
    </message>
    <message>
        <source>the demo&apos;s upscaler (noise, to show how it works)</source>
        <translation>o ampliador da demonstração (ruído, para mostrar como funciona)</translation>
    </message>
    <message>
        <source>Mod&amp;els…</source>
        <translation>Mod&amp;elos…</translation>
    </message>
</context>
<context>
    <name>MaskPainter</name>
    <message>
        <source>Mask: paint where the picture should change</source>
        <translation>Máscara: pinte onde a imagem deve mudar</translation>
    </message>
    <message>
        <source>No picture</source>
        <translation>Nenhuma imagem</translation>
    </message>
    <message>
        <source>Brush size</source>
        <translation>Tamanho do pincel</translation>
    </message>
    <message>
        <source>Eraser</source>
        <translation>Borracha</translation>
    </message>
    <message>
        <source>Erase the mask instead of painting it</source>
        <translation>Apagar a máscara em vez de pintar</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Limpar</translation>
    </message>
    <message>
        <source>Invert</source>
        <translation>Inverter</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Desfazer</translation>
    </message>
    <message>
        <source>Brush</source>
        <translation>Pincel</translation>
    </message>
</context>
<context>
    <name>ModelsWindow</name>
    <message>
        <source>installed</source>
        <translation>instalado</translation>
    </message>
    <message>
        <source>installed, unverified</source>
        <translation>instalado, não conferido</translation>
    </message>
    <message>
        <source>partly downloaded</source>
        <translation>baixado em parte</translation>
    </message>
    <message>
        <source>not downloaded</source>
        <translation>não baixado</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelos</translation>
    </message>
    <message>
        <source>Use another engine…</source>
        <translation>Usar outro motor…</translation>
    </message>
    <message>
        <source>Back to the app&apos;s engine</source>
        <translation>Voltar ao motor do app</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Baixar</translation>
    </message>
    <message>
        <source>This file&apos;s download</source>
        <translation>Download deste arquivo</translation>
    </message>
    <message>
        <source>Download the engine</source>
        <translation>Baixar o motor</translation>
    </message>
    <message>
        <source>Downloads stable-diffusion.cpp again from its makers, if the engine is missing or damaged.</source>
        <translation>Baixa o stable-diffusion.cpp de novo, direto dos seus autores, se o motor estiver faltando ou danificado.</translation>
    </message>
    <message>
        <source>Build the engine</source>
        <translation>Compilar o motor</translation>
    </message>
    <message>
        <source>Install the engine</source>
        <translation>Instalar o motor</translation>
    </message>
    <message>
        <source>Says how to get the engine for this copy of the app.</source>
        <translation>Diz como obter o motor para esta cópia do app.</translation>
    </message>
    <message>
        <source>The whole model&apos;s download</source>
        <translation>Download do modelo inteiro</translation>
    </message>
    <message>
        <source>Add files I already have…</source>
        <translation>Adicionar arquivos que já tenho…</translation>
    </message>
    <message>
        <source>Add a folder…</source>
        <translation>Adicionar uma pasta…</translation>
    </message>
    <message>
        <source>What was added</source>
        <translation>O que foi adicionado</translation>
    </message>
    <message>
        <source>Files you add are inspected and put in their slots here.</source>
        <translation>Os arquivos que você adicionar são examinados e colocados nos lugares certos aqui.</translation>
    </message>
    <message>
        <source>Does it see my graphics card?</source>
        <translation>Ele vê minha placa de vídeo?</translation>
    </message>
    <message>
        <source>The engine&apos;s installation</source>
        <translation>Instalação do motor</translation>
    </message>
    <message>
        <source>The drawing engine is the program that turns your words into pictures: stable-diffusion.cpp, drawing on your graphics card through Vulkan. The app comes with one; you need these buttons only when it is missing or to try another one.</source>
        <translation>O motor de desenho é o programa que transforma suas palavras em imagens: o stable-diffusion.cpp, que desenha na sua placa de vídeo por meio do Vulkan. O app já vem com um; você só precisa destes botões se ele faltar ou para experimentar outro.</translation>
    </message>
    <message>
        <source>Starts the engine once and says which graphics cards it can draw on.</source>
        <translation>Liga o motor uma vez e diz em quais placas de vídeo ele consegue desenhar.</translation>
    </message>
    <message>
        <source>Draws with a stable-diffusion.cpp program (sd-cli) that you built or downloaded yourself.</source>
        <translation>Desenha com um programa stable-diffusion.cpp (sd-cli) que você mesmo compilou ou baixou.</translation>
    </message>
    <message>
        <source>Draws with the engine that came with the app again.</source>
        <translation>Volta a desenhar com o motor que veio com o app.</translation>
    </message>
    <message>
        <source>Models to download</source>
        <translation>Modelos para baixar</translation>
    </message>
    <message>
        <source>Files you already have</source>
        <translation>Arquivos que você já tem</translation>
    </message>
    <message>
        <source>Drawing engine</source>
        <translation>Motor de desenho</translation>
    </message>
    <message>
        <source>To make finished pictures bigger</source>
        <translation>Para aumentar imagens prontas</translation>
    </message>
    <message>
        <source>To draw from a control picture (ControlNet, for SD 1.5 models): its outlines, a pose or its depth</source>
        <translation>Para desenhar a partir de uma imagem de controle (ControlNet, para modelos SD 1.5): seus contornos, uma pose ou sua profundidade</translation>
    </message>
    <message>
        <source>This file</source>
        <translation>Este arquivo</translation>
    </message>
    <message>
        <source>The whole model</source>
        <translation>O modelo inteiro</translation>
    </message>
    <message>
        <source>Models folder: {folder}</source>
        <translation>Pasta de modelos: {folder}</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Continuar</translation>
    </message>
    <message>
        <source>Check files</source>
        <translation>Conferir arquivos</translation>
    </message>
    <message>
        <source>Licences: {licences}</source>
        <translation>Licenças: {licences}</translation>
    </message>
    <message>
        <source>Download: {size}</source>
        <translation>Para baixar: {size}</translation>
    </message>
    <message>
        <source>uses about {ram} of RAM</source>
        <translation>usa cerca de {ram} de RAM</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Instalado</translation>
    </message>
    <message>
        <source>Looking at your graphics card to recommend a model…</source>
        <translation>Olhando sua placa de vídeo para recomendar um modelo…</translation>
    </message>
    <message>
        <source>Recommended for your {card}</source>
        <translation>Recomendado para {card}</translation>
    </message>
    <message>
        <source>Checking {file} ({number} of {count})</source>
        <translation>Conferindo {file} ({number} de {count})</translation>
    </message>
    <message>
        <source>Downloading {file} ({number} of {count}) at {speed} MiB/s</source>
        <translation>Baixando {file} ({number} de {count}) a {speed} MiB/s</translation>
    </message>
    <message>
        <source>, about {minutes} min left in all</source>
        <translation>, faltam uns {minutes} min no total</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} de {total}</translation>
    </message>
    <message>
        <source>{model}: every file is here and checked ({count} without a published fingerprint: theirs are noted, so a later change shows).</source>
        <translation>{model}: todos os arquivos estão aqui e conferidos ({count} sem impressão digital publicada: a deles foi anotada, então uma mudança futura aparece).</translation>
    </message>
    <message>
        <source>{model}: every file is here and checked.</source>
        <translation>{model}: todos os arquivos estão aqui e conferidos.</translation>
    </message>
    <message>
        <source>{model}: paused. Press Resume to go on from where it stopped.</source>
        <translation>{model}: pausado. Clique em Continuar para seguir de onde parou.</translation>
    </message>
    <message>
        <source>{model}: {error}</source>
        <translation>{model}: {error}</translation>
    </message>
    <message>
        <source>Reading the files…</source>
        <translation>Lendo os arquivos…</translation>
    </message>
    <message>
        <source>Saved as &apos;{name}&apos; in the model picker.</source>
        <translation>Salvo como &apos;{name}&apos; na escolha de modelo.</translation>
    </message>
    <message>
        <source>No model files there.</source>
        <translation>Nenhum arquivo de modelo aí.</translation>
    </message>
    <message>
        <source>Model files ({patterns});;All files (*)</source>
        <translation>Arquivos de modelo ({patterns});;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>Model files you already have</source>
        <translation>Arquivos de modelo que você já tem</translation>
    </message>
    <message>
        <source>A folder with model files</source>
        <translation>Uma pasta com arquivos de modelo</translation>
    </message>
    <message>
        <source>Makes the engine and the prompt helper&apos;s program from their source on this computer, when one is missing or damaged. It takes several minutes.</source>
        <translation>Compila o motor e o programa do assistente de prompt a partir do código-fonte neste computador, quando um deles está faltando ou danificado. Leva alguns minutos.</translation>
    </message>
    <message>
        <source>Asking the drawing engine which one it is…</source>
        <translation>Perguntando ao motor de desenho qual é ele…</translation>
    </message>
    <message>
        <source>No drawing engine that starts: {why}</source>
        <translation>Nenhum motor de desenho que inicie: {why}</translation>
    </message>
    <message>
        <source>It lacks some of the ways the app saves video memory ({missing}): big models may not fit your card with it.</source>
        <translation>Faltam a ele alguns dos jeitos que o app usa para poupar memória de vídeo ({missing}): com ele, modelos grandes podem não caber na sua placa.</translation>
    </message>
    <message>
        <source>It has every way the app saves video memory.</source>
        <translation>Ele tem todos os jeitos que o app usa para poupar memória de vídeo.</translation>
    </message>
    <message>
        <source>Drawing now: {program} ({origin})
{version}
{savers}</source>
        <translation>Desenhando agora: {program} ({origin})
{version}
{savers}</translation>
    </message>
    <message>
        <source>Starting the drawing engine to see which graphics cards it finds…</source>
        <translation>Ligando o motor de desenho para ver quais placas de vídeo ele encontra…</translation>
    </message>
    <message>
        <source>Drawing with {program} from now on.</source>
        <translation>Desenhando com {program} a partir de agora.</translation>
    </message>
    <message>
        <source>Drawing with the app&apos;s own engine again.</source>
        <translation>Desenhando de novo com o motor do próprio app.</translation>
    </message>
    <message>
        <source>Your stable-diffusion.cpp program (sd-cli)</source>
        <translation>Seu programa stable-diffusion.cpp (sd-cli)</translation>
    </message>
    <message>
        <source>The drawing engine is installed.</source>
        <translation>O motor de desenho está instalado.</translation>
    </message>
</context>
<context>
    <name>NoticeBar</name>
    <message>
        <source>Hide this message</source>
        <translation>Ocultar esta mensagem</translation>
    </message>
</context>
<context>
    <name>OneWindow</name>
    <message>
        <source>Polaris Studio is already open for this data folder, but it does not answer. Wait a moment and start it again; if it still does not come forward, end it (Task Manager on Windows, System Monitor on Linux) and start it again.</source>
        <translation>O Polaris Studio já está aberto para esta pasta de dados, mas não responde. Espere um pouco e abra-o de novo; se ele ainda não aparecer, encerre-o (Gerenciador de Tarefas no Windows, Monitor do Sistema no Linux) e abra-o de novo.</translation>
    </message>
</context>
<context>
    <name>OtherApps</name>
    <message>
        <source>Let other apps use this PC</source>
        <translation>Deixar outros apps usarem este PC</translation>
    </message>
    <message>
        <source>Apps such as SillyTavern, Open WebUI or a script draw here through the A1111 or OpenAI way of asking; their pictures wait in the queue like yours</source>
        <translation>Apps como SillyTavern, Open WebUI ou um script desenham aqui pedindo do jeito do A1111 ou da OpenAI; as imagens deles esperam na fila como as suas</translation>
    </message>
    <message>
        <source>Network…</source>
        <translation>Rede…</translation>
    </message>
    <message>
        <source>Let other computers of your network draw here too</source>
        <translation>Deixar outros computadores da sua rede desenharem aqui também</translation>
    </message>
    <message>
        <source>Draw on other computers…</source>
        <translation>Desenhar em outros computadores…</translation>
    </message>
    <message>
        <source>Add another computer running Polaris Studio, sd-server, A1111, Forge or koboldcpp: it draws this queue&apos;s pictures beside your card</source>
        <translation>Adicione outro computador com Polaris Studio, sd-server, A1111, Forge ou koboldcpp: ele desenha as imagens desta fila junto com a sua placa</translation>
    </message>
    <message>
        <source>Off: the last time the app opened, it stopped while letting other apps in. Tick the switch to try again.</source>
        <translation>Desligado: da última vez que o app abriu, ele parou enquanto deixava outros apps entrarem. Marque a opção para tentar de novo.</translation>
    </message>
    <message>
        <source>This window was opened without the part that answers other apps.</source>
        <translation>Esta janela foi aberta sem a parte que atende outros apps.</translation>
    </message>
    <message>
        <source>The parts that answer other apps could not be loaded ({error}): reinstall the app.</source>
        <translation>As partes que atendem outros apps não puderam ser carregadas ({error}): reinstale o app.</translation>
    </message>
    <message>
        <source>Port {port} is used by another program (another drawing app?): close it and try again.</source>
        <translation>A porta {port} está sendo usada por outro programa (outro app de desenho?): feche-o e tente de novo.</translation>
    </message>
    <message>
        <source>Other apps could not be let in ({error}). The switch is off; the app&apos;s log has the details: {log}</source>
        <translation>Não foi possível deixar outros apps entrarem ({error}). A opção está desligada; o registro do app tem os detalhes: {log}</translation>
    </message>
    <message>
        <source>Off: only this window draws here.</source>
        <translation>Desligado: só esta janela desenha aqui.</translation>
    </message>
    <message>
        <source>On: apps on this PC use {address}</source>
        <translation>Ligado: apps deste PC usam {address}</translation>
    </message>
    <message>
        <source>Other computers: http://{address}:{port} with the key {key}</source>
        <translation>Outros computadores: http://{address}:{port} com a chave {key}</translation>
    </message>
    <message>
        <source>Other computers</source>
        <translation>Outros computadores</translation>
    </message>
    <message>
        <source>Apps expect 7860; choose another where A1111 itself runs on this PC</source>
        <translation>Os apps esperam 7860; escolha outra se o próprio A1111 roda neste PC</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Porta:</translation>
    </message>
    <message>
        <source>Let other computers of my network draw here</source>
        <translation>Deixar outros computadores da minha rede desenharem aqui</translation>
    </message>
    <message>
        <source>Apps on other computers must give this key (where the app asks for an API key). Anyone with it can draw on your graphics card: let in only computers you trust.</source>
        <translation>Apps em outros computadores precisam informar esta chave (onde o app pede uma chave de API). Quem tiver a chave pode desenhar na sua placa de vídeo: deixe entrar só computadores de confiança.</translation>
    </message>
</context>
<context>
    <name>PictureInput</name>
    <message>
        <source>Start from a picture…</source>
        <translation>Começar de uma imagem…</translation>
    </message>
    <message>
        <source>Choose a picture to start from</source>
        <translation>Escolher uma imagem para começar</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>Start from noise again, without a picture</source>
        <translation>Começar do ruído de novo, sem imagem</translation>
    </message>
    <message>
        <source>none: drop a picture here</source>
        <translation>nenhuma: solte uma imagem aqui</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>Força</translation>
    </message>
    <message>
        <source>How much of the picture changes: low keeps it close, 100% ignores it</source>
        <translation>Quanto da imagem muda: baixo mantém parecido, 100% ignora a imagem</translation>
    </message>
    <message>
        <source>Repaint only where I paint</source>
        <translation>Redesenhar só onde eu pintar</translation>
    </message>
    <message>
        <source>Inpainting: paint over the picture what should change; the rest is kept</source>
        <translation>Inpainting: pinte sobre a imagem o que deve mudar; o resto é mantido</translation>
    </message>
    <message>
        <source>Start from a picture</source>
        <translation>Começar de uma imagem</translation>
    </message>
    <message>
        <source>Pictures ({patterns})</source>
        <translation>Imagens ({patterns})</translation>
    </message>
</context>
<context>
    <name>PlanView</name>
    <message>
        <source>Memory plan</source>
        <translation>Plano de memória</translation>
    </message>
    <message>
        <source>Memory plan in short</source>
        <translation>Plano de memória resumido</translation>
    </message>
    <message>
        <source>Memory: your own settings (no automatic retry).</source>
        <translation>Memória: seus próprios ajustes (sem nova tentativa automática).</translation>
    </message>
    <message>
        <source>Memory: your own settings.</source>
        <translation>Memória: seus próprios ajustes.</translation>
    </message>
    <message>
        <source>the driver did not say how much memory the card has</source>
        <translation>o driver não informou quanta memória a placa tem</translation>
    </message>
    <message>
        <source>Memory plan: not yet ({reason}).</source>
        <translation>Plano de memória: ainda não ({reason}).</translation>
    </message>
</context>
<context>
    <name>Programs</name>
    <message>
        <source>{program} not found: {path}</source>
        <translation>{program} não encontrado: {path}</translation>
    </message>
    <message>
        <source>{program} is not an executable file: {path}</source>
        <translation>{program} não é um arquivo executável: {path}</translation>
    </message>
    <message>
        <source>{program} is not a program: {path}</source>
        <translation>{program} não é um programa: {path}</translation>
    </message>
</context>
<context>
    <name>PromptHelper</name>
    <message>
        <source>The prompt helper&apos;s program is missing or damaged: install Polaris Studio again.</source>
        <translation>O programa do assistente de prompt está ausente ou danificado: instale o Polaris Studio de novo.</translation>
    </message>
    <message>
        <source>The prompt helper&apos;s program is missing or damaged: build the drawing engine again (Models &gt; Drawing engine &gt; Build the engine).</source>
        <translation>O programa do assistente de prompt está ausente ou danificado: compile o motor de desenho de novo (Modelos &gt; Motor de desenho &gt; Compilar o motor).</translation>
    </message>
    <message>
        <source>asking the prompt helper&apos;s program what it offers</source>
        <translation>perguntando ao programa do assistente de prompt o que ele oferece</translation>
    </message>
    <message>
        <source>The prompt helper&apos;s program is not built yet: Models &gt; Drawing engine &gt; Build the engine makes it (a few minutes).</source>
        <translation>O programa do assistente de prompt ainda não foi compilado: Modelos &gt; Motor de desenho &gt; Compilar o motor o cria (alguns minutos).</translation>
    </message>
    <message>
        <source>the prompt helper&apos;s program could not run: {why}</source>
        <translation>o programa do assistente de prompt não pôde rodar: {why}</translation>
    </message>
    <message>
        <source>{program} is not the llama-server this app needs (it lacks {flags})</source>
        <translation>{program} não é o llama-server de que este app precisa (faltam {flags})</translation>
    </message>
    <message>
        <source>loading the text model: {place}</source>
        <translation>carregando o modelo de texto: {place}</translation>
    </message>
    <message>
        <source>the text model took too long to load</source>
        <translation>o modelo de texto demorou demais para carregar</translation>
    </message>
    <message>
        <source>writing…</source>
        <translation>escrevendo…</translation>
    </message>
    <message>
        <source>the prompt helper could not answer: {why}</source>
        <translation>o assistente de prompt não conseguiu responder: {why}</translation>
    </message>
    <message>
        <source>the prompt helper gave an empty answer; try again</source>
        <translation>o assistente de prompt deu uma resposta vazia; tente de novo</translation>
    </message>
    <message>
        <source>the prompt helper&apos;s program could not start</source>
        <translation>o programa do assistente de prompt não conseguiu iniciar</translation>
    </message>
    <message>
        <source>the prompt helper needs {name} ({size}) in the models folder: Improve offers the download in the window, or run: python -m app models download {preset} (it is also the text encoder of the Z-Image and FLUX.2 klein presets)</source>
        <translation>o assistente de prompt precisa de {name} ({size}) na pasta de modelos: o botão Refinar oferece o download na janela, ou rode: python -m app models download {preset} (ele também é o codificador de texto dos presets Z-Image e FLUX.2 klein)</translation>
    </message>
</context>
<context>
    <name>PromptHelperView</name>
    <message>
        <source>Prompt helper&apos;s suggestion</source>
        <translation>Sugestão do assistente de prompt</translation>
    </message>
    <message>
        <source>Improve</source>
        <translation>Refinar</translation>
    </message>
    <message>
        <source>Improve the prompt</source>
        <translation>Refinar o prompt</translation>
    </message>
    <message>
        <source>A text model on this computer writes a detailed prompt from your idea, or translates your prompt into English</source>
        <translation>Um modelo de texto neste computador escreve um prompt detalhado a partir da sua ideia, ou traduz o seu prompt para o inglês</translation>
    </message>
    <message>
        <source>&amp;Enhance: write a detailed prompt from my idea</source>
        <translation>&amp;Enriquecer: escrever um prompt detalhado a partir da minha ideia</translation>
    </message>
    <message>
        <source>&amp;Translate into English</source>
        <translation>&amp;Traduzir para o inglês</translation>
    </message>
    <message>
        <source>Use the &amp;graphics card when it is free</source>
        <translation>Usar a placa de &amp;vídeo quando estiver livre</translation>
    </message>
    <message>
        <source>Faster, when no picture is being drawn and the model fits; otherwise it runs on the processor</source>
        <translation>Mais rápido, quando nenhuma imagem está sendo desenhada e o modelo cabe; senão, roda no processador</translation>
    </message>
    <message>
        <source>What the prompt helper is doing</source>
        <translation>O que o assistente de prompt está fazendo</translation>
    </message>
    <message>
        <source>Suggested prompt</source>
        <translation>Prompt sugerido</translation>
    </message>
    <message>
        <source>Use it</source>
        <translation>Usar</translation>
    </message>
    <message>
        <source>Put this in the prompt (Ctrl+Z there brings your own words back)</source>
        <translation>Colocar isto no prompt (Ctrl+Z lá traz de volta as suas palavras)</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Parar</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <source>Write your idea in the prompt first, then ask again.</source>
        <translation>Escreva sua ideia no prompt primeiro e peça de novo.</translation>
    </message>
    <message>
        <source>Write the prompt to translate first, then ask again.</source>
        <translation>Escreva primeiro o prompt a traduzir e peça de novo.</translation>
    </message>
    <message>
        <source>It needs {name} ({size}) in the models folder.</source>
        <translation>Precisa de {name} ({size}) na pasta de modelos.</translation>
    </message>
    <message>
        <source>Starting the prompt helper…</source>
        <translation>Iniciando o assistente de prompt…</translation>
    </message>
    <message>
        <source>The demo&apos;s text model {where}; it writes random words here, to show how the helper works.</source>
        <translation>O modelo de texto da demonstração {where}; ele escreve palavras aleatórias aqui, para mostrar como o assistente funciona.</translation>
    </message>
    <message>
        <source>The prompt helper {where}; its words appear here as it writes.</source>
        <translation>O assistente de prompt {where}; as palavras dele aparecem aqui enquanto ele escreve.</translation>
    </message>
    <message>
        <source>Downloading {file}…</source>
        <translation>Baixando {file}…</translation>
    </message>
    <message>
        <source>Download {model}</source>
        <translation>Baixar {model}</translation>
    </message>
    <message>
        <source>{file}, the prompt helper&apos;s text model, is also the text encoder of the Z-Image and FLUX.2 klein presets: one download, two uses.</source>
        <translation>{file}, o modelo de texto do assistente de prompt, também é o codificador de texto das predefinições Z-Image e FLUX.2 klein: um download, dois usos.</translation>
    </message>
    <message>
        <source>Written in {seconds} s by the demo&apos;s text model: random words, not a real suggestion.</source>
        <translation>Escrito em {seconds} s pelo modelo de texto da demonstração: palavras aleatórias, não uma sugestão de verdade.</translation>
    </message>
    <message>
        <source>Written in {seconds} s. Edit it if you like, then Use it.</source>
        <translation>Escrito em {seconds} s. Edite se quiser e depois clique em Usar.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Parado.</translation>
    </message>
    <message>
        <source>Downloading {file}: {done} of {total}</source>
        <translation>Baixando {file}: {done} de {total}</translation>
    </message>
    <message>
        <source>Download paused. Press Download to go on from where it stopped.</source>
        <translation>Download pausado. Clique em Baixar para continuar de onde parou.</translation>
    </message>
    <message>
        <source>The download failed: {error}</source>
        <translation>O download falhou: {error}</translation>
    </message>
</context>
<context>
    <name>PromptListDialog</name>
    <message>
        <source>Prompt list</source>
        <translation>Lista de prompts</translation>
    </message>
    <message>
        <source>One prompt a line; each is drawn with the same seed and settings.
Lines starting with # are skipped.</source>
        <translation>Um prompt por linha; cada um é desenhado com a mesma seed e os mesmos ajustes.
Linhas que começam com # são ignoradas.</translation>
    </message>
    <message>
        <source>Prompts, one a line</source>
        <translation>Prompts, um por linha</translation>
    </message>
    <message>
        <source>&amp;Load a .txt file…</source>
        <translation>&amp;Abrir um arquivo .txt…</translation>
    </message>
    <message>
        <source>Read {name}</source>
        <translation>{name} lido</translation>
    </message>
    <message>
        <source>Cannot read {name}: {error}</source>
        <translation>Não foi possível ler {name}: {error}</translation>
    </message>
    <message>
        <source>A text file with one prompt a line</source>
        <translation>Um arquivo de texto com um prompt por linha</translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation>Arquivos de texto (*.txt);;Todos os arquivos (*)</translation>
    </message>
</context>
<context>
    <name>PromptPanel</name>
    <message>
        <source>&amp;Square</source>
        <translation>&amp;Quadrado</translation>
    </message>
    <message>
        <source>Square picture</source>
        <translation>Imagem quadrada</translation>
    </message>
    <message>
        <source>Po&amp;rtrait</source>
        <translation>&amp;Retrato</translation>
    </message>
    <message>
        <source>Portrait picture</source>
        <translation>Imagem em retrato</translation>
    </message>
    <message>
        <source>&amp;Landscape</source>
        <translation>&amp;Paisagem</translation>
    </message>
    <message>
        <source>Landscape picture</source>
        <translation>Imagem em paisagem</translation>
    </message>
    <message>
        <source>C&amp;ustom</source>
        <translation>Perso&amp;nalizado</translation>
    </message>
    <message>
        <source>Custom picture</source>
        <translation>Tamanho personalizado</translation>
    </message>
    <message>
        <source>Describe the image… (Ctrl+Enter draws it)</source>
        <translation>Descreva a imagem… (Ctrl+Enter desenha)</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>What to avoid (optional)</source>
        <translation>O que evitar (opcional)</translation>
    </message>
    <message>
        <source>Negative prompt</source>
        <translation>Prompt negativo</translation>
    </message>
    <message>
        <source>&amp;Negative prompt</source>
        <translation>Prompt nega&amp;tivo</translation>
    </message>
    <message>
        <source>Show the negative prompt</source>
        <translation>Mostrar o prompt negativo</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Largura</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Altura</translation>
    </message>
    <message>
        <source>Width in pixels</source>
        <translation>Largura em pixels</translation>
    </message>
    <message>
        <source>Height in pixels</source>
        <translation>Altura em pixels</translation>
    </message>
    <message>
        <source>Picture size</source>
        <translation>Tamanho da imagem</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Passos</translation>
    </message>
    <message>
        <source>More steps: more detail, more time. The model&apos;s preset sets a good default.</source>
        <translation>Mais passos: mais detalhe, mais tempo. O preset do modelo já traz um bom valor.</translation>
    </message>
    <message>
        <source>Complete downloads from the Models window and sets of your own files</source>
        <translation>Downloads completos da janela Modelos e conjuntos dos seus próprios arquivos</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>&amp;Automatic</source>
        <translation>&amp;Automático</translation>
    </message>
    <message>
        <source>Stop editing</source>
        <translation>Parar de editar</translation>
    </message>
    <message>
        <source>&amp;On</source>
        <translation>Ligad&amp;o</translation>
    </message>
    <message>
        <source>Hires fix: a second pass at a larger size</source>
        <translation>Hires fix: uma segunda passada em tamanho maior</translation>
    </message>
    <message>
        <source>Draws at the chosen size, then enlarges and refines it (A1111&apos;s hires fix)</source>
        <translation>Desenha no tamanho escolhido, depois amplia e refina (o hires fix do A1111)</translation>
    </message>
    <message>
        <source>Fix faces</source>
        <translation>Corrigir rostos</translation>
    </message>
    <message>
        <source>Finds each face in the new picture and repaints it at the model&apos;s own size (as A1111&apos;s ADetailer); every other pixel is kept</source>
        <translation>Encontra cada rosto na nova imagem e o repinta no tamanho próprio do modelo (como o ADetailer do A1111); todos os outros pixels são mantidos</translation>
    </message>
    <message>
        <source>Fix faces denoising strength</source>
        <translation>Força de redução de ruído da correção de rostos</translation>
    </message>
    <message>
        <source>Control picture</source>
        <translation>Imagem de controle</translation>
    </message>
    <message>
        <source>A sketch, an edge, pose or depth map the picture follows (or a photo, its edges found)</source>
        <translation>Um esboço, um mapa de bordas, pose ou profundidade que a imagem segue (ou uma foto, com suas bordas encontradas)</translation>
    </message>
    <message>
        <source>ControlNet model</source>
        <translation>Modelo ControlNet</translation>
    </message>
    <message>
        <source>ControlNet strength</source>
        <translation>Força do ControlNet</translation>
    </message>
    <message>
        <source>Find its edges (a photo)</source>
        <translation>Encontrar suas bordas (uma foto)</translation>
    </message>
    <message>
        <source>On the processor</source>
        <translation>No processador</translation>
    </message>
    <message>
        <source>Keeps the ControlNet off a small card: slower, but it needs no video memory</source>
        <translation>Mantém o ControlNet fora de uma placa pequena: mais lento, mas não precisa de memória de vídeo</translation>
    </message>
    <message>
        <source>Hires fix scale</source>
        <translation>Escala do hires fix</translation>
    </message>
    <message>
        <source>Hires fix denoising strength</source>
        <translation>Força de denoising do hires fix</translation>
    </message>
    <message>
        <source>S&amp;teps</source>
        <translation>Pa&amp;ssos</translation>
    </message>
    <message>
        <source>The planner chooses where each part goes, and retries safer when VRAM runs out</source>
        <translation>O planejador escolhe onde fica cada parte e tenta de novo com mais segurança se faltar VRAM</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memória</translation>
    </message>
    <message>
        <source>denoising</source>
        <translation>denoising</translation>
    </message>
    <message>
        <source>Hires fix</source>
        <translation>Hires fix</translation>
    </message>
    <message>
        <source>ControlNet</source>
        <translation>ControlNet</translation>
    </message>
    <message>
        <source>Picture</source>
        <translation>Imagem</translation>
    </message>
    <message>
        <source>Sized for {family}</source>
        <translation>Tamanho para {family}</translation>
    </message>
    <message>
        <source>Editing {name}: the prompt says what to change</source>
        <translation>Editando {name}: o prompt diz o que mudar</translation>
    </message>
</context>
<context>
    <name>Queue</name>
    <message>
        <source>the drawing program stopped without a picture</source>
        <translation>o programa que desenha parou sem uma imagem</translation>
    </message>
</context>
<context>
    <name>QueueStrip</name>
    <message>
        <source>waiting</source>
        <translation>aguardando</translation>
    </message>
    <message>
        <source>running</source>
        <translation>rodando</translation>
    </message>
    <message>
        <source>done</source>
        <translation>pronta</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falhou</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelada</translation>
    </message>
    <message>
        <source>, {time} left</source>
        <translation>, faltam {time}</translation>
    </message>
    <message>
        <source> on {card}</source>
        <translation> ({card})</translation>
    </message>
    <message>
        <source>running step {step}/{steps}</source>
        <translation>rodando passo {step}/{steps}</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>iniciando</translation>
    </message>
    <message>
        <source>waiting for Run queue — {reason}</source>
        <translation>aguardando Rodar fila — {reason}</translation>
    </message>
    <message>
        <source>waiting for Run queue</source>
        <translation>aguardando Rodar fila</translation>
    </message>
    <message>
        <source>failed: {reason}</source>
        <translation>falhou: {reason}</translation>
    </message>
    <message>
        <source>waiting — {reason}</source>
        <translation>aguardando — {reason}</translation>
    </message>
    <message>
        <source> — for another app on this PC</source>
        <translation> — para outro app deste PC</translation>
    </message>
    <message>
        <source> — for the computer at {address}</source>
        <translation> — para o computador em {address}</translation>
    </message>
    <message>
        <source>Job queue</source>
        <translation>Fila de tarefas</translation>
    </message>
    <message>
        <source>Queue summary: show or hide the jobs</source>
        <translation>Resumo da fila: mostrar ou ocultar as tarefas</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Subir</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Descer</translation>
    </message>
    <message>
        <source>Cancel job</source>
        <translation>Cancelar tarefa</translation>
    </message>
    <message>
        <source>Cancel all</source>
        <translation>Cancelar todas</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Tentar de novo</translation>
    </message>
    <message>
        <source>Keep it</source>
        <translation>Manter</translation>
    </message>
    <message>
        <source>Keep the picture the check set aside: into the output folder and the gallery</source>
        <translation>Manter a imagem que a verificação separou: na pasta de saída e na galeria</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>Limpar concluídas</translation>
    </message>
    <message>
        <source>Run queue</source>
        <translation>Rodar fila</translation>
    </message>
    <message>
        <source>Run the jobs that wait (those left from last time wait for this)</source>
        <translation>Roda as tarefas que aguardam (as que sobraram da última vez esperam por isto)</translation>
    </message>
    <message>
        <source>Computers</source>
        <translation>Computadores</translation>
    </message>
    <message>
        <source>Let other computers&apos; image servers draw the queue&apos;s pictures too</source>
        <translation>Deixe os servidores de imagens de outros computadores desenharem as imagens da fila também</translation>
    </message>
    <message>
        <source>Add a computer…</source>
        <translation>Adicionar um computador…</translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>Falhou: {reason}</translation>
    </message>
    <message>
        <source>No jobs</source>
        <translation>Nenhuma tarefa</translation>
    </message>
    <message>
        <source>Remove {computer}</source>
        <translation>Remover {computer}</translation>
    </message>
</context>
<context>
    <name>ResourceGauge</name>
    <message>
        <source>VRAM: waiting for the driver…</source>
        <translation>VRAM: aguardando o driver…</translation>
    </message>
    <message>
        <source>Video memory of each card</source>
        <translation>Memória de vídeo de cada placa</translation>
    </message>
    <message>
        <source>VRAM: unknown</source>
        <translation>VRAM: desconhecida</translation>
    </message>
    <message>
        <source>VRAM: {total} GiB total (use not reported)</source>
        <translation>VRAM: {total} GiB no total (uso não informado)</translation>
    </message>
    <message>
        <source>VRAM: {used} / {total} GiB</source>
        <translation>VRAM: {used} / {total} GiB</translation>
    </message>
    <message>
        <source>RAM: {used} / {total} GiB</source>
        <translation>RAM: {used} / {total} GiB</translation>
    </message>
    <message>
        <source>sd.cpp uses {size} GiB of RAM</source>
        <translation>sd.cpp usa {size} GiB de RAM</translation>
    </message>
    <message>
        <source>{card}: VRAM unknown</source>
        <translation>{card}: VRAM desconhecida</translation>
    </message>
    <message>
        <source>{card}: {total} GiB (use not reported)</source>
        <translation>{card}: {total} GiB (uso não informado)</translation>
    </message>
    <message>
        <source>{card}: {used} / {total} GiB VRAM</source>
        <translation>{card}: {used} / {total} GiB de VRAM</translation>
    </message>
</context>
<context>
    <name>Secrets</name>
    <message>
        <source>This computer has no keyring (such as GNOME Keyring or KWallet), so the tokens and keys for other computers are kept in {file}, which only you can read.</source>
        <translation>Este computador não tem um chaveiro de senhas (como o GNOME Keyring ou o KWallet), então os tokens e as chaves de outros computadores ficam guardados em {file}, que só você pode ler.</translation>
    </message>
</context>
<context>
    <name>StatusLine</name>
    <message>
        <source>Ready</source>
        <translation>Pronto</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Progresso</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>&amp;Keep it</source>
        <translation>&amp;Manter</translation>
    </message>
    <message>
        <source>Keep the picture the check set aside: into the output folder and the gallery</source>
        <translation>Manter a imagem que a verificação separou: na pasta de saída e na galeria</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Iniciando…</translation>
    </message>
    <message>
        <source>Upscaling…</source>
        <translation>Ampliando…</translation>
    </message>
    <message>
        <source>Step {done}/{total}</source>
        <translation>Passo {done}/{total}</translation>
    </message>
    <message>
        <source>The first try ran out of video memory; it was tried again, safer: {plan}</source>
        <translation>A primeira tentativa ficou sem memória de vídeo; tentamos de novo com mais segurança: {plan}</translation>
    </message>
    <message>
        <source>The graphics card stopped answering on the first try and its driver reset it; it was tried again, safer: {plan}</source>
        <translation>A placa de vídeo parou de responder na primeira tentativa e o driver a reiniciou; tentou-se de novo, com mais segurança: {plan}</translation>
    </message>
    <message>
        <source>The first try drew a broken picture; it was tried again, safer: {plan}</source>
        <translation>A primeira tentativa desenhou uma imagem quebrada; tentamos de novo com mais segurança: {plan}</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Pronto</translation>
    </message>
    <message>
        <source>Saved {file}</source>
        <translation>Salvo: {file}</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Cancelado</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Falhou</translation>
    </message>
    <message>
        <source>The job before failed: {why}</source>
        <translation>O trabalho anterior falhou: {why}</translation>
    </message>
</context>
<context>
    <name>StylesDialog</name>
    <message>
        <source>Styles</source>
        <translation>Estilos</translation>
    </message>
    <message>
        <source>Your styles</source>
        <translation>Seus estilos</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Adicionar</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>Apa&amp;gar</translation>
    </message>
    <message>
        <source>Style name</source>
        <translation>Nome do estilo</translation>
    </message>
    <message>
        <source>Style prompt</source>
        <translation>Prompt do estilo</translation>
    </message>
    <message>
        <source>photo of {prompt}, natural light</source>
        <translation>photo of {prompt}, natural light</translation>
    </message>
    <message>
        <source>Style negative prompt</source>
        <translation>Prompt negativo do estilo</translation>
    </message>
    <message>
        <source>blurry, drawing</source>
        <translation>blurry, drawing</translation>
    </message>
    <message>
        <source>Write {prompt} where your prompt goes; without it, the style&apos;s words go after your prompt. The negative prompt is added to yours.</source>
        <translation>Escreva {prompt} onde o seu prompt deve entrar; sem isso, as palavras do estilo vão depois do seu prompt. O prompt negativo é somado ao seu.</translation>
    </message>
    <message>
        <source>&amp;Wildcards folder…</source>
        <translation>Pasta de cu&amp;ringas…</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>&amp;Nome</translation>
    </message>
    <message>
        <source>&amp;Prompt</source>
        <translation>&amp;Prompt</translation>
    </message>
    <message>
        <source>Ne&amp;gative</source>
        <translation>Nega&amp;tivo</translation>
    </message>
    <message>
        <source>New style</source>
        <translation>Novo estilo</translation>
    </message>
    <message>
        <source>New style {number}</source>
        <translation>Novo estilo {number}</translation>
    </message>
    <message>
        <source>The styles could not be saved: {why}</source>
        <translation>Não foi possível salvar os estilos: {why}</translation>
    </message>
</context>
<context>
    <name>StylesPicker</name>
    <message>
        <source>Styles</source>
        <translation>Estilos</translation>
    </message>
    <message>
        <source>Describe the picture. {red|green|blue} picks one of the words for each picture; __colors__ picks a line of colors.txt in the wildcards folder (Styles ▸ Open the wildcards folder).</source>
        <translation>Descreva a imagem. {red|green|blue} escolhe uma das palavras para cada imagem; __colors__ escolhe uma linha de colors.txt na pasta de curingas (Estilos ▸ Abrir a pasta de curingas).</translation>
    </message>
    <message>
        <source>Styles: {names}</source>
        <translation>Estilos: {names}</translation>
    </message>
    <message>
        <source>Styles add their words to your prompt and negative prompt when you press Generate ({keys})</source>
        <translation>Os estilos acrescentam suas palavras ao seu prompt e ao prompt negativo quando você clica em Gerar ({keys})</translation>
    </message>
    <message>
        <source>&amp;Edit styles…</source>
        <translation>&amp;Editar estilos…</translation>
    </message>
    <message>
        <source>Open the &amp;wildcards folder</source>
        <translation>Abrir a pasta de &amp;curingas</translation>
    </message>
</context>
</TS>
