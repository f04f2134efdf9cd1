<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>AddComputerDialog</name>
    <message>
        <source>Add a computer</source>
        <translation>Añadir un equipo</translation>
    </message>
    <message>
        <source>Another computer running an image server (Polaris Studio&apos;s serve, sd.cpp&apos;s sd-server, A1111, Forge or koboldcpp) draws the queue&apos;s pictures beside this one&apos;s card; they come home to this gallery.</source>
        <translation>Otro equipo con un servidor de imágenes (el serve de Polaris Studio, el sd-server de sd.cpp, A1111, Forge o koboldcpp) dibuja las imágenes de la cola junto a la tarjeta de este; vuelven a esta galería.</translation>
    </message>
    <message>
        <source>only if the server asks for one</source>
        <translation>solo si el servidor lo pide</translation>
    </message>
    <message>
        <source>&amp;Address</source>
        <translation>&amp;Dirección</translation>
    </message>
    <message>
        <source>&amp;Token or user:password</source>
        <translation>&amp;Token o usuario:contraseña</translation>
    </message>
    <message>
        <source>A&amp;dd</source>
        <translation>&amp;Añadir</translation>
    </message>
    <message>
        <source>{computer} is in the queue already.</source>
        <translation>{computer} ya está en la cola.</translation>
    </message>
    <message>
        <source>Asking {address} for its models…</source>
        <translation>Pidiendo a {address} sus modelos…</translation>
    </message>
    <message>
        <source>{address} cannot be added: {why}.</source>
        <translation>No se puede añadir {address}: {why}.</translation>
    </message>
</context>
<context>
    <name>Advice</name>
    <message>
        <source>processor</source>
        <translation>procesador</translation>
    </message>
    <message>
        <source>None of the models to download fits your {card}: the Models window takes model files you already have.</source>
        <translation>Ninguno de los modelos para descargar cabe en tu {card}: la ventana Modelos acepta archivos de modelo que ya tengas.</translation>
    </message>
    <message>
        <source>Recommended for your {card}: {model}, {size} to download; a picture takes {time}.</source>
        <translation>Recomendado para tu {card}: {model}, {size} para descargar; una imagen tarda {time}.</translation>
    </message>
    <message>
        <source>No graphics device was found, so no model can be recommended yet.</source>
        <translation>No se encontró ningún dispositivo gráfico, así que todavía no se puede recomendar un modelo.</translation>
    </message>
    <message>
        <source>The drawing program did not start, so no model can be recommended yet.</source>
        <translation>El programa que dibuja no arrancó, así que todavía no se puede recomendar un modelo.</translation>
    </message>
    <message>
        <source>The graphics card did not say how much memory it has, so no model can be recommended.</source>
        <translation>La tarjeta gráfica no informó cuánta memoria tiene, así que no se puede recomendar un modelo.</translation>
    </message>
</context>
<context>
    <name>Backend</name>
    <message>
        <source>This copy of the app cannot build the drawing engine: {how}</source>
        <translation>Esta copia de la app no puede compilar el motor de dibujo: {how}</translation>
    </message>
    <message>
        <source>Building the drawing engine: this takes several minutes…</source>
        <translation>Compilando el motor de dibujo: tarda varios minutos…</translation>
    </message>
    <message>
        <source>downloading {file}: {size}</source>
        <translation>descargando {file}: {size}</translation>
    </message>
    <message>
        <source>unpacking {file}</source>
        <translation>descomprimiendo {file}</translation>
    </message>
    <message>
        <source>checked against the published file</source>
        <translation>verificado con el archivo publicado</translation>
    </message>
    <message>
        <source>no published fingerprint to check it against; its own is {hash}…</source>
        <translation>no hay huella publicada para verificarlo; la suya es {hash}…</translation>
    </message>
    <message>
        <source>installed {program} ({verified})</source>
        <translation>{program} instalado ({verified})</translation>
    </message>
    <message>
        <source>Building the drawing engine did not finish: {error}</source>
        <translation>La compilación del motor de dibujo no terminó: {error}</translation>
    </message>
    <message>
        <source>Building the drawing engine failed. Its last words: {line}</source>
        <translation>La compilación del motor de dibujo falló. Sus últimas palabras: {line}</translation>
    </message>
    <message>
        <source>it said nothing</source>
        <translation>no dijo nada</translation>
    </message>
    <message>
        <source>given on the command line</source>
        <translation>indicado en la línea de comandos</translation>
    </message>
    <message>
        <source>your own</source>
        <translation>el tuyo</translation>
    </message>
    <message>
        <source>installed</source>
        <translation>instalado</translation>
    </message>
    <message>
        <source>bundled with the app</source>
        <translation>el que viene con la app</translation>
    </message>
</context>
<context>
    <name>BatchControls</name>
    <message>
        <source>Number of images</source>
        <translation>Número de imágenes</translation>
    </message>
    <message>
        <source>How many pictures one click on Generate queues</source>
        <translation>Cuántas imágenes pone en cola un clic en Generar</translation>
    </message>
    <message>
        <source>seeds in a row</source>
        <translation>semillas seguidas</translation>
    </message>
    <message>
        <source>random seeds</source>
        <translation>semillas al azar</translation>
    </message>
    <message>
        <source>Seeds of the images</source>
        <translation>Semillas de las imágenes</translation>
    </message>
    <message>
        <source>In a row: seed s, s+1, s+2… (small variations you can find again); random: each its own</source>
        <translation>Seguidas: semilla s, s+1, s+2… (pequeñas variaciones que puedes repetir); al azar: cada una la suya</translation>
    </message>
    <message>
        <source>&amp;Prompt list…</source>
        <translation>&amp;Lista de prompts…</translation>
    </message>
    <message>
        <source>The same seed and settings for each prompt of a list</source>
        <translation>La misma semilla y ajustes para cada prompt de una lista</translation>
    </message>
    <message>
        <source>&amp;Images</source>
        <translation>&amp;Imágenes</translation>
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
        <translation>Todo lo necesario está listo.</translation>
    </message>
    <message>
        <source>It will work, with the warnings below.</source>
        <translation>Funcionará, con los avisos de abajo.</translation>
    </message>
    <message>
        <source>Something below must be fixed first.</source>
        <translation>Primero hay que corregir algo de abajo.</translation>
    </message>
    <message>
        <source>System check</source>
        <translation>Comprobación del sistema</translation>
    </message>
    <message>
        <source>Checking the driver, Vulkan and this computer…</source>
        <translation>Comprobando el driver, Vulkan y este equipo…</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prueba</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <source>How to fix</source>
        <translation>Cómo corregirlo</translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>Comprobar de nuevo</translation>
    </message>
    <message>
        <source>Copy report</source>
        <translation>Copiar informe</translation>
    </message>
    <message>
        <source>Save report…</source>
        <translation>Guardar informe…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>Save report</source>
        <translation>Guardar informe</translation>
    </message>
    <message>
        <source>Markdown (*.md);;JSON (*.json)</source>
        <translation>Markdown (*.md);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Could not save the report: {error}</source>
        <translation>No se pudo guardar el informe: {error}</translation>
    </message>
</context>
<context>
    <name>Computers</name>
    <message>
        <source>nothing answers at that address (is the image server running there, on that port?)</source>
        <translation>nada responde en esa dirección (¿está el servidor de imágenes en marcha allí, en ese puerto?)</translation>
    </message>
    <message>
        <source>no computer on the network has that name</source>
        <translation>ningún equipo de la red tiene ese nombre</translation>
    </message>
    <message>
        <source>it did not answer in time</source>
        <translation>no respondió a tiempo</translation>
    </message>
    <message>
        <source>it closed the connection</source>
        <translation>cerró la conexión</translation>
    </message>
    <message>
        <source>it does not speak plain http at that address</source>
        <translation>no habla http simple en esa dirección</translation>
    </message>
    <message>
        <source>the connection to it failed</source>
        <translation>la conexión con él falló</translation>
    </message>
    <message>
        <source>it asks for a token or user:password, and the one given (if any) is not right</source>
        <translation>pide un token o usuario:contraseña, y el indicado (si lo hay) no es correcto</translation>
    </message>
    <message>
        <source>it answers, but not as an A1111-style image server (no /sdapi/v1 there)</source>
        <translation>responde, pero no como un servidor de imágenes al estilo de A1111 (no hay /sdapi/v1 allí)</translation>
    </message>
    <message>
        <source>it refused the job: {reason}</source>
        <translation>rechazó el trabajo: {reason}</translation>
    </message>
    <message>
        <source>it answered with error {status}</source>
        <translation>respondió con el error {status}</translation>
    </message>
    <message>
        <source>it is closing</source>
        <translation>se está cerrando</translation>
    </message>
    <message>
        <source> (drawn by {computer})</source>
        <translation> (dibujada por {computer})</translation>
    </message>
    <message>
        <source>{computer} has no model named {model}: it draws with the model it has loaded{which}</source>
        <translation>{computer} no tiene ningún modelo llamado {model}: dibuja con el modelo que tiene cargado{which}</translation>
    </message>
    <message>
        <source>{computer}: {why}</source>
        <translation>{computer}: {why}</translation>
    </message>
    <message>
        <source>the connection was cut while it drew ({why})</source>
        <translation>la conexión se cortó mientras dibujaba ({why})</translation>
    </message>
    <message>
        <source>the connection to {computer} was cut; asking it again for the same job</source>
        <translation>la conexión con {computer} se cortó; se le vuelve a pedir el mismo trabajo</translation>
    </message>
    <message>
        <source>{computer} answered without a picture</source>
        <translation>{computer} respondió sin imagen</translation>
    </message>
