<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es">
<context>
    <name>Advice</name>
    <message>
        <source>Fits</source>
        <translation>Cabe</translation>
    </message>
    <message>
        <source>Fits in pieces (slower)</source>
        <translation>Cabe por partes (más lento)</translation>
    </message>
    <message>
        <source>Too big for this computer</source>
        <translation>Demasiado grande para esta computadora</translation>
    </message>
    <message>
        <source>Fits in this computer&apos;s memory</source>
        <translation>Cabe en la memoria de este equipo</translation>
    </message>
    <message>
        <source>{time} at {width} x {height}</source>
        <translation>{time} a {width} x {height}</translation>
    </message>
</context>
<context>
    <name>Backend</name>
    <message>
        <source>{file} holds no sd-cli.exe: it is not an sd.cpp release</source>
        <translation>{file} no contiene sd-cli.exe: no es una versión de sd.cpp</translation>
    </message>
    <message>
        <source>{file} unpacks to more than 2 GiB: refused</source>
        <translation>{file} se descomprime en más de 2 GiB: rechazado</translation>
    </message>
    <message>
        <source>{file} has an entry outside its folder: {entry}</source>
        <translation>{file} tiene una entrada fuera de su carpeta: {entry}</translation>
    </message>
    <message>
        <source>{file} holds a link ({entry}): refused</source>
        <translation>{file} contiene un enlace ({entry}): rechazado</translation>
    </message>
    <message>
        <source>{file} cannot be unpacked: it is not a whole zip file</source>
        <translation>{file} no se puede descomprimir: no es un archivo zip completo</translation>
    </message>
    <message>
        <source>{file} cannot be unpacked: {why}</source>
        <translation>{file} no se puede descomprimir: {why}</translation>
    </message>
    <message>
        <source>The version this app comes with</source>
        <translation>La versión que trae esta aplicación</translation>
    </message>
    <message>
        <source>Version {version} ({commit})</source>
        <translation>Versión {version} ({commit})</translation>
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
        <translation>arte e ilustración</translation>
    </message>
    <message>
        <source>text in pictures</source>
        <translation>texto en las imágenes</translation>
    </message>
    <message>
        <source>editing your pictures</source>
        <translation>editar tus imágenes</translation>
    </message>
    <message>
        <source>quick drafts</source>
        <translation>bocetos rápidos</translation>
    </message>
    <message>
        <source>making pictures bigger</source>
        <translation>agrandar imágenes</translation>
    </message>
    <message>
        <source>following outlines and sketches</source>
        <translation>seguir contornos y bocetos</translation>
    </message>
    <message>
        <source>following a pose</source>
        <translation>seguir una pose</translation>
    </message>
    <message>
        <source>following a scene&apos;s depth</source>
        <translation>seguir la profundidad de una escena</translation>
    </message>
    <message>
        <source>Good at: {uses}</source>
        <translation>Bueno para: {uses}</translation>
    </message>
    <message>
        <source>For 4 GB cards: the smaller download, a little less detail</source>
        <translation>Para tarjetas de 4 GB: la descarga más pequeña, con algo menos de detalle</translation>
    </message>
    <message>
        <source>For 8 GB cards: the bigger download buys finer detail, closer to the original</source>
        <translation>Para tarjetas de 8 GB: la descarga más grande da detalles más finos, más cerca del original</translation>
    </message>
    <message>
        <source>For computers with more than 16 GB of RAM: the bigger download reads the prompt at full precision</source>
        <translation>Para equipos con más de 16 GB de RAM: la descarga más grande lee el prompt con precisión completa</translation>
    </message>
    <message>
        <source>For computers with 16 GB of RAM: its prompt reader needs half the memory</source>
        <translation>Para equipos con 16 GB de RAM: su lector del prompt necesita la mitad de memoria</translation>
    </message>
