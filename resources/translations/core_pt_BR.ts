<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>Advice</name>
    <message>
        <source>Fits</source>
        <translation>Cabe</translation>
    </message>
    <message>
        <source>Fits in pieces (slower)</source>
        <translation>Cabe em partes (mais lento)</translation>
    </message>
    <message>
        <source>Too big for this computer</source>
        <translation>Grande demais para este computador</translation>
    </message>
    <message>
        <source>Fits in this computer&apos;s memory</source>
        <translation>Cabe na memória deste computador</translation>
    </message>
    <message>
        <source>{time} at {width} x {height}</source>
        <translation>{time} em {width} x {height}</translation>
    </message>
</context>
<context>
    <name>Backend</name>
    <message>
        <source>{file} holds no sd-cli.exe: it is not an sd.cpp release</source>
        <translation>{file} não contém sd-cli.exe: não é uma versão do sd.cpp</translation>
    </message>
    <message>
        <source>{file} unpacks to more than 2 GiB: refused</source>
        <translation>{file} descompacta para mais de 2 GiB: recusado</translation>
    </message>
    <message>
        <source>{file} has an entry outside its folder: {entry}</source>
        <translation>{file} tem um item fora da própria pasta: {entry}</translation>
    </message>
    <message>
        <source>{file} holds a link ({entry}): refused</source>
        <translation>{file} contém um link ({entry}): recusado</translation>
    </message>
    <message>
        <source>{file} cannot be unpacked: it is not a whole zip file</source>
        <translation>{file} não pode ser descompactado: não é um arquivo zip inteiro</translation>
    </message>
    <message>
        <source>{file} cannot be unpacked: {why}</source>
        <translation>{file} não pode ser descompactado: {why}</translation>
    </message>
    <message>
        <source>The version this app comes with</source>
        <translation>A versão que vem com este aplicativo</translation>
    </message>
    <message>
        <source>Version {version} ({commit})</source>
        <translation>Versão {version} ({commit})</translation>
    </message>
</context>
<context>
    <name>Catalog</name>
    <message>
        <source>photos</source>
        <translation>fotos</translation>
    </message>
    <message>
        <source>art and illustration</source>
        <translation>arte e ilustração</translation>
    </message>
    <message>
        <source>text in pictures</source>
        <translation>texto nas imagens</translation>
    </message>
    <message>
        <source>editing your pictures</source>
        <translation>editar suas imagens</translation>
    </message>
    <message>
        <source>quick drafts</source>
        <translation>rascunhos rápidos</translation>
    </message>
    <message>
        <source>making pictures bigger</source>
        <translation>aumentar imagens</translation>
    </message>
    <message>
        <source>following outlines and sketches</source>
        <translation>seguir contornos e esboços</translation>
    </message>
    <message>
        <source>following a pose</source>
        <translation>seguir uma pose</translation>
    </message>
    <message>
        <source>following a scene&apos;s depth</source>
        <translation>seguir a profundidade de uma cena</translation>
    </message>
    <message>
        <source>Good at: {uses}</source>
        <translation>Bom para: {uses}</translation>
    </message>
    <message>
        <source>For 4 GB cards: the smaller download, a little less detail</source>
        <translation>Para placas de 4 GB: o download menor, com um pouco menos de detalhe</translation>
    </message>
    <message>
        <source>For 8 GB cards: the bigger download buys finer detail, closer to the original</source>
        <translation>Para placas de 8 GB: o download maior traz detalhes mais finos, mais perto do original</translation>
    </message>
    <message>
        <source>For computers with more than 16 GB of RAM: the bigger download reads the prompt at full precision</source>
        <translation>Para computadores com mais de 16 GB de RAM: o download maior lê o prompt com precisão total</translation>
    </message>
    <message>
        <source>For computers with 16 GB of RAM: its prompt reader needs half the memory</source>
        <translation>Para computadores com 16 GB de RAM: seu leitor de prompt precisa de metade da memória</translation>
    </message>