</context>
<context>
    <name>Download</name>
    <message>
        <source>not enough free space in {folder} for {file} ({size} needed): free some space or choose another folder</source>
        <translation>no hay espacio libre suficiente en {folder} para {file} (se necesitan {size}): libera espacio o elige otra carpeta</translation>
    </message>
    <message>
        <source>the server kept answering {error}</source>
        <translation>el servidor siguió respondiendo {error}</translation>
    </message>
    <message>
        <source>this computer seems to be offline (the server&apos;s name could not be found)</source>
        <translation>este equipo parece no tener conexión (no se encontró el nombre del servidor)</translation>
    </message>
    <message>
        <source>the server did not answer in time</source>
        <translation>el servidor no respondió a tiempo</translation>
    </message>
    <message>
        <source>the server could not be reached</source>
        <translation>no se pudo llegar al servidor</translation>
    </message>
    <message>
        <source>the connection was cut</source>
        <translation>se cortó la conexión</translation>
    </message>
    <message>
        <source>{cause} while fetching {file}; check the connection, then try again: the download goes on from where it stopped</source>
        <translation>{cause} al descargar {file}; revisa la conexión y vuelve a intentarlo: la descarga sigue desde donde se detuvo</translation>
    </message>
    <message>
        <source>too many redirects for {address}</source>
        <translation>demasiadas redirecciones para {address}</translation>
    </message>
    <message>
        <source>{file} is not on the server any more: the catalog needs updating; check for a newer Polaris Studio</source>
        <translation>{file} ya no está en el servidor: hay que actualizar el catálogo; busca una versión nueva de Polaris Studio</translation>
    </message>
    <message>
        <source>the server answered {status} for {file}; try later</source>
        <translation>el servidor respondió {status} para {file}; prueba más tarde</translation>
    </message>
    <message>
        <source>{file}: cancelled; it resumes from {size} next time</source>
        <translation>{file}: cancelado; la próxima vez sigue desde {size}</translation>
    </message>
    <message>
        <source>cannot write {file}: {error}; free some space or choose another models folder, then download again (it resumes)</source>
        <translation>no se puede escribir {file}: {error}; libera espacio o elige otra carpeta de modelos y descarga de nuevo (se reanuda)</translation>
    </message>
    <message>
        <source>{file} arrived damaged (it is not the published file); it was deleted: download it again</source>
        <translation>{file} llegó dañado (no es el archivo publicado); se borró: descárgalo de nuevo</translation>
    </message>
    <message>
        <source>the catalog lists no address for {file}</source>
        <translation>el catálogo no tiene dirección para {file}</translation>
    </message>
    <message>
        <source>the model file</source>
        <translation>el archivo del modelo</translation>
    </message>
    <message>
        <source>the {part} file</source>
        <translation>el archivo {part}</translation>
    </message>
    <message>
        <source>{model} needs {size} more in {folder}, which has {free} free: free some space or choose another models folder</source>
        <translation>{model} necesita {size} más en {folder}, que tiene {free} libres: libera espacio o elige otra carpeta de modelos</translation>
    </message>
    <message>
        <source>{path} is not the published {file}: delete or move it, then download again</source>
        <translation>{path} no es el {file} publicado: bórralo o muévelo y descarga de nuevo</translation>
    </message>
    <message>
        <source>cannot use {folder}: {error}; choose another folder</source>
        <translation>no se puede usar {folder}: {error}; elige otra carpeta</translation>
    </message>
</context>
<context>
    <name>DraftsRow</name>
    <message>
        <source>Number of drafts</source>
        <translation>Número de borradores</translation>
    </message>
    <message>
        <source>Quick versions at half the size and half the steps, each its own seed; then finish the one you like (the gallery&apos;s More → Finish at full size)</source>
        <translation>Versiones rápidas a la mitad del tamaño y la mitad de los pasos, cada una con su semilla; después termina la que te guste (en la galería, Más → Terminar a tamaño completo)</translation>
    </message>
    <message>
        <source>Time of the drafts and of the finish</source>
        <translation>Tiempo de los borradores y del acabado</translation>
    </message>
    <message>
        <source>Try {count} drafts</source>
        <translation>Probar {count} borradores</translation>
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
        <translation>Lo que muestra la zona nueva</translation>
    </message>
    <message>
        <source>How freely the new area is painted: 100% ignores the picture&apos;s edge colours it starts from</source>
        <translation>Con cuánta libertad se pinta la zona nueva: 100% ignora los colores del borde de la imagen de los que parte</translation>
    </message>
    <message>
        <source>&amp;Queue</source>
        <translation>Añadir a la &amp;cola</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Pixels to add at the {side}</source>
        <translation>Píxeles a añadir: {side}</translation>
    </message>
    <message>
        <source>&amp;Strength</source>
        <translation>&amp;Intensidad</translation>
    </message>
    <message>
        <source>&amp;Prompt</source>
        <translation>&amp;Prompt</translation>
    </message>
    <message>
        <source>The picture is {width}x{height}: choose how many pixels to add on each side.</source>
        <translation>La imagen mide {width}x{height}: elige cuántos píxeles añadir en cada lado.</translation>
    </message>
    <message>
        <source>{width}x{height} grows to {new_width}x{new_height}; the picture itself is kept.</source>
        <translation>{width}x{height} crece a {new_width}x{new_height}; la imagen en sí se conserva.</translation>
    </message>
    <message>
        <source>Extending {name} when the jobs before it are done…</source>
        <translation>Expandiendo {name} cuando terminen los trabajos anteriores…</translation>
    </message>
    <message>
        <source>Extending {name}…</source>
        <translation>Expandiendo {name}…</translation>
    </message>
</context>
<context>
    <name>Faces</name>
    <message>
        <source>Fix faces: repainting a face at {width}x{height}</source>
        <translation>Corregir caras: repintando una cara a {width}x{height}</translation>
    </message>
    <message>
        <source>no picture came</source>
        <translation>no llegó ninguna imagen</translation>
    </message>
    <message>
        <source>Fix faces: a face could not be repainted ({why}); the picture keeps it as drawn</source>
        <translation>Corregir caras: una cara no se pudo repintar ({why}); la imagen la conserva tal como se dibujó</translation>
    </message>
</context>
<context>
    <name>FileField</name>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>Browse for: {file}</source>
        <translation>Buscar: {file}</translation>
    </message>
    <message>
        <source>Models (*.gguf *.safetensors *.ckpt);;All files (*)</source>
        <translation>Modelos (*.gguf *.safetensors *.ckpt);;Todos los archivos (*)</translation>
    </message>
</context>
<context>
    <name>FirstStart</name>
    <message>
        <source>Welcome to Polaris Studio</source>
        <translation>Bienvenido a Polaris Studio</translation>
    </message>
    <message>
        <source>Checking your graphics card, driver and this computer…</source>
        <translation>Revisando tu tarjeta gráfica, el driver y esta computadora…</translation>
    </message>
    <message>
        <source>Looking for the model that suits your card…</source>
        <translation>Buscando el modelo que le va a tu tarjeta…</translation>
    </message>
    <message>
        <source>Download of the recommended model</source>
        <translation>Descarga del modelo recomendado</translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation>&amp;Descargar</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>De&amp;tener</translation>
    </message>
    <message>
        <source>Pause the download: it goes on from where it stopped</source>
        <translation>Pausar la descarga: sigue desde donde se detuvo</translation>
    </message>
    <message>
        <source>&amp;Make my first picture</source>
        <translation>&amp;Hacer mi primera imagen</translation>
    </message>
    <message>
        <source>Use the d&amp;emo model</source>
        <translation>Usar el modelo de de&amp;mostración</translation>
    </message>
    <message>
        <source>&amp;Not now</source>
        <translation>&amp;Ahora no</translation>
    </message>
    <message>
        <source>It is already here.</source>
        <translation>Ya está aquí.</translation>
    </message>
    <message>
        <source>&amp;Resume the download</source>
        <translation>&amp;Reanudar la descarga</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Conectando…</translation>
    </message>
    <message>
        <source>Downloading: {done} of {total}</source>
        <translation>Descargando: {done} de {total}</translation>
    </message>
    <message>
        <source>The model is here and checked.</source>
        <translation>El modelo está aquí y verificado.</translation>
    </message>
    <message>
        <source>The download is paused: it goes on from where it stopped next time.</source>
        <translation>La descarga está en pausa: la próxima vez sigue desde donde se detuvo.</translation>
    </message>
    <message>
        <source>&amp;Try again</source>
        <translation>&amp;Volver a intentar</translation>
    </message>
</context>
<context>
    <name>Folds</name>
    <message>
        <source>The drawing program&apos;s log</source>
        <translation>El registro del programa que dibuja</translation>
    </message>
    <message>
        <source>Advanced settings</source>
        <translation>Ajustes avanzados</translation>
    </message>
</context>
<context>
    <name>Gallery</name>
    <message>
        <source>Rebuilding the gallery from your images…</source>
        <translation>Reconstruyendo la galería a partir de tus imágenes…</translation>
    </message>