</context>
<context>
    <name>Check</name>
    <message>
        <source>Your {card} is ready.</source>
        <translation>Tu {card} está lista.</translation>
    </message>
    <message>
        <source>This computer is ready.</source>
        <translation>Esta computadora está lista.</translation>
    </message>
    <message>
        <source>(Warnings in the full check: {count})</source>
        <translation>(Avisos en la verificación completa: {count})</translation>
    </message>
    <message>
        <source>Fix this first: {problem}</source>
        <translation>Resuelve esto primero: {problem}</translation>
    </message>
    <message>
        <source>the AMD driver for your Radeon</source>
        <translation>el driver de AMD para tu Radeon</translation>
    </message>
    <message>
        <source>the NVIDIA driver for your graphics card</source>
        <translation>el driver de NVIDIA para tu tarjeta gráfica</translation>
    </message>
    <message>
        <source>the Intel graphics driver</source>
        <translation>el driver gráfico de Intel</translation>
    </message>
    <message>
        <source>the driver of your graphics card, from its maker</source>
        <translation>el driver de tu tarjeta gráfica, del fabricante</translation>
    </message>
    <message>
        <source>Vulkan</source>
        <translation>Vulkan</translation>
    </message>
    <message>
        <source>Graphics card</source>
        <translation>Tarjeta gráfica</translation>
    </message>
    <message>
        <source>Vulkan version</source>
        <translation>Versión de Vulkan</translation>
    </message>
    <message>
        <source>Which card is used</source>
        <translation>Qué tarjeta se usa</translation>
    </message>
    <message>
        <source>AMD driver</source>
        <translation>Driver de AMD</translation>
    </message>
    <message>
        <source>Overlays</source>
        <translation>Superposiciones</translation>
    </message>
    <message>
        <source>Video memory</source>
        <translation>Memoria de video</translation>
    </message>
    <message>
        <source>Largest memory block</source>
        <translation>Bloque de memoria más grande</translation>
    </message>
    <message>
        <source>Computer&apos;s memory (RAM)</source>
        <translation>Memoria de la computadora (RAM)</translation>
    </message>
    <message>
        <source>Disk space</source>
        <translation>Espacio en disco</translation>
    </message>
    <message>
        <source>Disk speed</source>
        <translation>Velocidad del disco</translation>
    </message>
    <message>
        <source>Processor</source>
        <translation>Procesador</translation>
    </message>
    <message>
        <source>Image backend</source>
        <translation>Backend de imágenes</translation>
    </message>
    <message>
        <source>this computer&apos;s processor (no graphics card)</source>
        <translation>el procesador de este equipo (sin tarjeta gráfica)</translation>
    </message>
    <message>
        <source>Vulkan is installed and works.</source>
        <translation>Vulkan está instalado y funciona.</translation>
    </message>
    <message>
        <source>Vulkan works (the sd.cpp backend sees {devices}), but the card&apos;s type and memory could not be read, so automatic memory placement cannot plan for it.</source>
        <translation>Vulkan funciona (el backend sd.cpp ve {devices}), pero no se pudo leer el tipo ni la memoria de la tarjeta, así que el reparto automático de memoria no puede planificar.</translation>
    </message>
    <message>
        <source>Reinstall or update the graphics driver; until then untick Automatic memory and choose the placement yourself.</source>
        <translation>Reinstala o actualiza el driver gráfico; mientras tanto, desmarca Memoria automática y elige el reparto tú mismo.</translation>
    </message>
    <message>
        <source>Vulkan does not work here: the graphics driver did not start it.</source>
        <translation>Vulkan no funciona aquí: el driver gráfico no lo inició.</translation>
    </message>
    <message>
        <source>Reinstall the graphics driver: it brings Vulkan. On Linux install the packages mesa-vulkan-drivers and vulkan-tools.</source>
        <translation>Reinstala el driver gráfico: trae Vulkan. En Linux instala los paquetes mesa-vulkan-drivers y vulkan-tools.</translation>
    </message>
    <message>
        <source>The sd.cpp backend sees {devices}, but whether that is your graphics card and how much memory it has could not be read.</source>
        <translation>El backend sd.cpp ve {devices}, pero no se pudo saber si es tu tarjeta gráfica ni cuánta memoria tiene.</translation>
    </message>
    <message>
        <source>Update the graphics driver, then run the check again.</source>
        <translation>Actualiza el driver gráfico y vuelve a ejecutar la verificación.</translation>
    </message>
    <message>
        <source>No Vulkan device was found.</source>
        <translation>No se encontró ningún dispositivo Vulkan.</translation>
    </message>
    <message>
        <source>Install {driver}, then run the check again.</source>
        <translation>Instala {driver} y vuelve a ejecutar la verificación.</translation>
    </message>
    <message>
        <source>No graphics card that can draw was found: pictures will be made by the processor, many times slower. (Vulkan lists only {device}, which runs on the processor.)</source>
        <translation>No se encontró ninguna tarjeta gráfica que pueda dibujar: las imágenes las hará el procesador, muchas veces más lento. (Vulkan solo muestra {device}, que funciona en el procesador.)</translation>
    </message>
    <message>
        <source>Install {driver} so that Vulkan lists the card.</source>
        <translation>Instala {driver} para que Vulkan muestre la tarjeta.</translation>
    </message>
    <message>
        <source>If this computer has a graphics card, install its maker&apos;s driver so that Vulkan lists it.</source>
        <translation>Si esta computadora tiene tarjeta gráfica, instala el driver de su fabricante para que Vulkan la muestre.</translation>
    </message>
    <message>
        <source>The only graphics device Vulkan lists is {device}, {why}.</source>
        <translation>El único dispositivo gráfico que muestra Vulkan es {device}, {why}.</translation>
    </message>
    <message>
        <source>Install {driver} so that Vulkan lists the card itself.</source>
        <translation>Instala {driver} para que Vulkan muestre la propia tarjeta.</translation>
    </message>
    <message>
        <source>Not used: {device}, {why}.</source>
        <translation>No se usa: {device}, {why}.</translation>
    </message>
    <message>
        <source>Using the graphics card the paste shows (its name is not in the paste).</source>
        <translation>Usando la tarjeta gráfica que muestra el texto pegado (su nombre no está en el texto).</translation>
    </message>
    <message>
        <source>Using {device} (a Polaris card).</source>
        <translation>Usando {device} (una tarjeta Polaris).</translation>
    </message>
    <message>
        <source>Using {device}.</source>
        <translation>Usando {device}.</translation>
    </message>
    <message>
        <source>Vulkan run by the processor, not a graphics card</source>
        <translation>Vulkan ejecutado por el procesador, no por una tarjeta gráfica</translation>
    </message>
    <message>
        <source>Vulkan translated to Direct3D 12 (Microsoft&apos;s Dozen), on which loading a model can hang</source>
        <translation>Vulkan traducido a Direct3D 12 (Dozen de Microsoft), donde cargar un modelo puede colgarse</translation>
    </message>
    <message>
        <source>Vulkan passed on to {other}</source>
        <translation>Vulkan pasado a {other}</translation>
    </message>
    <message>
        <source>{device} offers Vulkan {version}; the image backend needs Vulkan {floor} or newer, so it cannot draw on it.</source>
        <translation>{device} ofrece Vulkan {version}; el backend de imágenes necesita Vulkan {floor} o más nuevo, así que no puede dibujar en ella.</translation>
    </message>
    <message>
        <source>Update the graphics driver; Polaris cards get Vulkan 1.3 from current drivers.</source>
        <translation>Actualiza el driver gráfico; las tarjetas Polaris obtienen Vulkan 1.3 con los drivers actuales.</translation>
    </message>
    <message>
        <source>Vulkan {version}.</source>
        <translation>Vulkan {version}.</translation>
    </message>
    <message>
        <source>A setting in your environment ({variable}={value}) keeps the image backend off {device}.</source>
        <translation>Una configuración de tu entorno ({variable}={value}) impide que el backend de imágenes use {device}.</translation>
    </message>
    <message>
        <source>Remove the {variable} variable and let Polaris Studio choose the card.</source>
        <translation>Quita la variable {variable} y deja que Polaris Studio elija la tarjeta.</translation>
    </message>
    <message>
        <source>{device} is Vulkan device 0.</source>
        <translation>{device} es el dispositivo Vulkan 0.</translation>
    </message>
    <message>
        <source>{device} comes after {ahead}; Polaris Studio tells the image backend to use it.</source>
        <translation>{device} viene después de {ahead}; Polaris Studio le indica al backend de imágenes que la use.</translation>
    </message>
    <message>
        <source>AMDVLK{version} is in use: AMD has stopped developing it, and Mesa&apos;s RADV is the maintained Vulkan driver for Radeon cards.</source>
        <translation>Se está usando AMDVLK{version}: AMD dejó de desarrollarlo, y RADV de Mesa es el driver Vulkan mantenido para tarjetas Radeon.</translation>
    </message>
    <message>
        <source>Remove the amdvlk package; Mesa&apos;s RADV (package mesa-vulkan-drivers) then drives the card.</source>
        <translation>Quita el paquete amdvlk; entonces RADV de Mesa (paquete mesa-vulkan-drivers) maneja la tarjeta.</translation>
    </message>
    <message>
        <source>RADV (Mesa); the paste does not say which Mesa version.</source>
        <translation>RADV (Mesa); el texto pegado no dice qué versión de Mesa.</translation>
    </message>
    <message>
        <source>RADV from Mesa {version} is too old: it predates Mesa {floor}, which brought Vulkan 1.3 to Radeon cards.</source>
        <translation>RADV de Mesa {version} es demasiado viejo: es anterior a Mesa {floor}, que trajo Vulkan 1.3 a las tarjetas Radeon.</translation>
    </message>
    <message>
        <source>Update Mesa&apos;s Vulkan driver (package mesa-vulkan-drivers) to {floor} or newer with your distribution&apos;s updates.</source>
        <translation>Actualiza el driver Vulkan de Mesa (paquete mesa-vulkan-drivers) a {floor} o más nuevo con las actualizaciones de tu distribución.</translation>
    </message>
    <message>
        <source>RADV from Mesa {version}, new enough ({floor} or newer is needed).</source>
        <translation>RADV de Mesa {version}, suficientemente nuevo (se necesita {floor} o más nuevo).</translation>
    </message>
    <message>
        <source>AMD&apos;s driver {driver} (the pre-RDNA branch {branch}, which AMD keeps for Polaris and Vega cards with critical fixes only)</source>
        <translation>Driver de AMD {driver} (la rama pre-RDNA {branch}, que AMD mantiene para tarjetas Polaris y Vega solo con correcciones críticas)</translation>
    </message>
    <message>
        <source>AMD&apos;s driver {driver} (a 20{year} driver branch)</source>
        <translation>Driver de AMD {driver} (una rama de drivers de 20{year})</translation>
    </message>
    <message>
        <source>AMD Software: Adrenalin Edition {driver}</source>
        <translation>AMD Software: Adrenalin Edition {driver}</translation>
    </message>
    <message>
        <source>AMD&apos;s driver (Vulkan driver {driver})</source>
        <translation>Driver de AMD (driver Vulkan {driver})</translation>
    </message>
    <message>
        <source>AMD&apos;s driver</source>
        <translation>Driver de AMD</translation>
    </message>
    <message>
        <source>Use Mesa&apos;s RADV driver (package mesa-vulkan-drivers) {floor} or newer.</source>
        <translation>Usa el driver RADV de Mesa (paquete mesa-vulkan-drivers) {floor} o más nuevo.</translation>
    </message>
    <message>
        <source>Install Adrenalin {best}, the release Polaris users report as the fastest, or the newest driver AMD lists for your card on amd.com/support (since late 2023 Polaris has its own driver branch with critical fixes only, so choose your card there rather than using the auto-detect tool). Run AMD&apos;s Cleanup Utility before installing either.</source>
        <translation>Instala Adrenalin {best}, la versión que los usuarios de Polaris reportan como la más rápida, o el driver más nuevo que AMD lista para tu tarjeta en amd.com/support (desde fines de 2023 Polaris tiene su propia rama de drivers solo con correcciones críticas, así que elige tu tarjeta ahí en vez de usar la herramienta de detección automática). Ejecuta el Cleanup Utility de AMD antes de instalar cualquiera.</translation>
    </message>
    <message>
        <source>Install the newest AMD Software: Adrenalin Edition that amd.com/support lists for your card.</source>
        <translation>Instala el AMD Software: Adrenalin Edition más nuevo que amd.com/support lista para tu tarjeta.</translation>
    </message>
    <message>
        <source>{driver} is older than Adrenalin {floor}, and it offers only Vulkan {version} (Vulkan 1.3 came with Adrenalin {vulkan_1_3}).</source>
        <translation>{driver} es más antiguo que Adrenalin {floor} y solo ofrece Vulkan {version} (Vulkan 1.3 llegó con Adrenalin {vulkan_1_3}).</translation>
    </message>
    <message>
        <source>{driver} is older than Adrenalin {floor}.</source>
        <translation>{driver} es más antiguo que Adrenalin {floor}.</translation>
    </message>
    <message>
        <source>{driver}. Polaris users report Adrenalin {best} as the fastest release for these cards; newer ones bring fixes, not speed.</source>
        <translation>{driver}. Los usuarios de Polaris reportan Adrenalin {best} como la versión más rápida para estas tarjetas; las más nuevas traen correcciones, no velocidad.</translation>
    </message>
    <message>
        <source>{driver}.</source>
        <translation>{driver}.</translation>
    </message>
    <message>
        <source>No FPS counter or recording overlay hooks into Vulkan programs.</source>
        <translation>Ningún contador de FPS ni superposición de grabación se engancha a los programas Vulkan.</translation>
    </message>
    <message>
        <source>These overlays hook into Vulkan programs: {overlays}. Polaris Studio keeps them out of the image backend.</source>
        <translation>Estas superposiciones se enganchan a los programas Vulkan: {overlays}. Polaris Studio las mantiene fuera del backend de imágenes.</translation>
    </message>
    <message>
        <source>These programs hook into every Vulkan program, the image backend too, and can crash or hang it while a model loads: {programs}.</source>
        <translation>Estos programas se enganchan a todo programa Vulkan, también al backend de imágenes, y pueden cerrarlo o colgarlo mientras carga un modelo: {programs}.</translation>
    </message>
    <message>
        <source>The processor has no video memory of its own; it uses the computer&apos;s memory (RAM).</source>
        <translation>El procesador no tiene memoria de video propia; usa la memoria de la computadora (RAM).</translation>
    </message>
    <message>
        <source>Install {driver} so that the card&apos;s video memory is used.</source>
        <translation>Instala {driver} para que se use la memoria de video de la tarjeta.</translation>
    </message>
    <message>
        <source>If this computer has a graphics card, install its maker&apos;s driver so that its video memory is used.</source>
        <translation>Si esta computadora tiene tarjeta gráfica, instala el driver de su fabricante para que se use su memoria de video.</translation>
    </message>
    <message>
        <source>The driver did not report the video memory size.</source>
        <translation>El driver no informó el tamaño de la memoria de video.</translation>
    </message>
    <message>
        <source>Run the check on the computer itself (a short pasted report lacks the memory sizes).</source>
        <translation>Ejecuta la verificación en la propia computadora (un texto pegado corto no trae los tamaños de memoria).</translation>
    </message>
    <message>
        <source>{device} has {size} of VRAM; Flux and SDXL need at least 4 GiB.</source>
        <translation>{device} tiene {size} de VRAM; Flux y SDXL necesitan al menos 4 GiB.</translation>
    </message>
    <message>
        <source>Use SD 1.5 models, or a card with 4 GiB or more.</source>
        <translation>Usa modelos SD 1.5, o una tarjeta con 4 GiB o más.</translation>
    </message>
    <message>
        <source>{size} of VRAM.</source>
        <translation>{size} de VRAM.</translation>
    </message>
    <message>
        <source>The driver caps one memory block at {size}: large images must be decoded in tiles.</source>
        <translation>El driver limita un bloque de memoria a {size}: las imágenes grandes deben decodificarse por partes.</translation>
    </message>
    <message>
        <source>Keep &apos;Decode in tiles&apos; on; the memory planner turns it on for you.</source>
        <translation>Deja activado &apos;Decodificar por partes&apos;; el planificador de memoria lo activa por ti.</translation>
    </message>
    <message>
        <source>One memory block may be up to {size}.</source>
        <translation>Un bloque de memoria puede tener hasta {size}.</translation>
    </message>
    <message>
        <source>RAM unknown: the paste does not say.</source>
        <translation>RAM desconocida: el texto pegado no lo dice.</translation>
    </message>
    <message>
        <source>{family} models need about {needed} GB of RAM; run the check on that computer.</source>
        <translation>Los modelos {family} necesitan unos {needed} GB de RAM; ejecuta la verificación en esa computadora.</translation>
    </message>
    <message>
        <source>{total} of RAM; {family} models need about {needed} GB (the text encoder lives in RAM).</source>
        <translation>{total} de RAM; los modelos {family} necesitan unos {needed} GB (el codificador de texto vive en la RAM).</translation>
    </message>
    <message>
        <source>Add RAM, or use {smallest} models, which need about {size} GB.</source>
        <translation>Agrega RAM, o usa modelos {smallest}, que necesitan unos {size} GB.</translation>
    </message>
    <message>
        <source>Only {free} of {total} RAM is free right now.</source>
        <translation>Solo {free} de {total} de RAM están libres ahora.</translation>
    </message>
    <message>
        <source>Close other programs (browsers, games) before generating.</source>
        <translation>Cierra otros programas (navegadores, juegos) antes de generar.</translation>
    </message>
    <message>
        <source>{total} of RAM.</source>
        <translation>{total} de RAM.</translation>
    </message>
    <message>
        <source>{total} of RAM, {free} free.</source>
        <translation>{total} de RAM, {free} libres.</translation>
    </message>
    <message>
        <source>Free disk space unknown: the paste does not say.</source>
        <translation>Espacio libre en disco desconocido: el texto pegado no lo dice.</translation>
    </message>
    <message>
        <source>A Flux set takes about 12 GB; keep {free} GB free where models go.</source>
        <translation>Un conjunto Flux ocupa unos 12 GB; deja {free} GB libres donde van los modelos.</translation>
    </message>
    <message>
        <source>Only {free} free where models go ({folder}); a Flux set takes about 12 GB.</source>
        <translation>Solo {free} libres donde van los modelos ({folder}); un conjunto Flux ocupa unos 12 GB.</translation>
    </message>
    <message>
        <source>Free some space, or choose a models folder on another drive.</source>
        <translation>Libera espacio, o elige una carpeta de modelos en otro disco.</translation>
    </message>
    <message>
        <source>{free} free for models in {folder}.</source>
        <translation>{free} libres para modelos en {folder}.</translation>
    </message>
    <message>
        <source>The models folder {folder} is on a spinning hard disk: loading a Flux model takes several minutes each time.</source>
        <translation>La carpeta de modelos {folder} está en un disco duro mecánico: cargar un modelo Flux tarda varios minutos cada vez.</translation>
    </message>
    <message>
        <source>Move the models folder to an SSD if you have one.</source>
        <translation>Mueve la carpeta de modelos a un SSD si tienes uno.</translation>
    </message>
    <message>
        <source>The models folder is on a solid-state drive.</source>
        <translation>La carpeta de modelos está en un SSD.</translation>
    </message>
    <message>
        <source>Processor unknown: the paste does not say which instructions it has.</source>
        <translation>Procesador desconocido: el texto pegado no dice qué instrucciones tiene.</translation>
    </message>
    <message>
        <source>Could not read which instructions the processor has.</source>
        <translation>No se pudo leer qué instrucciones tiene el procesador.</translation>
    </message>
    <message>
        <source>Its parts of a picture are timed as on a processor with AVX2.</source>
        <translation>Sus partes de una imagen se calculan como en un procesador con AVX2.</translation>
    </message>
    <message>
        <source>The plan keeps the text encoders and the image decoder on the graphics card where they fit and that is quicker.</source>
        <translation>El plan deja los codificadores de texto y el decodificador de imagen en la tarjeta gráfica donde caben y eso es más rápido.</translation>
    </message>
    <message>
        <source>The processor has AVX-512.</source>
        <translation>El procesador tiene AVX-512.</translation>
    </message>
    <message>
        <source>The processor has AVX2 and FMA3.</source>
        <translation>El procesador tiene AVX2 y FMA3.</translation>
    </message>
    <message>
        <source>The processor runs its parts of a picture at about full speed.</source>
        <translation>El procesador hace sus partes de una imagen casi a toda velocidad.</translation>
    </message>
    <message>
        <source>A library the sd.cpp backend needs is missing, so it cannot start ({library}).</source>
        <translation>Falta una biblioteca que necesita el backend sd.cpp, así que no puede iniciar ({library}).</translation>
    </message>
    <message>
        <source>Download the drawing engine again (Models &gt; Drawing engine: it brings sd-cli.exe with all its DLLs), and update the graphics driver if vulkan-1.dll is the one missing.</source>
        <translation>Descarga el motor de dibujo de nuevo (Modelos &gt; Motor de dibujo: trae sd-cli.exe con todas sus DLL) y actualiza el controlador gráfico si la que falta es vulkan-1.dll.</translation>
    </message>
    <message>
        <source>Build the drawing engine again (Models &gt; Drawing engine &gt; Build the engine), and install your distribution&apos;s Vulkan package (libvulkan1).</source>
        <translation>Compila el motor de dibujo de nuevo (Modelos &gt; Motor de dibujo &gt; Compilar el motor) e instala el paquete Vulkan de tu distribución (libvulkan1).</translation>
    </message>
    <message>
        <source>The sd.cpp backend runs but sees no Vulkan device.</source>
        <translation>El backend sd.cpp funciona, pero no ve ningún dispositivo Vulkan.</translation>
    </message>
    <message>
        <source>The sd.cpp backend runs and sees {devices}.</source>
        <translation>El backend sd.cpp funciona y ve {devices}.</translation>
    </message>