</context>
<context>
    <name>Check</name>
    <message>
        <source>Your {card} is ready.</source>
        <translation>Sua {card} está pronta.</translation>
    </message>
    <message>
        <source>This computer is ready.</source>
        <translation>Este computador está pronto.</translation>
    </message>
    <message>
        <source>(Warnings in the full check: {count})</source>
        <translation>(Avisos na verificação completa: {count})</translation>
    </message>
    <message>
        <source>Fix this first: {problem}</source>
        <translation>Resolva isto primeiro: {problem}</translation>
    </message>
    <message>
        <source>the AMD driver for your Radeon</source>
        <translation>o driver da AMD para a sua Radeon</translation>
    </message>
    <message>
        <source>the NVIDIA driver for your graphics card</source>
        <translation>o driver da NVIDIA para a sua placa de vídeo</translation>
    </message>
    <message>
        <source>the Intel graphics driver</source>
        <translation>o driver de vídeo da Intel</translation>
    </message>
    <message>
        <source>the driver of your graphics card, from its maker</source>
        <translation>o driver da sua placa de vídeo, do fabricante</translation>
    </message>
    <message>
        <source>Vulkan</source>
        <translation>Vulkan</translation>
    </message>
    <message>
        <source>Graphics card</source>
        <translation>Placa de vídeo</translation>
    </message>
    <message>
        <source>Vulkan version</source>
        <translation>Versão do Vulkan</translation>
    </message>
    <message>
        <source>Which card is used</source>
        <translation>Qual placa é usada</translation>
    </message>
    <message>
        <source>AMD driver</source>
        <translation>Driver da AMD</translation>
    </message>
    <message>
        <source>Overlays</source>
        <translation>Overlays</translation>
    </message>
    <message>
        <source>Video memory</source>
        <translation>Memória de vídeo</translation>
    </message>
    <message>
        <source>Largest memory block</source>
        <translation>Maior bloco de memória</translation>
    </message>
    <message>
        <source>Computer&apos;s memory (RAM)</source>
        <translation>Memória do computador (RAM)</translation>
    </message>
    <message>
        <source>Disk space</source>
        <translation>Espaço em disco</translation>
    </message>
    <message>
        <source>Disk speed</source>
        <translation>Velocidade do disco</translation>
    </message>
    <message>
        <source>Processor</source>
        <translation>Processador</translation>
    </message>
    <message>
        <source>Image backend</source>
        <translation>Backend de imagens</translation>
    </message>
    <message>
        <source>this computer&apos;s processor (no graphics card)</source>
        <translation>o processador deste computador (sem placa de vídeo)</translation>
    </message>
    <message>
        <source>Vulkan is installed and works.</source>
        <translation>O Vulkan está instalado e funcionando.</translation>
    </message>
    <message>
        <source>Vulkan works (the sd.cpp backend sees {devices}), but the card&apos;s type and memory could not be read, so automatic memory placement cannot plan for it.</source>
        <translation>O Vulkan funciona (o backend sd.cpp vê {devices}), mas não deu para ler o tipo e a memória da placa, então a distribuição automática de memória não consegue se planejar.</translation>
    </message>
    <message>
        <source>Reinstall or update the graphics driver; until then untick Automatic memory and choose the placement yourself.</source>
        <translation>Reinstale ou atualize o driver de vídeo; até lá, desmarque Memória automática e escolha a distribuição você mesmo.</translation>
    </message>
    <message>
        <source>Vulkan does not work here: the graphics driver did not start it.</source>
        <translation>O Vulkan não funciona aqui: o driver de vídeo não o iniciou.</translation>
    </message>
    <message>
        <source>Reinstall the graphics driver: it brings Vulkan. On Linux install the packages mesa-vulkan-drivers and vulkan-tools.</source>
        <translation>Reinstale o driver de vídeo: ele traz o Vulkan. No Linux, instale os pacotes mesa-vulkan-drivers e vulkan-tools.</translation>
    </message>
    <message>
        <source>The sd.cpp backend sees {devices}, but whether that is your graphics card and how much memory it has could not be read.</source>
        <translation>O backend sd.cpp vê {devices}, mas não deu para saber se é a sua placa de vídeo nem quanta memória ela tem.</translation>
    </message>
    <message>
        <source>Update the graphics driver, then run the check again.</source>
        <translation>Atualize o driver de vídeo e rode a verificação de novo.</translation>
    </message>
    <message>
        <source>No Vulkan device was found.</source>
        <translation>Nenhum dispositivo Vulkan foi encontrado.</translation>
    </message>
    <message>
        <source>Install {driver}, then run the check again.</source>
        <translation>Instale {driver} e rode a verificação de novo.</translation>
    </message>
    <message>
        <source>No graphics card that can draw was found: pictures will be made by the processor, many times slower. (Vulkan lists only {device}, which runs on the processor.)</source>
        <translation>Não foi encontrada nenhuma placa de vídeo que possa desenhar: as imagens serão feitas pelo processador, muitas vezes mais devagar. (O Vulkan só mostra {device}, que roda no processador.)</translation>
    </message>
    <message>
        <source>Install {driver} so that Vulkan lists the card.</source>
        <translation>Instale {driver} para que o Vulkan mostre a placa.</translation>
    </message>
    <message>
        <source>If this computer has a graphics card, install its maker&apos;s driver so that Vulkan lists it.</source>
        <translation>Se este computador tem placa de vídeo, instale o driver do fabricante dela para que o Vulkan a mostre.</translation>
    </message>
    <message>
        <source>The only graphics device Vulkan lists is {device}, {why}.</source>
        <translation>O único dispositivo gráfico que o Vulkan mostra é {device}, {why}.</translation>
    </message>
    <message>
        <source>Install {driver} so that Vulkan lists the card itself.</source>
        <translation>Instale {driver} para que o Vulkan mostre a própria placa.</translation>
    </message>
    <message>
        <source>Not used: {device}, {why}.</source>
        <translation>Não usado: {device}, {why}.</translation>
    </message>
    <message>
        <source>Using the graphics card the paste shows (its name is not in the paste).</source>
        <translation>Usando a placa de vídeo que o texto colado mostra (o nome dela não está no texto).</translation>
    </message>
    <message>
        <source>Using {device} (a Polaris card).</source>
        <translation>Usando {device} (uma placa Polaris).</translation>
    </message>
    <message>
        <source>Using {device}.</source>
        <translation>Usando {device}.</translation>
    </message>
    <message>
        <source>Vulkan run by the processor, not a graphics card</source>
        <translation>Vulkan rodando no processador, não numa placa de vídeo</translation>
    </message>
    <message>
        <source>Vulkan translated to Direct3D 12 (Microsoft&apos;s Dozen), on which loading a model can hang</source>
        <translation>Vulkan traduzido para Direct3D 12 (o Dozen da Microsoft), onde carregar um modelo pode travar</translation>
    </message>
    <message>
        <source>Vulkan passed on to {other}</source>
        <translation>Vulkan repassado para {other}</translation>
    </message>
    <message>
        <source>{device} offers Vulkan {version}; the image backend needs Vulkan {floor} or newer, so it cannot draw on it.</source>
        <translation>{device} oferece Vulkan {version}; o backend de imagens precisa do Vulkan {floor} ou mais novo, então não consegue desenhar nela.</translation>
    </message>
    <message>
        <source>Update the graphics driver; Polaris cards get Vulkan 1.3 from current drivers.</source>
        <translation>Atualize o driver de vídeo; placas Polaris ganham Vulkan 1.3 com os drivers atuais.</translation>
    </message>
    <message>
        <source>Vulkan {version}.</source>
        <translation>Vulkan {version}.</translation>
    </message>
    <message>
        <source>A setting in your environment ({variable}={value}) keeps the image backend off {device}.</source>
        <translation>Uma configuração do seu ambiente ({variable}={value}) impede o backend de imagens de usar {device}.</translation>
    </message>
    <message>
        <source>Remove the {variable} variable and let Polaris Studio choose the card.</source>
        <translation>Remova a variável {variable} e deixe o Polaris Studio escolher a placa.</translation>
    </message>
    <message>
        <source>{device} is Vulkan device 0.</source>
        <translation>{device} é o dispositivo Vulkan 0.</translation>
    </message>
    <message>
        <source>{device} comes after {ahead}; Polaris Studio tells the image backend to use it.</source>
        <translation>{device} vem depois de {ahead}; o Polaris Studio diz ao backend de imagens para usá-la.</translation>
    </message>
    <message>
        <source>AMDVLK{version} is in use: AMD has stopped developing it, and Mesa&apos;s RADV is the maintained Vulkan driver for Radeon cards.</source>
        <translation>O AMDVLK{version} está em uso: a AMD parou de desenvolvê-lo, e o RADV do Mesa é o driver Vulkan mantido para placas Radeon.</translation>
    </message>
    <message>
        <source>Remove the amdvlk package; Mesa&apos;s RADV (package mesa-vulkan-drivers) then drives the card.</source>
        <translation>Remova o pacote amdvlk; aí o RADV do Mesa (pacote mesa-vulkan-drivers) passa a cuidar da placa.</translation>
    </message>
    <message>
        <source>RADV (Mesa); the paste does not say which Mesa version.</source>
        <translation>RADV (Mesa); o texto colado não diz qual versão do Mesa.</translation>
    </message>
    <message>
        <source>RADV from Mesa {version} is too old: it predates Mesa {floor}, which brought Vulkan 1.3 to Radeon cards.</source>
        <translation>O RADV do Mesa {version} é velho demais: é anterior ao Mesa {floor}, que trouxe o Vulkan 1.3 para as placas Radeon.</translation>
    </message>
    <message>
        <source>Update Mesa&apos;s Vulkan driver (package mesa-vulkan-drivers) to {floor} or newer with your distribution&apos;s updates.</source>
        <translation>Atualize o driver Vulkan do Mesa (pacote mesa-vulkan-drivers) para o {floor} ou mais novo pelas atualizações da sua distribuição.</translation>
    </message>
    <message>
        <source>RADV from Mesa {version}, new enough ({floor} or newer is needed).</source>
        <translation>RADV do Mesa {version}, novo o bastante (precisa do {floor} ou mais novo).</translation>
    </message>
    <message>
        <source>AMD&apos;s driver {driver} (the pre-RDNA branch {branch}, which AMD keeps for Polaris and Vega cards with critical fixes only)</source>
        <translation>Driver da AMD {driver} (o ramo pré-RDNA {branch}, que a AMD mantém para placas Polaris e Vega só com correções críticas)</translation>
    </message>
    <message>
        <source>AMD&apos;s driver {driver} (a 20{year} driver branch)</source>
        <translation>Driver da AMD {driver} (um ramo de driver de 20{year})</translation>
    </message>
    <message>
        <source>AMD Software: Adrenalin Edition {driver}</source>
        <translation>AMD Software: Adrenalin Edition {driver}</translation>
    </message>
    <message>
        <source>AMD&apos;s driver (Vulkan driver {driver})</source>
        <translation>Driver da AMD (driver Vulkan {driver})</translation>
    </message>
    <message>
        <source>AMD&apos;s driver</source>
        <translation>Driver da AMD</translation>
    </message>
    <message>
        <source>Use Mesa&apos;s RADV driver (package mesa-vulkan-drivers) {floor} or newer.</source>
        <translation>Use o driver RADV do Mesa (pacote mesa-vulkan-drivers) {floor} ou mais novo.</translation>
    </message>
    <message>
        <source>Install Adrenalin {best}, the release Polaris users report as the fastest, or the newest driver AMD lists for your card on amd.com/support (since late 2023 Polaris has its own driver branch with critical fixes only, so choose your card there rather than using the auto-detect tool). Run AMD&apos;s Cleanup Utility before installing either.</source>
        <translation>Instale o Adrenalin {best}, a versão que os usuários de Polaris dizem ser a mais rápida, ou o driver mais novo que a AMD lista para a sua placa em amd.com/support (desde o fim de 2023 a Polaris tem seu próprio ramo de driver só com correções críticas, então escolha a sua placa lá em vez de usar a ferramenta de detecção automática). Rode o Cleanup Utility da AMD antes de instalar qualquer um.</translation>
    </message>
    <message>
        <source>Install the newest AMD Software: Adrenalin Edition that amd.com/support lists for your card.</source>
        <translation>Instale o AMD Software: Adrenalin Edition mais novo que amd.com/support lista para a sua placa.</translation>
    </message>
    <message>
        <source>{driver} is older than Adrenalin {floor}, and it offers only Vulkan {version} (Vulkan 1.3 came with Adrenalin {vulkan_1_3}).</source>
        <translation>{driver} é mais antigo que o Adrenalin {floor} e só oferece Vulkan {version} (o Vulkan 1.3 veio com o Adrenalin {vulkan_1_3}).</translation>
    </message>
    <message>
        <source>{driver} is older than Adrenalin {floor}.</source>
        <translation>{driver} é mais antigo que o Adrenalin {floor}.</translation>
    </message>
    <message>
        <source>{driver}. Polaris users report Adrenalin {best} as the fastest release for these cards; newer ones bring fixes, not speed.</source>
        <translation>{driver}. Usuários de Polaris dizem que o Adrenalin {best} é a versão mais rápida para estas placas; as mais novas trazem correções, não velocidade.</translation>
    </message>
    <message>
        <source>{driver}.</source>
        <translation>{driver}.</translation>
    </message>
    <message>
        <source>No FPS counter or recording overlay hooks into Vulkan programs.</source>
        <translation>Nenhum contador de FPS ou overlay de gravação se conecta aos programas Vulkan.</translation>
    </message>
    <message>
        <source>These overlays hook into Vulkan programs: {overlays}. Polaris Studio keeps them out of the image backend.</source>
        <translation>Estes overlays se conectam aos programas Vulkan: {overlays}. O Polaris Studio os mantém fora do backend de imagens.</translation>
    </message>
    <message>
        <source>These programs hook into every Vulkan program, the image backend too, and can crash or hang it while a model loads: {programs}.</source>
        <translation>Estes programas se conectam a todo programa Vulkan, inclusive ao backend de imagens, e podem fazê-lo fechar ou travar enquanto um modelo carrega: {programs}.</translation>
    </message>
    <message>
        <source>The processor has no video memory of its own; it uses the computer&apos;s memory (RAM).</source>
        <translation>O processador não tem memória de vídeo própria; ele usa a memória do computador (RAM).</translation>
    </message>
    <message>
        <source>Install {driver} so that the card&apos;s video memory is used.</source>
        <translation>Instale {driver} para que a memória de vídeo da placa seja usada.</translation>
    </message>
    <message>
        <source>If this computer has a graphics card, install its maker&apos;s driver so that its video memory is used.</source>
        <translation>Se este computador tem placa de vídeo, instale o driver do fabricante dela para que a memória de vídeo seja usada.</translation>
    </message>
    <message>
        <source>The driver did not report the video memory size.</source>
        <translation>O driver não informou o tamanho da memória de vídeo.</translation>
    </message>
    <message>
        <source>Run the check on the computer itself (a short pasted report lacks the memory sizes).</source>
        <translation>Rode a verificação no próprio computador (um texto colado curto não traz os tamanhos de memória).</translation>
    </message>
    <message>
        <source>{device} has {size} of VRAM; Flux and SDXL need at least 4 GiB.</source>
        <translation>{device} tem {size} de VRAM; Flux e SDXL precisam de pelo menos 4 GiB.</translation>
    </message>
    <message>
        <source>Use SD 1.5 models, or a card with 4 GiB or more.</source>
        <translation>Use modelos SD 1.5, ou uma placa com 4 GiB ou mais.</translation>
    </message>
    <message>
        <source>{size} of VRAM.</source>
        <translation>{size} de VRAM.</translation>
    </message>
    <message>
        <source>The driver caps one memory block at {size}: large images must be decoded in tiles.</source>
        <translation>O driver limita um bloco de memória a {size}: imagens grandes precisam ser decodificadas em blocos.</translation>
    </message>
    <message>
        <source>Keep &apos;Decode in tiles&apos; on; the memory planner turns it on for you.</source>
        <translation>Deixe &apos;Decodificar em blocos&apos; ligado; o planejador de memória liga para você.</translation>
    </message>
    <message>
        <source>One memory block may be up to {size}.</source>
        <translation>Um bloco de memória pode ter até {size}.</translation>
    </message>
    <message>
        <source>RAM unknown: the paste does not say.</source>
        <translation>RAM desconhecida: o texto colado não diz.</translation>
    </message>
    <message>
        <source>{family} models need about {needed} GB of RAM; run the check on that computer.</source>
        <translation>Modelos {family} precisam de uns {needed} GB de RAM; rode a verificação naquele computador.</translation>
    </message>
    <message>
        <source>{total} of RAM; {family} models need about {needed} GB (the text encoder lives in RAM).</source>
        <translation>{total} de RAM; modelos {family} precisam de uns {needed} GB (o codificador de texto fica na RAM).</translation>
    </message>
    <message>
        <source>Add RAM, or use {smallest} models, which need about {size} GB.</source>
        <translation>Coloque mais RAM, ou use modelos {smallest}, que precisam de uns {size} GB.</translation>
    </message>
    <message>
        <source>Only {free} of {total} RAM is free right now.</source>
        <translation>Só {free} de {total} de RAM estão livres agora.</translation>
    </message>
    <message>
        <source>Close other programs (browsers, games) before generating.</source>
        <translation>Feche outros programas (navegadores, jogos) antes de gerar.</translation>
    </message>
    <message>
        <source>{total} of RAM.</source>
        <translation>{total} de RAM.</translation>
    </message>
    <message>
        <source>{total} of RAM, {free} free.</source>
        <translation>{total} de RAM, {free} livres.</translation>
    </message>
    <message>
        <source>Free disk space unknown: the paste does not say.</source>
        <translation>Espaço livre em disco desconhecido: o texto colado não diz.</translation>
    </message>
    <message>
        <source>A Flux set takes about 12 GB; keep {free} GB free where models go.</source>
        <translation>Um conjunto Flux ocupa uns 12 GB; deixe {free} GB livres onde ficam os modelos.</translation>
    </message>
    <message>
        <source>Only {free} free where models go ({folder}); a Flux set takes about 12 GB.</source>
        <translation>Só {free} livres onde ficam os modelos ({folder}); um conjunto Flux ocupa uns 12 GB.</translation>
    </message>
    <message>
        <source>Free some space, or choose a models folder on another drive.</source>
        <translation>Libere espaço, ou escolha uma pasta de modelos em outro disco.</translation>
    </message>
    <message>
        <source>{free} free for models in {folder}.</source>
        <translation>{free} livres para modelos em {folder}.</translation>
    </message>
    <message>
        <source>The models folder {folder} is on a spinning hard disk: loading a Flux model takes several minutes each time.</source>
        <translation>A pasta de modelos {folder} está num HD mecânico: carregar um modelo Flux leva vários minutos toda vez.</translation>
    </message>
    <message>
        <source>Move the models folder to an SSD if you have one.</source>
        <translation>Mova a pasta de modelos para um SSD, se tiver um.</translation>
    </message>
    <message>
        <source>The models folder is on a solid-state drive.</source>
        <translation>A pasta de modelos está num SSD.</translation>
    </message>
    <message>
        <source>Processor unknown: the paste does not say which instructions it has.</source>
        <translation>Processador desconhecido: o texto colado não diz quais instruções ele tem.</translation>
    </message>
    <message>
        <source>Could not read which instructions the processor has.</source>
        <translation>Não deu para ler quais instruções o processador tem.</translation>
    </message>
    <message>
        <source>Its parts of a picture are timed as on a processor with AVX2.</source>
        <translation>As partes de uma imagem feitas nele são estimadas como num processador com AVX2.</translation>
    </message>
    <message>
        <source>The plan keeps the text encoders and the image decoder on the graphics card where they fit and that is quicker.</source>
        <translation>O plano mantém os codificadores de texto e o decodificador de imagem na placa de vídeo quando cabem e isso é mais rápido.</translation>
    </message>
    <message>
        <source>The processor has AVX-512.</source>
        <translation>O processador tem AVX-512.</translation>
    </message>
    <message>
        <source>The processor has AVX2 and FMA3.</source>
        <translation>O processador tem AVX2 e FMA3.</translation>
    </message>
    <message>
        <source>The processor runs its parts of a picture at about full speed.</source>
        <translation>O processador faz as partes de uma imagem que lhe cabem quase em velocidade máxima.</translation>
    </message>
    <message>
        <source>A library the sd.cpp backend needs is missing, so it cannot start ({library}).</source>
        <translation>Falta uma biblioteca de que o backend sd.cpp precisa, então ele não consegue iniciar ({library}).</translation>
    </message>
    <message>
        <source>Download the drawing engine again (Models &gt; Drawing engine: it brings sd-cli.exe with all its DLLs), and update the graphics driver if vulkan-1.dll is the one missing.</source>
        <translation>Baixe o motor de desenho de novo (Modelos &gt; Motor de desenho: ele traz o sd-cli.exe com todas as suas DLLs) e atualize o driver de vídeo se a que falta for a vulkan-1.dll.</translation>
    </message>
    <message>
        <source>Build the drawing engine again (Models &gt; Drawing engine &gt; Build the engine), and install your distribution&apos;s Vulkan package (libvulkan1).</source>
        <translation>Compile o motor de desenho de novo (Modelos &gt; Motor de desenho &gt; Compilar o motor) e instale o pacote Vulkan da sua distribuição (libvulkan1).</translation>
    </message>
    <message>
        <source>The sd.cpp backend runs but sees no Vulkan device.</source>
        <translation>O backend sd.cpp roda, mas não vê nenhum dispositivo Vulkan.</translation>
    </message>
    <message>
        <source>The sd.cpp backend runs and sees {devices}.</source>
        <translation>O backend sd.cpp roda e vê {devices}.</translation>
    </message>