</context>
<context>
    <name>GalleryPanel</name>
    <message>
        <source>Search prompts…</source>
        <translation>Buscar en los prompts…</translation>
    </message>
    <message>
        <source>Search the gallery&apos;s prompts</source>
        <translation>Buscar en los prompts de la galería</translation>
    </message>
    <message>
        <source>Show only my favourites</source>
        <translation>Mostrar solo mis favoritas</translation>
    </message>
    <message>
        <source>Favourites only</source>
        <translation>Solo favoritas</translation>
    </message>
    <message>
        <source>Gallery</source>
        <translation>Galería</translation>
    </message>
    <message>
        <source>Reuse settings</source>
        <translation>Reutilizar ajustes</translation>
    </message>
    <message>
        <source>Put this picture&apos;s prompt, model and settings back, its seed too: Generate draws the same picture again</source>
        <translation>Recupera el prompt, el modelo y los ajustes de esta imagen, también su semilla: Generar dibuja la misma imagen otra vez</translation>
    </message>
    <message>
        <source>Favourite</source>
        <translation>Favorita</translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation>Copiar imagen</translation>
    </message>
    <message>
        <source>Reuse seed</source>
        <translation>Reutilizar semilla</translation>
    </message>
    <message>
        <source>Copy parameters</source>
        <translation>Copiar parámetros</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>Abrir carpeta</translation>
    </message>
    <message>
        <source>Move to trash</source>
        <translation>Mover a la papelera</translation>
    </message>
    <message>
        <source>Use as input</source>
        <translation>Usar como entrada</translation>
    </message>
    <message>
        <source>Fix faces</source>
        <translation>Corregir caras</translation>
    </message>
    <message>
        <source>Repaint each face of the picture at the model&apos;s own size (as ADetailer); every other pixel is kept</source>
        <translation>Repinta cada cara de la imagen al tamaño propio del modelo (como ADetailer); todos los demás píxeles se conservan</translation>
    </message>
    <message>
        <source>Finish at full size</source>
        <translation>Terminar a tamaño completo</translation>
    </message>
    <message>
        <source>Draw this draft (or any picture) again at the full size from itself: its composition is kept</source>
        <translation>Dibuja este borrador (o cualquier imagen) de nuevo a tamaño completo a partir de sí mismo: se conserva su composición</translation>
    </message>
    <message>
        <source>Edit this picture</source>
        <translation>Editar esta imagen</translation>
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
        <translation>Agrandar la imagen por cualquier lado; el modelo pinta la zona nueva</translation>
    </message>
    <message>
        <source>More</source>
        <translation>Más</translation>
    </message>
    <message>
        <source>More actions for the chosen image</source>
        <translation>Más acciones para la imagen elegida</translation>
    </message>
    <message>
        <source>Images selected: {count}</source>
        <translation>Imágenes seleccionadas: {count}</translation>
    </message>
    <message>
        <source>Edit this picture (needs a FLUX.2 klein model)</source>
        <translation>Editar esta imagen (necesita un modelo FLUX.2 klein)</translation>
    </message>
    <message>
        <source>Make a new picture from this one, the prompt saying what to change</source>
        <translation>Crear una imagen nueva a partir de esta; el prompt dice qué cambiar</translation>
    </message>
    <message>
        <source>Choose a FLUX.2 klein model to edit pictures</source>
        <translation>Elige un modelo FLUX.2 klein para editar imágenes</translation>
    </message>
    <message>
        <source>Could not move {files} to the trash: it may be open in another program. Close it there and try again; the image stays in the gallery.</source>
        <translation>No se pudo mover {files} a la papelera: puede estar abierto en otro programa. Ciérralo allí y prueba de nuevo; la imagen sigue en la galería.</translation>
    </message>