</context>
<context>
    <name>Computers</name>
    <message>
        <source>Type the other computer&apos;s address, such as http://192.168.0.12:7860</source>
        <translation>Escribe la dirección del otro equipo, como http://192.168.0.12:7860</translation>
    </message>
    <message>
        <source>{address} has a port that is not a number from 1 to 65535</source>
        <translation>{address} tiene un puerto que no es un número del 1 al 65535</translation>
    </message>
    <message>
        <source>{address} is not a web address of a computer; write it as http://192.168.0.12:7860</source>
        <translation>{address} no es la dirección web de un equipo; escríbela como http://192.168.0.12:7860</translation>
    </message>
</context>
<context>
    <name>Control</name>
    <message>
        <source>ControlNet guides SD 1.x and SDXL models only; this one is {family}</source>
        <translation>ControlNet solo guía modelos SD 1.x y SDXL; este es {family}</translation>
    </message>
    <message>
        <source>ControlNet strength must be between 0 and {most}, got {value}</source>
        <translation>la fuerza de ControlNet debe estar entre 0 y {most}, se recibió {value}</translation>
    </message>
    <message>
        <source>cannot use {file} as a ControlNet: {why}</source>
        <translation>no se puede usar {file} como ControlNet: {why}</translation>
    </message>
    <message>
        <source>{file} is not a ControlNet</source>
        <translation>{file} no es un ControlNet</translation>
    </message>
    <message>
        <source>{file} is a ControlNet in diffusers&apos; layout, which the drawing engine cannot read: use the single-file one (such as control_v11p_sd15_canny_fp16.safetensors, in the Models window)</source>
        <translation>{file} es un ControlNet en el formato de diffusers, que el motor de dibujo no puede leer: usa el de un solo archivo (como control_v11p_sd15_canny_fp16.safetensors, en la ventana Modelos)</translation>
    </message>
    <message>
        <source>SD 2</source>
        <translation>SD 2</translation>
    </message>
    <message>
        <source>another model</source>
        <translation>otro modelo</translation>
    </message>
    <message>
        <source>the ControlNet {file} is made for {made_for}, not for this {family} model: choose a ControlNet made for {family}</source>
        <translation>el ControlNet {file} está hecho para {made_for}, no para este modelo {family}: elige un ControlNet hecho para {family}</translation>
    </message>
    <message>
        <source>control picture</source>
        <translation>imagen de control</translation>
    </message>
</context>
<context>
    <name>Drafts</name>
    <message>
        <source>drafts try new pictures: take the input picture out, or Generate to draw from it</source>
        <translation>los borradores prueban imágenes nuevas: quita la imagen de entrada, o usa Generar para dibujar a partir de ella</translation>
    </message>
    <message>
        <source>the number of drafts must be between 1 and {most}, got {count}</source>
        <translation>el número de borradores debe estar entre 1 y {most}, se recibió {count}</translation>
    </message>
    <message>
        <source>at {width}x{height}, its draft drawn again and enlarged (hires fix)</source>
        <translation>a {width}x{height}, su borrador dibujado de nuevo y ampliado (hires fix)</translation>
    </message>
    <message>
        <source>at {width}x{height}, redrawn from the picture itself (img2img: not a draft of this model)</source>
        <translation>a {width}x{height}, redibujada a partir de la propia imagen (img2img: no es un borrador de este modelo)</translation>
    </message>
    <message>
        <source>{count} drafts in {drafts}, then the one you pick in {finish}.</source>
        <translation>{count} borradores en {drafts}, después el que elijas en {finish}.</translation>
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
        <translation> (código de salida {code})</translation>
    </message>
    <message>
        <source>sd.cpp crashed{where}{code}</source>
        <translation>sd.cpp se cayó{where}{code}</translation>
    </message>
    <message>
        <source>sd.cpp finished without writing an image</source>
        <translation>sd.cpp terminó sin escribir una imagen</translation>
    </message>
    <message>
        <source>sd.cpp failed with exit code {code}</source>
        <translation>sd.cpp falló con código de salida {code}</translation>
    </message>
    <message>
        <source>The graphics card ran out of memory. Try a smaller size, or tick &apos;Decode in tiles&apos; in Advanced.</source>
        <translation>La tarjeta gráfica se quedó sin memoria. Prueba un tamaño más chico, o marca &apos;Decodificar por partes&apos; en Avanzado.</translation>
    </message>
    <message>
        <source>The graphics card stopped answering and its driver reset it (Windows does that when one piece of work takes over two seconds). Try a smaller size; if it happens again, update the graphics driver: the system check (Full check…) names the one to get.</source>
        <translation>La tarjeta gráfica dejó de responder y su controlador la reinició (Windows lo hace cuando una parte del trabajo tarda más de dos segundos). Prueba un tamaño menor; si vuelve a pasar, actualiza el controlador gráfico: la comprobación del sistema (Revisión completa…) dice cuál descargar.</translation>
    </message>
    <message>
        <source>The model file could not be loaded. Is it complete and a supported model?</source>
        <translation>No se pudo cargar el archivo del modelo. ¿Está completo y es un modelo compatible?</translation>
    </message>
    <message>
        <source>The image backend is missing.</source>
        <translation>Falta el backend de imágenes.</translation>
    </message>
    <message>
        <source>The image backend stopped suddenly. Details shows its last words.</source>
        <translation>El backend de imágenes se detuvo de golpe. Detalles muestra sus últimas palabras.</translation>
    </message>
    <message>
        <source>The settings were not accepted.</source>
        <translation>No se aceptaron los ajustes.</translation>
    </message>
    <message>
        <source>The picture could not be saved where it should go. Choose another folder with the folder button, or free some space.</source>
        <translation>No se pudo guardar la imagen donde debía ir. Elige otra carpeta con el botón de carpeta, o libera espacio.</translation>
    </message>
    <message>
        <source>The picture looks broken, so it was set aside, not put in the gallery; if it is what you wanted, click Keep it.</source>
        <translation>La imagen parece rota, así que se guardó aparte, no en la galería; si es lo que querías, haz clic en Conservarla.</translation>
    </message>
    <message>
        <source>The generation failed.</source>
        <translation>La generación falló.</translation>
    </message>
    <message>
        <source>The backend&apos;s own words are under Details.</source>
        <translation>Las palabras del propio backend están en Detalles.</translation>
    </message>