</context>
<context>
    <name>Computers</name>
    <message>
        <source>Type the other computer&apos;s address, such as http://192.168.0.12:7860</source>
        <translation>Digite o endereço do outro computador, como http://192.168.0.12:7860</translation>
    </message>
    <message>
        <source>{address} has a port that is not a number from 1 to 65535</source>
        <translation>{address} tem uma porta que não é um número de 1 a 65535</translation>
    </message>
    <message>
        <source>{address} is not a web address of a computer; write it as http://192.168.0.12:7860</source>
        <translation>{address} não é o endereço web de um computador; escreva-o como http://192.168.0.12:7860</translation>
    </message>
</context>
<context>
    <name>Control</name>
    <message>
        <source>ControlNet guides SD 1.x and SDXL models only; this one is {family}</source>
        <translation>O ControlNet guia apenas modelos SD 1.x e SDXL; este é {family}</translation>
    </message>
    <message>
        <source>ControlNet strength must be between 0 and {most}, got {value}</source>
        <translation>a força do ControlNet deve estar entre 0 e {most}, recebido {value}</translation>
    </message>
    <message>
        <source>cannot use {file} as a ControlNet: {why}</source>
        <translation>não é possível usar {file} como ControlNet: {why}</translation>
    </message>
    <message>
        <source>{file} is not a ControlNet</source>
        <translation>{file} não é um ControlNet</translation>
    </message>
    <message>
        <source>{file} is a ControlNet in diffusers&apos; layout, which the drawing engine cannot read: use the single-file one (such as control_v11p_sd15_canny_fp16.safetensors, in the Models window)</source>
        <translation>{file} é um ControlNet no formato do diffusers, que o motor de desenho não consegue ler: use o de arquivo único (como control_v11p_sd15_canny_fp16.safetensors, na janela Modelos)</translation>
    </message>
    <message>
        <source>SD 2</source>
        <translation>SD 2</translation>
    </message>
    <message>
        <source>another model</source>
        <translation>outro modelo</translation>
    </message>
    <message>
        <source>the ControlNet {file} is made for {made_for}, not for this {family} model: choose a ControlNet made for {family}</source>
        <translation>o ControlNet {file} foi feito para {made_for}, não para este modelo {family}: escolha um ControlNet feito para {family}</translation>
    </message>
    <message>
        <source>control picture</source>
        <translation>imagem de controle</translation>
    </message>
</context>
<context>
    <name>Drafts</name>
    <message>
        <source>drafts try new pictures: take the input picture out, or Generate to draw from it</source>
        <translation>os rascunhos experimentam imagens novas: tire a imagem de entrada, ou use Gerar para desenhar a partir dela</translation>
    </message>
    <message>
        <source>the number of drafts must be between 1 and {most}, got {count}</source>
        <translation>o número de rascunhos deve estar entre 1 e {most}, recebido {count}</translation>
    </message>
    <message>
        <source>at {width}x{height}, its draft drawn again and enlarged (hires fix)</source>
        <translation>em {width}x{height}, o rascunho desenhado de novo e ampliado (hires fix)</translation>
    </message>
    <message>
        <source>at {width}x{height}, redrawn from the picture itself (img2img: not a draft of this model)</source>
        <translation>em {width}x{height}, redesenhada a partir da própria imagem (img2img: não é um rascunho deste modelo)</translation>
    </message>
    <message>
        <source>{count} drafts in {drafts}, then the one you pick in {finish}.</source>
        <translation>{count} rascunhos em {drafts}, depois o que você escolher em {finish}.</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source> while {stage}</source>
        <translation> durante: {stage}</translation>
    </message>
    <message>
        <source> (exit code {code})</source>
        <translation> (código de saída {code})</translation>
    </message>
    <message>
        <source>sd.cpp crashed{where}{code}</source>
        <translation>o sd.cpp caiu{where}{code}</translation>
    </message>
    <message>
        <source>sd.cpp finished without writing an image</source>
        <translation>o sd.cpp terminou sem gravar uma imagem</translation>
    </message>
    <message>
        <source>sd.cpp failed with exit code {code}</source>
        <translation>o sd.cpp falhou com código de saída {code}</translation>
    </message>
    <message>
        <source>The graphics card ran out of memory. Try a smaller size, or tick &apos;Decode in tiles&apos; in Advanced.</source>
        <translation>A placa de vídeo ficou sem memória. Tente um tamanho menor, ou marque &apos;Decodificar em blocos&apos; em Avançado.</translation>
    </message>
    <message>
        <source>The graphics card stopped answering and its driver reset it (Windows does that when one piece of work takes over two seconds). Try a smaller size; if it happens again, update the graphics driver: the system check (Full check…) names the one to get.</source>
        <translation>A placa de vídeo parou de responder e o driver dela a reiniciou (o Windows faz isso quando uma parte do trabalho leva mais de dois segundos). Tente um tamanho menor; se acontecer de novo, atualize o driver de vídeo: a verificação do sistema (Verificação completa…) diz qual baixar.</translation>
    </message>
    <message>
        <source>The model file could not be loaded. Is it complete and a supported model?</source>
        <translation>Não deu para carregar o arquivo do modelo. Ele está completo e é um modelo suportado?</translation>
    </message>
    <message>
        <source>The image backend is missing.</source>
        <translation>O backend de imagens está faltando.</translation>
    </message>
    <message>
        <source>The image backend stopped suddenly. Details shows its last words.</source>
        <translation>O backend de imagens parou de repente. Os Detalhes mostram as últimas palavras dele.</translation>
    </message>
    <message>
        <source>The settings were not accepted.</source>
        <translation>As configurações não foram aceitas.</translation>
    </message>
    <message>
        <source>The picture could not be saved where it should go. Choose another folder with the folder button, or free some space.</source>
        <translation>Não deu para salvar a imagem onde ela deveria ir. Escolha outra pasta com o botão de pasta, ou libere espaço.</translation>
    </message>
    <message>
        <source>The picture looks broken, so it was set aside, not put in the gallery; if it is what you wanted, click Keep it.</source>
        <translation>A imagem parece quebrada, então foi guardada à parte, fora da galeria; se é o que você queria, clique em Manter.</translation>
    </message>
    <message>
        <source>The generation failed.</source>
        <translation>A geração falhou.</translation>
    </message>
    <message>
        <source>The backend&apos;s own words are under Details.</source>
        <translation>As palavras do próprio backend estão em Detalhes.</translation>
    </message>