</context>
<context>
    <name>GenerateButtons</name>
    <message>
        <source>&amp;Generate</source>
        <translation>&amp;Generar</translation>
    </message>
    <message>
        <source>Draw the picture (Ctrl+Enter)</source>
        <translation>Dibujar la imagen (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Stop drawing (Esc)</source>
        <translation>Dejar de dibujar (Esc)</translation>
    </message>
    <message>
        <source>Add to &amp;queue</source>
        <translation>Añadir a la &amp;cola</translation>
    </message>
    <message>
        <source>Queue these settings too; they run after the jobs before them</source>
        <translation>Pone también estos ajustes en cola; se ejecutan después de los trabajos anteriores</translation>
    </message>
</context>
<context>
    <name>Generation</name>
    <message>
        <source>no live preview: cannot make its temporary folder ({error})</source>
        <translation>sin vista previa en vivo: no se pudo crear su carpeta temporal ({error})</translation>
    </message>
    <message>
        <source>the picture could not be finished ({error})</source>
        <translation>no se pudo terminar la imagen ({error})</translation>
    </message>
    <message>
        <source>the picture is kept without its settings: {why}</source>
        <translation>la imagen se guardó sin sus ajustes: {why}</translation>
    </message>
    <message>
        <source>{error}{tried}: it is set aside, not in the gallery.</source>
        <translation>{error}{tried}: se apartó, no está en la galería.</translation>
    </message>
    <message>
        <source>the gallery could not list the picture yet: {error}</source>
        <translation>la galería aún no pudo mostrar la imagen: {error}</translation>
    </message>
    <message>
        <source>Even the safest placement ran out of video memory</source>
        <translation>Incluso la distribución más segura se quedó sin memoria de video</translation>
    </message>
    <message>
        <source>These memory settings ran out of video memory; automatic placement may fit</source>
        <translation>Estos ajustes de memoria se quedaron sin memoria de video; la distribución automática puede caber</translation>
    </message>
    <message>
        <source>{error}. {advice}: try a smaller image, a lower quantization (Q4_K, T5-XXL q8_0) or SD 1.5.</source>
        <translation>{error}. {advice}: prueba una imagen más pequeña, una cuantización más baja (Q4_K, T5-XXL q8_0) o SD 1.5.</translation>
    </message>
    <message>
        <source>The check doubted the picture ({error}), but the safer try drew the same picture: it is what the model drew, so it is kept.</source>
        <translation>La comprobación dudó de la imagen ({error}), pero el intento más seguro dibujó la misma imagen: es lo que dibujó el modelo, así que se conserva.</translation>
    </message>
    <message>
        <source>{error}; trying once more {how}.</source>
        <translation>{error}; probando una vez más {how}.</translation>
    </message>
    <message>
        <source> on the safer try too</source>
        <translation> también en el intento más seguro</translation>
    </message>
    <message>
        <source>It is kept in {folder}</source>
        <translation>Se guardó en {folder}</translation>
    </message>
    <message>
        <source>It is still in {file} ({why})</source>
        <translation>Sigue en {file} ({why})</translation>
    </message>
    <message>
        <source>cannot use output folder {folder}: {error}</source>
        <translation>no se puede usar la carpeta de salida {folder}: {error}</translation>
    </message>
</context>
<context>
    <name>ImageView</name>
    <message>
        <source>No picture yet: write a prompt and press Generate</source>
        <translation>Todavía no hay imagen: escribe un prompt y pulsa Generar</translation>
    </message>
    <message>
        <source>Picture</source>
        <translation>Imagen</translation>
    </message>
    <message>
        <source>Previous picture</source>
        <translation>Imagen anterior</translation>
    </message>
    <message>
        <source>Previous picture in the gallery (Alt+Left)</source>
        <translation>Imagen anterior de la galería (Alt+Izquierda)</translation>
    </message>
    <message>
        <source>Next picture</source>
        <translation>Imagen siguiente</translation>
    </message>
    <message>
        <source>Next picture in the gallery (Alt+Right)</source>
        <translation>Imagen siguiente de la galería (Alt+Derecha)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Ajustar</translation>
    </message>
    <message>
        <source>Fit to window</source>
        <translation>Ajustar a la ventana</translation>
    </message>
    <message>
        <source>Show the whole picture (F)</source>
        <translation>Mostrar la imagen entera (F)</translation>
    </message>
    <message>
        <source>Actual size</source>
        <translation>Tamaño real</translation>
    </message>
    <message>
        <source>One picture pixel per screen pixel (1)</source>
        <translation>Un píxel de la imagen por píxel de pantalla (1)</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Alejar</translation>
    </message>
    <message>
        <source>Zoom out (-)</source>
        <translation>Alejar (-)</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>Acercar</translation>
    </message>
    <message>
        <source>Zoom in (+)</source>
        <translation>Acercar (+)</translation>
    </message>
    <message>
        <source>preview of step {step}</source>
        <translation>vista previa del paso {step}</translation>
    </message>
</context>
<context>
    <name>JobQueue</name>
    <message>
        <source>The picture could not be kept: {problem}</source>
        <translation>No se pudo conservar la imagen: {problem}</translation>
    </message>
    <message>
        <source>a card or computer named {name} is already in the queue</source>
        <translation>una tarjeta o equipo llamado {name} ya está en la cola</translation>
    </message>
    <message>
        <source>{computer} is set aside: {why}. Its job waits for another card; tick {computer} in the queue to use it again.</source>
        <translation>{computer} queda apartado: {why}. Su trabajo espera otra tarjeta; marca {computer} en la cola para volver a usarlo.</translation>
    </message>
    <message>
        <source>The job queue could not be saved ({error}); it is kept until the app closes.</source>
        <translation>No se pudo guardar la cola de trabajos ({error}); se conserva hasta que se cierre la app.</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>Follow the system</source>
        <translation>Seguir al sistema</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>The window will speak {language} when Polaris Studio starts again.</source>
        <translation>La ventana hablará {language} cuando Polaris Studio se abra de nuevo.</translation>
    </message>
    <message>
        <source>A picture is being made now: restart the app after it is done.</source>
        <translation>Se está creando una imagen: reinicia la app cuando termine.</translation>
    </message>
    <message>
        <source>&amp;Restart now</source>
        <translation>&amp;Reiniciar ahora</translation>
    </message>
    <message>
        <source>&amp;Later</source>
        <translation>&amp;Más tarde</translation>
    </message>
</context>
<context>
    <name>LoraPicker</name>
    <message>
        <source>LoRA files (.safetensors, .gguf) in {folder}</source>
        <translation>Archivos LoRA (.safetensors, .gguf) en {folder}</translation>
    </message>
    <message>
        <source>LoRA weight</source>
        <translation>Peso del LoRA</translation>
    </message>
    <message>
        <source>Add LoRA</source>
        <translation>Añadir LoRA</translation>
    </message>
    <message>
        <source>Add the chosen LoRA to the prompt</source>
        <translation>Añadir el LoRA elegido al prompt</translation>
    </message>
    <message>
        <source>LoRA folder…</source>
        <translation>Carpeta de LoRA…</translation>
    </message>
    <message>
        <source>Put LoRA files in {folder}, or add them in the Models window</source>
        <translation>Pon archivos LoRA en {folder} o añádelos en la ventana Modelos</translation>
    </message>
    <message>
        <source>LoRAs this prompt uses</source>
        <translation>LoRA que usa este prompt</translation>
    </message>
    <message>
        <source>{name} ({weight}) - not in the folder</source>
        <translation>{name} ({weight}) - no está en la carpeta</translation>
    </message>
    <message>
        <source>Uses: {loras}</source>
        <translation>Usa: {loras}</translation>
    </message>
    <message>
        <source>No LoRA</source>
        <translation>Ningún LoRA</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Check s&amp;ystem</source>
        <translation>Compro&amp;bar sistema</translation>
    </message>
    <message>
        <source>Check the driver, Vulkan and this computer</source>
        <translation>Comprueba el controlador, Vulkan y esta computadora</translation>
    </message>
    <message>
        <source>Output &amp;folder…</source>
        <translation>Carpeta de sali&amp;da…</translation>
    </message>
    <message>
        <source>Get mod&amp;els…</source>
        <translation>Obtener &amp;modelos…</translation>
    </message>
    <message>
        <source>Download Flux, SD 1.5 or SDXL, or add model files you already have</source>
        <translation>Descarga Flux, SD 1.5 o SDXL, o agrega archivos de modelo que ya tengas</translation>
    </message>
    <message>
        <source>Ad&amp;vanced</source>
        <translation>Avan&amp;zado</translation>
    </message>
    <message>
        <source>Model files, sampler, CFG, seed, memory and the plan</source>
        <translation>Archivos del modelo, sampler, CFG, semilla, memoria y el plan</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>&amp;Details</source>
        <translation>D&amp;etalles</translation>
    </message>
    <message>
        <source>The memory gauge, the switch that lets other apps draw here, and the log of the drawing program</source>
        <translation>El medidor de memoria, el interruptor que deja dibujar aquí a otras apps y el registro del programa de dibujo</translation>
    </message>
    <message>
        <source>What the system check found</source>
        <translation>Lo que encontró la comprobación del sistema</translation>
    </message>
    <message>
        <source>About the demo model</source>
        <translation>Sobre el modelo de demostración</translation>
    </message>
    <message>
        <source>About the gallery</source>
        <translation>Sobre la galería</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>Model&amp;o</translation>
    </message>
    <message>
        <source>Out of video memory: upscaling again in tiles of {tile} px</source>
        <translation>Sin memoria de video: ampliando de nuevo en bloques de {tile} px</translation>
    </message>
    <message>
        <source>Jobs from last time waiting in the queue: {count}. Press Run queue to draw them.</source>
        <translation>Trabajos de la última vez esperando en la cola: {count}. Pulsa Ejecutar cola para dibujarlos.</translation>
    </message>
    <message>
        <source>The demo model draws colourful noise, not your prompt. For real pictures: “{button}” beside the model picker.</source>
        <translation>El modelo de demostración dibuja ruido de colores, no tu prompt. Para imágenes reales: “{button}”, junto al selector de modelo.</translation>
    </message>
    <message>
        <source>Checking your graphics card, driver and this computer…</source>
        <translation>Comprobando tu tarjeta gráfica, el controlador y esta computadora…</translation>
    </message>
    <message>
        <source>Full &amp;check…</source>
        <translation>&amp;Revisión completa…</translation>
    </message>
    <message>
        <source>Where finished images go</source>
        <translation>Dónde se guardan las imágenes terminadas</translation>
    </message>
    <message>
        <source>New images go to {folder}</source>
        <translation>Las imágenes nuevas van a {folder}</translation>
    </message>
    <message>
        <source>{name} carries no settings to reuse.</source>
        <translation>{name} no trae ajustes para reutilizar.</translation>
    </message>
    <message>
        <source>Reused the settings, but these files are gone: {files}</source>
        <translation>Se reutilizaron los ajustes, pero estos archivos ya no están: {files}</translation>
    </message>
    <message>
        <source>The settings of {name} are back, its seed {seed} too: Generate draws the same picture. For a new one, set Seed to random in Advanced.</source>
        <translation>Los ajustes de {name} están de vuelta, también su semilla {seed}: Generar dibuja la misma imagen. Para una nueva, pon la Semilla en al azar en Avanzado.</translation>
    </message>
    <message>
        <source>The next image starts from {name}; set the strength, or paint a mask to repaint only part of it.</source>
        <translation>La próxima imagen parte de {name}; ajusta la intensidad o pinta una máscara para repintar solo una parte.</translation>
    </message>
    <message>
        <source>The next image edits {name}: write what to change as the prompt (e.g. &apos;make the sky stormy&apos;).</source>
        <translation>La próxima imagen edita {name}: escribe en el prompt qué cambiar (p. ej. &apos;haz el cielo tormentoso&apos;).</translation>
    </message>
    <message>
        <source>Fixing the faces of {name}…</source>
        <translation>Corrigiendo las caras de {name}…</translation>
    </message>
    <message>
        <source>Drawing {count} drafts: pick the one you like in the gallery, then More → Finish at full size.</source>
        <translation>Dibujando {count} borradores: elige el que te guste en la galería, después Más → Terminar a tamaño completo.</translation>
    </message>
    <message>
        <source>Finishing {name} {how}…</source>
        <translation>Terminando {name} {how}…</translation>
    </message>
    <message>
        <source>No upscaler yet: download RealESRGAN x4plus anime 6B in the Models window, or add an ESRGAN model there.</source>
        <translation>Todavía no hay ampliador: descarga RealESRGAN x4plus anime 6B en la ventana Modelos o agrega ahí un modelo ESRGAN.</translation>
    </message>
    <message>
        <source>Upscaling {name} x{factor} with {model} when the jobs before it are done…</source>
        <translation>Ampliando {name} x{factor} con {model} cuando terminen los trabajos anteriores…</translation>
    </message>
    <message>
        <source>Upscaling {name} x{factor} with {model}…</source>
        <translation>Ampliando {name} x{factor} con {model}…</translation>
    </message>
    <message>
        <source>the demo&apos;s upscaler (noise, to show how it works)</source>
        <translation>el ampliador de la demostración (ruido, para mostrar cómo funciona)</translation>
    </message>
    <message>
        <source>Mod&amp;els…</source>
        <translation>&amp;Modelos…</translation>
    </message>
</context>
<context>
    <name>MaskPainter</name>
    <message>
        <source>Mask: paint where the picture should change</source>
        <translation>Máscara: pinta donde la imagen debe cambiar</translation>
    </message>
    <message>
        <source>No picture</source>
        <translation>Sin imagen</translation>
    </message>
    <message>
        <source>Brush size</source>
        <translation>Tamaño del pincel</translation>
    </message>
    <message>
        <source>Eraser</source>
        <translation>Borrador</translation>
    </message>
    <message>
        <source>Erase the mask instead of painting it</source>
        <translation>Borrar la máscara en lugar de pintarla</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Limpiar</translation>
    </message>
    <message>
        <source>Invert</source>
        <translation>Invertir</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Deshacer</translation>
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
        <translation>instalado, sin verificar</translation>
    </message>
    <message>
        <source>partly downloaded</source>
        <translation>descargado en parte</translation>
    </message>
    <message>
        <source>not downloaded</source>
        <translation>sin descargar</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelos</translation>
    </message>
    <message>
        <source>Use another engine…</source>
        <translation>Usar otro motor…</translation>
    </message>
    <message>
        <source>Back to the app&apos;s engine</source>
        <translation>Volver al motor de la app</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Descargar</translation>
    </message>
    <message>
        <source>This file&apos;s download</source>
        <translation>Descarga de este archivo</translation>
    </message>
    <message>
        <source>Download the engine</source>
        <translation>Descargar el motor</translation>
    </message>
    <message>
        <source>Downloads stable-diffusion.cpp again from its makers, if the engine is missing or damaged.</source>
        <translation>Descarga stable-diffusion.cpp de nuevo desde sus autores, si el motor falta o está dañado.</translation>
    </message>
    <message>
        <source>Build the engine</source>
        <translation>Compilar el motor</translation>
    </message>
    <message>
        <source>Install the engine</source>
        <translation>Instalar el motor</translation>
    </message>
    <message>
        <source>Says how to get the engine for this copy of the app.</source>
        <translation>Dice cómo conseguir el motor para esta copia de la app.</translation>
    </message>
    <message>
        <source>The whole model&apos;s download</source>
        <translation>Descarga del modelo completo</translation>
    </message>
    <message>
        <source>Add files I already have…</source>
        <translation>Agregar archivos que ya tengo…</translation>
    </message>
    <message>
        <source>Add a folder…</source>
        <translation>Agregar una carpeta…</translation>
    </message>
    <message>
        <source>What was added</source>
        <translation>Lo que se añadió</translation>
    </message>
    <message>
        <source>Files you add are inspected and put in their slots here.</source>
        <translation>Los archivos que agregues se revisan y se colocan aquí en su lugar.</translation>
    </message>
    <message>
        <source>Does it see my graphics card?</source>
        <translation>¿Ve mi tarjeta gráfica?</translation>
    </message>
    <message>
        <source>The engine&apos;s installation</source>
        <translation>Instalación del motor</translation>
    </message>
    <message>
        <source>The drawing engine is the program that turns your words into pictures: stable-diffusion.cpp, drawing on your graphics card through Vulkan. The app comes with one; you need these buttons only when it is missing or to try another one.</source>
        <translation>El motor de dibujo es el programa que convierte tus palabras en imágenes: stable-diffusion.cpp, que dibuja en tu tarjeta gráfica mediante Vulkan. La app ya trae uno; solo necesitas estos botones si falta o para probar otro.</translation>
    </message>
    <message>
        <source>Starts the engine once and says which graphics cards it can draw on.</source>
        <translation>Arranca el motor una vez y dice en qué tarjetas gráficas puede dibujar.</translation>
    </message>
    <message>
        <source>Draws with a stable-diffusion.cpp program (sd-cli) that you built or downloaded yourself.</source>
        <translation>Dibuja con un programa stable-diffusion.cpp (sd-cli) que compilaste o descargaste tú.</translation>
    </message>
    <message>
        <source>Draws with the engine that came with the app again.</source>
        <translation>Vuelve a dibujar con el motor que trae la app.</translation>
    </message>
    <message>
        <source>Models to download</source>
        <translation>Modelos para descargar</translation>
    </message>
    <message>
        <source>Files you already have</source>
        <translation>Archivos que ya tienes</translation>
    </message>
    <message>
        <source>Drawing engine</source>
        <translation>Motor de dibujo</translation>
    </message>
    <message>
        <source>To make finished pictures bigger</source>
        <translation>Para agrandar imágenes terminadas</translation>
    </message>
    <message>
        <source>To draw from a control picture (ControlNet, for SD 1.5 models): its outlines, a pose or its depth</source>
        <translation>Para dibujar a partir de una imagen de control (ControlNet, para modelos SD 1.5): sus contornos, una pose o su profundidad</translation>
    </message>
    <message>
        <source>This file</source>
        <translation>Este archivo</translation>
    </message>
    <message>
        <source>The whole model</source>
        <translation>El modelo completo</translation>
    </message>
    <message>
        <source>Models folder: {folder}</source>
        <translation>Carpeta de modelos: {folder}</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Reanudar</translation>
    </message>
    <message>
        <source>Check files</source>
        <translation>Verificar archivos</translation>
    </message>
    <message>
        <source>Licences: {licences}</source>
        <translation>Licencias: {licences}</translation>
    </message>
    <message>
        <source>Download: {size}</source>
        <translation>Descarga: {size}</translation>
    </message>
    <message>
        <source>uses about {ram} of RAM</source>
        <translation>usa unos {ram} de RAM</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Instalado</translation>
    </message>
    <message>
        <source>Looking at your graphics card to recommend a model…</source>
        <translation>Mirando tu tarjeta gráfica para recomendar un modelo…</translation>
    </message>
    <message>
        <source>Recommended for your {card}</source>
        <translation>Recomendado para tu {card}</translation>
    </message>
    <message>
        <source>Checking {file} ({number} of {count})</source>
        <translation>Verificando {file} ({number} de {count})</translation>
    </message>
    <message>
        <source>Downloading {file} ({number} of {count}) at {speed} MiB/s</source>
        <translation>Descargando {file} ({number} de {count}) a {speed} MiB/s</translation>
    </message>
    <message>
        <source>, about {minutes} min left in all</source>
        <translation>, faltan unos {minutes} min en total</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} de {total}</translation>
    </message>
    <message>
        <source>{model}: every file is here and checked ({count} without a published fingerprint: theirs are noted, so a later change shows).</source>
        <translation>{model}: todos los archivos están aquí y verificados ({count} sin huella publicada: se anotó la suya, así que un cambio posterior se nota).</translation>
    </message>
    <message>
        <source>{model}: every file is here and checked.</source>
        <translation>{model}: todos los archivos están aquí y verificados.</translation>
    </message>
    <message>
        <source>{model}: paused. Press Resume to go on from where it stopped.</source>
        <translation>{model}: en pausa. Pulsa Reanudar para seguir desde donde se detuvo.</translation>
    </message>
    <message>
        <source>{model}: {error}</source>
        <translation>{model}: {error}</translation>
    </message>
    <message>
        <source>Reading the files…</source>
        <translation>Leyendo los archivos…</translation>
    </message>
    <message>
        <source>Saved as &apos;{name}&apos; in the model picker.</source>
        <translation>Guardado como &apos;{name}&apos; en el selector de modelo.</translation>
    </message>
    <message>
        <source>No model files there.</source>
        <translation>No hay archivos de modelo ahí.</translation>
    </message>
    <message>
        <source>Model files ({patterns});;All files (*)</source>
        <translation>Archivos de modelo ({patterns});;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Model files you already have</source>
        <translation>Archivos de modelo que ya tienes</translation>
    </message>
    <message>
        <source>A folder with model files</source>
        <translation>Una carpeta con archivos de modelo</translation>
    </message>
    <message>
        <source>Makes the engine and the prompt helper&apos;s program from their source on this computer, when one is missing or damaged. It takes several minutes.</source>
        <translation>Compila el motor y el programa del asistente de prompts desde su código fuente en este equipo, cuando falta uno o está dañado. Tarda varios minutos.</translation>
    </message>
    <message>
        <source>Asking the drawing engine which one it is…</source>
        <translation>Preguntando al motor de dibujo cuál es…</translation>
    </message>
    <message>
        <source>No drawing engine that starts: {why}</source>
        <translation>Ningún motor de dibujo que arranque: {why}</translation>
    </message>
    <message>
        <source>It lacks some of the ways the app saves video memory ({missing}): big models may not fit your card with it.</source>
        <translation>Le faltan algunas de las formas en que la app ahorra memoria de vídeo ({missing}): con él, los modelos grandes pueden no caber en tu tarjeta.</translation>
    </message>
    <message>
        <source>It has every way the app saves video memory.</source>
        <translation>Tiene todas las formas en que la app ahorra memoria de vídeo.</translation>
    </message>
    <message>
        <source>Drawing now: {program} ({origin})
{version}
{savers}</source>
        <translation>Dibujando ahora: {program} ({origin})
{version}
{savers}</translation>
    </message>
    <message>
        <source>Starting the drawing engine to see which graphics cards it finds…</source>
        <translation>Arrancando el motor de dibujo para ver qué tarjetas gráficas encuentra…</translation>
    </message>
    <message>
        <source>Drawing with {program} from now on.</source>
        <translation>Dibujando con {program} a partir de ahora.</translation>
    </message>
    <message>
        <source>Drawing with the app&apos;s own engine again.</source>
        <translation>Dibujando de nuevo con el motor de la propia app.</translation>
    </message>
    <message>
        <source>Your stable-diffusion.cpp program (sd-cli)</source>
        <translation>Tu programa stable-diffusion.cpp (sd-cli)</translation>
    </message>
    <message>
        <source>The drawing engine is installed.</source>
        <translation>El motor de dibujo está instalado.</translation>
    </message>