</context>
<context>
    <name>Extend</name>
    <message>
        <source>left</source>
        <translation>izquierda</translation>
    </message>
    <message>
        <source>right</source>
        <translation>derecha</translation>
    </message>
    <message>
        <source>top</source>
        <translation>arriba</translation>
    </message>
    <message>
        <source>bottom</source>
        <translation>abajo</translation>
    </message>
    <message>
        <source>cannot read &quot;{part}&quot;: write the sides and pixels as left=128,down=64 (left, right, up, down)</source>
        <translation>no se puede leer &quot;{part}&quot;: escribe los lados y los píxeles como left=128,down=64 (left, right, up, down)</translation>
    </message>
    <message>
        <source>{side} is given twice</source>
        <translation>el lado {side} aparece dos veces</translation>
    </message>
    <message>
        <source>{side}={amount}: the pixels must be a whole number</source>
        <translation>{side}={amount}: los píxeles deben ser un número entero</translation>
    </message>
    <message>
        <source>a picture grows by a positive number of pixels on a side</source>
        <translation>una imagen crece un número positivo de píxeles por lado</translation>
    </message>
    <message>
        <source>choose how many pixels to add on at least one side</source>
        <translation>elige cuántos píxeles añadir en al menos un lado</translation>
    </message>
    <message>
        <source>the picture ({width}x{height}) would grow to {new_width}x{new_height}; the largest side is {most} pixels: add less, or scale the picture down first</source>
        <translation>la imagen ({width}x{height}) crecería a {new_width}x{new_height}; el lado más grande es {most} píxeles: añade menos o reduce la imagen primero</translation>
    </message>
    <message>
        <source>width</source>
        <translation>ancho</translation>
    </message>
    <message>
        <source>height</source>
        <translation>alto</translation>
    </message>
    <message>
        <source>{extra} more pixels on the {sides}, so that the {side}, {size}, is a multiple of {multiple}</source>
        <translation>{extra} píxeles más ({sides}), para que el {side}, {size}, sea múltiplo de {multiple}</translation>
    </message>
    <message>
        <source> and </source>
        <translation> y </translation>
    </message>
</context>
<context>
    <name>Faces</name>
    <message>
        <source>face fix strength must be above 0 and at most 1, got {value}</source>
        <translation>la fuerza de la corrección de caras debe ser mayor que 0 y como mucho 1, se recibió {value}</translation>
    </message>
    <message>
        <source>face detection confidence must be between 0 and 1, got {value}</source>
        <translation>la confianza de la detección de caras debe estar entre 0 y 1, se recibió {value}</translation>
    </message>
    <message>
        <source>face fix padding must be 0-512 pixels, mask blur 0-64 and dilation -64 to 64</source>
        <translation>el margen de la corrección de caras debe ser de 0-512 píxeles, el desenfoque de la máscara 0-64 y la dilatación de -64 a 64</translation>
    </message>
    <message>
        <source>the face detector {file} is missing from OpenCV: reinstall Polaris Studio</source>
        <translation>falta el detector de caras {file} en OpenCV: reinstala Polaris Studio</translation>
    </message>
    <message>
        <source>Fix faces: no face found in the picture; it is kept as drawn.</source>
        <translation>Corregir caras: no se encontró ninguna cara en la imagen; se conserva tal como se dibujó.</translation>
    </message>
    <message>
        <source>Fix faces: {count} face(s) found; repainting each.</source>
        <translation>Corregir caras: {count} cara(s) encontrada(s); repintando cada una.</translation>
    </message>
</context>
<context>
    <name>Files</name>
    <message>
        <source>the disk with {place} is full ({free})</source>
        <translation>el disco de {place} está lleno ({free})</translation>
    </message>
    <message>
        <source>{place} is on a read-only disk</source>
        <translation>{place} está en un disco de solo lectura</translation>
    </message>
    <message>
        <source>another program is using a file in {place} (an antivirus or a picture viewer, perhaps)</source>
        <translation>otro programa está usando un archivo en {place} (quizás un antivirus o un visor de imágenes)</translation>
    </message>
    <message>
        <source>you may not write in {place} (it is read-only or another user&apos;s)</source>
        <translation>no tienes permiso para escribir en {place} (es de solo lectura o de otro usuario)</translation>
    </message>
    <message>
        <source>{place} no longer exists (a removed drive or a deleted folder?)</source>
        <translation>{place} ya no existe (¿un disco quitado o una carpeta borrada?)</translation>
    </message>
    <message>
        <source>{place} is a file, not a folder</source>
        <translation>{place} es un archivo, no una carpeta</translation>
    </message>
    <message>
        <source>{place} is a folder, not a file</source>
        <translation>{place} es una carpeta, no un archivo</translation>
    </message>
    <message>
        <source>the name {place} is too long for this disk</source>
        <translation>el nombre {place} es demasiado largo para este disco</translation>
    </message>
    <message>
        <source>{place} is busy (another program or the system is using it)</source>
        <translation>{place} está ocupado (otro programa o el sistema lo está usando)</translation>
    </message>
    <message>
        <source>the system refused it</source>
        <translation>el sistema lo rechazó</translation>
    </message>
    <message>
        <source>{place} cannot be used ({why})</source>
        <translation>{place} no se puede usar ({why})</translation>
    </message>
    <message>
        <source>{size} free</source>
        <translation>{size} libres</translation>
    </message>
    <message>
        <source>no room left</source>
        <translation>sin espacio</translation>
    </message>
    <message>
        <source>Pictures cannot be saved: {problem}. Choose another folder.</source>
        <translation>No se pueden guardar imágenes: {problem}. Elige otra carpeta.</translation>
    </message>
    <message>
        <source>Pictures cannot be saved: the disk with {folder} is full ({free} free; a picture of this size needs about {needed}). Free some space or choose another folder.</source>
        <translation>No se pueden guardar imágenes: el disco de {folder} está lleno ({free} libres; una imagen de este tamaño necesita unos {needed}). Libera espacio o elige otra carpeta.</translation>
    </message>
    <message>
        <source>The picture could not be saved: {problem}; nor in {rescue} ({rescue_problem}). It is still in {staged}.</source>
        <translation>No se pudo guardar la imagen: {problem}; ni en {rescue} ({rescue_problem}). Sigue en {staged}.</translation>
    </message>
    <message>
        <source>The picture could not be saved: {problem}. It is kept in {kept}.</source>
        <translation>No se pudo guardar la imagen: {problem}. Se guardó en {kept}.</translation>
    </message>
</context>
<context>
    <name>Gallery</name>
    <message>
        <source>The gallery&apos;s index ({database}) is damaged and could not be moved aside: {why}. Another program may hold it open. The gallery shows your images anyway; favourites you mark now last until you close the app. Close the other program and restart to repair the index.</source>
        <translation>El índice de la galería ({database}) está dañado y no se pudo apartar: {why}. Puede que otro programa lo tenga abierto. La galería muestra tus imágenes de todos modos; los favoritos que marques ahora duran hasta que cierres la app. Cierra el otro programa y reinicia para reparar el índice.</translation>
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
        <translation>modelo de difusión Flux</translation>
    </message>
    <message>
        <source>FLUX.2 diffusion model</source>
        <translation>modelo de difusión FLUX.2</translation>
    </message>
    <message>
        <source>Z-Image diffusion model</source>
        <translation>modelo de difusión Z-Image</translation>
    </message>
    <message>
        <source>SD3 diffusion model</source>
        <translation>modelo de difusión SD3</translation>
    </message>
    <message>
        <source>SDXL diffusion model</source>
        <translation>modelo de difusión SDXL</translation>
    </message>
    <message>
        <source>SD 1.x diffusion model</source>
        <translation>modelo de difusión SD 1.x</translation>
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
        <translation>VAE de FLUX.2</translation>
    </message>
    <message>
        <source>tiny autoencoder (TAESD)</source>
        <translation>autocodificador pequeño (TAESD)</translation>
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
        <translation>desconocido</translation>
    </message>
    <message>
        <source>chat text model</source>
        <translation>modelo de texto de chat</translation>
    </message>
    <message>
        <source>pickle checkpoint</source>
        <translation>checkpoint pickle</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>ilegible</translation>
    </message>
</context>
<context>
    <name>Memory</name>
    <message>
        <source>Text encoder on CPU</source>
        <translation>Codificador de texto en el procesador</translation>
    </message>
    <message>
        <source>Image decoder on CPU</source>
        <translation>Decodificador de imagen en el procesador</translation>
    </message>
    <message>
        <source>Decode in tiles</source>
        <translation>Decodificar por bloques</translation>
    </message>
    <message>
        <source>Weights in RAM between stages</source>
        <translation>Pesos en la RAM entre etapas</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Atención económica (flash attention)</translation>
    </message>
    <message>
        <source>Video memory cap</source>
        <translation>Límite de memoria de video</translation>
    </message>
    <message>
        <source>With &apos;Weights in RAM between stages&apos;: stream the diffusion model within this much VRAM</source>
        <translation>Con &apos;Pesos en la RAM entre etapas&apos;: transmite el modelo de difusión dentro de esta cantidad de VRAM</translation>
    </message>
    <message>
        <source>no VRAM cap</source>
        <translation>sin límite de VRAM</translation>
    </message>