</context>
<context>
    <name>Extend</name>
    <message>
        <source>left</source>
        <translation>esquerda</translation>
    </message>
    <message>
        <source>right</source>
        <translation>direita</translation>
    </message>
    <message>
        <source>top</source>
        <translation>em cima</translation>
    </message>
    <message>
        <source>bottom</source>
        <translation>embaixo</translation>
    </message>
    <message>
        <source>cannot read &quot;{part}&quot;: write the sides and pixels as left=128,down=64 (left, right, up, down)</source>
        <translation>não deu para ler &quot;{part}&quot;: escreva os lados e os pixels como left=128,down=64 (left, right, up, down)</translation>
    </message>
    <message>
        <source>{side} is given twice</source>
        <translation>o lado {side} aparece duas vezes</translation>
    </message>
    <message>
        <source>{side}={amount}: the pixels must be a whole number</source>
        <translation>{side}={amount}: os pixels precisam ser um número inteiro</translation>
    </message>
    <message>
        <source>a picture grows by a positive number of pixels on a side</source>
        <translation>uma imagem cresce um número positivo de pixels de cada lado</translation>
    </message>
    <message>
        <source>choose how many pixels to add on at least one side</source>
        <translation>escolha quantos pixels adicionar em pelo menos um lado</translation>
    </message>
    <message>
        <source>the picture ({width}x{height}) would grow to {new_width}x{new_height}; the largest side is {most} pixels: add less, or scale the picture down first</source>
        <translation>a imagem ({width}x{height}) ficaria com {new_width}x{new_height}; o maior lado é {most} pixels: adicione menos ou reduza a imagem primeiro</translation>
    </message>
    <message>
        <source>width</source>
        <translation>largura</translation>
    </message>
    <message>
        <source>height</source>
        <translation>altura</translation>
    </message>
    <message>
        <source>{extra} more pixels on the {sides}, so that the {side}, {size}, is a multiple of {multiple}</source>
        <translation>mais {extra} pixels ({sides}), para que a {side}, {size}, seja múltipla de {multiple}</translation>
    </message>
    <message>
        <source> and </source>
        <translation> e </translation>
    </message>
</context>
<context>
    <name>Faces</name>
    <message>
        <source>face fix strength must be above 0 and at most 1, got {value}</source>
        <translation>a força da correção de rostos deve ser maior que 0 e no máximo 1, recebido {value}</translation>
    </message>
    <message>
        <source>face detection confidence must be between 0 and 1, got {value}</source>
        <translation>a confiança da detecção de rostos deve estar entre 0 e 1, recebido {value}</translation>
    </message>
    <message>
        <source>face fix padding must be 0-512 pixels, mask blur 0-64 and dilation -64 to 64</source>
        <translation>a margem da correção de rostos deve ter 0-512 pixels, o desfoque da máscara 0-64 e a dilatação de -64 a 64</translation>
    </message>
    <message>
        <source>the face detector {file} is missing from OpenCV: reinstall Polaris Studio</source>
        <translation>o detector de rostos {file} não está no OpenCV: reinstale o Polaris Studio</translation>
    </message>
    <message>
        <source>Fix faces: no face found in the picture; it is kept as drawn.</source>
        <translation>Corrigir rostos: nenhum rosto encontrado na imagem; ela é mantida como foi desenhada.</translation>
    </message>
    <message>
        <source>Fix faces: {count} face(s) found; repainting each.</source>
        <translation>Corrigir rostos: {count} rosto(s) encontrado(s); repintando cada um.</translation>
    </message>
</context>
<context>
    <name>Files</name>
    <message>
        <source>the disk with {place} is full ({free})</source>
        <translation>o disco de {place} está cheio ({free})</translation>
    </message>
    <message>
        <source>{place} is on a read-only disk</source>
        <translation>{place} está num disco somente leitura</translation>
    </message>
    <message>
        <source>another program is using a file in {place} (an antivirus or a picture viewer, perhaps)</source>
        <translation>outro programa está usando um arquivo em {place} (talvez um antivírus ou um visualizador de imagens)</translation>
    </message>
    <message>
        <source>you may not write in {place} (it is read-only or another user&apos;s)</source>
        <translation>você não tem permissão para gravar em {place} (é somente leitura ou de outro usuário)</translation>
    </message>
    <message>
        <source>{place} no longer exists (a removed drive or a deleted folder?)</source>
        <translation>{place} não existe mais (um disco removido ou uma pasta apagada?)</translation>
    </message>
    <message>
        <source>{place} is a file, not a folder</source>
        <translation>{place} é um arquivo, não uma pasta</translation>
    </message>
    <message>
        <source>{place} is a folder, not a file</source>
        <translation>{place} é uma pasta, não um arquivo</translation>
    </message>
    <message>
        <source>the name {place} is too long for this disk</source>
        <translation>o nome {place} é longo demais para este disco</translation>
    </message>
    <message>
        <source>{place} is busy (another program or the system is using it)</source>
        <translation>{place} está ocupado (outro programa ou o sistema está usando)</translation>
    </message>
    <message>
        <source>the system refused it</source>
        <translation>o sistema recusou</translation>
    </message>
    <message>
        <source>{place} cannot be used ({why})</source>
        <translation>{place} não pode ser usado ({why})</translation>
    </message>
    <message>
        <source>{size} free</source>
        <translation>{size} livres</translation>
    </message>
    <message>
        <source>no room left</source>
        <translation>sem espaço nenhum</translation>
    </message>
    <message>
        <source>Pictures cannot be saved: {problem}. Choose another folder.</source>
        <translation>Não dá para salvar imagens: {problem}. Escolha outra pasta.</translation>
    </message>
    <message>
        <source>Pictures cannot be saved: the disk with {folder} is full ({free} free; a picture of this size needs about {needed}). Free some space or choose another folder.</source>
        <translation>Não dá para salvar imagens: o disco de {folder} está cheio ({free} livres; uma imagem deste tamanho precisa de uns {needed}). Libere espaço ou escolha outra pasta.</translation>
    </message>
    <message>
        <source>The picture could not be saved: {problem}; nor in {rescue} ({rescue_problem}). It is still in {staged}.</source>
        <translation>Não deu para salvar a imagem: {problem}; nem em {rescue} ({rescue_problem}). Ela continua em {staged}.</translation>
    </message>
    <message>
        <source>The picture could not be saved: {problem}. It is kept in {kept}.</source>
        <translation>Não deu para salvar a imagem: {problem}. Ela foi guardada em {kept}.</translation>
    </message>
</context>
<context>
    <name>Gallery</name>
    <message>
        <source>The gallery&apos;s index ({database}) is damaged and could not be moved aside: {why}. Another program may hold it open. The gallery shows your images anyway; favourites you mark now last until you close the app. Close the other program and restart to repair the index.</source>
        <translation>O índice da galeria ({database}) está danificado e não pôde ser movido: {why}. Talvez outro programa o esteja usando. A galeria mostra suas imagens mesmo assim; os favoritos que você marcar agora só duram até fechar o app. Feche o outro programa e reinicie para consertar o índice.</translation>
    </message>
</context>
<context>
    <name>Kinds</name>
    <message>
        <source>full checkpoint</source>
        <translation>modelo completo (checkpoint)</translation>
    </message>
    <message>
        <source>Flux diffusion model</source>
        <translation>modelo de difusão Flux</translation>
    </message>
    <message>
        <source>FLUX.2 diffusion model</source>
        <translation>modelo de difusão FLUX.2</translation>
    </message>
    <message>
        <source>Z-Image diffusion model</source>
        <translation>modelo de difusão Z-Image</translation>
    </message>
    <message>
        <source>SD3 diffusion model</source>
        <translation>modelo de difusão SD3</translation>
    </message>
    <message>
        <source>SDXL diffusion model</source>
        <translation>modelo de difusão SDXL</translation>
    </message>
    <message>
        <source>SD 1.x diffusion model</source>
        <translation>modelo de difusão SD 1.x</translation>
    </message>
    <message>
        <source>T5-XXL text encoder</source>
        <translation>codificador de texto T5-XXL</translation>
    </message>
    <message>
        <source>CLIP-L text encoder</source>
        <translation>codificador de texto CLIP-L</translation>
    </message>
    <message>
        <source>CLIP-G text encoder</source>
        <translation>codificador de texto CLIP-G</translation>
    </message>
    <message>
        <source>Qwen3 text encoder (LLM)</source>
        <translation>codificador de texto Qwen3 (LLM)</translation>
    </message>
    <message>
        <source>VAE</source>
        <translation>VAE</translation>
    </message>
    <message>
        <source>FLUX.2 VAE</source>
        <translation>VAE do FLUX.2</translation>
    </message>
    <message>
        <source>tiny autoencoder (TAESD)</source>
        <translation>autoencoder pequeno (TAESD)</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>ESRGAN upscaler</source>
        <translation>ampliador ESRGAN</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>chat text model</source>
        <translation>modelo de texto de conversa</translation>
    </message>
    <message>
        <source>pickle checkpoint</source>
        <translation>checkpoint pickle</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>ilegível</translation>
    </message>
</context>
<context>
    <name>Memory</name>
    <message>
        <source>Text encoder on CPU</source>
        <translation>Codificador de texto no processador</translation>
    </message>
    <message>
        <source>Image decoder on CPU</source>
        <translation>Decodificador de imagem no processador</translation>
    </message>
    <message>
        <source>Decode in tiles</source>
        <translation>Decodificar em blocos</translation>
    </message>
    <message>
        <source>Weights in RAM between stages</source>
        <translation>Pesos na RAM entre as etapas</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Atenção econômica (flash attention)</translation>
    </message>
    <message>
        <source>Video memory cap</source>
        <translation>Limite de memória de vídeo</translation>
    </message>
    <message>
        <source>With &apos;Weights in RAM between stages&apos;: stream the diffusion model within this much VRAM</source>
        <translation>Com &apos;Pesos na RAM entre as etapas&apos;: transmite o modelo de difusão dentro desta quantidade de VRAM</translation>
    </message>
    <message>
        <source>no VRAM cap</source>
        <translation>sem limite de VRAM</translation>
    </message>