</context>
<context>
    <name>NoticeBar</name>
    <message>
        <source>Hide this message</source>
        <translation>Ocultar este mensaje</translation>
    </message>
</context>
<context>
    <name>OneWindow</name>
    <message>
        <source>Polaris Studio is already open for this data folder, but it does not answer. Wait a moment and start it again; if it still does not come forward, end it (Task Manager on Windows, System Monitor on Linux) and start it again.</source>
        <translation>Polaris Studio ya está abierto para esta carpeta de datos, pero no responde. Espere un momento y ábralo de nuevo; si sigue sin aparecer, ciérrelo a la fuerza (Administrador de tareas en Windows, Monitor del sistema en Linux) y ábralo de nuevo.</translation>
    </message>
</context>
<context>
    <name>OtherApps</name>
    <message>
        <source>Let other apps use this PC</source>
        <translation>Dejar que otras apps usen este PC</translation>
    </message>
    <message>
        <source>Apps such as SillyTavern, Open WebUI or a script draw here through the A1111 or OpenAI way of asking; their pictures wait in the queue like yours</source>
        <translation>Apps como SillyTavern, Open WebUI o un script dibujan aquí pidiéndolo a la manera de A1111 o de OpenAI; sus imágenes esperan en la cola como las tuyas</translation>
    </message>
    <message>
        <source>Network…</source>
        <translation>Red…</translation>
    </message>
    <message>
        <source>Let other computers of your network draw here too</source>
        <translation>Dejar que otros ordenadores de tu red dibujen aquí también</translation>
    </message>
    <message>
        <source>Draw on other computers…</source>
        <translation>Dibujar en otros ordenadores…</translation>
    </message>
    <message>
        <source>Add another computer running Polaris Studio, sd-server, A1111, Forge or koboldcpp: it draws this queue&apos;s pictures beside your card</source>
        <translation>Añade otro ordenador con Polaris Studio, sd-server, A1111, Forge o koboldcpp: dibuja las imágenes de esta cola junto a tu tarjeta</translation>
    </message>
    <message>
        <source>Off: the last time the app opened, it stopped while letting other apps in. Tick the switch to try again.</source>
        <translation>Apagado: la última vez que se abrió la app, se detuvo mientras dejaba entrar a otras apps. Marca la casilla para volver a intentarlo.</translation>
    </message>
    <message>
        <source>This window was opened without the part that answers other apps.</source>
        <translation>Esta ventana se abrió sin la parte que atiende a otras apps.</translation>
    </message>
    <message>
        <source>The parts that answer other apps could not be loaded ({error}): reinstall the app.</source>
        <translation>No se pudieron cargar las partes que atienden a otras apps ({error}): reinstala la app.</translation>
    </message>
    <message>
        <source>Port {port} is used by another program (another drawing app?): close it and try again.</source>
        <translation>El puerto {port} lo usa otro programa (¿otra app de dibujo?): ciérralo e inténtalo de nuevo.</translation>
    </message>
    <message>
        <source>Other apps could not be let in ({error}). The switch is off; the app&apos;s log has the details: {log}</source>
        <translation>No se pudo dejar entrar a otras apps ({error}). La casilla está apagada; el registro de la app tiene los detalles: {log}</translation>
    </message>
    <message>
        <source>Off: only this window draws here.</source>
        <translation>Apagado: solo esta ventana dibuja aquí.</translation>
    </message>
    <message>
        <source>On: apps on this PC use {address}</source>
        <translation>Encendido: las apps de este PC usan {address}</translation>
    </message>
    <message>
        <source>Other computers: http://{address}:{port} with the key {key}</source>
        <translation>Otros ordenadores: http://{address}:{port} con la clave {key}</translation>
    </message>
    <message>
        <source>Other computers</source>
        <translation>Otros ordenadores</translation>
    </message>
    <message>
        <source>Apps expect 7860; choose another where A1111 itself runs on this PC</source>
        <translation>Las apps esperan 7860; elige otro si el propio A1111 se ejecuta en este PC</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Puerto:</translation>
    </message>
    <message>
        <source>Let other computers of my network draw here</source>
        <translation>Dejar que otros ordenadores de mi red dibujen aquí</translation>
    </message>
    <message>
        <source>Apps on other computers must give this key (where the app asks for an API key). Anyone with it can draw on your graphics card: let in only computers you trust.</source>
        <translation>Las apps de otros ordenadores deben dar esta clave (donde la app pide una clave de API). Quien la tenga puede dibujar con tu tarjeta gráfica: deja entrar solo a ordenadores de confianza.</translation>
    </message>