</context>
<context>
    <name>Models</name>
    <message>
        <source>the file ends inside its header (is the download complete?)</source>
        <translation>el archivo termina dentro de su encabezado (¿la descarga está completa?)</translation>
    </message>
    <message>
        <source>the GGUF header is damaged (a string of impossible length)</source>
        <translation>el encabezado GGUF está dañado (un texto de longitud imposible)</translation>
    </message>
    <message>
        <source>the GGUF header is damaged (an array of impossible length)</source>
        <translation>el encabezado GGUF está dañado (una lista de longitud imposible)</translation>
    </message>
    <message>
        <source>the GGUF header has an unknown value type {type}</source>
        <translation>el encabezado GGUF tiene un tipo de valor desconocido {type}</translation>
    </message>
    <message>
        <source>not a GGUF file</source>
        <translation>no es un archivo GGUF</translation>
    </message>
    <message>
        <source>GGUF version {version} is too old; convert the model again</source>
        <translation>la versión GGUF {version} es demasiado vieja; convierte el modelo de nuevo</translation>
    </message>
    <message>
        <source>the GGUF header is damaged (impossible counts)</source>
        <translation>el encabezado GGUF está dañado (cantidades imposibles)</translation>
    </message>
    <message>
        <source>the GGUF header is damaged (a tensor with too many dimensions)</source>
        <translation>el encabezado GGUF está dañado (un tensor con demasiadas dimensiones)</translation>
    </message>
    <message>
        <source>not a safetensors file (its header length is impossible)</source>
        <translation>no es un archivo safetensors (la longitud de su encabezado es imposible)</translation>
    </message>
    <message>
        <source>not a safetensors file (its header is not JSON)</source>
        <translation>no es un archivo safetensors (su encabezado no es JSON)</translation>
    </message>
    <message>
        <source>not a safetensors file (its header is not a table)</source>
        <translation>no es un archivo safetensors (su encabezado no es una tabla)</translation>
    </message>
    <message>
        <source>{file} is neither GGUF nor safetensors</source>
        <translation>{file} no es GGUF ni safetensors</translation>
    </message>
    <message>
        <source>{file} is {size} bytes but its header needs {needed}: the download is incomplete</source>
        <translation>{file} tiene {size} bytes pero su encabezado necesita {needed}: la descarga está incompleta</translation>
    </message>
    <message>
        <source>cannot use {file} as {what}: {why}</source>
        <translation>no se puede usar {file} como {what}: {why}</translation>
    </message>
    <message>
        <source>{file} is a {kind}, not {what}</source>
        <translation>{file} es un {kind}, no {what}</translation>
    </message>
    <message>
        <source>{file} holds only a diffusion model, not a full model: put it in Diffusion model, with its VAE and text encoders in their own slots</source>
        <translation>{file} contiene solo un modelo de difusión, no un modelo completo: ponlo en Modelo de difusión, con su VAE y sus codificadores de texto en sus propios espacios</translation>
    </message>
    <message>
        <source>{file} is a diffusion-only model ({kind}): put it in Diffusion model, and add a VAE and the text encoders</source>
        <translation>{file} es un modelo solo de difusión ({kind}): ponlo en Modelo de difusión y agrega un VAE y los codificadores de texto</translation>
    </message>
    <message>
        <source>{file} is a {kind}, not a {slot} file: put it in {right}</source>
        <translation>{file} es un {kind}, no un archivo de {slot}: ponlo en {right}</translation>
    </message>
    <message>
        <source>{llm} is an LLM text encoder; {file} ({kind}) does not read one: leave LLM text encoder empty</source>
        <translation>{llm} es un codificador de texto LLM; {file} ({kind}) no lee uno: deja vacío Codificador de texto LLM</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconocido</translation>
    </message>
    <message>
        <source>{file} is a {kind}: it needs its Qwen3 text encoder in LLM text encoder</source>
        <translation>{file} es un {kind}: necesita su codificador de texto Qwen3 en Codificador de texto LLM</translation>
    </message>
    <message>
        <source>{file} is a {kind}: it reads the prompt through its Qwen3 LLM only; leave {slot} empty</source>
        <translation>{file} es un {kind}: lee el prompt solo a través de su LLM Qwen3; deja {slot} vacío</translation>
    </message>
    <message>
        <source>{llm} is {have} wide but {file} reads a {want}-wide Qwen3 ({size}): use the text encoder made for it</source>
        <translation>{llm} tiene ancho {have} pero {file} lee un Qwen3 de ancho {want} ({size}): usa el codificador de texto hecho para él</translation>
    </message>
    <message>
        <source>another size</source>
        <translation>otro tamaño</translation>
    </message>
    <message>
        <source>{vae} is a {vae_kind}, but {file} is a {kind}: it needs a {wanted}</source>
        <translation>{vae} es un {vae_kind}, pero {file} es un {kind}: necesita un {wanted}</translation>
    </message>
    <message>
        <source>FLUX.1 or SD VAE</source>
        <translation>VAE FLUX.1 o SD</translation>
    </message>
    <message>
        <source>pickle files can run code when they are loaded: use a .safetensors or .gguf download of this model instead</source>
        <translation>los archivos pickle pueden ejecutar código al cargarse: usa una descarga .safetensors o .gguf de este modelo</translation>
    </message>
    <message>
        <source>not a model part Polaris Studio knows ({families}, their encoders, VAE)</source>
        <translation>no es una parte de modelo que Polaris Studio conozca ({families}, sus codificadores, VAE)</translation>
    </message>
    <message>
        <source>{folder} already has another file named {file}</source>
        <translation>{folder} ya tiene otro archivo llamado {file}</translation>
    </message>
    <message>
        <source>not used</source>
        <translation>no se usa</translation>
    </message>
    <message>
        <source>the prompt helper&apos;s text model (Improve)</source>
        <translation>modelo de texto del asistente de prompts (Mejorar)</translation>
    </message>
    <message>
        <source>{helper} and {slot}</source>
        <translation>{helper} y {slot}</translation>
    </message>
    <message>
        <source>{slot} folder, as {name}</source>
        <translation>carpeta de {slot}, como {name}</translation>
    </message>
    <message>
        <source>not added: {why}</source>
        <translation>no agregado: {why}</translation>
    </message>
    <message>
        <source>No picture model among these files, so no model was added: a text model or a VAE cannot draw alone. Add it together with the picture model it belongs to.</source>
        <translation>Ningún modelo de imagen entre estos archivos, así que no se añadió ningún modelo: un modelo de texto o un VAE no dibuja solo. Añádelo junto con el modelo de imagen al que pertenece.</translation>
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
        <translation>Todavía no elegiste un modelo</translation>
    </message>
    <message>
        <source>Demo (random noise)</source>
        <translation>Demo (ruido aleatorio)</translation>
    </message>
</context>
<context>
    <name>Picture</name>
    <message>
        <source>The backend wrote {file} as {format}, not as a PNG picture</source>
        <translation>El backend escribió {file} como {format}, no como una imagen PNG</translation>
    </message>
    <message>
        <source>The picture the backend wrote ({file}) is not whole and cannot be read</source>
        <translation>La imagen que escribió el backend ({file}) no está completa y no se puede leer</translation>
    </message>
    <message>
        <source>The picture came out black</source>
        <translation>La imagen salió negra</translation>
    </message>
    <message>
        <source>The picture came out as one flat colour {colour}</source>
        <translation>La imagen salió de un solo color plano {colour}</translation>
    </message>
    <message>
        <source>The picture came out almost all one colour {colour}</source>
        <translation>La imagen salió casi toda de un solo color {colour}</translation>
    </message>
    <message>
        <source>Only one square of the picture was drawn; the rest is one flat colour {colour}</source>
        <translation>Solo se dibujó un cuadrado de la imagen; el resto es de un solo color {colour}</translation>
    </message>
    <message>
        <source>The picture came out as noise of pure colours</source>
        <translation>La imagen salió como ruido de colores puros</translation>
    </message>
    <message>
        <source>Try: untick &apos;Decode in tiles&apos; in Advanced, or a smaller size.</source>
        <translation>Pruebe: desmarque &apos;Decodificar por bloques&apos; en Avanzado, o un tamaño menor.</translation>
    </message>
    <message>
        <source>Try another seed or prompt, or another model file.</source>
        <translation>Pruebe otra semilla u otro prompt, u otro archivo de modelo.</translation>
    </message>
    <message>
        <source>Try a smaller size or another model file.</source>
        <translation>Pruebe un tamaño menor u otro archivo de modelo.</translation>
    </message>
    <message>
        <source>The image decoder already ran on the processor; try a smaller size, another model file or another graphics driver.</source>
        <translation>El decodificador de imagen ya se ejecutó en el procesador; pruebe un tamaño menor, otro archivo de modelo u otro controlador gráfico.</translation>
    </message>
    <message>
        <source>Try: tick &apos;Image decoder on CPU&apos; in Advanced, a smaller size or another model file.</source>
        <translation>Pruebe: marque &apos;Decodificador de imagen en el procesador&apos; en Avanzado, un tamaño menor u otro archivo de modelo.</translation>
    </message>
    <message>
        <source>in smaller pieces of work</source>
        <translation>en partes de trabajo más pequeñas</translation>
    </message>
    <message>
        <source>with the image decoder on the processor</source>
        <translation>con el decodificador de imagen en el procesador</translation>
    </message>
    <message>
        <source>with the image decoder in tiles</source>
        <translation>con el decodificador de imagen por partes</translation>
    </message>
    <message>
        <source>with less video memory, in smaller pieces</source>
        <translation>con menos memoria de video, en pedazos más chicos</translation>
    </message>
    <message>
        <source>input image</source>
        <translation>imagen de entrada</translation>
    </message>
    <message>
        <source>{picture} not found: {path}</source>
        <translation>{picture} no encontrada: {path}</translation>
    </message>
    <message>
        <source>{picture} {file} is {width}x{height} pixels ({megapixels} megapixels); the most it may have is {most} megapixels: scale it down first</source>
        <translation>{picture} {file} tiene {width}x{height} píxeles ({megapixels} megapíxeles); lo máximo permitido es {most} megapíxeles: redúcela primero</translation>
    </message>
    <message>
        <source>{picture} {file} has too many pixels to open safely; the most it may have is {most} megapixels: scale it down first</source>
        <translation>{picture} {file} tiene demasiados píxeles para abrirla con seguridad; lo máximo permitido es {most} megapíxeles: redúcela primero</translation>
    </message>
    <message>
        <source>{picture} {file} is not a picture (PNG, JPEG, WebP or BMP)</source>
        <translation>{picture} {file} no es una imagen (PNG, JPEG, WebP o BMP)</translation>
    </message>
    <message>
        <source>{picture} cannot be read: {why}</source>
        <translation>{picture} no se puede leer: {why}</translation>
    </message>
    <message>
        <source>{picture} {file} cannot be read: it is damaged or cut short</source>
        <translation>{picture} {file} no se puede leer: está dañada o cortada</translation>
    </message>
    <message>
        <source>{picture} {file} carries more text than a picture may (megabytes, packed small): save it again without its text</source>
        <translation>{picture} {file} lleva más texto del que una imagen puede llevar (megabytes, muy comprimidos): guárdala de nuevo sin su texto</translation>
    </message>