</context>
<context>
    <name>Models</name>
    <message>
        <source>the file ends inside its header (is the download complete?)</source>
        <translation>o arquivo termina no meio do cabeçalho (o download terminou?)</translation>
    </message>
    <message>
        <source>the GGUF header is damaged (a string of impossible length)</source>
        <translation>o cabeçalho GGUF está danificado (um texto de tamanho impossível)</translation>
    </message>
    <message>
        <source>the GGUF header is damaged (an array of impossible length)</source>
        <translation>o cabeçalho GGUF está danificado (uma lista de tamanho impossível)</translation>
    </message>
    <message>
        <source>the GGUF header has an unknown value type {type}</source>
        <translation>o cabeçalho GGUF tem um tipo de valor desconhecido {type}</translation>
    </message>
    <message>
        <source>not a GGUF file</source>
        <translation>não é um arquivo GGUF</translation>
    </message>
    <message>
        <source>GGUF version {version} is too old; convert the model again</source>
        <translation>a versão GGUF {version} é antiga demais; converta o modelo de novo</translation>
    </message>
    <message>
        <source>the GGUF header is damaged (impossible counts)</source>
        <translation>o cabeçalho GGUF está danificado (contagens impossíveis)</translation>
    </message>
    <message>
        <source>the GGUF header is damaged (a tensor with too many dimensions)</source>
        <translation>o cabeçalho GGUF está danificado (um tensor com dimensões demais)</translation>
    </message>
    <message>
        <source>not a safetensors file (its header length is impossible)</source>
        <translation>não é um arquivo safetensors (o tamanho do cabeçalho é impossível)</translation>
    </message>
    <message>
        <source>not a safetensors file (its header is not JSON)</source>
        <translation>não é um arquivo safetensors (o cabeçalho não é JSON)</translation>
    </message>
    <message>
        <source>not a safetensors file (its header is not a table)</source>
        <translation>não é um arquivo safetensors (o cabeçalho não é uma tabela)</translation>
    </message>
    <message>
        <source>{file} is neither GGUF nor safetensors</source>
        <translation>{file} não é GGUF nem safetensors</translation>
    </message>
    <message>
        <source>{file} is {size} bytes but its header needs {needed}: the download is incomplete</source>
        <translation>{file} tem {size} bytes, mas o cabeçalho precisa de {needed}: o download está incompleto</translation>
    </message>
    <message>
        <source>cannot use {file} as {what}: {why}</source>
        <translation>não dá para usar {file} como {what}: {why}</translation>
    </message>
    <message>
        <source>{file} is a {kind}, not {what}</source>
        <translation>{file} é um {kind}, não {what}</translation>
    </message>
    <message>
        <source>{file} holds only a diffusion model, not a full model: put it in Diffusion model, with its VAE and text encoders in their own slots</source>
        <translation>{file} contém só um modelo de difusão, não um modelo completo: coloque-o em Modelo de difusão, com o VAE e os codificadores de texto nos próprios espaços</translation>
    </message>
    <message>
        <source>{file} is a diffusion-only model ({kind}): put it in Diffusion model, and add a VAE and the text encoders</source>
        <translation>{file} é um modelo só de difusão ({kind}): coloque-o em Modelo de difusão e adicione um VAE e os codificadores de texto</translation>
    </message>
    <message>
        <source>{file} is a {kind}, not a {slot} file: put it in {right}</source>
        <translation>{file} é um {kind}, não um arquivo de {slot}: coloque-o em {right}</translation>
    </message>
    <message>
        <source>{llm} is an LLM text encoder; {file} ({kind}) does not read one: leave LLM text encoder empty</source>
        <translation>{llm} é um codificador de texto LLM; {file} ({kind}) não usa um: deixe Codificador de texto LLM vazio</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>{file} is a {kind}: it needs its Qwen3 text encoder in LLM text encoder</source>
        <translation>{file} é um {kind}: ele precisa do seu codificador de texto Qwen3 em Codificador de texto LLM</translation>
    </message>
    <message>
        <source>{file} is a {kind}: it reads the prompt through its Qwen3 LLM only; leave {slot} empty</source>
        <translation>{file} é um {kind}: ele lê o prompt só pelo seu LLM Qwen3; deixe {slot} vazio</translation>
    </message>
    <message>
        <source>{llm} is {have} wide but {file} reads a {want}-wide Qwen3 ({size}): use the text encoder made for it</source>
        <translation>{llm} tem largura {have}, mas {file} lê um Qwen3 de largura {want} ({size}): use o codificador de texto feito para ele</translation>
    </message>
    <message>
        <source>another size</source>
        <translation>outro tamanho</translation>
    </message>
    <message>
        <source>{vae} is a {vae_kind}, but {file} is a {kind}: it needs a {wanted}</source>
        <translation>{vae} é um {vae_kind}, mas {file} é um {kind}: ele precisa de um {wanted}</translation>
    </message>
    <message>
        <source>FLUX.1 or SD VAE</source>
        <translation>VAE FLUX.1 ou SD</translation>
    </message>
    <message>
        <source>pickle files can run code when they are loaded: use a .safetensors or .gguf download of this model instead</source>
        <translation>arquivos pickle podem executar código ao serem carregados: use um download .safetensors ou .gguf deste modelo</translation>
    </message>
    <message>
        <source>not a model part Polaris Studio knows ({families}, their encoders, VAE)</source>
        <translation>não é uma parte de modelo que o Polaris Studio conhece ({families}, seus codificadores, VAE)</translation>
    </message>
    <message>
        <source>{folder} already has another file named {file}</source>
        <translation>{folder} já tem outro arquivo chamado {file}</translation>
    </message>
    <message>
        <source>not used</source>
        <translation>não usado</translation>
    </message>
    <message>
        <source>the prompt helper&apos;s text model (Improve)</source>
        <translation>modelo de texto do assistente de prompt (Refinar)</translation>
    </message>
    <message>
        <source>{helper} and {slot}</source>
        <translation>{helper} e {slot}</translation>
    </message>
    <message>
        <source>{slot} folder, as {name}</source>
        <translation>pasta de {slot}, como {name}</translation>
    </message>
    <message>
        <source>not added: {why}</source>
        <translation>não adicionado: {why}</translation>
    </message>
    <message>
        <source>No picture model among these files, so no model was added: a text model or a VAE cannot draw alone. Add it together with the picture model it belongs to.</source>
        <translation>Nenhum modelo de imagem entre estes arquivos, então nenhum modelo foi adicionado: um modelo de texto ou um VAE não desenha sozinho. Adicione-o junto com o modelo de imagem a que pertence.</translation>
    </message>
</context>
<context>
    <name>Picker</name>
    <message>
        <source>{name} — {family}</source>
        <translation>{name} — {family}</translation>
    </message>
    <message>
        <source>No model chosen yet</source>
        <translation>Nenhum modelo escolhido ainda</translation>
    </message>
    <message>
        <source>Demo (random noise)</source>
        <translation>Demo (ruído aleatório)</translation>
    </message>
</context>
<context>
    <name>Picture</name>
    <message>
        <source>The backend wrote {file} as {format}, not as a PNG picture</source>
        <translation>O backend gravou {file} como {format}, não como uma imagem PNG</translation>
    </message>
    <message>
        <source>The picture the backend wrote ({file}) is not whole and cannot be read</source>
        <translation>A imagem que o backend gravou ({file}) não está inteira e não pode ser lida</translation>
    </message>
    <message>
        <source>The picture came out black</source>
        <translation>A imagem saiu preta</translation>
    </message>
    <message>
        <source>The picture came out as one flat colour {colour}</source>
        <translation>A imagem saiu toda de uma cor só {colour}</translation>
    </message>
    <message>
        <source>The picture came out almost all one colour {colour}</source>
        <translation>A imagem saiu quase toda de uma cor só {colour}</translation>
    </message>
    <message>
        <source>Only one square of the picture was drawn; the rest is one flat colour {colour}</source>
        <translation>Só um quadrado da imagem foi desenhado; o resto é de uma cor só {colour}</translation>
    </message>
    <message>
        <source>The picture came out as noise of pure colours</source>
        <translation>A imagem saiu como ruído de cores puras</translation>
    </message>
    <message>
        <source>Try: untick &apos;Decode in tiles&apos; in Advanced, or a smaller size.</source>
        <translation>Tente: desmarque &apos;Decodificar em blocos&apos; em Avançado, ou um tamanho menor.</translation>
    </message>
    <message>
        <source>Try another seed or prompt, or another model file.</source>
        <translation>Tente outra semente ou outro prompt, ou outro arquivo de modelo.</translation>
    </message>
    <message>
        <source>Try a smaller size or another model file.</source>
        <translation>Tente um tamanho menor ou outro arquivo de modelo.</translation>
    </message>
    <message>
        <source>The image decoder already ran on the processor; try a smaller size, another model file or another graphics driver.</source>
        <translation>O decodificador de imagem já rodou no processador; tente um tamanho menor, outro arquivo de modelo ou outro driver de vídeo.</translation>
    </message>
    <message>
        <source>Try: tick &apos;Image decoder on CPU&apos; in Advanced, a smaller size or another model file.</source>
        <translation>Tente: marque &apos;Decodificador de imagem no processador&apos; em Avançado, um tamanho menor ou outro arquivo de modelo.</translation>
    </message>
    <message>
        <source>in smaller pieces of work</source>
        <translation>em partes menores de trabalho</translation>
    </message>
    <message>
        <source>with the image decoder on the processor</source>
        <translation>com o decodificador de imagem no processador</translation>
    </message>
    <message>
        <source>with the image decoder in tiles</source>
        <translation>com o decodificador de imagem em blocos</translation>
    </message>
    <message>
        <source>with less video memory, in smaller pieces</source>
        <translation>com menos memória de vídeo, em pedaços menores</translation>
    </message>
    <message>
        <source>input image</source>
        <translation>imagem de entrada</translation>
    </message>
    <message>
        <source>{picture} not found: {path}</source>
        <translation>{picture} não encontrada: {path}</translation>
    </message>
    <message>
        <source>{picture} {file} is {width}x{height} pixels ({megapixels} megapixels); the most it may have is {most} megapixels: scale it down first</source>
        <translation>{picture} {file} tem {width}x{height} pixels ({megapixels} megapixels); o máximo permitido é {most} megapixels: reduza primeiro</translation>
    </message>
    <message>
        <source>{picture} {file} has too many pixels to open safely; the most it may have is {most} megapixels: scale it down first</source>
        <translation>{picture} {file} tem pixels demais para abrir com segurança; o máximo permitido é {most} megapixels: reduza primeiro</translation>
    </message>
    <message>
        <source>{picture} {file} is not a picture (PNG, JPEG, WebP or BMP)</source>
        <translation>{picture} {file} não é uma imagem (PNG, JPEG, WebP ou BMP)</translation>
    </message>
    <message>
        <source>{picture} cannot be read: {why}</source>
        <translation>{picture} não pode ser lida: {why}</translation>
    </message>
    <message>
        <source>{picture} {file} cannot be read: it is damaged or cut short</source>
        <translation>{picture} {file} não pode ser lida: está danificada ou cortada</translation>
    </message>
    <message>
        <source>{picture} {file} carries more text than a picture may (megabytes, packed small): save it again without its text</source>
        <translation>{picture} {file} traz mais texto do que uma imagem pode trazer (megabytes, bem comprimidos): salve-a de novo sem o texto</translation>
    </message>