</context>
<context>
    <name>PictureInput</name>
    <message>
        <source>Start from a picture…</source>
        <translation>Empezar desde una imagen…</translation>
    </message>
    <message>
        <source>Choose a picture to start from</source>
        <translation>Elegir una imagen de partida</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Start from noise again, without a picture</source>
        <translation>Volver a empezar desde ruido, sin imagen</translation>
    </message>
    <message>
        <source>none: drop a picture here</source>
        <translation>ninguna: suelta una imagen aquí</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>Intensidad</translation>
    </message>
    <message>
        <source>How much of the picture changes: low keeps it close, 100% ignores it</source>
        <translation>Cuánto cambia la imagen: bajo la mantiene parecida, 100% la ignora</translation>
    </message>
    <message>
        <source>Repaint only where I paint</source>
        <translation>Redibujar solo donde pinte</translation>
    </message>
    <message>
        <source>Inpainting: paint over the picture what should change; the rest is kept</source>
        <translation>Inpainting: pinta sobre la imagen lo que debe cambiar; el resto se conserva</translation>
    </message>
    <message>
        <source>Start from a picture</source>
        <translation>Empezar desde una imagen</translation>
    </message>
    <message>
        <source>Pictures ({patterns})</source>
        <translation>Imágenes ({patterns})</translation>
    </message>
</context>
<context>
    <name>PlanView</name>
    <message>
        <source>Memory plan</source>
        <translation>Plan de memoria</translation>
    </message>
    <message>
        <source>Memory plan in short</source>
        <translation>Plan de memoria resumido</translation>
    </message>
    <message>
        <source>Memory: your own settings (no automatic retry).</source>
        <translation>Memoria: tus propios ajustes (sin reintento automático).</translation>
    </message>
    <message>
        <source>Memory: your own settings.</source>
        <translation>Memoria: tus propios ajustes.</translation>
    </message>
    <message>
        <source>the driver did not say how much memory the card has</source>
        <translation>el driver no informó cuánta memoria tiene la tarjeta</translation>
    </message>
    <message>
        <source>Memory plan: not yet ({reason}).</source>
        <translation>Plan de memoria: todavía no ({reason}).</translation>
    </message>
</context>
<context>
    <name>Programs</name>
    <message>
        <source>{program} not found: {path}</source>
        <translation>{program} no encontrado: {path}</translation>
    </message>
    <message>
        <source>{program} is not an executable file: {path}</source>
        <translation>{program} no es un archivo ejecutable: {path}</translation>
    </message>
    <message>
        <source>{program} is not a program: {path}</source>
        <translation>{program} no es un programa: {path}</translation>
    </message>
</context>
<context>
    <name>PromptHelper</name>
    <message>
        <source>The prompt helper&apos;s program is missing or damaged: install Polaris Studio again.</source>
        <translation>El programa del asistente de prompts falta o está dañado: instala Polaris Studio de nuevo.</translation>
    </message>
    <message>
        <source>The prompt helper&apos;s program is missing or damaged: build the drawing engine again (Models &gt; Drawing engine &gt; Build the engine).</source>
        <translation>El programa del asistente de prompts falta o está dañado: compila el motor de dibujo de nuevo (Modelos &gt; Motor de dibujo &gt; Compilar el motor).</translation>
    </message>
    <message>
        <source>asking the prompt helper&apos;s program what it offers</source>
        <translation>preguntando al programa del asistente de prompts qué ofrece</translation>
    </message>
    <message>
        <source>The prompt helper&apos;s program is not built yet: Models &gt; Drawing engine &gt; Build the engine makes it (a few minutes).</source>
        <translation>El programa del asistente de prompts aún no está compilado: Modelos &gt; Motor de dibujo &gt; Compilar el motor lo crea (unos minutos).</translation>
    </message>
    <message>
        <source>the prompt helper&apos;s program could not run: {why}</source>
        <translation>el programa del asistente de prompts no pudo ejecutarse: {why}</translation>
    </message>
    <message>
        <source>{program} is not the llama-server this app needs (it lacks {flags})</source>
        <translation>{program} no es el llama-server que necesita esta app (le falta {flags})</translation>
    </message>
    <message>
        <source>loading the text model: {place}</source>
        <translation>cargando el modelo de texto: {place}</translation>
    </message>
    <message>
        <source>the text model took too long to load</source>
        <translation>el modelo de texto tardó demasiado en cargar</translation>
    </message>
    <message>
        <source>writing…</source>
        <translation>escribiendo…</translation>
    </message>
    <message>
        <source>the prompt helper could not answer: {why}</source>
        <translation>el asistente de prompts no pudo responder: {why}</translation>
    </message>
    <message>
        <source>the prompt helper gave an empty answer; try again</source>
        <translation>el asistente de prompts dio una respuesta vacía; vuelve a intentarlo</translation>
    </message>
    <message>
        <source>the prompt helper&apos;s program could not start</source>
        <translation>el programa del asistente de prompts no pudo iniciarse</translation>
    </message>
    <message>
        <source>the prompt helper needs {name} ({size}) in the models folder: Improve offers the download in the window, or run: python -m app models download {preset} (it is also the text encoder of the Z-Image and FLUX.2 klein presets)</source>
        <translation>el asistente de prompts necesita {name} ({size}) en la carpeta de modelos: el botón Mejorar ofrece la descarga en la ventana, o ejecuta: python -m app models download {preset} (también es el codificador de texto de los presets Z-Image y FLUX.2 klein)</translation>
    </message>