</context>
<context>
    <name>Plan</name>
    <message>
        <source>Text encoder (the Qwen3 LLM)</source>
        <translation>Codificador de texto (el LLM Qwen3)</translation>
    </message>
    <message>
        <source>Text encoders</source>
        <translation>Codificadores de texto</translation>
    </message>
    <message>
        <source>Diffusion model on the GPU</source>
        <translation>Modelo de difusión en la GPU</translation>
    </message>
    <message>
        <source>, moved in from RAM for each stage</source>
        <translation>, traído desde la RAM en cada etapa</translation>
    </message>
    <message>
        <source>, streamed in pieces of at most {size} GiB</source>
        <translation>, enviado en pedazos de como máximo {size} GiB</translation>
    </message>
    <message>
        <source>Image decoder on the {place} in tiles of {size} px.</source>
        <translation>Decodificador de imagen en la {place} en mosaicos de {size} px.</translation>
    </message>
    <message>
        <source>Image decoder on the {place} in tiles.</source>
        <translation>Decodificador de imagen en la {place}, por partes.</translation>
    </message>
    <message>
        <source>Image decoder on the {place}.</source>
        <translation>Decodificador de imagen en la {place}.</translation>
    </message>
    <message>
        <source>{part} on the {place}.</source>
        <translation>{part} en la {place}.</translation>
    </message>
    <message>
        <source>Flash attention keeps the attention buffers small.</source>
        <translation>Flash attention mantiene chicos los búferes de atención.</translation>
    </message>
    <message>
        <source>The live preview is decoded by the tiny autoencoder at every step.</source>
        <translation>La vista previa en vivo la decodifica el autoencoder pequeño en cada paso.</translation>
    </message>
    <message>
        <source>The live preview is a quick colour sketch of each step.</source>
        <translation>La vista previa en vivo es un boceto rápido en color de cada paso.</translation>
    </message>
    <message>
        <source>Predicted VRAM peak {peak} (weights {weights}, compute {compute}) of a {budget} budget; RAM {ram} of {free} free.</source>
        <translation>Pico de VRAM previsto {peak} (pesos {weights}, cálculo {compute}) de un presupuesto de {budget}; RAM {ram} de {free} libres.</translation>
    </message>
    <message>
        <source>{held} of it is held for the card, of the {budget} of system memory its driver lets it use.</source>
        <translation>{held} de eso queda reservado para la tarjeta, de los {budget} de memoria del sistema que su driver le deja usar.</translation>
    </message>
    <message>
        <source>It would hold {held} of system memory for the card, more than the {budget} its driver allows: past that the card stops.</source>
        <translation>Reservaría {held} de memoria del sistema para la tarjeta, más que los {budget} que permite su driver: pasado eso, la tarjeta se detiene.</translation>
    </message>
    <message>
        <source>Each image first reads {size} of model files: about {seconds} s from a hard disk, a second or two once they are cached in RAM.</source>
        <translation>Cada imagen primero lee {size} de archivos de modelo: unos {seconds} s desde un disco duro, uno o dos segundos cuando ya están en caché en la RAM.</translation>
    </message>
    <message>
        <source>Nothing fits: try a smaller image, a lower quantization (e.g. Q4_K and T5 q8_0), or more RAM.</source>
        <translation>Nada entra: prueba una imagen más chica, una cuantización menor (p. ej. Q4_K y T5 q8_0), o más RAM.</translation>
    </message>
    <message>
        <source>Moving the weights in from RAM would be quicker, but it holds {held} GiB of system memory for the card, more than the {budget} GiB its driver allows: past that the card stops, so this plan keeps them elsewhere.</source>
        <translation>Traer los pesos desde la RAM sería más rápido, pero reservaría {held} GiB de memoria del sistema para la tarjeta, más que los {budget} GiB que permite su driver: pasado eso, la tarjeta se detiene, así que este plan los deja en otro lado.</translation>
    </message>
    <message>
        <source>Tiles of {size} px: {tiles}; predicted VRAM peak {peak} GiB of a {budget} GiB budget</source>
        <translation>Partes de {size} px: {tiles}; pico de VRAM previsto {peak} GiB de un presupuesto de {budget} GiB</translation>
    </message>
    <message>
        <source>the model</source>
        <translation>el modelo</translation>
    </message>
    <message>
        <source>the text encoders</source>
        <translation>los codificadores de texto</translation>
    </message>
    <message>
        <source>the image decoder</source>
        <translation>el decodificador de imagen</translation>
    </message>
    <message>
        <source>on the graphics card</source>
        <translation>en la tarjeta gráfica</translation>
    </message>
    <message>
        <source>on the processor</source>
        <translation>en el procesador</translation>
    </message>
    <message>
        <source> — predicted not to fit, so it may fail</source>
        <translation> — se prevé que no entre, así que puede fallar</translation>
    </message>
    <message>
        <source>Everything on the processor (no graphics card that can draw was found); up to {memory} GiB of the computer&apos;s memory{verdict}.</source>
        <translation>Todo en el procesador (no se encontró tarjeta gráfica que pueda dibujar); hasta {memory} GiB de la memoria de la computadora{verdict}.</translation>
    </message>
    <message>
        <source>{part} {place}</source>
        <translation>{part} {place}</translation>
    </message>
    <message>
        <source>nothing placed yet</source>
        <translation>nada repartido todavía</translation>
    </message>
    <message>
        <source>{where}; about {memory} GiB of video memory{verdict}.</source>
        <translation>{where}; unos {memory} GiB de memoria de video{verdict}.</translation>
    </message>
    <message>
        <source>diffusion model</source>
        <translation>modelo de difusión</translation>
    </message>
    <message>
        <source>text encoders</source>
        <translation>codificadores de texto</translation>
    </message>
    <message>
        <source>image decoder</source>
        <translation>decodificador de imagen</translation>
    </message>
    <message>
        <source>Memory plan: everything on the processor; predicted {ram}{verdict}.</source>
        <translation>Plan de memoria: todo en el procesador; previsto {ram}{verdict}.</translation>
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
        <translation>{part} en la {place}</translation>
    </message>
    <message>
        <source> — predicted NOT to fit</source>
        <translation> — se prevé que NO entre</translation>
    </message>
    <message>
        <source>Memory plan: {where}; predicted {vram}, {ram}{verdict}.</source>
        <translation>Plan de memoria: {where}; previsto {vram}, {ram}{verdict}.</translation>
    </message>
</context>
<context>
    <name>Processor</name>
    <message>
        <source>SSE2 but not SSE4.2</source>
        <translation>SSE2 pero no SSE4.2</translation>
    </message>
    <message>
        <source>SSE4.2 but not AVX</source>
        <translation>SSE4.2 pero no AVX</translation>
    </message>
    <message>
        <source>AVX but not AVX2</source>
        <translation>AVX pero no AVX2</translation>
    </message>
    <message>
        <source>Your processor has {lacking}: its parts of a picture run about {times} times slower than on a newer one.</source>
        <translation>Tu procesador tiene {lacking}: sus partes de una imagen van unas {times} veces más lentas que en uno más nuevo.</translation>
    </message>
</context>
<context>
    <name>PromptHelper</name>
    <message>
        <source>{name} cannot be read as a text model: {why}</source>
        <translation>{name} no se puede leer como modelo de texto: {why}</translation>
    </message>
    <message>
        <source>{name} is a text encoder saved for pictures only, without the word list a chat model needs; the prompt helper needs {wanted} as published for llama.cpp</source>
        <translation>{name} es un codificador de texto guardado solo para imágenes, sin la lista de palabras que necesita un modelo de chat; el asistente de prompts necesita {wanted} tal como se publicó para llama.cpp</translation>
    </message>
    <message>
        <source>{name} has no layers in its header: it is not a text model</source>
        <translation>{name} no tiene capas en su encabezado: no es un modelo de texto</translation>
    </message>
    <message>
        <source>Qwen3-4B, the prompt helper&apos;s text model</source>
        <translation>Qwen3-4B, el modelo de texto del asistente de prompts</translation>
    </message>
    <message>
        <source>runs on the processor</source>
        <translation>funciona en el procesador</translation>
    </message>
    <message>
        <source>runs on the processor: pictures are being drawn on the graphics card</source>
        <translation>funciona en el procesador: se están dibujando imágenes en la tarjeta gráfica</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconocido</translation>
    </message>
    <message>
        <source>runs on the processor: it needs {needed} on the graphics card, {free} is free</source>
        <translation>funciona en el procesador: necesita {needed} en la tarjeta gráfica; libre: {free}</translation>
    </message>
    <message>
        <source>runs on the graphics card ({needed} of {free} free)</source>
        <translation>funciona en la tarjeta gráfica ({needed} de {free} libres)</translation>
    </message>
    <message>
        <source>the prompt helper ran out of memory loading its model; close other programs or let it run on the processor</source>
        <translation>el asistente de prompts se quedó sin memoria al cargar su modelo; cierra otros programas o deja que funcione en el procesador</translation>
    </message>
    <message>
        <source>the prompt helper could not load its model file: it may be damaged or not a chat model llama.cpp reads</source>
        <translation>el asistente de prompts no pudo cargar el archivo de su modelo: puede estar dañado o no ser un modelo de chat que llama.cpp lea</translation>
    </message>
    <message>
        <source>the prompt helper could not open its local connection; try again</source>
        <translation>el asistente de prompts no pudo abrir su conexión local; vuelve a intentarlo</translation>
    </message>
    <message>
        <source>the prompt helper stopped unexpectedly</source>
        <translation>el asistente de prompts se detuvo de forma inesperada</translation>
    </message>
</context>
<context>
    <name>Queue</name>
    <message>
        <source>It was running when the app closed; press Run queue to try again.</source>
        <translation>Se estaba ejecutando cuando se cerró la app; pulsa Ejecutar cola para intentarlo de nuevo.</translation>
    </message>
    <message>
        <source>it is not text</source>
        <translation>no es texto</translation>
    </message>
    <message>
        <source>it could not be read as a queue</source>
        <translation>no se pudo leer como una cola</translation>
    </message>
    <message>
        <source>The job queue file {path} is damaged ({why}) and could not be set aside ({problem}); the queue starts empty.</source>
        <translation>El archivo de la cola de trabajos {path} está dañado ({why}) y no se pudo apartar ({problem}); la cola empieza vacía.</translation>
    </message>
    <message>
        <source>The job queue file was damaged ({why}); it was kept as {aside} and the queue starts empty.</source>
        <translation>El archivo de la cola de trabajos estaba dañado ({why}); se guardó como {aside} y la cola empieza vacía.</translation>
    </message>
    <message>
        <source>this computer&apos;s processor</source>
        <translation>el procesador de este equipo</translation>
    </message>
    <message>
        <source>the graphics card</source>
        <translation>la tarjeta gráfica</translation>
    </message>