</context>
<context>
    <name>Plan</name>
    <message>
        <source>Text encoder (the Qwen3 LLM)</source>
        <translation>Codificador de texto (o LLM Qwen3)</translation>
    </message>
    <message>
        <source>Text encoders</source>
        <translation>Codificadores de texto</translation>
    </message>
    <message>
        <source>Diffusion model on the GPU</source>
        <translation>Modelo de difusão na GPU</translation>
    </message>
    <message>
        <source>, moved in from RAM for each stage</source>
        <translation>, trazido da RAM a cada etapa</translation>
    </message>
    <message>
        <source>, streamed in pieces of at most {size} GiB</source>
        <translation>, enviado em pedaços de no máximo {size} GiB</translation>
    </message>
    <message>
        <source>Image decoder on the {place} in tiles of {size} px.</source>
        <translation>Decodificador de imagem na {place} em blocos de {size} px.</translation>
    </message>
    <message>
        <source>Image decoder on the {place} in tiles.</source>
        <translation>Decodificador de imagem na {place}, em blocos.</translation>
    </message>
    <message>
        <source>Image decoder on the {place}.</source>
        <translation>Decodificador de imagem na {place}.</translation>
    </message>
    <message>
        <source>{part} on the {place}.</source>
        <translation>{part} na {place}.</translation>
    </message>
    <message>
        <source>Flash attention keeps the attention buffers small.</source>
        <translation>A flash attention mantém pequenos os buffers de atenção.</translation>
    </message>
    <message>
        <source>The live preview is decoded by the tiny autoencoder at every step.</source>
        <translation>A prévia ao vivo é decodificada pelo autoencoder pequeno a cada passo.</translation>
    </message>
    <message>
        <source>The live preview is a quick colour sketch of each step.</source>
        <translation>A prévia ao vivo é um esboço rápido em cores de cada passo.</translation>
    </message>
    <message>
        <source>Predicted VRAM peak {peak} (weights {weights}, compute {compute}) of a {budget} budget; RAM {ram} of {free} free.</source>
        <translation>Pico de VRAM previsto {peak} (pesos {weights}, cálculo {compute}) de um orçamento de {budget}; RAM {ram} de {free} livres.</translation>
    </message>
    <message>
        <source>{held} of it is held for the card, of the {budget} of system memory its driver lets it use.</source>
        <translation>{held} disso fica reservado para a placa, dos {budget} de memória do sistema que o driver deixa ela usar.</translation>
    </message>
    <message>
        <source>It would hold {held} of system memory for the card, more than the {budget} its driver allows: past that the card stops.</source>
        <translation>Isso reservaria {held} de memória do sistema para a placa, mais que os {budget} que o driver permite: passando disso, a placa para.</translation>
    </message>
    <message>
        <source>Each image first reads {size} of model files: about {seconds} s from a hard disk, a second or two once they are cached in RAM.</source>
        <translation>Cada imagem primeiro lê {size} de arquivos de modelo: uns {seconds} s de um HD, um ou dois segundos quando já estão no cache da RAM.</translation>
    </message>
    <message>
        <source>Nothing fits: try a smaller image, a lower quantization (e.g. Q4_K and T5 q8_0), or more RAM.</source>
        <translation>Nada cabe: tente uma imagem menor, uma quantização menor (ex.: Q4_K e T5 q8_0), ou mais RAM.</translation>
    </message>
    <message>
        <source>Moving the weights in from RAM would be quicker, but it holds {held} GiB of system memory for the card, more than the {budget} GiB its driver allows: past that the card stops, so this plan keeps them elsewhere.</source>
        <translation>Trazer os pesos da RAM seria mais rápido, mas reservaria {held} GiB de memória do sistema para a placa, mais que os {budget} GiB que o driver permite: passando disso, a placa para, então este plano os deixa em outro lugar.</translation>
    </message>
    <message>
        <source>Tiles of {size} px: {tiles}; predicted VRAM peak {peak} GiB of a {budget} GiB budget</source>
        <translation>Blocos de {size} px: {tiles}; pico de VRAM previsto {peak} GiB de um orçamento de {budget} GiB</translation>
    </message>
    <message>
        <source>the model</source>
        <translation>o modelo</translation>
    </message>
    <message>
        <source>the text encoders</source>
        <translation>os codificadores de texto</translation>
    </message>
    <message>
        <source>the image decoder</source>
        <translation>o decodificador de imagem</translation>
    </message>
    <message>
        <source>on the graphics card</source>
        <translation>na placa de vídeo</translation>
    </message>
    <message>
        <source>on the processor</source>
        <translation>no processador</translation>
    </message>
    <message>
        <source> — predicted not to fit, so it may fail</source>
        <translation> — previsto não caber, então pode falhar</translation>
    </message>
    <message>
        <source>Everything on the processor (no graphics card that can draw was found); up to {memory} GiB of the computer&apos;s memory{verdict}.</source>
        <translation>Tudo no processador (não foi encontrada placa de vídeo que possa desenhar); até {memory} GiB da memória do computador{verdict}.</translation>
    </message>
    <message>
        <source>{part} {place}</source>
        <translation>{part} {place}</translation>
    </message>
    <message>
        <source>nothing placed yet</source>
        <translation>nada distribuído ainda</translation>
    </message>
    <message>
        <source>{where}; about {memory} GiB of video memory{verdict}.</source>
        <translation>{where}; uns {memory} GiB de memória de vídeo{verdict}.</translation>
    </message>
    <message>
        <source>diffusion model</source>
        <translation>modelo de difusão</translation>
    </message>
    <message>
        <source>text encoders</source>
        <translation>codificadores de texto</translation>
    </message>
    <message>
        <source>image decoder</source>
        <translation>decodificador de imagem</translation>
    </message>
    <message>
        <source>Memory plan: everything on the processor; predicted {ram}{verdict}.</source>
        <translation>Plano de memória: tudo no processador; previsto {ram}{verdict}.</translation>
    </message>
    <message>
        <source>{used} of {total} GiB VRAM</source>
        <translation>{used} de {total} GiB de VRAM</translation>
    </message>
    <message>
        <source>{used} GiB VRAM</source>
        <translation>{used} GiB de VRAM</translation>
    </message>
    <message>
        <source>{used} of {total} GiB RAM</source>
        <translation>{used} de {total} GiB de RAM</translation>
    </message>
    <message>
        <source>{used} GiB RAM</source>
        <translation>{used} GiB de RAM</translation>
    </message>
    <message>
        <source>{part} on {place}</source>
        <translation>{part} na {place}</translation>
    </message>
    <message>
        <source> — predicted NOT to fit</source>
        <translation> — previsto NÃO caber</translation>
    </message>
    <message>
        <source>Memory plan: {where}; predicted {vram}, {ram}{verdict}.</source>
        <translation>Plano de memória: {where}; previsto {vram}, {ram}{verdict}.</translation>
    </message>
</context>
<context>
    <name>Processor</name>
    <message>
        <source>SSE2 but not SSE4.2</source>
        <translation>SSE2 mas não SSE4.2</translation>
    </message>
    <message>
        <source>SSE4.2 but not AVX</source>
        <translation>SSE4.2 mas não AVX</translation>
    </message>
    <message>
        <source>AVX but not AVX2</source>
        <translation>AVX mas não AVX2</translation>
    </message>
    <message>
        <source>Your processor has {lacking}: its parts of a picture run about {times} times slower than on a newer one.</source>
        <translation>Seu processador tem {lacking}: as partes de uma imagem feitas nele rodam cerca de {times} vezes mais devagar que num mais novo.</translation>
    </message>
</context>
<context>
    <name>PromptHelper</name>
    <message>
        <source>{name} cannot be read as a text model: {why}</source>
        <translation>{name} não pode ser lido como modelo de texto: {why}</translation>
    </message>
    <message>
        <source>{name} is a text encoder saved for pictures only, without the word list a chat model needs; the prompt helper needs {wanted} as published for llama.cpp</source>
        <translation>{name} é um codificador de texto salvo só para imagens, sem a lista de palavras de que um modelo de chat precisa; o assistente de prompt precisa do {wanted} como foi publicado para o llama.cpp</translation>
    </message>
    <message>
        <source>{name} has no layers in its header: it is not a text model</source>
        <translation>{name} não tem camadas no cabeçalho: não é um modelo de texto</translation>
    </message>
    <message>
        <source>Qwen3-4B, the prompt helper&apos;s text model</source>
        <translation>Qwen3-4B, o modelo de texto do assistente de prompt</translation>
    </message>
    <message>
        <source>runs on the processor</source>
        <translation>roda no processador</translation>
    </message>
    <message>
        <source>runs on the processor: pictures are being drawn on the graphics card</source>
        <translation>roda no processador: há imagens sendo desenhadas na placa de vídeo</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>runs on the processor: it needs {needed} on the graphics card, {free} is free</source>
        <translation>roda no processador: precisa de {needed} na placa de vídeo; livre: {free}</translation>
    </message>
    <message>
        <source>runs on the graphics card ({needed} of {free} free)</source>
        <translation>roda na placa de vídeo ({needed} de {free} livres)</translation>
    </message>
    <message>
        <source>the prompt helper ran out of memory loading its model; close other programs or let it run on the processor</source>
        <translation>o assistente de prompt ficou sem memória ao carregar o modelo; feche outros programas ou deixe-o rodar no processador</translation>
    </message>
    <message>
        <source>the prompt helper could not load its model file: it may be damaged or not a chat model llama.cpp reads</source>
        <translation>o assistente de prompt não conseguiu carregar o arquivo do modelo: ele pode estar danificado ou não ser um modelo de chat que o llama.cpp lê</translation>
    </message>
    <message>
        <source>the prompt helper could not open its local connection; try again</source>
        <translation>o assistente de prompt não conseguiu abrir a conexão local; tente de novo</translation>
    </message>
    <message>
        <source>the prompt helper stopped unexpectedly</source>
        <translation>o assistente de prompt parou de repente</translation>
    </message>
</context>
<context>
    <name>Queue</name>
    <message>
        <source>It was running when the app closed; press Run queue to try again.</source>
        <translation>Estava rodando quando o app fechou; clique em Rodar fila para tentar de novo.</translation>
    </message>
    <message>
        <source>it is not text</source>
        <translation>não é texto</translation>
    </message>
    <message>
        <source>it could not be read as a queue</source>
        <translation>não deu para ler como uma fila</translation>
    </message>
    <message>
        <source>The job queue file {path} is damaged ({why}) and could not be set aside ({problem}); the queue starts empty.</source>
        <translation>O arquivo da fila de tarefas {path} está danificado ({why}) e não pôde ser separado ({problem}); a fila começa vazia.</translation>
    </message>
    <message>
        <source>The job queue file was damaged ({why}); it was kept as {aside} and the queue starts empty.</source>
        <translation>O arquivo da fila de tarefas estava danificado ({why}); ele foi guardado como {aside} e a fila começa vazia.</translation>
    </message>
    <message>
        <source>this computer&apos;s processor</source>
        <translation>processador deste computador</translation>
    </message>
    <message>
        <source>the graphics card</source>
        <translation>placa de vídeo</translation>
    </message>