</context>
<context>
    <name>PromptHelperView</name>
    <message>
        <source>Prompt helper&apos;s suggestion</source>
        <translation>Sugerencia del asistente de prompts</translation>
    </message>
    <message>
        <source>Improve</source>
        <translation>Mejorar</translation>
    </message>
    <message>
        <source>Improve the prompt</source>
        <translation>Mejorar el prompt</translation>
    </message>
    <message>
        <source>A text model on this computer writes a detailed prompt from your idea, or translates your prompt into English</source>
        <translation>Un modelo de texto en esta computadora escribe un prompt detallado a partir de tu idea, o traduce tu prompt al inglés</translation>
    </message>
    <message>
        <source>&amp;Enhance: write a detailed prompt from my idea</source>
        <translation>&amp;Enriquecer: escribir un prompt detallado a partir de mi idea</translation>
    </message>
    <message>
        <source>&amp;Translate into English</source>
        <translation>&amp;Traducir al inglés</translation>
    </message>
    <message>
        <source>Use the &amp;graphics card when it is free</source>
        <translation>Usar la tarjeta &amp;gráfica cuando esté libre</translation>
    </message>
    <message>
        <source>Faster, when no picture is being drawn and the model fits; otherwise it runs on the processor</source>
        <translation>Más rápido, cuando no se está dibujando ninguna imagen y el modelo cabe; si no, funciona en el procesador</translation>
    </message>
    <message>
        <source>What the prompt helper is doing</source>
        <translation>Qué está haciendo el asistente de prompts</translation>
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
        <translation>Poner esto en el prompt (Ctrl+Z ahí recupera tus propias palabras)</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <source>Write your idea in the prompt first, then ask again.</source>
        <translation>Primero escribe tu idea en el prompt y vuelve a pedirlo.</translation>
    </message>
    <message>
        <source>Write the prompt to translate first, then ask again.</source>
        <translation>Primero escribe el prompt que quieres traducir y vuelve a pedirlo.</translation>
    </message>
    <message>
        <source>It needs {name} ({size}) in the models folder.</source>
        <translation>Necesita {name} ({size}) en la carpeta de modelos.</translation>
    </message>
    <message>
        <source>Starting the prompt helper…</source>
        <translation>Iniciando el asistente de prompts…</translation>
    </message>
    <message>
        <source>The demo&apos;s text model {where}; it writes random words here, to show how the helper works.</source>
        <translation>El modelo de texto de la demostración {where}; escribe palabras al azar aquí, para mostrar cómo funciona el asistente.</translation>
    </message>
    <message>
        <source>The prompt helper {where}; its words appear here as it writes.</source>
        <translation>El asistente de prompts {where}; sus palabras aparecen aquí mientras escribe.</translation>
    </message>
    <message>
        <source>Downloading {file}…</source>
        <translation>Descargando {file}…</translation>
    </message>
    <message>
        <source>Download {model}</source>
        <translation>Descargar {model}</translation>
    </message>
    <message>
        <source>{file}, the prompt helper&apos;s text model, is also the text encoder of the Z-Image and FLUX.2 klein presets: one download, two uses.</source>
        <translation>{file}, el modelo de texto del asistente de prompts, también es el codificador de texto de los presets Z-Image y FLUX.2 klein: una descarga, dos usos.</translation>
    </message>
    <message>
        <source>Written in {seconds} s by the demo&apos;s text model: random words, not a real suggestion.</source>
        <translation>Escrito en {seconds} s por el modelo de texto de la demostración: palabras al azar, no una sugerencia de verdad.</translation>
    </message>
    <message>
        <source>Written in {seconds} s. Edit it if you like, then Use it.</source>
        <translation>Escrito en {seconds} s. Edítalo si quieres y luego pulsa Usar.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Detenido.</translation>
    </message>
    <message>
        <source>Downloading {file}: {done} of {total}</source>
        <translation>Descargando {file}: {done} de {total}</translation>
    </message>
    <message>
        <source>Download paused. Press Download to go on from where it stopped.</source>
        <translation>Descarga en pausa. Pulsa Descargar para seguir desde donde se detuvo.</translation>
    </message>
    <message>
        <source>The download failed: {error}</source>
        <translation>La descarga falló: {error}</translation>
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
        <translation>Un prompt por línea; cada uno se dibuja con la misma semilla y ajustes.
Las líneas que empiezan con # se omiten.</translation>
    </message>
    <message>
        <source>Prompts, one a line</source>
        <translation>Prompts, uno por línea</translation>
    </message>
    <message>
        <source>&amp;Load a .txt file…</source>
        <translation>&amp;Abrir un archivo .txt…</translation>
    </message>
    <message>
        <source>Read {name}</source>
        <translation>{name} leído</translation>
    </message>
    <message>
        <source>Cannot read {name}: {error}</source>
        <translation>No se puede leer {name}: {error}</translation>
    </message>
    <message>
        <source>A text file with one prompt a line</source>
        <translation>Un archivo de texto con un prompt por línea</translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation>Archivos de texto (*.txt);;Todos los archivos (*)</translation>
    </message>
</context>
<context>
    <name>PromptPanel</name>
    <message>
        <source>&amp;Square</source>
        <translation>C&amp;uadrado</translation>
    </message>
    <message>
        <source>Square picture</source>
        <translation>Imagen cuadrada</translation>
    </message>
    <message>
        <source>Po&amp;rtrait</source>
        <translation>&amp;Vertical</translation>
    </message>
    <message>
        <source>Portrait picture</source>
        <translation>Imagen vertical</translation>
    </message>
    <message>
        <source>&amp;Landscape</source>
        <translation>&amp;Horizontal</translation>
    </message>
    <message>
        <source>Landscape picture</source>
        <translation>Imagen horizontal</translation>
    </message>
    <message>
        <source>C&amp;ustom</source>
        <translation>&amp;Personalizado</translation>
    </message>
    <message>
        <source>Custom picture</source>
        <translation>Tamaño personalizado</translation>
    </message>
    <message>
        <source>Describe the image… (Ctrl+Enter draws it)</source>
        <translation>Describe la imagen… (Ctrl+Enter la dibuja)</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>What to avoid (optional)</source>
        <translation>Qué evitar (opcional)</translation>
    </message>
    <message>
        <source>Negative prompt</source>
        <translation>Prompt negativo</translation>
    </message>
    <message>
        <source>&amp;Negative prompt</source>
        <translation>Prompt &amp;negativo</translation>
    </message>
    <message>
        <source>Show the negative prompt</source>
        <translation>Mostrar el prompt negativo</translation>
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
        <source>Width in pixels</source>
        <translation>Ancho en píxeles</translation>
    </message>
    <message>
        <source>Height in pixels</source>
        <translation>Alto en píxeles</translation>
    </message>
    <message>
        <source>Picture size</source>
        <translation>Tamaño de la imagen</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Pasos</translation>
    </message>
    <message>
        <source>More steps: more detail, more time. The model&apos;s preset sets a good default.</source>
        <translation>Más pasos: más detalle, más tiempo. El preset del modelo trae un buen valor.</translation>
    </message>
    <message>
        <source>Complete downloads from the Models window and sets of your own files</source>
        <translation>Descargas completas de la ventana Modelos y conjuntos de tus propios archivos</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>&amp;Automatic</source>
        <translation>&amp;Automática</translation>
    </message>
    <message>
        <source>Stop editing</source>
        <translation>Dejar de editar</translation>
    </message>
    <message>
        <source>&amp;On</source>
        <translation>Ac&amp;tivado</translation>
    </message>
    <message>
        <source>Hires fix: a second pass at a larger size</source>
        <translation>Hires fix: una segunda pasada a mayor tamaño</translation>
    </message>
    <message>
        <source>Draws at the chosen size, then enlarges and refines it (A1111&apos;s hires fix)</source>
        <translation>Dibuja al tamaño elegido y luego la amplía y refina (el hires fix de A1111)</translation>
    </message>
    <message>
        <source>Fix faces</source>
        <translation>Corregir caras</translation>
    </message>
    <message>
        <source>Finds each face in the new picture and repaints it at the model&apos;s own size (as A1111&apos;s ADetailer); every other pixel is kept</source>
        <translation>Encuentra cada cara en la nueva imagen y la repinta al tamaño propio del modelo (como ADetailer de A1111); todos los demás píxeles se conservan</translation>
    </message>
    <message>
        <source>Fix faces denoising strength</source>
        <translation>Fuerza de eliminación de ruido de la corrección de caras</translation>
    </message>
    <message>
        <source>Control picture</source>
        <translation>Imagen de control</translation>
    </message>
    <message>
        <source>A sketch, an edge, pose or depth map the picture follows (or a photo, its edges found)</source>
        <translation>Un boceto, un mapa de bordes, pose o profundidad que la imagen sigue (o una foto, con sus bordes encontrados)</translation>
    </message>
    <message>
        <source>ControlNet model</source>
        <translation>Modelo ControlNet</translation>
    </message>
    <message>
        <source>ControlNet strength</source>
        <translation>Fuerza de ControlNet</translation>
    </message>
    <message>
        <source>Find its edges (a photo)</source>
        <translation>Encontrar sus bordes (una foto)</translation>
    </message>
    <message>
        <source>On the processor</source>
        <translation>En el procesador</translation>
    </message>
    <message>
        <source>Keeps the ControlNet off a small card: slower, but it needs no video memory</source>
        <translation>Mantiene ControlNet fuera de una tarjeta pequeña: más lento, pero no necesita memoria de vídeo</translation>
    </message>
    <message>
        <source>Hires fix scale</source>
        <translation>Escala del hires fix</translation>
    </message>
    <message>
        <source>Hires fix denoising strength</source>
        <translation>Intensidad de denoising del hires fix</translation>
    </message>
    <message>
        <source>S&amp;teps</source>
        <translation>Pa&amp;sos</translation>
    </message>
    <message>
        <source>The planner chooses where each part goes, and retries safer when VRAM runs out</source>
        <translation>El planificador elige dónde va cada parte y reintenta de forma más segura si falta VRAM</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memoria</translation>
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
        <translation>Imagen</translation>
    </message>
    <message>
        <source>Sized for {family}</source>
        <translation>Tamaño para {family}</translation>
    </message>
    <message>
        <source>Editing {name}: the prompt says what to change</source>
        <translation>Editando {name}: el prompt dice qué cambiar</translation>
    </message>