</context>
<context>
    <name>Request</name>
    <message>
        <source>{side} must be a positive number of pixels, got {value}</source>
        <translation>{side} debe ser un número positivo de píxeles, llegó {value}</translation>
    </message>
    <message>
        <source>{side} must be between {least} and {most} pixels, got {value}</source>
        <translation>{side} debe estar entre {least} y {most} píxeles, llegó {value}</translation>
    </message>
    <message>
        <source>{side} {value} is not a multiple of {multiple}; using {snapped}</source>
        <translation>{side} {value} no es múltiplo de {multiple}; se usa {snapped}</translation>
    </message>
    <message>
        <source>width</source>
        <translation>ancho</translation>
    </message>
    <message>
        <source>height</source>
        <translation>alto</translation>
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
        <translation>el prompt está vacío</translation>
    </message>
    <message>
        <source>CLIP skip {value} is left out: {family} does not read the prompt from CLIP&apos;s layers</source>
        <translation>CLIP skip {value} se dejó de lado: {family} no lee el prompt de las capas de CLIP</translation>
    </message>
    <message>
        <source>no model chosen: choose a model file</source>
        <translation>no se eligió ningún modelo: elige un archivo de modelo</translation>
    </message>
    <message>
        <source>{part} file not found: {path}</source>
        <translation>archivo de {part} no encontrado: {path}</translation>
    </message>
    <message>
        <source>cannot use {path} as {part}: {why}</source>
        <translation>no se puede usar {path} como {part}: {why}</translation>
    </message>
    <message>
        <source>a mask needs an input image: it marks which part of that picture to repaint</source>
        <translation>una máscara necesita una imagen de entrada: marca qué parte de esa imagen volver a pintar</translation>
    </message>
    <message>
        <source>extending needs a picture to extend: give it as the input image</source>
        <translation>expandir necesita una imagen que expandir: dala como imagen de entrada</translation>
    </message>
    <message>
        <source>edited picture</source>
        <translation>imagen editada</translation>
    </message>
    <message>
        <source>fixing the faces of a picture needs that picture: give it as the input image</source>
        <translation>corregir las caras de una imagen necesita esa imagen: dala como imagen de entrada</translation>
    </message>
    <message>
        <source>the {text} held invisible control characters ({codes}); they were removed, as sd.cpp cannot read them</source>
        <translation>el {text} tenía caracteres de control invisibles ({codes}); se quitaron, porque sd.cpp no puede leerlos</translation>
    </message>
    <message>
        <source>, {size} as the drawing program counts them (accented letters count 2, Chinese, Japanese and Korean 3, emoji 4)</source>
        <translation>, {size} según cuenta el programa que dibuja (las letras con tilde cuentan 2, el chino, japonés y coreano 3, los emoji 4)</translation>
    </message>
    <message>
        <source>the {text} is {length} characters long{counted}; at most {most} can be drawn (longer ones crash the drawing program)</source>
        <translation>el {text} tiene {length} caracteres{counted}; como mucho se pueden dibujar {most} (los más largos hacen fallar al programa que dibuja)</translation>
    </message>
    <message>
        <source>editing from a reference picture needs a FLUX.2 klein model; this one ({family}) only makes new pictures</source>
        <translation>editar a partir de una imagen de referencia necesita un modelo FLUX.2 klein; este ({family}) solo hace imágenes nuevas</translation>
    </message>
    <message>
        <source>reference picture</source>
        <translation>imagen de referencia</translation>
    </message>
    <message>
        <source>mask</source>
        <translation>máscara</translation>
    </message>
    <message>
        <source>extending a picture makes its own mask (the new area): leave the mask out</source>
        <translation>expandir una imagen crea su propia máscara (la zona nueva): no pongas una máscara</translation>
    </message>
    <message>
        <source>extending a picture keeps its own pixels, so it cannot use hires fix: turn hires fix off</source>
        <translation>expandir una imagen conserva sus propios píxeles, así que no puede usar hires fix: desactiva el hires fix</translation>
    </message>
    <message>
        <source>the {picture} is {width}x{height}; it is scaled to {new_width}x{new_height} (sides from {least} to {most} pixels)</source>
        <translation>la {picture} mide {width}x{height}; se escala a {new_width}x{new_height} (lados de {least} a {most} píxeles)</translation>
    </message>
    <message>
        <source>input image</source>
        <translation>imagen de entrada</translation>
    </message>
    <message>
        <source>hires fix scale must be above 1 and at most 4, got {value}</source>
        <translation>la escala del hires fix debe ser mayor que 1 y como máximo 4, llegó {value}</translation>
    </message>
    <message>
        <source>hires fix denoising strength must be above 0 and at most 1, got {value}</source>
        <translation>la fuerza de eliminación de ruido del hires fix debe ser mayor que 0 y como máximo 1, llegó {value}</translation>
    </message>
    <message>
        <source>hires fix steps must be between 0 and {most}, got {value}</source>
        <translation>los pasos del hires fix deben estar entre 0 y {most}, llegó {value}</translation>
    </message>
    <message>
        <source>hires fix would make {width}x{height}; the largest side is {most}: lower the scale or the first pass&apos;s size</source>
        <translation>el hires fix haría {width}x{height}; el lado más grande es {most}: baja la escala o el tamaño de la primera pasada</translation>
    </message>
    <message>
        <source>the LoRA name &apos;{name}&apos; is empty or has spaces around it</source>
        <translation>el nombre de LoRA &apos;{name}&apos; está vacío o tiene espacios alrededor</translation>
    </message>
    <message>
        <source>the LoRA name &apos;{name}&apos; is not a plain name: it may not hold a folder, a drive or start with &apos;.&apos;</source>
        <translation>el nombre de LoRA &apos;{name}&apos; no es un nombre simple: no puede contener una carpeta, una unidad ni empezar con &apos;.&apos;</translation>
    </message>
    <message>
        <source>the weight of LoRA {name} must be a number from -4 to 4</source>
        <translation>el peso de la LoRA {name} debe ser un número de -4 a 4</translation>
    </message>
    <message>
        <source>the prompt names LoRA {name}, but no LoRA folder is set</source>
        <translation>el prompt nombra la LoRA {name}, pero no hay carpeta de LoRA definida</translation>
    </message>
    <message>
        <source>no LoRA {name} ({suffixes}) in {folder}</source>
        <translation>no hay LoRA {name} ({suffixes}) en {folder}</translation>
    </message>
    <message>
        <source>LoRA {name} was made for {made_for} models, but the model is {family}: choose a LoRA made for it</source>
        <translation>La LoRA {name} se hizo para modelos {made_for}, pero el modelo es {family}: elige una LoRA hecha para él</translation>
    </message>
</context>
<context>
    <name>RequestFields</name>
    <message>
        <source>{value} is not a {what}; known: {known}</source>
        <translation>{value} no es un(a) {what}; conocidos: {known}</translation>
    </message>
    <message>
        <source>{what} must be above {least} and at most {most}, got {value}</source>
        <translation>{what} debe ser mayor que {least} y como máximo {most}, llegó {value}</translation>
    </message>
    <message>
        <source>{what} must be between {least} and {most}, got {value}</source>
        <translation>{what} debe estar entre {least} y {most}, llegó {value}</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Pasos</translation>
    </message>
    <message>
        <source>Sampler</source>
        <translation>Sampler</translation>
    </message>
    <message>
        <source>How each step takes the noise away (the model&apos;s own suits it)</source>
        <translation>Cómo quita el ruido cada paso (el del modelo le va bien)</translation>
    </message>
    <message>
        <source>model&apos;s default</source>
        <translation>el del modelo</translation>
    </message>
    <message>
        <source>Scheduler</source>
        <translation>Scheduler</translation>
    </message>
    <message>
        <source>How the noise level falls from step to step (karras suits many SD models)</source>
        <translation>Cómo baja el nivel de ruido de paso en paso (karras va bien con muchos modelos SD)</translation>
    </message>
    <message>
        <source>CFG scale</source>
        <translation>Escala CFG</translation>
    </message>
    <message>
        <source>How closely to follow the prompt (Flux and turbo models want 1)</source>
        <translation>Cuánto seguir el prompt (Flux y los modelos turbo quieren 1)</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Semilla</translation>
    </message>
    <message>
        <source>The same seed, prompt and settings draw the same picture again</source>
        <translation>La misma semilla, prompt y ajustes dibujan la misma imagen otra vez</translation>
    </message>
    <message>
        <source>random</source>
        <translation>al azar</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Ancho</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Alto</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>Intensidad</translation>
    </message>
    <message>
        <source>CLIP skip</source>
        <translation>CLIP skip</translation>
    </message>
    <message>
        <source>model&apos;s own</source>
        <translation>el del modelo</translation>
    </message>
    <message>
        <source>Eta</source>
        <translation>Eta</translation>
    </message>
    <message>
        <source>How much fresh noise each step adds (Euler a: 1, DDIM and TCD: 0)</source>
        <translation>Cuánto ruido nuevo añade cada paso (Euler a: 1, DDIM y TCD: 0)</translation>
    </message>
    <message>
        <source>sampler&apos;s default</source>
        <translation>el del sampler</translation>
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
        <translation>Archivo del modelo</translation>
    </message>
    <message>
        <source>Diffusion model</source>
        <translation>Modelo de difusión</translation>
    </message>
    <message>
        <source>Diffusion model file</source>
        <translation>Archivo del modelo de difusión</translation>
    </message>
    <message>
        <source>VAE file</source>
        <translation>Archivo del VAE</translation>
    </message>
    <message>
        <source>Tiny autoencoder (TAESD) file</source>
        <translation>Archivo del autocodificador pequeño (TAESD)</translation>
    </message>
    <message>
        <source>CLIP-L text encoder file</source>
        <translation>Archivo del codificador de texto CLIP-L</translation>
    </message>
    <message>
        <source>T5-XXL text encoder file</source>
        <translation>Archivo del codificador de texto T5-XXL</translation>
    </message>
    <message>
        <source>LLM text encoder</source>
        <translation>Codificador de texto LLM</translation>
    </message>
    <message>
        <source>LLM text encoder file (Qwen3, for Z-Image and FLUX.2 klein)</source>
        <translation>Archivo del codificador de texto LLM (Qwen3, para Z-Image y FLUX.2 klein)</translation>
    </message>
    <message>
        <source>Upscaler</source>
        <translation>Ampliador</translation>
    </message>
    <message>
        <source>Prompt helper</source>
        <translation>Asistente de prompts</translation>
    </message>