</context>
<context>
    <name>Request</name>
    <message>
        <source>{side} must be a positive number of pixels, got {value}</source>
        <translation>{side} precisa ser um número positivo de pixels, veio {value}</translation>
    </message>
    <message>
        <source>{side} must be between {least} and {most} pixels, got {value}</source>
        <translation>{side} precisa estar entre {least} e {most} pixels, veio {value}</translation>
    </message>
    <message>
        <source>{side} {value} is not a multiple of {multiple}; using {snapped}</source>
        <translation>{side} {value} não é múltiplo de {multiple}; usando {snapped}</translation>
    </message>
    <message>
        <source>width</source>
        <translation>largura</translation>
    </message>
    <message>
        <source>height</source>
        <translation>altura</translation>
    </message>
    <message>
        <source>prompt</source>
        <translation>prompt</translation>
    </message>
    <message>
        <source>negative prompt</source>
        <translation>prompt negativo</translation>
    </message>
    <message>
        <source>the prompt is empty</source>
        <translation>o prompt está vazio</translation>
    </message>
    <message>
        <source>CLIP skip {value} is left out: {family} does not read the prompt from CLIP&apos;s layers</source>
        <translation>CLIP skip {value} foi deixado de lado: {family} não lê o prompt das camadas do CLIP</translation>
    </message>
    <message>
        <source>no model chosen: choose a model file</source>
        <translation>nenhum modelo escolhido: escolha um arquivo de modelo</translation>
    </message>
    <message>
        <source>{part} file not found: {path}</source>
        <translation>arquivo de {part} não encontrado: {path}</translation>
    </message>
    <message>
        <source>cannot use {path} as {part}: {why}</source>
        <translation>não dá para usar {path} como {part}: {why}</translation>
    </message>
    <message>
        <source>a mask needs an input image: it marks which part of that picture to repaint</source>
        <translation>uma máscara precisa de uma imagem de entrada: ela marca qual parte dessa imagem redesenhar</translation>
    </message>
    <message>
        <source>extending needs a picture to extend: give it as the input image</source>
        <translation>expandir precisa de uma imagem para expandir: informe-a como imagem de entrada</translation>
    </message>
    <message>
        <source>edited picture</source>
        <translation>imagem editada</translation>
    </message>
    <message>
        <source>fixing the faces of a picture needs that picture: give it as the input image</source>
        <translation>corrigir os rostos de uma imagem precisa dessa imagem: informe-a como imagem de entrada</translation>
    </message>
    <message>
        <source>the {text} held invisible control characters ({codes}); they were removed, as sd.cpp cannot read them</source>
        <translation>o {text} tinha caracteres de controle invisíveis ({codes}); eles foram removidos, pois o sd.cpp não consegue lê-los</translation>
    </message>
    <message>
        <source>, {size} as the drawing program counts them (accented letters count 2, Chinese, Japanese and Korean 3, emoji 4)</source>
        <translation>, {size} na contagem do programa que desenha (letras acentuadas contam 2, chinês, japonês e coreano 3, emoji 4)</translation>
    </message>
    <message>
        <source>the {text} is {length} characters long{counted}; at most {most} can be drawn (longer ones crash the drawing program)</source>
        <translation>o {text} tem {length} caracteres{counted}; no máximo {most} podem ser desenhados (mais longos fazem o programa que desenha travar)</translation>
    </message>
    <message>
        <source>editing from a reference picture needs a FLUX.2 klein model; this one ({family}) only makes new pictures</source>
        <translation>editar a partir de uma imagem de referência precisa de um modelo FLUX.2 klein; este ({family}) só faz imagens novas</translation>
    </message>
    <message>
        <source>reference picture</source>
        <translation>imagem de referência</translation>
    </message>
    <message>
        <source>mask</source>
        <translation>máscara</translation>
    </message>
    <message>
        <source>extending a picture makes its own mask (the new area): leave the mask out</source>
        <translation>expandir uma imagem cria a própria máscara (a área nova): não informe uma máscara</translation>
    </message>
    <message>
        <source>extending a picture keeps its own pixels, so it cannot use hires fix: turn hires fix off</source>
        <translation>expandir uma imagem mantém os pixels dela, então não dá para usar o hires fix: desligue o hires fix</translation>
    </message>
    <message>
        <source>the {picture} is {width}x{height}; it is scaled to {new_width}x{new_height} (sides from {least} to {most} pixels)</source>
        <translation>a {picture} tem {width}x{height}; ela é redimensionada para {new_width}x{new_height} (lados de {least} a {most} pixels)</translation>
    </message>
    <message>
        <source>input image</source>
        <translation>imagem de entrada</translation>
    </message>
    <message>
        <source>hires fix scale must be above 1 and at most 4, got {value}</source>
        <translation>a escala do hires fix precisa ser maior que 1 e no máximo 4, veio {value}</translation>
    </message>
    <message>
        <source>hires fix denoising strength must be above 0 and at most 1, got {value}</source>
        <translation>a força de remoção de ruído do hires fix precisa ser maior que 0 e no máximo 1, veio {value}</translation>
    </message>
    <message>
        <source>hires fix steps must be between 0 and {most}, got {value}</source>
        <translation>os passos do hires fix precisam estar entre 0 e {most}, veio {value}</translation>
    </message>
    <message>
        <source>hires fix would make {width}x{height}; the largest side is {most}: lower the scale or the first pass&apos;s size</source>
        <translation>o hires fix faria {width}x{height}; o maior lado é {most}: diminua a escala ou o tamanho da primeira passada</translation>
    </message>
    <message>
        <source>the LoRA name &apos;{name}&apos; is empty or has spaces around it</source>
        <translation>o nome de LoRA &apos;{name}&apos; está vazio ou tem espaços em volta</translation>
    </message>
    <message>
        <source>the LoRA name &apos;{name}&apos; is not a plain name: it may not hold a folder, a drive or start with &apos;.&apos;</source>
        <translation>o nome de LoRA &apos;{name}&apos; não é um nome simples: não pode conter pasta, unidade nem começar com &apos;.&apos;</translation>
    </message>
    <message>
        <source>the weight of LoRA {name} must be a number from -4 to 4</source>
        <translation>o peso da LoRA {name} precisa ser um número de -4 a 4</translation>
    </message>
    <message>
        <source>the prompt names LoRA {name}, but no LoRA folder is set</source>
        <translation>o prompt cita a LoRA {name}, mas nenhuma pasta de LoRA foi definida</translation>
    </message>
    <message>
        <source>no LoRA {name} ({suffixes}) in {folder}</source>
        <translation>nenhuma LoRA {name} ({suffixes}) em {folder}</translation>
    </message>
    <message>
        <source>LoRA {name} was made for {made_for} models, but the model is {family}: choose a LoRA made for it</source>
        <translation>A LoRA {name} foi feita para modelos {made_for}, mas o modelo é {family}: escolha uma LoRA feita para ele</translation>
    </message>
</context>
<context>
    <name>RequestFields</name>
    <message>
        <source>{value} is not a {what}; known: {known}</source>
        <translation>{value} não é um(a) {what}; conhecidos: {known}</translation>
    </message>
    <message>
        <source>{what} must be above {least} and at most {most}, got {value}</source>
        <translation>{what} precisa ser maior que {least} e no máximo {most}, veio {value}</translation>
    </message>
    <message>
        <source>{what} must be between {least} and {most}, got {value}</source>
        <translation>{what} precisa estar entre {least} e {most}, veio {value}</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Passos</translation>
    </message>
    <message>
        <source>Sampler</source>
        <translation>Sampler</translation>
    </message>
    <message>
        <source>How each step takes the noise away (the model&apos;s own suits it)</source>
        <translation>Como cada passo tira o ruído (o do modelo combina com ele)</translation>
    </message>
    <message>
        <source>model&apos;s default</source>
        <translation>padrão do modelo</translation>
    </message>
    <message>
        <source>Scheduler</source>
        <translation>Scheduler</translation>
    </message>
    <message>
        <source>How the noise level falls from step to step (karras suits many SD models)</source>
        <translation>Como o nível de ruído cai a cada passo (karras combina com muitos modelos SD)</translation>
    </message>
    <message>
        <source>CFG scale</source>
        <translation>Escala CFG</translation>
    </message>
    <message>
        <source>How closely to follow the prompt (Flux and turbo models want 1)</source>
        <translation>Quanto seguir o prompt (Flux e modelos turbo querem 1)</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>The same seed, prompt and settings draw the same picture again</source>
        <translation>A mesma seed, o mesmo prompt e os mesmos ajustes desenham a mesma imagem de novo</translation>
    </message>
    <message>
        <source>random</source>
        <translation>aleatória</translation>
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
        <source>Strength</source>
        <translation>Força</translation>
    </message>
    <message>
        <source>CLIP skip</source>
        <translation>CLIP skip</translation>
    </message>
    <message>
        <source>model&apos;s own</source>
        <translation>o do modelo</translation>
    </message>
    <message>
        <source>Eta</source>
        <translation>Eta</translation>
    </message>
    <message>
        <source>How much fresh noise each step adds (Euler a: 1, DDIM and TCD: 0)</source>
        <translation>Quanto ruído novo cada passo acrescenta (Euler a: 1, DDIM e TCD: 0)</translation>
    </message>
    <message>
        <source>sampler&apos;s default</source>
        <translation>padrão do sampler</translation>
    </message>
</context>
<context>
    <name>Sizes</name>
    <message>
        <source>{value} GiB</source>
        <translation>{value} GiB</translation>
    </message>
    <message>
        <source>{value} MiB</source>
        <translation>{value} MiB</translation>
    </message>
    <message>
        <source>{value} KiB</source>
        <translation>{value} KiB</translation>
    </message>
    <message>
        <source>{value} bytes</source>
        <translation>{value} bytes</translation>
    </message>