</context>
<context>
    <name>Queue</name>
    <message>
        <source>the drawing program stopped without a picture</source>
        <translation>el programa que dibuja se detuvo sin una imagen</translation>
    </message>
</context>
<context>
    <name>QueueStrip</name>
    <message>
        <source>waiting</source>
        <translation>en espera</translation>
    </message>
    <message>
        <source>running</source>
        <translation>en curso</translation>
    </message>
    <message>
        <source>done</source>
        <translation>lista</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falló</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelado</translation>
    </message>
    <message>
        <source>, {time} left</source>
        <translation>, quedan {time}</translation>
    </message>
    <message>
        <source> on {card}</source>
        <translation> en {card}</translation>
    </message>
    <message>
        <source>running step {step}/{steps}</source>
        <translation>paso {step}/{steps} en curso</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>iniciando</translation>
    </message>
    <message>
        <source>waiting for Run queue — {reason}</source>
        <translation>esperando Ejecutar cola — {reason}</translation>
    </message>
    <message>
        <source>waiting for Run queue</source>
        <translation>esperando Ejecutar cola</translation>
    </message>
    <message>
        <source>failed: {reason}</source>
        <translation>falló: {reason}</translation>
    </message>
    <message>
        <source>waiting — {reason}</source>
        <translation>en espera — {reason}</translation>
    </message>
    <message>
        <source> — for another app on this PC</source>
        <translation> — para otra app de este PC</translation>
    </message>
    <message>
        <source> — for the computer at {address}</source>
        <translation> — para el ordenador en {address}</translation>
    </message>
    <message>
        <source>Job queue</source>
        <translation>Cola de trabajos</translation>
    </message>
    <message>
        <source>Queue summary: show or hide the jobs</source>
        <translation>Resumen de la cola: mostrar u ocultar los trabajos</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Subir</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Bajar</translation>
    </message>
    <message>
        <source>Cancel job</source>
        <translation>Cancelar trabajo</translation>
    </message>
    <message>
        <source>Cancel all</source>
        <translation>Cancelar todo</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Reintentar</translation>
    </message>
    <message>
        <source>Keep it</source>
        <translation>Conservarla</translation>
    </message>
    <message>
        <source>Keep the picture the check set aside: into the output folder and the gallery</source>
        <translation>Conservar la imagen que la comprobación apartó: a la carpeta de salida y a la galería</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>Quitar terminados</translation>
    </message>
    <message>
        <source>Run queue</source>
        <translation>Ejecutar cola</translation>
    </message>
    <message>
        <source>Run the jobs that wait (those left from last time wait for this)</source>
        <translation>Ejecuta los trabajos en espera (los que quedaron de la última vez esperan esto)</translation>
    </message>
    <message>
        <source>Computers</source>
        <translation>Equipos</translation>
    </message>
    <message>
        <source>Let other computers&apos; image servers draw the queue&apos;s pictures too</source>
        <translation>Deja que los servidores de imágenes de otros equipos dibujen también las imágenes de la cola</translation>
    </message>
    <message>
        <source>Add a computer…</source>
        <translation>Añadir un equipo…</translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>Falló: {reason}</translation>
    </message>
    <message>
        <source>No jobs</source>
        <translation>Ningún trabajo</translation>
    </message>
    <message>
        <source>Remove {computer}</source>
        <translation>Quitar {computer}</translation>
    </message>
</context>
<context>
    <name>ResourceGauge</name>
    <message>
        <source>VRAM: waiting for the driver…</source>
        <translation>VRAM: esperando al driver…</translation>
    </message>
    <message>
        <source>Video memory of each card</source>
        <translation>Memoria de video de cada tarjeta</translation>
    </message>
    <message>
        <source>VRAM: unknown</source>
        <translation>VRAM: desconocida</translation>
    </message>
    <message>
        <source>VRAM: {total} GiB total (use not reported)</source>
        <translation>VRAM: {total} GiB en total (uso no informado)</translation>
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
        <translation>{card}: VRAM desconocida</translation>
    </message>
    <message>
        <source>{card}: {total} GiB (use not reported)</source>
        <translation>{card}: {total} GiB (uso no informado)</translation>
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
        <translation>Este ordenador no tiene un llavero de contraseñas (como GNOME Keyring o KWallet), así que los tokens y las claves de otros ordenadores se guardan en {file}, que solo tú puedes leer.</translation>
    </message>
</context>
<context>
    <name>StatusLine</name>
    <message>
        <source>Ready</source>
        <translation>Listo</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Progreso</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>&amp;Keep it</source>
        <translation>&amp;Conservarla</translation>
    </message>
    <message>
        <source>Keep the picture the check set aside: into the output folder and the gallery</source>
        <translation>Conservar la imagen que la comprobación apartó: a la carpeta de salida y a la galería</translation>
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
        <translation>Paso {done}/{total}</translation>
    </message>
    <message>
        <source>The first try ran out of video memory; it was tried again, safer: {plan}</source>
        <translation>El primer intento se quedó sin memoria de video; se probó de nuevo de forma más segura: {plan}</translation>
    </message>
    <message>
        <source>The graphics card stopped answering on the first try and its driver reset it; it was tried again, safer: {plan}</source>
        <translation>La tarjeta gráfica dejó de responder en el primer intento y su controlador la reinició; se intentó de nuevo, con más seguridad: {plan}</translation>
    </message>
    <message>
        <source>The first try drew a broken picture; it was tried again, safer: {plan}</source>
        <translation>El primer intento dibujó una imagen rota; se probó de nuevo de forma más segura: {plan}</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Listo</translation>
    </message>
    <message>
        <source>Saved {file}</source>
        <translation>Guardado: {file}</translation>
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
        <translation>Falló</translation>
    </message>
    <message>
        <source>The job before failed: {why}</source>
        <translation>El trabajo anterior falló: {why}</translation>
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
        <translation>Tus estilos</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Agregar</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Borrar</translation>
    </message>
    <message>
        <source>Style name</source>
        <translation>Nombre del estilo</translation>
    </message>
    <message>
        <source>Style prompt</source>
        <translation>Prompt del estilo</translation>
    </message>
    <message>
        <source>photo of {prompt}, natural light</source>
        <translation>photo of {prompt}, natural light</translation>
    </message>
    <message>
        <source>Style negative prompt</source>
        <translation>Prompt negativo del estilo</translation>
    </message>
    <message>
        <source>blurry, drawing</source>
        <translation>blurry, drawing</translation>
    </message>
    <message>
        <source>Write {prompt} where your prompt goes; without it, the style&apos;s words go after your prompt. The negative prompt is added to yours.</source>
        <translation>Escribe {prompt} donde va tu prompt; sin eso, las palabras del estilo van después de tu prompt. El prompt negativo se suma al tuyo.</translation>
    </message>
    <message>
        <source>&amp;Wildcards folder…</source>
        <translation>Carpeta de co&amp;modines…</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>&amp;Nombre</translation>
    </message>
    <message>
        <source>&amp;Prompt</source>
        <translation>&amp;Prompt</translation>
    </message>
    <message>
        <source>Ne&amp;gative</source>
        <translation>Ne&amp;gativo</translation>
    </message>
    <message>
        <source>New style</source>
        <translation>Estilo nuevo</translation>
    </message>
    <message>
        <source>New style {number}</source>
        <translation>Estilo nuevo {number}</translation>
    </message>
    <message>
        <source>The styles could not be saved: {why}</source>
        <translation>No se pudieron guardar los estilos: {why}</translation>
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
        <translation>Describe la imagen. {red|green|blue} elige una de las palabras para cada imagen; __colors__ elige una línea de colors.txt en la carpeta de comodines (Estilos ▸ Abrir la carpeta de comodines).</translation>
    </message>
    <message>
        <source>Styles: {names}</source>
        <translation>Estilos: {names}</translation>
    </message>
    <message>
        <source>Styles add their words to your prompt and negative prompt when you press Generate ({keys})</source>
        <translation>Los estilos agregan sus palabras a tu prompt y a tu prompt negativo cuando pulsas Generar ({keys})</translation>
    </message>
    <message>
        <source>&amp;Edit styles…</source>
        <translation>&amp;Editar estilos…</translation>
    </message>
    <message>
        <source>Open the &amp;wildcards folder</source>
        <translation>Abrir la carpeta de &amp;comodines</translation>
    </message>
</context>
</TS>