</context>
<context>
    <name>Status</name>
    <message>
        <source>Loading the model</source>
        <translation>Cargando el modelo</translation>
    </message>
    <message>
        <source>Reading the prompt</source>
        <translation>Leyendo el prompt</translation>
    </message>
    <message>
        <source>Drawing</source>
        <translation>Dibujando</translation>
    </message>
    <message>
        <source>Finishing the picture</source>
        <translation>Terminando la imagen</translation>
    </message>
    <message>
        <source>Saving</source>
        <translation>Guardando</translation>
    </message>
    <message>
        <source>(the processor reads the model into memory)</source>
        <translation>(el procesador carga el modelo en la memoria)</translation>
    </message>
    <message>
        <source>(the first time, the graphics card also prepares its programs)</source>
        <translation>(la primera vez, la tarjeta gráfica también prepara sus programas)</translation>
    </message>
    <message>
        <source>(the first step, the slowest: on a first picture the processor also prepares its code for drawing, once)</source>
        <translation>(el primer paso, el más lento: en la primera imagen el procesador también prepara su código para dibujar, una sola vez)</translation>
    </message>
    <message>
        <source>(the first step, the slowest, is under way)</source>
        <translation>(el primer paso, el más lento, está en marcha)</translation>
    </message>
    <message>
        <source>Drawing — step {step} of {steps}</source>
        <translation>Dibujando — paso {step} de {steps}</translation>
    </message>
    <message>
        <source>{seconds} s per step</source>
        <translation>{seconds} s por paso</translation>
    </message>
    <message>
        <source>{time} left</source>
        <translation>faltan {time}</translation>
    </message>
    <message>
        <source>Upscaling with the demo&apos;s upscaler, which draws noise to show how it works: about {time}.</source>
        <translation>Ampliando con el ampliador de la demostración, que dibuja ruido para mostrar cómo funciona: unos {time}.</translation>
    </message>
    <message>
        <source>Upscaling: about {time} (tiles: {tiles}).</source>
        <translation>Ampliando: unos {time} (bloques: {tiles}).</translation>
    </message>
</context>
<context>
    <name>Styles</name>
    <message>
        <source>there is no style named “{name}” (yours are: {names})</source>
        <translation>no hay ningún estilo llamado “{name}” (los tuyos son: {names})</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>a style needs a name</source>
        <translation>un estilo necesita un nombre</translation>
    </message>
    <message>
        <source>a style&apos;s name cannot hold a comma</source>
        <translation>el nombre de un estilo no puede llevar coma</translation>
    </message>
    <message>
        <source>there is already a style named “{name}”</source>
        <translation>ya hay un estilo llamado “{name}”</translation>
    </message>
    <message>
        <source>it is not text</source>
        <translation>no es texto</translation>
    </message>
    <message>
        <source>The styles file {path} could not be read ({why}); the default styles are used.</source>
        <translation>No se pudo leer el archivo de estilos {path} ({why}); se usan los estilos predeterminados.</translation>
    </message>
    <message>
        <source>it could not be read as a list of styles</source>
        <translation>no se pudo leer como una lista de estilos</translation>
    </message>
    <message>
        <source>The styles file {path} is damaged ({why}) and could not be set aside ({problem}); the default styles are used.</source>
        <translation>El archivo de estilos {path} está dañado ({why}) y no se pudo apartar ({problem}); se usan los estilos predeterminados.</translation>
    </message>
    <message>
        <source>The styles file was damaged ({why}); it was kept as {aside} and the default styles were written in its place.</source>
        <translation>El archivo de estilos estaba dañado ({why}); se guardó como {aside} y en su lugar se escribieron los estilos predeterminados.</translation>
    </message>
    <message>
        <source>The styles file {path} could not be written ({why}).</source>
        <translation>No se pudo escribir el archivo de estilos {path} ({why}).</translation>
    </message>
</context>
<context>
    <name>Time</name>
    <message>
        <source>less than a second</source>
        <translation>menos de un segundo</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} s</translation>
    </message>
    <message>
        <source>about {minutes} min</source>
        <translation>unos {minutes} min</translation>
    </message>
    <message>
        <source>about {hours} h {minutes} min</source>
        <translation>unas {hours} h {minutes} min</translation>
    </message>
    <message>
        <source>about {hours} h</source>
        <translation>unas {hours} h</translation>
    </message>
    <message>
        <source>about {seconds} s</source>
        <translation>unos {seconds} s</translation>
    </message>
    <message>
        <source>about {low}-{high} s</source>
        <translation>unos {low}-{high} s</translation>
    </message>
    <message>
        <source>about {low}-{high} min</source>
        <translation>unos {low}-{high} min</translation>
    </message>
    <message>
        <source>about {low}-{high} h</source>
        <translation>unas {low}-{high} h</translation>
    </message>
    <message>
        <source>reading the prompt</source>
        <translation>leyendo el prompt</translation>
    </message>
    <message>
        <source>reading the picture</source>
        <translation>leyendo la imagen</translation>
    </message>
    <message>
        <source>drawing</source>
        <translation>dibujando</translation>
    </message>
    <message>
        <source>finishing</source>
        <translation>terminando</translation>
    </message>
    <message>
        <source>moving the model to the card</source>
        <translation>llevando el modelo a la tarjeta</translation>
    </message>
    <message>
        <source>starting and loading the model</source>
        <translation>iniciando y cargando el modelo</translation>
    </message>
    <message>
        <source>No time estimate yet for this computer&apos;s processor: this first picture measures it, and the next estimate uses what it took.</source>
        <translation>Aún no hay estimación de tiempo para el procesador de este equipo: esta primera imagen lo mide, y la próxima estimación usa lo que tardó.</translation>
    </message>
    <message>
        <source>as it ran here before</source>
        <translation>como corrió aquí antes</translation>
    </message>
    <message>
        <source>estimated from this processor&apos;s measured speed</source>
        <translation>estimado a partir de la velocidad medida de este procesador</translation>
    </message>
    <message>
        <source>an estimate until a first picture is made</source>
        <translation>una estimación hasta que se haga una primera imagen</translation>
    </message>
    <message>
        <source>estimated as for a slow Polaris card until a first picture is made</source>
        <translation>estimado como para una tarjeta Polaris lenta hasta que se haga una primera imagen</translation>
    </message>
    <message>
        <source>{time} for this first picture on this computer&apos;s processor: it includes a one-time set-up (preparing the processor&apos;s code for drawing); later pictures take less.</source>
        <translation>{time} para esta primera imagen en el procesador de este equipo: incluye una preparación que se hace una sola vez (el código del procesador para dibujar); las siguientes imágenes tardan menos.</translation>
    </message>
    <message>
        <source>{time} a picture on this computer&apos;s processor (mostly {stage}), {basis}.</source>
        <translation>{time} por imagen en el procesador de este equipo (sobre todo {stage}), {basis}.</translation>
    </message>
    <message>
        <source>{time} a picture on the {card} (mostly {stage}), {basis}.</source>
        <translation>{time} por imagen en la {card} (sobre todo {stage}), {basis}.</translation>
    </message>
    <message>
        <source>{time} a picture (mostly {stage}), {basis}.</source>
        <translation>{time} por imagen (sobre todo {stage}), {basis}.</translation>
    </message>
</context>
<context>
    <name>Upscale</name>
    <message>
        <source>the factor must be one of {factors}, got {factor}</source>
        <translation>el factor debe ser uno de {factors}, llegó {factor}</translation>
    </message>
    <message>
        <source>the tile size must be from {least} to 1024 pixels, got {size}</source>
        <translation>el tamaño de la parte debe ser de {least} a 1024 píxeles, llegó {size}</translation>
    </message>
    <message>
        <source>picture to upscale</source>
        <translation>imagen a ampliar</translation>
    </message>
    <message>
        <source>upscaler model not found: {path}</source>
        <translation>modelo de ampliación no encontrado: {path}</translation>
    </message>
    <message>
        <source>{file} does not enlarge (scale 1)</source>
        <translation>{file} no amplía (escala 1)</translation>
    </message>
    <message>
        <source>upscaling {width}x{height} would draw {largest} pixels on a side; the most is {most}</source>
        <translation>ampliar {width}x{height} dibujaría {largest} píxeles de lado; lo máximo es {most}</translation>
    </message>
</context>
<context>
    <name>Wildcards</name>
    <message>
        <source>the wildcard file {name}</source>
        <translation>el archivo de comodines {name}</translation>
    </message>
    <message>
        <source>the prompt</source>
        <translation>el prompt</translation>
    </message>
    <message>
        <source>{where} has a “}}” without a “{{” before it: write choices as {{red|green|blue}}</source>
        <translation>{where} tiene una “}}” sin una “{{” antes: escribe las opciones como {{red|green|blue}}</translation>
    </message>
    <message>
        <source>wildcard files name each other more than {most} deep ({loop}): does one name itself?</source>
        <translation>los archivos de comodines se nombran entre sí en más de {most} niveles ({loop}): ¿alguno se nombra a sí mismo?</translation>
    </message>
    <message>
        <source>{where} has a “{{” without its “}}”: write choices as {{red|green|blue}}</source>
        <translation>{where} tiene una “{{” sin su “}}”: escribe las opciones como {{red|green|blue}}</translation>
    </message>
    <message>
        <source>there is no wildcard file for __{name}__: put {file} in the wildcards folder {folder}, one choice a line</source>
        <translation>no hay archivo de comodines para __{name}__: pon {file} en la carpeta de comodines {folder}, una opción por línea</translation>
    </message>
    <message>
        <source>the wildcard file {path} is not text (save it as UTF-8)</source>
        <translation>el archivo de comodines {path} no es texto (guárdalo como UTF-8)</translation>
    </message>
    <message>
        <source>the wildcard file {path} could not be read: {why}</source>
        <translation>no se pudo leer el archivo de comodines {path}: {why}</translation>
    </message>
    <message>
        <source>the wildcard file {path} has no lines to choose from</source>
        <translation>el archivo de comodines {path} no tiene líneas para elegir</translation>
    </message>
</context>
</TS>