</context>
<context>
    <name>Slots</name>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Model file</source>
        <translation>Arquivo do modelo</translation>
    </message>
    <message>
        <source>Diffusion model</source>
        <translation>Modelo de difusão</translation>
    </message>
    <message>
        <source>Diffusion model file</source>
        <translation>Arquivo do modelo de difusão</translation>
    </message>
    <message>
        <source>VAE file</source>
        <translation>Arquivo do VAE</translation>
    </message>
    <message>
        <source>Tiny autoencoder (TAESD) file</source>
        <translation>Arquivo do autoencoder pequeno (TAESD)</translation>
    </message>
    <message>
        <source>CLIP-L text encoder file</source>
        <translation>Arquivo do codificador de texto CLIP-L</translation>
    </message>
    <message>
        <source>T5-XXL text encoder file</source>
        <translation>Arquivo do codificador de texto T5-XXL</translation>
    </message>
    <message>
        <source>LLM text encoder</source>
        <translation>Codificador de texto LLM</translation>
    </message>
    <message>
        <source>LLM text encoder file (Qwen3, for Z-Image and FLUX.2 klein)</source>
        <translation>Arquivo do codificador de texto LLM (Qwen3, para Z-Image e FLUX.2 klein)</translation>
    </message>
    <message>
        <source>Upscaler</source>
        <translation>Ampliador</translation>
    </message>
    <message>
        <source>Prompt helper</source>
        <translation>Assistente de prompt</translation>
    </message>
</context>
<context>
    <name>Status</name>
    <message>
        <source>Loading the model</source>
        <translation>Carregando o modelo</translation>
    </message>
    <message>
        <source>Reading the prompt</source>
        <translation>Lendo o prompt</translation>
    </message>
    <message>
        <source>Drawing</source>
        <translation>Desenhando</translation>
    </message>
    <message>
        <source>Finishing the picture</source>
        <translation>Finalizando a imagem</translation>
    </message>
    <message>
        <source>Saving</source>
        <translation>Salvando</translation>
    </message>
    <message>
        <source>(the processor reads the model into memory)</source>
        <translation>(o processador lê o modelo para a memória)</translation>
    </message>
    <message>
        <source>(the first time, the graphics card also prepares its programs)</source>
        <translation>(na primeira vez, a placa de vídeo também prepara os programas dela)</translation>
    </message>
    <message>
        <source>(the first step, the slowest: on a first picture the processor also prepares its code for drawing, once)</source>
        <translation>(o primeiro passo, o mais lento: na primeira imagem o processador também prepara seu código para desenhar, uma única vez)</translation>
    </message>
    <message>
        <source>(the first step, the slowest, is under way)</source>
        <translation>(o primeiro passo, o mais lento, está em andamento)</translation>
    </message>
    <message>
        <source>Drawing — step {step} of {steps}</source>
        <translation>Desenhando — passo {step} de {steps}</translation>
    </message>
    <message>
        <source>{seconds} s per step</source>
        <translation>{seconds} s por passo</translation>
    </message>
    <message>
        <source>{time} left</source>
        <translation>faltam {time}</translation>
    </message>
    <message>
        <source>Upscaling with the demo&apos;s upscaler, which draws noise to show how it works: about {time}.</source>
        <translation>Ampliando com o ampliador da demonstração, que desenha ruído para mostrar como funciona: cerca de {time}.</translation>
    </message>
    <message>
        <source>Upscaling: about {time} (tiles: {tiles}).</source>
        <translation>Ampliando: cerca de {time} (blocos: {tiles}).</translation>
    </message>
</context>
<context>
    <name>Styles</name>
    <message>
        <source>there is no style named “{name}” (yours are: {names})</source>
        <translation>não há estilo chamado “{name}” (os seus são: {names})</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>a style needs a name</source>
        <translation>um estilo precisa de um nome</translation>
    </message>
    <message>
        <source>a style&apos;s name cannot hold a comma</source>
        <translation>o nome de um estilo não pode ter vírgula</translation>
    </message>
    <message>
        <source>there is already a style named “{name}”</source>
        <translation>já existe um estilo chamado “{name}”</translation>
    </message>
    <message>
        <source>it is not text</source>
        <translation>não é texto</translation>
    </message>
    <message>
        <source>The styles file {path} could not be read ({why}); the default styles are used.</source>
        <translation>Não foi possível ler o arquivo de estilos {path} ({why}); são usados os estilos padrão.</translation>
    </message>
    <message>
        <source>it could not be read as a list of styles</source>
        <translation>não deu para ler como uma lista de estilos</translation>
    </message>
    <message>
        <source>The styles file {path} is damaged ({why}) and could not be set aside ({problem}); the default styles are used.</source>
        <translation>O arquivo de estilos {path} está danificado ({why}) e não pôde ser separado ({problem}); são usados os estilos padrão.</translation>
    </message>
    <message>
        <source>The styles file was damaged ({why}); it was kept as {aside} and the default styles were written in its place.</source>
        <translation>O arquivo de estilos estava danificado ({why}); ele foi guardado como {aside} e os estilos padrão foram gravados no lugar dele.</translation>
    </message>
    <message>
        <source>The styles file {path} could not be written ({why}).</source>
        <translation>Não foi possível gravar o arquivo de estilos {path} ({why}).</translation>
    </message>
</context>
<context>
    <name>Time</name>
    <message>
        <source>less than a second</source>
        <translation>menos de um segundo</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} s</translation>
    </message>
    <message>
        <source>about {minutes} min</source>
        <translation>uns {minutes} min</translation>
    </message>
    <message>
        <source>about {hours} h {minutes} min</source>
        <translation>umas {hours} h {minutes} min</translation>
    </message>
    <message>
        <source>about {hours} h</source>
        <translation>umas {hours} h</translation>
    </message>
    <message>
        <source>about {seconds} s</source>
        <translation>uns {seconds} s</translation>
    </message>
    <message>
        <source>about {low}-{high} s</source>
        <translation>uns {low}-{high} s</translation>
    </message>
    <message>
        <source>about {low}-{high} min</source>
        <translation>uns {low}-{high} min</translation>
    </message>
    <message>
        <source>about {low}-{high} h</source>
        <translation>umas {low}-{high} h</translation>
    </message>
    <message>
        <source>reading the prompt</source>
        <translation>lendo o prompt</translation>
    </message>
    <message>
        <source>reading the picture</source>
        <translation>lendo a imagem</translation>
    </message>
    <message>
        <source>drawing</source>
        <translation>desenhando</translation>
    </message>
    <message>
        <source>finishing</source>
        <translation>finalizando</translation>
    </message>
    <message>
        <source>moving the model to the card</source>
        <translation>levando o modelo para a placa</translation>
    </message>
    <message>
        <source>starting and loading the model</source>
        <translation>iniciando e carregando o modelo</translation>
    </message>
    <message>
        <source>No time estimate yet for this computer&apos;s processor: this first picture measures it, and the next estimate uses what it took.</source>
        <translation>Ainda sem estimativa de tempo para o processador deste computador: esta primeira imagem o mede, e a próxima estimativa usa o tempo que ela levou.</translation>
    </message>
    <message>
        <source>as it ran here before</source>
        <translation>como rodou aqui antes</translation>
    </message>
    <message>
        <source>estimated from this processor&apos;s measured speed</source>
        <translation>estimado pela velocidade medida deste processador</translation>
    </message>
    <message>
        <source>an estimate until a first picture is made</source>
        <translation>uma estimativa até a primeira imagem ser feita</translation>
    </message>
    <message>
        <source>estimated as for a slow Polaris card until a first picture is made</source>
        <translation>estimado como para uma placa Polaris lenta até a primeira imagem ser feita</translation>
    </message>
    <message>
        <source>{time} for this first picture on this computer&apos;s processor: it includes a one-time set-up (preparing the processor&apos;s code for drawing); later pictures take less.</source>
        <translation>{time} para esta primeira imagem no processador deste computador: inclui uma preparação feita uma única vez (o código do processador para desenhar); as próximas imagens levam menos tempo.</translation>
    </message>
    <message>
        <source>{time} a picture on this computer&apos;s processor (mostly {stage}), {basis}.</source>
        <translation>{time} por imagem no processador deste computador (principalmente {stage}), {basis}.</translation>
    </message>
    <message>
        <source>{time} a picture on the {card} (mostly {stage}), {basis}.</source>
        <translation>{time} por imagem na {card} (principalmente {stage}), {basis}.</translation>
    </message>
    <message>
        <source>{time} a picture (mostly {stage}), {basis}.</source>
        <translation>{time} por imagem (principalmente {stage}), {basis}.</translation>
    </message>
</context>
<context>
    <name>Upscale</name>
    <message>
        <source>the factor must be one of {factors}, got {factor}</source>
        <translation>o fator precisa ser um de {factors}, veio {factor}</translation>
    </message>
    <message>
        <source>the tile size must be from {least} to 1024 pixels, got {size}</source>
        <translation>o tamanho do bloco precisa ser de {least} a 1024 pixels, veio {size}</translation>
    </message>
    <message>
        <source>picture to upscale</source>
        <translation>imagem a ampliar</translation>
    </message>
    <message>
        <source>upscaler model not found: {path}</source>
        <translation>modelo de ampliação não encontrado: {path}</translation>
    </message>
    <message>
        <source>{file} does not enlarge (scale 1)</source>
        <translation>{file} não aumenta (escala 1)</translation>
    </message>
    <message>
        <source>upscaling {width}x{height} would draw {largest} pixels on a side; the most is {most}</source>
        <translation>ampliar {width}x{height} desenharia {largest} pixels de lado; o máximo é {most}</translation>
    </message>
</context>
<context>
    <name>Wildcards</name>
    <message>
        <source>the wildcard file {name}</source>
        <translation>o arquivo de curingas {name}</translation>
    </message>
    <message>
        <source>the prompt</source>
        <translation>o prompt</translation>
    </message>
    <message>
        <source>{where} has a “}}” without a “{{” before it: write choices as {{red|green|blue}}</source>
        <translation>{where} tem um “}}” sem um “{{” antes: escreva as opções como {{red|green|blue}}</translation>
    </message>
    <message>
        <source>wildcard files name each other more than {most} deep ({loop}): does one name itself?</source>
        <translation>os arquivos de curingas citam uns aos outros em mais de {most} níveis ({loop}): algum cita a si mesmo?</translation>
    </message>
    <message>
        <source>{where} has a “{{” without its “}}”: write choices as {{red|green|blue}}</source>
        <translation>{where} tem um “{{” sem o seu “}}”: escreva as opções como {{red|green|blue}}</translation>
    </message>
    <message>
        <source>there is no wildcard file for __{name}__: put {file} in the wildcards folder {folder}, one choice a line</source>
        <translation>não há arquivo de curingas para __{name}__: coloque {file} na pasta de curingas {folder}, uma opção por linha</translation>
    </message>
    <message>
        <source>the wildcard file {path} is not text (save it as UTF-8)</source>
        <translation>o arquivo de curingas {path} não é texto (salve-o como UTF-8)</translation>
    </message>
    <message>
        <source>the wildcard file {path} could not be read: {why}</source>
        <translation>não foi possível ler o arquivo de curingas {path}: {why}</translation>
    </message>
    <message>
        <source>the wildcard file {path} has no lines to choose from</source>
        <translation>o arquivo de curingas {path} não tem linhas para escolher</translation>
    </message>
</context>
</TS>
