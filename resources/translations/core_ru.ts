<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru">
<context>
    <name>Advice</name>
    <message>
        <source>Fits</source>
        <translation>Помещается</translation>
    </message>
    <message>
        <source>Fits in pieces (slower)</source>
        <translation>По частям (медленнее)</translation>
    </message>
    <message>
        <source>Too big for this computer</source>
        <translation>Слишком велика для этого компьютера</translation>
    </message>
    <message>
        <source>Fits in this computer&apos;s memory</source>
        <translation>Помещается в память этого компьютера</translation>
    </message>
    <message>
        <source>{time} at {width} x {height}</source>
        <translation>{time} при {width} x {height}</translation>
    </message>
</context>
<context>
    <name>Backend</name>
    <message>
        <source>{file} holds no sd-cli.exe: it is not an sd.cpp release</source>
        <translation>В {file} нет sd-cli.exe: это не выпуск sd.cpp</translation>
    </message>
    <message>
        <source>{file} unpacks to more than 2 GiB: refused</source>
        <translation>{file} распаковывается больше чем в 2 ГиБ: отклонено</translation>
    </message>
    <message>
        <source>{file} has an entry outside its folder: {entry}</source>
        <translation>В {file} есть элемент вне его папки: {entry}</translation>
    </message>
    <message>
        <source>{file} holds a link ({entry}): refused</source>
        <translation>В {file} есть ссылка ({entry}): отклонено</translation>
    </message>
    <message>
        <source>{file} cannot be unpacked: it is not a whole zip file</source>
        <translation>{file} нельзя распаковать: это неполный zip-файл</translation>
    </message>
    <message>
        <source>{file} cannot be unpacked: {why}</source>
        <translation>{file} нельзя распаковать: {why}</translation>
    </message>
    <message>
        <source>The version this app comes with</source>
        <translation>Версия, которая идёт с этим приложением</translation>
    </message>
    <message>
        <source>Version {version} ({commit})</source>
        <translation>Версия {version} ({commit})</translation>
    </message>
</context>
<context>
    <name>Catalog</name>
    <message>
        <source>photos</source>
        <translation>фотографии</translation>
    </message>
    <message>
        <source>art and illustration</source>
        <translation>рисунки и иллюстрации</translation>
    </message>
    <message>
        <source>text in pictures</source>
        <translation>текст на картинках</translation>
    </message>
    <message>
        <source>editing your pictures</source>
        <translation>правка ваших картинок</translation>
    </message>
    <message>
        <source>quick drafts</source>
        <translation>быстрые наброски</translation>
    </message>
    <message>
        <source>making pictures bigger</source>
        <translation>увеличение картинок</translation>
    </message>
    <message>
        <source>following outlines and sketches</source>
        <translation>следование контурам и наброскам</translation>
    </message>
    <message>
        <source>following a pose</source>
        <translation>следование позе</translation>
    </message>
    <message>
        <source>following a scene&apos;s depth</source>
        <translation>следование глубине сцены</translation>
    </message>
    <message>
        <source>Good at: {uses}</source>
        <translation>Подходит для: {uses}</translation>
    </message>
    <message>
        <source>For 4 GB cards: the smaller download, a little less detail</source>
        <translation>Для видеокарт на 4 ГБ: загрузка поменьше, чуть меньше деталей</translation>
    </message>
    <message>
        <source>For 8 GB cards: the bigger download buys finer detail, closer to the original</source>
        <translation>Для видеокарт на 8 ГБ: загрузка побольше даёт более тонкие детали, ближе к оригиналу</translation>
    </message>
    <message>
        <source>For computers with more than 16 GB of RAM: the bigger download reads the prompt at full precision</source>
        <translation>Для компьютеров с ОЗУ больше 16 ГБ: загрузка побольше читает запрос с полной точностью</translation>
    </message>
    <message>
        <source>For computers with 16 GB of RAM: its prompt reader needs half the memory</source>
        <translation>Для компьютеров с 16 ГБ ОЗУ: его модулю чтения запроса нужно вдвое меньше памяти</translation>
    </message>
</context>
<context>
    <name>Check</name>
    <message>
        <source>Your {card} is ready.</source>
        <translation>Ваша {card} готова к работе.</translation>
    </message>
    <message>
        <source>This computer is ready.</source>
        <translation>Этот компьютер готов к работе.</translation>
    </message>
    <message>
        <source>(Warnings in the full check: {count})</source>
        <translation>(Предупреждений в полной проверке: {count})</translation>
    </message>
    <message>
        <source>Fix this first: {problem}</source>
        <translation>Сначала исправьте это: {problem}</translation>
    </message>
    <message>
        <source>the AMD driver for your Radeon</source>
        <translation>драйвер AMD для вашей Radeon</translation>
    </message>
    <message>
        <source>the NVIDIA driver for your graphics card</source>
        <translation>драйвер NVIDIA для вашей видеокарты</translation>
    </message>
    <message>
        <source>the Intel graphics driver</source>
        <translation>графический драйвер Intel</translation>
    </message>
    <message>
        <source>the driver of your graphics card, from its maker</source>
        <translation>драйвер вашей видеокарты от её производителя</translation>
    </message>
    <message>
        <source>Vulkan</source>
        <translation>Vulkan</translation>
    </message>
    <message>
        <source>Graphics card</source>
        <translation>Видеокарта</translation>
    </message>
    <message>
        <source>Vulkan version</source>
        <translation>Версия Vulkan</translation>
    </message>
    <message>
        <source>Which card is used</source>
        <translation>Какая карта используется</translation>
    </message>
    <message>
        <source>AMD driver</source>
        <translation>Драйвер AMD</translation>
    </message>
    <message>
        <source>Overlays</source>
        <translation>Оверлеи</translation>
    </message>
    <message>
        <source>Video memory</source>
        <translation>Видеопамять</translation>
    </message>
    <message>
        <source>Largest memory block</source>
        <translation>Наибольший блок памяти</translation>
    </message>
    <message>
        <source>Computer&apos;s memory (RAM)</source>
        <translation>Память компьютера (ОЗУ)</translation>
    </message>
    <message>
        <source>Disk space</source>
        <translation>Место на диске</translation>
    </message>
    <message>
        <source>Disk speed</source>
        <translation>Скорость диска</translation>
    </message>
    <message>
        <source>Processor</source>
        <translation>Процессор</translation>
    </message>
    <message>
        <source>Image backend</source>
        <translation>Движок изображений</translation>
    </message>
    <message>
        <source>this computer&apos;s processor (no graphics card)</source>
        <translation>процессор этого компьютера (без видеокарты)</translation>
    </message>
    <message>
        <source>Vulkan is installed and works.</source>
        <translation>Vulkan установлен и работает.</translation>
    </message>
    <message>
        <source>Vulkan works (the sd.cpp backend sees {devices}), but the card&apos;s type and memory could not be read, so automatic memory placement cannot plan for it.</source>
        <translation>Vulkan работает (движок sd.cpp видит {devices}), но тип и память карты прочитать не удалось, поэтому автоматическое распределение памяти не может ничего спланировать.</translation>
    </message>
    <message>
        <source>Reinstall or update the graphics driver; until then untick Automatic memory and choose the placement yourself.</source>
        <translation>Переустановите или обновите графический драйвер; до тех пор снимите галочку «Автоматическая память» и выберите распределение сами.</translation>
    </message>
    <message>
        <source>Vulkan does not work here: the graphics driver did not start it.</source>
        <translation>Vulkan здесь не работает: графический драйвер его не запустил.</translation>
    </message>
    <message>
        <source>Reinstall the graphics driver: it brings Vulkan. On Linux install the packages mesa-vulkan-drivers and vulkan-tools.</source>
        <translation>Переустановите графический драйвер: Vulkan входит в него. В Linux установите пакеты mesa-vulkan-drivers и vulkan-tools.</translation>
    </message>
    <message>
        <source>The sd.cpp backend sees {devices}, but whether that is your graphics card and how much memory it has could not be read.</source>
        <translation>Движок sd.cpp видит {devices}, но не удалось узнать, ваша ли это видеокарта и сколько у неё памяти.</translation>
    </message>
    <message>
        <source>Update the graphics driver, then run the check again.</source>
        <translation>Обновите графический драйвер и запустите проверку снова.</translation>
    </message>
    <message>
        <source>No Vulkan device was found.</source>
        <translation>Устройства Vulkan не найдены.</translation>
    </message>
    <message>
        <source>Install {driver}, then run the check again.</source>
        <translation>Установите {driver} и запустите проверку снова.</translation>
    </message>
    <message>
        <source>No graphics card that can draw was found: pictures will be made by the processor, many times slower. (Vulkan lists only {device}, which runs on the processor.)</source>
        <translation>Видеокарта, способная рисовать, не найдена: картинки будет делать процессор, во много раз медленнее. (Vulkan видит только {device}, который работает на процессоре.)</translation>
    </message>
    <message>
        <source>Install {driver} so that Vulkan lists the card.</source>
        <translation>Установите {driver}, чтобы Vulkan увидел карту.</translation>
    </message>
    <message>
        <source>If this computer has a graphics card, install its maker&apos;s driver so that Vulkan lists it.</source>
        <translation>Если в компьютере есть видеокарта, установите драйвер от её производителя, чтобы Vulkan её увидел.</translation>
    </message>
    <message>
        <source>The only graphics device Vulkan lists is {device}, {why}.</source>
        <translation>Единственное графическое устройство, которое видит Vulkan, — {device}, {why}.</translation>
    </message>
    <message>
        <source>Install {driver} so that Vulkan lists the card itself.</source>
        <translation>Установите {driver}, чтобы Vulkan увидел саму карту.</translation>
    </message>
    <message>
        <source>Not used: {device}, {why}.</source>
        <translation>Не используется: {device}, {why}.</translation>
    </message>
    <message>
        <source>Using the graphics card the paste shows (its name is not in the paste).</source>
        <translation>Используется видеокарта из вставленного текста (её названия в тексте нет).</translation>
    </message>
    <message>
        <source>Using {device} (a Polaris card).</source>
        <translation>Используется {device} (карта Polaris).</translation>
    </message>
    <message>
        <source>Using {device}.</source>
        <translation>Используется {device}.</translation>
    </message>
    <message>
        <source>Vulkan run by the processor, not a graphics card</source>
        <translation>Vulkan, работающий на процессоре, а не на видеокарте</translation>
    </message>
    <message>
        <source>Vulkan translated to Direct3D 12 (Microsoft&apos;s Dozen), on which loading a model can hang</source>
        <translation>Vulkan, переведённый в Direct3D 12 (Dozen от Microsoft), на котором загрузка модели может зависнуть</translation>
    </message>
    <message>
        <source>Vulkan passed on to {other}</source>
        <translation>Vulkan, передаваемый в {other}</translation>
    </message>
    <message>
        <source>{device} offers Vulkan {version}; the image backend needs Vulkan {floor} or newer, so it cannot draw on it.</source>
        <translation>{device} поддерживает Vulkan {version}; движку изображений нужен Vulkan {floor} или новее, поэтому рисовать на ней он не может.</translation>
    </message>
    <message>
        <source>Update the graphics driver; Polaris cards get Vulkan 1.3 from current drivers.</source>
        <translation>Обновите графический драйвер: с текущими драйверами карты Polaris получают Vulkan 1.3.</translation>
    </message>
    <message>
        <source>Vulkan {version}.</source>
        <translation>Vulkan {version}.</translation>
    </message>
    <message>
        <source>A setting in your environment ({variable}={value}) keeps the image backend off {device}.</source>
        <translation>Настройка в вашем окружении ({variable}={value}) не даёт движку изображений использовать {device}.</translation>
    </message>
    <message>
        <source>Remove the {variable} variable and let Polaris Studio choose the card.</source>
        <translation>Удалите переменную {variable} и позвольте Polaris Studio выбрать карту.</translation>
    </message>
    <message>
        <source>{device} is Vulkan device 0.</source>
        <translation>{device} — устройство Vulkan номер 0.</translation>
    </message>
    <message>
        <source>{device} comes after {ahead}; Polaris Studio tells the image backend to use it.</source>
        <translation>{device} идёт после {ahead}; Polaris Studio указывает движку изображений использовать её.</translation>
    </message>
    <message>
        <source>AMDVLK{version} is in use: AMD has stopped developing it, and Mesa&apos;s RADV is the maintained Vulkan driver for Radeon cards.</source>
        <translation>Используется AMDVLK{version}: AMD прекратила его разработку, а поддерживаемый драйвер Vulkan для карт Radeon — RADV из Mesa.</translation>
    </message>
    <message>
        <source>Remove the amdvlk package; Mesa&apos;s RADV (package mesa-vulkan-drivers) then drives the card.</source>
        <translation>Удалите пакет amdvlk; тогда картой будет управлять RADV из Mesa (пакет mesa-vulkan-drivers).</translation>
    </message>
    <message>
        <source>RADV (Mesa); the paste does not say which Mesa version.</source>
        <translation>RADV (Mesa); во вставленном тексте не указана версия Mesa.</translation>
    </message>
    <message>
        <source>RADV from Mesa {version} is too old: it predates Mesa {floor}, which brought Vulkan 1.3 to Radeon cards.</source>
        <translation>RADV из Mesa {version} слишком старый: он вышел раньше Mesa {floor}, которая принесла Vulkan 1.3 картам Radeon.</translation>
    </message>
    <message>
        <source>Update Mesa&apos;s Vulkan driver (package mesa-vulkan-drivers) to {floor} or newer with your distribution&apos;s updates.</source>
        <translation>Обновите драйвер Vulkan из Mesa (пакет mesa-vulkan-drivers) до {floor} или новее через обновления вашего дистрибутива.</translation>
    </message>
    <message>
        <source>RADV from Mesa {version}, new enough ({floor} or newer is needed).</source>
        <translation>RADV из Mesa {version}, достаточно новый (нужна {floor} или новее).</translation>
    </message>
    <message>
        <source>AMD&apos;s driver {driver} (the pre-RDNA branch {branch}, which AMD keeps for Polaris and Vega cards with critical fixes only)</source>
        <translation>Драйвер AMD {driver} (ветка pre-RDNA {branch}, которую AMD поддерживает для карт Polaris и Vega только критическими исправлениями)</translation>
    </message>
    <message>
        <source>AMD&apos;s driver {driver} (a 20{year} driver branch)</source>
        <translation>Драйвер AMD {driver} (ветка драйверов 20{year} года)</translation>
    </message>
    <message>
        <source>AMD Software: Adrenalin Edition {driver}</source>
        <translation>AMD Software: Adrenalin Edition {driver}</translation>
    </message>
    <message>
        <source>AMD&apos;s driver (Vulkan driver {driver})</source>
        <translation>Драйвер AMD (драйвер Vulkan {driver})</translation>
    </message>
    <message>
        <source>AMD&apos;s driver</source>
        <translation>Драйвер AMD</translation>
    </message>
    <message>
        <source>Use Mesa&apos;s RADV driver (package mesa-vulkan-drivers) {floor} or newer.</source>
        <translation>Используйте драйвер RADV из Mesa (пакет mesa-vulkan-drivers) {floor} или новее.</translation>
    </message>
    <message>
        <source>Install Adrenalin {best}, the release Polaris users report as the fastest, or the newest driver AMD lists for your card on amd.com/support (since late 2023 Polaris has its own driver branch with critical fixes only, so choose your card there rather than using the auto-detect tool). Run AMD&apos;s Cleanup Utility before installing either.</source>
        <translation>Установите Adrenalin {best} — по отзывам владельцев Polaris, самую быструю версию, — или самый новый драйвер, который AMD указывает для вашей карты на amd.com/support (с конца 2023 года у Polaris своя ветка драйверов только с критическими исправлениями, поэтому выберите карту там, а не через средство автоопределения). Перед установкой любого из них запустите AMD Cleanup Utility.</translation>
    </message>
    <message>
        <source>Install the newest AMD Software: Adrenalin Edition that amd.com/support lists for your card.</source>
        <translation>Установите самую новую версию AMD Software: Adrenalin Edition, указанную для вашей карты на amd.com/support.</translation>
    </message>
    <message>
        <source>{driver} is older than Adrenalin {floor}, and it offers only Vulkan {version} (Vulkan 1.3 came with Adrenalin {vulkan_1_3}).</source>
        <translation>{driver} старше Adrenalin {floor} и поддерживает только Vulkan {version} (Vulkan 1.3 появился в Adrenalin {vulkan_1_3}).</translation>
    </message>
    <message>
        <source>{driver} is older than Adrenalin {floor}.</source>
        <translation>{driver} старше Adrenalin {floor}.</translation>
    </message>
    <message>
        <source>{driver}. Polaris users report Adrenalin {best} as the fastest release for these cards; newer ones bring fixes, not speed.</source>
        <translation>{driver}. По отзывам владельцев Polaris, Adrenalin {best} — самая быстрая версия для этих карт; более новые приносят исправления, а не скорость.</translation>
    </message>
    <message>
        <source>{driver}.</source>
        <translation>{driver}.</translation>
    </message>
    <message>
        <source>No FPS counter or recording overlay hooks into Vulkan programs.</source>
        <translation>Ни счётчик FPS, ни оверлей записи не встраиваются в программы Vulkan.</translation>
    </message>
    <message>
        <source>These overlays hook into Vulkan programs: {overlays}. Polaris Studio keeps them out of the image backend.</source>
        <translation>Эти оверлеи встраиваются в программы Vulkan: {overlays}. Polaris Studio не пускает их в движок изображений.</translation>
    </message>
    <message>
        <source>These programs hook into every Vulkan program, the image backend too, and can crash or hang it while a model loads: {programs}.</source>
        <translation>Эти программы встраиваются в каждую программу Vulkan, в том числе в движок изображений, и могут обрушить или повесить его во время загрузки модели: {programs}.</translation>
    </message>
    <message>
        <source>The processor has no video memory of its own; it uses the computer&apos;s memory (RAM).</source>
        <translation>У процессора нет своей видеопамяти; он использует память компьютера (ОЗУ).</translation>
    </message>
    <message>
        <source>Install {driver} so that the card&apos;s video memory is used.</source>
        <translation>Установите {driver}, чтобы использовалась видеопамять карты.</translation>
    </message>
    <message>
        <source>If this computer has a graphics card, install its maker&apos;s driver so that its video memory is used.</source>
        <translation>Если в компьютере есть видеокарта, установите драйвер от её производителя, чтобы использовалась её видеопамять.</translation>
    </message>
    <message>
        <source>The driver did not report the video memory size.</source>
        <translation>Драйвер не сообщил объём видеопамяти.</translation>
    </message>
    <message>
        <source>Run the check on the computer itself (a short pasted report lacks the memory sizes).</source>
        <translation>Запустите проверку на самом компьютере (в коротком вставленном отчёте нет объёмов памяти).</translation>
    </message>
    <message>
        <source>{device} has {size} of VRAM; Flux and SDXL need at least 4 GiB.</source>
        <translation>У {device} {size} видеопамяти; Flux и SDXL нужно не меньше 4 ГиБ.</translation>
    </message>
    <message>
        <source>Use SD 1.5 models, or a card with 4 GiB or more.</source>
        <translation>Используйте модели SD 1.5 или карту с 4 ГиБ и больше.</translation>
    </message>
    <message>
        <source>{size} of VRAM.</source>
        <translation>{size} видеопамяти.</translation>
    </message>
    <message>
        <source>The driver caps one memory block at {size}: large images must be decoded in tiles.</source>
        <translation>Драйвер ограничивает один блок памяти размером {size}: большие картинки нужно декодировать по частям.</translation>
    </message>
    <message>
        <source>Keep &apos;Decode in tiles&apos; on; the memory planner turns it on for you.</source>
        <translation>Оставьте «Декодировать по частям» включённым; планировщик памяти включает это сам.</translation>
    </message>
    <message>
        <source>One memory block may be up to {size}.</source>
        <translation>Один блок памяти может быть до {size}.</translation>
    </message>
    <message>
        <source>RAM unknown: the paste does not say.</source>
        <translation>Объём ОЗУ неизвестен: во вставленном тексте его нет.</translation>
    </message>
    <message>
        <source>{family} models need about {needed} GB of RAM; run the check on that computer.</source>
        <translation>Моделям {family} нужно около {needed} ГБ ОЗУ; запустите проверку на том компьютере.</translation>
    </message>
    <message>
        <source>{total} of RAM; {family} models need about {needed} GB (the text encoder lives in RAM).</source>
        <translation>{total} ОЗУ; моделям {family} нужно около {needed} ГБ (кодировщик текста живёт в ОЗУ).</translation>
    </message>
    <message>
        <source>Add RAM, or use {smallest} models, which need about {size} GB.</source>
        <translation>Добавьте ОЗУ или используйте модели {smallest}, которым нужно около {size} ГБ.</translation>
    </message>
    <message>
        <source>Only {free} of {total} RAM is free right now.</source>
        <translation>Сейчас свободно только {free} из {total} ОЗУ.</translation>
    </message>
    <message>
        <source>Close other programs (browsers, games) before generating.</source>
        <translation>Перед генерацией закройте другие программы (браузеры, игры).</translation>
    </message>
    <message>
        <source>{total} of RAM.</source>
        <translation>{total} ОЗУ.</translation>
    </message>
    <message>
        <source>{total} of RAM, {free} free.</source>
        <translation>{total} ОЗУ, свободно {free}.</translation>
    </message>
    <message>
        <source>Free disk space unknown: the paste does not say.</source>
        <translation>Свободное место на диске неизвестно: во вставленном тексте его нет.</translation>
    </message>
    <message>
        <source>A Flux set takes about 12 GB; keep {free} GB free where models go.</source>
        <translation>Набор Flux занимает около 12 ГБ; держите {free} ГБ свободными там, где лежат модели.</translation>
    </message>
    <message>
        <source>Only {free} free where models go ({folder}); a Flux set takes about 12 GB.</source>
        <translation>Там, где лежат модели ({folder}), свободно только {free}; набор Flux занимает около 12 ГБ.</translation>
    </message>
    <message>
        <source>Free some space, or choose a models folder on another drive.</source>
        <translation>Освободите место или выберите папку моделей на другом диске.</translation>
    </message>
    <message>
        <source>{free} free for models in {folder}.</source>
        <translation>{free} свободно для моделей в {folder}.</translation>
    </message>
    <message>
        <source>The models folder {folder} is on a spinning hard disk: loading a Flux model takes several minutes each time.</source>
        <translation>Папка моделей {folder} находится на обычном жёстком диске: загрузка модели Flux каждый раз занимает несколько минут.</translation>
    </message>
    <message>
        <source>Move the models folder to an SSD if you have one.</source>
        <translation>Перенесите папку моделей на SSD, если он у вас есть.</translation>
    </message>
    <message>
        <source>The models folder is on a solid-state drive.</source>
        <translation>Папка моделей находится на SSD.</translation>
    </message>
    <message>
        <source>Processor unknown: the paste does not say which instructions it has.</source>
        <translation>Процессор неизвестен: во вставленном тексте не сказано, какие инструкции он поддерживает.</translation>
    </message>
    <message>
        <source>Could not read which instructions the processor has.</source>
        <translation>Не удалось узнать, какие инструкции поддерживает процессор.</translation>
    </message>
    <message>
        <source>Its parts of a picture are timed as on a processor with AVX2.</source>
        <translation>Время его части работы над изображением оценивается как для процессора с AVX2.</translation>
    </message>
    <message>
        <source>The plan keeps the text encoders and the image decoder on the graphics card where they fit and that is quicker.</source>
        <translation>План оставляет текстовые кодировщики и декодер изображения на видеокарте, когда они помещаются и это быстрее.</translation>
    </message>
    <message>
        <source>The processor has AVX-512.</source>
        <translation>Процессор поддерживает AVX-512.</translation>
    </message>
    <message>
        <source>The processor has AVX2 and FMA3.</source>
        <translation>Процессор поддерживает AVX2 и FMA3.</translation>
    </message>
    <message>
        <source>The processor runs its parts of a picture at about full speed.</source>
        <translation>Процессор выполняет свою часть работы над изображением почти на полной скорости.</translation>
    </message>
    <message>
        <source>A library the sd.cpp backend needs is missing, so it cannot start ({library}).</source>
        <translation>Не хватает библиотеки, нужной движку sd.cpp, поэтому он не может запуститься ({library}).</translation>
    </message>
    <message>
        <source>Download the drawing engine again (Models &gt; Drawing engine: it brings sd-cli.exe with all its DLLs), and update the graphics driver if vulkan-1.dll is the one missing.</source>
        <translation>Скачайте движок рисования заново (Модели &gt; Движок рисования: он приносит sd-cli.exe со всеми его DLL) и обновите видеодрайвер, если не хватает vulkan-1.dll.</translation>
    </message>
    <message>
        <source>Build the drawing engine again (Models &gt; Drawing engine &gt; Build the engine), and install your distribution&apos;s Vulkan package (libvulkan1).</source>
        <translation>Соберите движок рисования заново (Модели &gt; Движок рисования &gt; Собрать движок) и установите пакет Vulkan вашего дистрибутива (libvulkan1).</translation>
    </message>
    <message>
        <source>The sd.cpp backend runs but sees no Vulkan device.</source>
        <translation>Движок sd.cpp запускается, но не видит ни одного устройства Vulkan.</translation>
    </message>
    <message>
        <source>The sd.cpp backend runs and sees {devices}.</source>
        <translation>Движок sd.cpp запускается и видит {devices}.</translation>
    </message>
</context>
<context>
    <name>Computers</name>
    <message>
        <source>Type the other computer&apos;s address, such as http://192.168.0.12:7860</source>
        <translation>Введите адрес другого компьютера, например http://192.168.0.12:7860</translation>
    </message>
    <message>
        <source>{address} has a port that is not a number from 1 to 65535</source>
        <translation>у {address} порт — не число от 1 до 65535</translation>
    </message>
    <message>
        <source>{address} is not a web address of a computer; write it as http://192.168.0.12:7860</source>
        <translation>{address} — не веб-адрес компьютера; напишите его как http://192.168.0.12:7860</translation>
    </message>
</context>
<context>
    <name>Control</name>
    <message>
        <source>ControlNet guides SD 1.x and SDXL models only; this one is {family}</source>
        <translation>ControlNet работает только с моделями SD 1.x и SDXL; эта модель — {family}</translation>
    </message>
    <message>
        <source>ControlNet strength must be between 0 and {most}, got {value}</source>
        <translation>сила ControlNet должна быть от 0 до {most}, получено {value}</translation>
    </message>
    <message>
        <source>cannot use {file} as a ControlNet: {why}</source>
        <translation>нельзя использовать {file} как ControlNet: {why}</translation>
    </message>
    <message>
        <source>{file} is not a ControlNet</source>
        <translation>{file} — это не ControlNet</translation>
    </message>
    <message>
        <source>{file} is a ControlNet in diffusers&apos; layout, which the drawing engine cannot read: use the single-file one (such as control_v11p_sd15_canny_fp16.safetensors, in the Models window)</source>
        <translation>{file} — ControlNet в формате diffusers, который движок рисования не читает: возьмите однофайловый (например, control_v11p_sd15_canny_fp16.safetensors в окне «Модели»)</translation>
    </message>
    <message>
        <source>SD 2</source>
        <translation>SD 2</translation>
    </message>
    <message>
        <source>another model</source>
        <translation>другой модели</translation>
    </message>
    <message>
        <source>the ControlNet {file} is made for {made_for}, not for this {family} model: choose a ControlNet made for {family}</source>
        <translation>ControlNet {file} создан для {made_for}, а не для этой модели {family}: выберите ControlNet для {family}</translation>
    </message>
    <message>
        <source>control picture</source>
        <translation>управляющая картинка</translation>
    </message>
</context>
<context>
    <name>Drafts</name>
    <message>
        <source>drafts try new pictures: take the input picture out, or Generate to draw from it</source>
        <translation>черновики пробуют новые картинки: уберите входную картинку или нажмите «Создать», чтобы рисовать от неё</translation>
    </message>
    <message>
        <source>the number of drafts must be between 1 and {most}, got {count}</source>
        <translation>число черновиков должно быть от 1 до {most}, получено {count}</translation>
    </message>
    <message>
        <source>at {width}x{height}, its draft drawn again and enlarged (hires fix)</source>
        <translation>в {width}x{height}: черновик нарисован заново и увеличен (hires fix)</translation>
    </message>
    <message>
        <source>at {width}x{height}, redrawn from the picture itself (img2img: not a draft of this model)</source>
        <translation>в {width}x{height}: перерисовано из самой картинки (img2img: это не черновик этой модели)</translation>
    </message>
    <message>
        <source>{count} drafts in {drafts}, then the one you pick in {finish}.</source>
        <translation>Черновиков: {count} за {drafts}, затем выбранный — за {finish}.</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source> while {stage}</source>
        <translation> на этапе: {stage}</translation>
    </message>
    <message>
        <source> (exit code {code})</source>
        <translation> (код выхода {code})</translation>
    </message>
    <message>
        <source>sd.cpp crashed{where}{code}</source>
        <translation>sd.cpp аварийно завершился{where}{code}</translation>
    </message>
    <message>
        <source>sd.cpp finished without writing an image</source>
        <translation>sd.cpp завершился, не записав картинку</translation>
    </message>
    <message>
        <source>sd.cpp failed with exit code {code}</source>
        <translation>sd.cpp завершился с ошибкой, код выхода {code}</translation>
    </message>
    <message>
        <source>The graphics card ran out of memory. Try a smaller size, or tick &apos;Decode in tiles&apos; in Advanced.</source>
        <translation>Видеокарте не хватило памяти. Попробуйте размер поменьше или включите «Декодировать по частям» в разделе «Дополнительно».</translation>
    </message>
    <message>
        <source>The graphics card stopped answering and its driver reset it (Windows does that when one piece of work takes over two seconds). Try a smaller size; if it happens again, update the graphics driver: the system check (Full check…) names the one to get.</source>
        <translation>Видеокарта перестала отвечать, и драйвер её перезапустил (Windows так делает, когда одна часть работы идёт дольше двух секунд). Попробуйте размер поменьше; если это повторится, обновите драйвер видеокарты: проверка системы («Узнать больше…») подскажет, какой скачать.</translation>
    </message>
    <message>
        <source>The model file could not be loaded. Is it complete and a supported model?</source>
        <translation>Не удалось загрузить файл модели. Он полный и это поддерживаемая модель?</translation>
    </message>
    <message>
        <source>The image backend is missing.</source>
        <translation>Движок изображений отсутствует.</translation>
    </message>
    <message>
        <source>The image backend stopped suddenly. Details shows its last words.</source>
        <translation>Движок изображений внезапно остановился. Его последние слова — в разделе «Подробности».</translation>
    </message>
    <message>
        <source>The settings were not accepted.</source>
        <translation>Настройки не приняты.</translation>
    </message>
    <message>
        <source>The picture could not be saved where it should go. Choose another folder with the folder button, or free some space.</source>
        <translation>Не удалось сохранить картинку туда, куда нужно. Выберите другую папку кнопкой папки или освободите место.</translation>
    </message>
    <message>
        <source>The picture looks broken, so it was set aside, not put in the gallery; if it is what you wanted, click Keep it.</source>
        <translation>Картинка выглядит испорченной, поэтому она отложена отдельно, не в галерею; если это то, что вы хотели, нажмите «Сохранить».</translation>
    </message>
    <message>
        <source>The generation failed.</source>
        <translation>Генерация не удалась.</translation>
    </message>
    <message>
        <source>The backend&apos;s own words are under Details.</source>
        <translation>Собственные слова движка — в разделе «Подробности».</translation>
    </message>
</context>
<context>
    <name>Extend</name>
    <message>
        <source>left</source>
        <translation>слева</translation>
    </message>
    <message>
        <source>right</source>
        <translation>справа</translation>
    </message>
    <message>
        <source>top</source>
        <translation>сверху</translation>
    </message>
    <message>
        <source>bottom</source>
        <translation>снизу</translation>
    </message>
    <message>
        <source>cannot read &quot;{part}&quot;: write the sides and pixels as left=128,down=64 (left, right, up, down)</source>
        <translation>не удаётся прочитать «{part}»: напишите стороны и пиксели так: left=128,down=64 (left, right, up, down)</translation>
    </message>
    <message>
        <source>{side} is given twice</source>
        <translation>сторона {side} указана дважды</translation>
    </message>
    <message>
        <source>{side}={amount}: the pixels must be a whole number</source>
        <translation>{side}={amount}: число пикселей должно быть целым</translation>
    </message>
    <message>
        <source>a picture grows by a positive number of pixels on a side</source>
        <translation>картинка увеличивается на положительное число пикселей с каждой стороны</translation>
    </message>
    <message>
        <source>choose how many pixels to add on at least one side</source>
        <translation>выберите, сколько пикселей добавить хотя бы с одной стороны</translation>
    </message>
    <message>
        <source>the picture ({width}x{height}) would grow to {new_width}x{new_height}; the largest side is {most} pixels: add less, or scale the picture down first</source>
        <translation>картинка ({width}x{height}) выросла бы до {new_width}x{new_height}; наибольшая сторона — {most} пикселей: добавьте меньше или сначала уменьшите картинку</translation>
    </message>
    <message>
        <source>width</source>
        <translation>ширина</translation>
    </message>
    <message>
        <source>height</source>
        <translation>высота</translation>
    </message>
    <message>
        <source>{extra} more pixels on the {sides}, so that the {side}, {size}, is a multiple of {multiple}</source>
        <translation>ещё {extra} px {sides}, чтобы {side} ({size}) была кратна {multiple}</translation>
    </message>
    <message>
        <source> and </source>
        <translation> и </translation>
    </message>
</context>
<context>
    <name>Faces</name>
    <message>
        <source>face fix strength must be above 0 and at most 1, got {value}</source>
        <translation>сила исправления лиц должна быть больше 0 и не больше 1, получено {value}</translation>
    </message>
    <message>
        <source>face detection confidence must be between 0 and 1, got {value}</source>
        <translation>уверенность поиска лиц должна быть от 0 до 1, получено {value}</translation>
    </message>
    <message>
        <source>face fix padding must be 0-512 pixels, mask blur 0-64 and dilation -64 to 64</source>
        <translation>поле вокруг лица должно быть 0–512 пикселей, размытие маски 0–64, расширение от -64 до 64</translation>
    </message>
    <message>
        <source>the face detector {file} is missing from OpenCV: reinstall Polaris Studio</source>
        <translation>в OpenCV нет детектора лиц {file}: переустановите Polaris Studio</translation>
    </message>
    <message>
        <source>Fix faces: no face found in the picture; it is kept as drawn.</source>
        <translation>Исправление лиц: на картинке не найдено ни одного лица; она сохранена как есть.</translation>
    </message>
    <message>
        <source>Fix faces: {count} face(s) found; repainting each.</source>
        <translation>Исправление лиц: найдено лиц: {count}; каждое перерисовывается.</translation>
    </message>
</context>
<context>
    <name>Files</name>
    <message>
        <source>the disk with {place} is full ({free})</source>
        <translation>диск с {place} заполнен ({free})</translation>
    </message>
    <message>
        <source>{place} is on a read-only disk</source>
        <translation>{place} находится на диске только для чтения</translation>
    </message>
    <message>
        <source>another program is using a file in {place} (an antivirus or a picture viewer, perhaps)</source>
        <translation>другая программа использует файл в {place} (возможно, антивирус или просмотрщик картинок)</translation>
    </message>
    <message>
        <source>you may not write in {place} (it is read-only or another user&apos;s)</source>
        <translation>вам нельзя записывать в {place} (только для чтения или принадлежит другому пользователю)</translation>
    </message>
    <message>
        <source>{place} no longer exists (a removed drive or a deleted folder?)</source>
        <translation>{place} больше не существует (отключённый диск или удалённая папка?)</translation>
    </message>
    <message>
        <source>{place} is a file, not a folder</source>
        <translation>{place} — это файл, а не папка</translation>
    </message>
    <message>
        <source>{place} is a folder, not a file</source>
        <translation>{place} — это папка, а не файл</translation>
    </message>
    <message>
        <source>the name {place} is too long for this disk</source>
        <translation>имя {place} слишком длинное для этого диска</translation>
    </message>
    <message>
        <source>{place} is busy (another program or the system is using it)</source>
        <translation>{place} занят (его использует другая программа или система)</translation>
    </message>
    <message>
        <source>the system refused it</source>
        <translation>система отказала</translation>
    </message>
    <message>
        <source>{place} cannot be used ({why})</source>
        <translation>{place} нельзя использовать ({why})</translation>
    </message>
    <message>
        <source>{size} free</source>
        <translation>свободно {size}</translation>
    </message>
    <message>
        <source>no room left</source>
        <translation>места не осталось</translation>
    </message>
    <message>
        <source>Pictures cannot be saved: {problem}. Choose another folder.</source>
        <translation>Картинки нельзя сохранить: {problem}. Выберите другую папку.</translation>
    </message>
    <message>
        <source>Pictures cannot be saved: the disk with {folder} is full ({free} free; a picture of this size needs about {needed}). Free some space or choose another folder.</source>
        <translation>Картинки нельзя сохранить: диск с {folder} заполнен (свободно {free}; картинке такого размера нужно около {needed}). Освободите место или выберите другую папку.</translation>
    </message>
    <message>
        <source>The picture could not be saved: {problem}; nor in {rescue} ({rescue_problem}). It is still in {staged}.</source>
        <translation>Не удалось сохранить картинку: {problem}; и в {rescue} тоже ({rescue_problem}). Она по-прежнему в {staged}.</translation>
    </message>
    <message>
        <source>The picture could not be saved: {problem}. It is kept in {kept}.</source>
        <translation>Не удалось сохранить картинку: {problem}. Она сохранена в {kept}.</translation>
    </message>
</context>
<context>
    <name>Gallery</name>
    <message>
        <source>The gallery&apos;s index ({database}) is damaged and could not be moved aside: {why}. Another program may hold it open. The gallery shows your images anyway; favourites you mark now last until you close the app. Close the other program and restart to repair the index.</source>
        <translation>Индекс галереи ({database}) повреждён, и его не удалось отложить: {why}. Возможно, его держит открытым другая программа. Галерея всё равно показывает ваши картинки; отметки «избранное», сделанные сейчас, сохранятся только до закрытия приложения. Закройте другую программу и перезапустите приложение, чтобы восстановить индекс.</translation>
    </message>
</context>
<context>
    <name>Kinds</name>
    <message>
        <source>full checkpoint</source>
        <translation>полная модель (чекпойнт)</translation>
    </message>
    <message>
        <source>Flux diffusion model</source>
        <translation>диффузионная модель Flux</translation>
    </message>
    <message>
        <source>FLUX.2 diffusion model</source>
        <translation>диффузионная модель FLUX.2</translation>
    </message>
    <message>
        <source>Z-Image diffusion model</source>
        <translation>диффузионная модель Z-Image</translation>
    </message>
    <message>
        <source>SD3 diffusion model</source>
        <translation>диффузионная модель SD3</translation>
    </message>
    <message>
        <source>SDXL diffusion model</source>
        <translation>диффузионная модель SDXL</translation>
    </message>
    <message>
        <source>SD 1.x diffusion model</source>
        <translation>диффузионная модель SD 1.x</translation>
    </message>
    <message>
        <source>T5-XXL text encoder</source>
        <translation>текстовый кодировщик T5-XXL</translation>
    </message>
    <message>
        <source>CLIP-L text encoder</source>
        <translation>текстовый кодировщик CLIP-L</translation>
    </message>
    <message>
        <source>CLIP-G text encoder</source>
        <translation>текстовый кодировщик CLIP-G</translation>
    </message>
    <message>
        <source>Qwen3 text encoder (LLM)</source>
        <translation>текстовый кодировщик Qwen3 (LLM)</translation>
    </message>
    <message>
        <source>VAE</source>
        <translation>VAE</translation>
    </message>
    <message>
        <source>FLUX.2 VAE</source>
        <translation>VAE для FLUX.2</translation>
    </message>
    <message>
        <source>tiny autoencoder (TAESD)</source>
        <translation>маленький автокодировщик (TAESD)</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>ESRGAN upscaler</source>
        <translation>увеличитель ESRGAN</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <source>chat text model</source>
        <translation>текстовая модель для диалога</translation>
    </message>
    <message>
        <source>pickle checkpoint</source>
        <translation>чекпойнт pickle</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>не читается</translation>
    </message>
</context>
<context>
    <name>Memory</name>
    <message>
        <source>Text encoder on CPU</source>
        <translation>Текстовый кодировщик на процессоре</translation>
    </message>
    <message>
        <source>Image decoder on CPU</source>
        <translation>Декодер изображения на процессоре</translation>
    </message>
    <message>
        <source>Decode in tiles</source>
        <translation>Декодировать по частям</translation>
    </message>
    <message>
        <source>Weights in RAM between stages</source>
        <translation>Веса в ОЗУ между этапами</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Экономное внимание (flash attention)</translation>
    </message>
    <message>
        <source>Video memory cap</source>
        <translation>Предел видеопамяти</translation>
    </message>
    <message>
        <source>With &apos;Weights in RAM between stages&apos;: stream the diffusion model within this much VRAM</source>
        <translation>С «Веса в ОЗУ между этапами»: подгружать диффузионную модель в пределах этого объёма видеопамяти</translation>
    </message>
    <message>
        <source>no VRAM cap</source>
        <translation>без предела видеопамяти</translation>
    </message>
</context>
<context>
    <name>Models</name>
    <message>
        <source>the file ends inside its header (is the download complete?)</source>
        <translation>файл обрывается внутри заголовка (загрузка завершена?)</translation>
    </message>
    <message>
        <source>the GGUF header is damaged (a string of impossible length)</source>
        <translation>заголовок GGUF повреждён (строка невозможной длины)</translation>
    </message>
    <message>
        <source>the GGUF header is damaged (an array of impossible length)</source>
        <translation>заголовок GGUF повреждён (массив невозможной длины)</translation>
    </message>
    <message>
        <source>the GGUF header has an unknown value type {type}</source>
        <translation>в заголовке GGUF неизвестный тип значения {type}</translation>
    </message>
    <message>
        <source>not a GGUF file</source>
        <translation>это не файл GGUF</translation>
    </message>
    <message>
        <source>GGUF version {version} is too old; convert the model again</source>
        <translation>версия GGUF {version} слишком старая; сконвертируйте модель заново</translation>
    </message>
    <message>
        <source>the GGUF header is damaged (impossible counts)</source>
        <translation>заголовок GGUF повреждён (невозможные количества)</translation>
    </message>
    <message>
        <source>the GGUF header is damaged (a tensor with too many dimensions)</source>
        <translation>заголовок GGUF повреждён (тензор со слишком большим числом измерений)</translation>
    </message>
    <message>
        <source>not a safetensors file (its header length is impossible)</source>
        <translation>это не файл safetensors (невозможная длина заголовка)</translation>
    </message>
    <message>
        <source>not a safetensors file (its header is not JSON)</source>
        <translation>это не файл safetensors (заголовок не в формате JSON)</translation>
    </message>
    <message>
        <source>not a safetensors file (its header is not a table)</source>
        <translation>это не файл safetensors (заголовок не таблица)</translation>
    </message>
    <message>
        <source>{file} is neither GGUF nor safetensors</source>
        <translation>{file} — не GGUF и не safetensors</translation>
    </message>
    <message>
        <source>{file} is {size} bytes but its header needs {needed}: the download is incomplete</source>
        <translation>{file} занимает {size} байт, а заголовку нужно {needed}: загрузка не завершена</translation>
    </message>
    <message>
        <source>cannot use {file} as {what}: {why}</source>
        <translation>нельзя использовать {file} как {what}: {why}</translation>
    </message>
    <message>
        <source>{file} is a {kind}, not {what}</source>
        <translation>{file} — это {kind}, а не {what}</translation>
    </message>
    <message>
        <source>{file} holds only a diffusion model, not a full model: put it in Diffusion model, with its VAE and text encoders in their own slots</source>
        <translation>{file} содержит только диффузионную модель, а не полную: поместите его в «Диффузионная модель», а VAE и кодировщики текста — в их собственные поля</translation>
    </message>
    <message>
        <source>{file} is a diffusion-only model ({kind}): put it in Diffusion model, and add a VAE and the text encoders</source>
        <translation>{file} — только диффузионная модель ({kind}): поместите его в «Диффузионная модель» и добавьте VAE и кодировщики текста</translation>
    </message>
    <message>
        <source>{file} is a {kind}, not a {slot} file: put it in {right}</source>
        <translation>{file} — это {kind}, а не файл для «{slot}»: поместите его в «{right}»</translation>
    </message>
    <message>
        <source>{llm} is an LLM text encoder; {file} ({kind}) does not read one: leave LLM text encoder empty</source>
        <translation>{llm} — кодировщик текста LLM; {file} ({kind}) его не использует: оставьте «Кодировщик текста LLM» пустым</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <source>{file} is a {kind}: it needs its Qwen3 text encoder in LLM text encoder</source>
        <translation>{file} — это {kind}: ему нужен свой кодировщик текста Qwen3 в поле «Кодировщик текста LLM»</translation>
    </message>
    <message>
        <source>{file} is a {kind}: it reads the prompt through its Qwen3 LLM only; leave {slot} empty</source>
        <translation>{file} — это {kind}: он читает запрос только через свой LLM Qwen3; оставьте «{slot}» пустым</translation>
    </message>
    <message>
        <source>{llm} is {have} wide but {file} reads a {want}-wide Qwen3 ({size}): use the text encoder made for it</source>
        <translation>ширина {llm} — {have}, а {file} читает Qwen3 шириной {want} ({size}): используйте кодировщик текста, сделанный для неё</translation>
    </message>
    <message>
        <source>another size</source>
        <translation>другой размер</translation>
    </message>
    <message>
        <source>{vae} is a {vae_kind}, but {file} is a {kind}: it needs a {wanted}</source>
        <translation>{vae} — это {vae_kind}, а {file} — это {kind}: ему нужен {wanted}</translation>
    </message>
    <message>
        <source>FLUX.1 or SD VAE</source>
        <translation>VAE FLUX.1 или SD</translation>
    </message>
    <message>
        <source>pickle files can run code when they are loaded: use a .safetensors or .gguf download of this model instead</source>
        <translation>файлы pickle могут выполнить код при загрузке: скачайте эту модель в формате .safetensors или .gguf</translation>
    </message>
    <message>
        <source>not a model part Polaris Studio knows ({families}, their encoders, VAE)</source>
        <translation>это не та часть модели, которую знает Polaris Studio ({families}, их кодировщики, VAE)</translation>
    </message>
    <message>
        <source>{folder} already has another file named {file}</source>
        <translation>в {folder} уже есть другой файл с именем {file}</translation>
    </message>
    <message>
        <source>not used</source>
        <translation>не используется</translation>
    </message>
    <message>
        <source>the prompt helper&apos;s text model (Improve)</source>
        <translation>текстовая модель помощника по промптам (Улучшить)</translation>
    </message>
    <message>
        <source>{helper} and {slot}</source>
        <translation>{helper} и {slot}</translation>
    </message>
    <message>
        <source>{slot} folder, as {name}</source>
        <translation>папка «{slot}», как {name}</translation>
    </message>
    <message>
        <source>not added: {why}</source>
        <translation>не добавлен: {why}</translation>
    </message>
    <message>
        <source>No picture model among these files, so no model was added: a text model or a VAE cannot draw alone. Add it together with the picture model it belongs to.</source>
        <translation>Среди этих файлов нет модели для картинок, поэтому ничего не добавлено: текстовая модель или VAE не рисует сама по себе. Добавьте её вместе с моделью для картинок, к которой она относится.</translation>
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
        <translation>Модель ещё не выбрана</translation>
    </message>
    <message>
        <source>Demo (random noise)</source>
        <translation>Демо (случайный шум)</translation>
    </message>
</context>
<context>
    <name>Picture</name>
    <message>
        <source>The backend wrote {file} as {format}, not as a PNG picture</source>
        <translation>Движок записал {file} в формате {format}, а не как картинку PNG</translation>
    </message>
    <message>
        <source>The picture the backend wrote ({file}) is not whole and cannot be read</source>
        <translation>Картинка, которую записал движок ({file}), неполная и не читается</translation>
    </message>
    <message>
        <source>The picture came out black</source>
        <translation>Картинка получилась чёрной</translation>
    </message>
    <message>
        <source>The picture came out as one flat colour {colour}</source>
        <translation>Картинка получилась одного сплошного цвета {colour}</translation>
    </message>
    <message>
        <source>The picture came out almost all one colour {colour}</source>
        <translation>Картинка получилась почти целиком одного цвета {colour}</translation>
    </message>
    <message>
        <source>Only one square of the picture was drawn; the rest is one flat colour {colour}</source>
        <translation>Нарисован только один квадрат картинки; остальное — сплошной цвет {colour}</translation>
    </message>
    <message>
        <source>The picture came out as noise of pure colours</source>
        <translation>Картинка получилась шумом из чистых цветов</translation>
    </message>
    <message>
        <source>Try: untick &apos;Decode in tiles&apos; in Advanced, or a smaller size.</source>
        <translation>Попробуйте: снимите «Декодировать по частям» в разделе «Дополнительно» или уменьшите размер.</translation>
    </message>
    <message>
        <source>Try another seed or prompt, or another model file.</source>
        <translation>Попробуйте другое зерно или запрос либо другой файл модели.</translation>
    </message>
    <message>
        <source>Try a smaller size or another model file.</source>
        <translation>Попробуйте меньший размер или другой файл модели.</translation>
    </message>
    <message>
        <source>The image decoder already ran on the processor; try a smaller size, another model file or another graphics driver.</source>
        <translation>Декодер изображения уже работал на процессоре; попробуйте меньший размер, другой файл модели или другой графический драйвер.</translation>
    </message>
    <message>
        <source>Try: tick &apos;Image decoder on CPU&apos; in Advanced, a smaller size or another model file.</source>
        <translation>Попробуйте: отметьте «Декодер изображения на процессоре» в разделе «Дополнительно», меньший размер или другой файл модели.</translation>
    </message>
    <message>
        <source>in smaller pieces of work</source>
        <translation>меньшими частями работы</translation>
    </message>
    <message>
        <source>with the image decoder on the processor</source>
        <translation>с декодером изображения на процессоре</translation>
    </message>
    <message>
        <source>with the image decoder in tiles</source>
        <translation>с декодером изображения по частям</translation>
    </message>
    <message>
        <source>with less video memory, in smaller pieces</source>
        <translation>с меньшим объёмом видеопамяти, меньшими частями</translation>
    </message>
    <message>
        <source>input image</source>
        <translation>исходная картинка</translation>
    </message>
    <message>
        <source>{picture} not found: {path}</source>
        <translation>{picture} не найдена: {path}</translation>
    </message>
    <message>
        <source>{picture} {file} is {width}x{height} pixels ({megapixels} megapixels); the most it may have is {most} megapixels: scale it down first</source>
        <translation>{picture} {file} имеет размер {width}x{height} пикселей ({megapixels} мегапикселей); максимум — {most} мегапикселей: сначала уменьшите её</translation>
    </message>
    <message>
        <source>{picture} {file} has too many pixels to open safely; the most it may have is {most} megapixels: scale it down first</source>
        <translation>{picture} {file} содержит слишком много пикселей, чтобы безопасно её открыть; максимум — {most} мегапикселей: сначала уменьшите её</translation>
    </message>
    <message>
        <source>{picture} {file} is not a picture (PNG, JPEG, WebP or BMP)</source>
        <translation>{picture} {file} — не картинка (PNG, JPEG, WebP или BMP)</translation>
    </message>
    <message>
        <source>{picture} cannot be read: {why}</source>
        <translation>{picture} не читается: {why}</translation>
    </message>
    <message>
        <source>{picture} {file} cannot be read: it is damaged or cut short</source>
        <translation>{picture} {file} не читается: файл повреждён или обрезан</translation>
    </message>
    <message>
        <source>{picture} {file} carries more text than a picture may (megabytes, packed small): save it again without its text</source>
        <translation>{picture} {file} несёт больше текста, чем допустимо для картинки (мегабайты в сжатом виде): сохраните её заново без текста</translation>
    </message>
</context>
<context>
    <name>Plan</name>
    <message>
        <source>Text encoder (the Qwen3 LLM)</source>
        <translation>Кодировщик текста (LLM Qwen3)</translation>
    </message>
    <message>
        <source>Text encoders</source>
        <translation>Кодировщики текста</translation>
    </message>
    <message>
        <source>Diffusion model on the GPU</source>
        <translation>Диффузионная модель на GPU</translation>
    </message>
    <message>
        <source>, moved in from RAM for each stage</source>
        <translation>, подгружается из ОЗУ на каждом этапе</translation>
    </message>
    <message>
        <source>, streamed in pieces of at most {size} GiB</source>
        <translation>, передаётся частями не больше {size} ГиБ</translation>
    </message>
    <message>
        <source>Image decoder on the {place} in tiles of {size} px.</source>
        <translation>Декодер изображения на {place}, фрагментами по {size} пикс.</translation>
    </message>
    <message>
        <source>Image decoder on the {place} in tiles.</source>
        <translation>Декодер изображения на {place}, по частям.</translation>
    </message>
    <message>
        <source>Image decoder on the {place}.</source>
        <translation>Декодер изображения на {place}.</translation>
    </message>
    <message>
        <source>{part} on the {place}.</source>
        <translation>{part} на {place}.</translation>
    </message>
    <message>
        <source>Flash attention keeps the attention buffers small.</source>
        <translation>Экономное внимание (flash attention) держит буферы внимания маленькими.</translation>
    </message>
    <message>
        <source>The live preview is decoded by the tiny autoencoder at every step.</source>
        <translation>Живой предпросмотр декодируется маленьким автокодировщиком на каждом шаге.</translation>
    </message>
    <message>
        <source>The live preview is a quick colour sketch of each step.</source>
        <translation>Живой предпросмотр — быстрый цветной набросок каждого шага.</translation>
    </message>
    <message>
        <source>Predicted VRAM peak {peak} (weights {weights}, compute {compute}) of a {budget} budget; RAM {ram} of {free} free.</source>
        <translation>Ожидаемый пик видеопамяти {peak} (веса {weights}, вычисления {compute}) из доступных {budget}; ОЗУ {ram} из свободных {free}.</translation>
    </message>
    <message>
        <source>{held} of it is held for the card, of the {budget} of system memory its driver lets it use.</source>
        <translation>{held} из этого удерживается для карты — из {budget} системной памяти, которые ей разрешает драйвер.</translation>
    </message>
    <message>
        <source>It would hold {held} of system memory for the card, more than the {budget} its driver allows: past that the card stops.</source>
        <translation>Это удержало бы {held} системной памяти для карты — больше, чем {budget}, разрешённые драйвером: сверх этого карта останавливается.</translation>
    </message>
    <message>
        <source>Each image first reads {size} of model files: about {seconds} s from a hard disk, a second or two once they are cached in RAM.</source>
        <translation>Каждая картинка сначала читает {size} файлов модели: около {seconds} с с жёсткого диска, секунду-две, когда они уже в кэше ОЗУ.</translation>
    </message>
    <message>
        <source>Nothing fits: try a smaller image, a lower quantization (e.g. Q4_K and T5 q8_0), or more RAM.</source>
        <translation>Ничего не помещается: попробуйте картинку поменьше, более сильное квантование (например, Q4_K и T5 q8_0) или больше ОЗУ.</translation>
    </message>
    <message>
        <source>Moving the weights in from RAM would be quicker, but it holds {held} GiB of system memory for the card, more than the {budget} GiB its driver allows: past that the card stops, so this plan keeps them elsewhere.</source>
        <translation>Подгружать веса из ОЗУ было бы быстрее, но это удержало бы {held} ГиБ системной памяти для карты — больше, чем {budget} ГиБ, разрешённые драйвером: сверх этого карта останавливается, поэтому этот план держит их в другом месте.</translation>
    </message>
    <message>
        <source>Tiles of {size} px: {tiles}; predicted VRAM peak {peak} GiB of a {budget} GiB budget</source>
        <translation>Частей по {size} пикс.: {tiles}; ожидаемый пик видеопамяти {peak} ГиБ из доступных {budget} ГиБ</translation>
    </message>
    <message>
        <source>the model</source>
        <translation>модель</translation>
    </message>
    <message>
        <source>the text encoders</source>
        <translation>кодировщики текста</translation>
    </message>
    <message>
        <source>the image decoder</source>
        <translation>декодер изображения</translation>
    </message>
    <message>
        <source>on the graphics card</source>
        <translation>на видеокарте</translation>
    </message>
    <message>
        <source>on the processor</source>
        <translation>на процессоре</translation>
    </message>
    <message>
        <source> — predicted not to fit, so it may fail</source>
        <translation> — по прогнозу не поместится, поэтому может не получиться</translation>
    </message>
    <message>
        <source>Everything on the processor (no graphics card that can draw was found); up to {memory} GiB of the computer&apos;s memory{verdict}.</source>
        <translation>Всё на процессоре (видеокарта, способная рисовать, не найдена); до {memory} ГиБ памяти компьютера{verdict}.</translation>
    </message>
    <message>
        <source>{part} {place}</source>
        <translation>{part} {place}</translation>
    </message>
    <message>
        <source>nothing placed yet</source>
        <translation>пока ничего не распределено</translation>
    </message>
    <message>
        <source>{where}; about {memory} GiB of video memory{verdict}.</source>
        <translation>{where}; около {memory} ГиБ видеопамяти{verdict}.</translation>
    </message>
    <message>
        <source>diffusion model</source>
        <translation>диффузионная модель</translation>
    </message>
    <message>
        <source>text encoders</source>
        <translation>кодировщики текста</translation>
    </message>
    <message>
        <source>image decoder</source>
        <translation>декодер изображения</translation>
    </message>
    <message>
        <source>Memory plan: everything on the processor; predicted {ram}{verdict}.</source>
        <translation>План памяти: всё на процессоре; ожидается {ram}{verdict}.</translation>
    </message>
    <message>
        <source>{used} of {total} GiB VRAM</source>
        <translation>{used} из {total} ГиБ видеопамяти</translation>
    </message>
    <message>
        <source>{used} GiB VRAM</source>
        <translation>{used} ГиБ видеопамяти</translation>
    </message>
    <message>
        <source>{used} of {total} GiB RAM</source>
        <translation>{used} из {total} ГиБ ОЗУ</translation>
    </message>
    <message>
        <source>{used} GiB RAM</source>
        <translation>{used} ГиБ ОЗУ</translation>
    </message>
    <message>
        <source>{part} on {place}</source>
        <translation>{part} на {place}</translation>
    </message>
    <message>
        <source> — predicted NOT to fit</source>
        <translation> — по прогнозу НЕ поместится</translation>
    </message>
    <message>
        <source>Memory plan: {where}; predicted {vram}, {ram}{verdict}.</source>
        <translation>План памяти: {where}; прогноз {vram}, {ram}{verdict}.</translation>
    </message>
</context>
<context>
    <name>Processor</name>
    <message>
        <source>SSE2 but not SSE4.2</source>
        <translation>SSE2, но не SSE4.2</translation>
    </message>
    <message>
        <source>SSE4.2 but not AVX</source>
        <translation>SSE4.2, но не AVX</translation>
    </message>
    <message>
        <source>AVX but not AVX2</source>
        <translation>AVX, но не AVX2</translation>
    </message>
    <message>
        <source>Your processor has {lacking}: its parts of a picture run about {times} times slower than on a newer one.</source>
        <translation>Ваш процессор поддерживает {lacking}: его часть работы над изображением идёт примерно в {times} раз медленнее, чем на более новом.</translation>
    </message>
</context>
<context>
    <name>PromptHelper</name>
    <message>
        <source>{name} cannot be read as a text model: {why}</source>
        <translation>{name} не читается как текстовая модель: {why}</translation>
    </message>
    <message>
        <source>{name} is a text encoder saved for pictures only, without the word list a chat model needs; the prompt helper needs {wanted} as published for llama.cpp</source>
        <translation>{name} — кодировщик текста, сохранённый только для картинок, без списка слов, нужного чат-модели; помощнику по промптам нужен {wanted} в том виде, в каком он опубликован для llama.cpp</translation>
    </message>
    <message>
        <source>{name} has no layers in its header: it is not a text model</source>
        <translation>в заголовке {name} нет слоёв: это не текстовая модель</translation>
    </message>
    <message>
        <source>Qwen3-4B, the prompt helper&apos;s text model</source>
        <translation>Qwen3-4B, текстовая модель помощника по промптам</translation>
    </message>
    <message>
        <source>runs on the processor</source>
        <translation>работает на процессоре</translation>
    </message>
    <message>
        <source>runs on the processor: pictures are being drawn on the graphics card</source>
        <translation>работает на процессоре: на видеокарте сейчас рисуются картинки</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <source>runs on the processor: it needs {needed} on the graphics card, {free} is free</source>
        <translation>работает на процессоре: ему нужно {needed} на видеокарте; свободно: {free}</translation>
    </message>
    <message>
        <source>runs on the graphics card ({needed} of {free} free)</source>
        <translation>работает на видеокарте ({needed} из {free} свободных)</translation>
    </message>
    <message>
        <source>the prompt helper ran out of memory loading its model; close other programs or let it run on the processor</source>
        <translation>помощнику по промптам не хватило памяти, чтобы загрузить модель; закройте другие программы или пусть он работает на процессоре</translation>
    </message>
    <message>
        <source>the prompt helper could not load its model file: it may be damaged or not a chat model llama.cpp reads</source>
        <translation>помощник по промптам не смог загрузить файл модели: возможно, он повреждён или это не чат-модель, которую читает llama.cpp</translation>
    </message>
    <message>
        <source>the prompt helper could not open its local connection; try again</source>
        <translation>помощник по промптам не смог открыть локальное соединение; попробуйте ещё раз</translation>
    </message>
    <message>
        <source>the prompt helper stopped unexpectedly</source>
        <translation>помощник по промптам неожиданно остановился</translation>
    </message>
</context>
<context>
    <name>Queue</name>
    <message>
        <source>It was running when the app closed; press Run queue to try again.</source>
        <translation>Задание выполнялось, когда приложение закрылось; нажмите «Запустить очередь», чтобы попробовать снова.</translation>
    </message>
    <message>
        <source>it is not text</source>
        <translation>это не текст</translation>
    </message>
    <message>
        <source>it could not be read as a queue</source>
        <translation>его не удалось прочитать как очередь</translation>
    </message>
    <message>
        <source>The job queue file {path} is damaged ({why}) and could not be set aside ({problem}); the queue starts empty.</source>
        <translation>Файл очереди заданий {path} повреждён ({why}), и его не удалось отложить ({problem}); очередь начинается пустой.</translation>
    </message>
    <message>
        <source>The job queue file was damaged ({why}); it was kept as {aside} and the queue starts empty.</source>
        <translation>Файл очереди заданий был повреждён ({why}); он сохранён как {aside}, а очередь начинается пустой.</translation>
    </message>
    <message>
        <source>this computer&apos;s processor</source>
        <translation>процессор этого компьютера</translation>
    </message>
    <message>
        <source>the graphics card</source>
        <translation>видеокарта</translation>
    </message>
</context>
<context>
    <name>Request</name>
    <message>
        <source>{side} must be a positive number of pixels, got {value}</source>
        <translation>{side}: нужно положительное число пикселей, а задано {value}</translation>
    </message>
    <message>
        <source>{side} must be between {least} and {most} pixels, got {value}</source>
        <translation>{side}: нужно от {least} до {most} пикселей, а задано {value}</translation>
    </message>
    <message>
        <source>{side} {value} is not a multiple of {multiple}; using {snapped}</source>
        <translation>{side} {value} не кратна {multiple}; используется {snapped}</translation>
    </message>
    <message>
        <source>width</source>
        <translation>ширина</translation>
    </message>
    <message>
        <source>height</source>
        <translation>высота</translation>
    </message>
    <message>
        <source>prompt</source>
        <translation>запрос</translation>
    </message>
    <message>
        <source>negative prompt</source>
        <translation>негативный запрос</translation>
    </message>
    <message>
        <source>the prompt is empty</source>
        <translation>запрос пуст</translation>
    </message>
    <message>
        <source>CLIP skip {value} is left out: {family} does not read the prompt from CLIP&apos;s layers</source>
        <translation>CLIP skip {value} не применён: {family} читает запрос не из слоёв CLIP</translation>
    </message>
    <message>
        <source>no model chosen: choose a model file</source>
        <translation>модель не выбрана: выберите файл модели</translation>
    </message>
    <message>
        <source>{part} file not found: {path}</source>
        <translation>файл «{part}» не найден: {path}</translation>
    </message>
    <message>
        <source>cannot use {path} as {part}: {why}</source>
        <translation>нельзя использовать {path} как «{part}»: {why}</translation>
    </message>
    <message>
        <source>a mask needs an input image: it marks which part of that picture to repaint</source>
        <translation>маске нужна исходная картинка: маска отмечает, какую её часть перерисовать</translation>
    </message>
    <message>
        <source>extending needs a picture to extend: give it as the input image</source>
        <translation>для расширения нужна картинка: укажите её как исходную картинку</translation>
    </message>
    <message>
        <source>edited picture</source>
        <translation>редактируемая картинка</translation>
    </message>
    <message>
        <source>fixing the faces of a picture needs that picture: give it as the input image</source>
        <translation>для исправления лиц нужна сама картинка: укажите её как исходное изображение</translation>
    </message>
    <message>
        <source>the {text} held invisible control characters ({codes}); they were removed, as sd.cpp cannot read them</source>
        <translation>в поле «{text}» были невидимые управляющие символы ({codes}); они удалены, так как sd.cpp не может их прочитать</translation>
    </message>
    <message>
        <source>, {size} as the drawing program counts them (accented letters count 2, Chinese, Japanese and Korean 3, emoji 4)</source>
        <translation>, {size} по счёту рисующей программы (буквы с диакритикой и кириллица считаются за 2, китайские, японские и корейские за 3, эмодзи за 4)</translation>
    </message>
    <message>
        <source>the {text} is {length} characters long{counted}; at most {most} can be drawn (longer ones crash the drawing program)</source>
        <translation>{text}: {length} символов{counted}; нарисовать можно не больше {most} (более длинный текст роняет рисующую программу)</translation>
    </message>
    <message>
        <source>editing from a reference picture needs a FLUX.2 klein model; this one ({family}) only makes new pictures</source>
        <translation>для правки по образцу нужна модель FLUX.2 klein; эта ({family}) только создаёт новые картинки</translation>
    </message>
    <message>
        <source>reference picture</source>
        <translation>картинка-образец</translation>
    </message>
    <message>
        <source>mask</source>
        <translation>маска</translation>
    </message>
    <message>
        <source>extending a picture makes its own mask (the new area): leave the mask out</source>
        <translation>расширение картинки само создаёт маску (новую область): не указывайте маску</translation>
    </message>
    <message>
        <source>extending a picture keeps its own pixels, so it cannot use hires fix: turn hires fix off</source>
        <translation>при расширении картинка сохраняет свои пиксели, поэтому hires fix использовать нельзя: выключите hires fix</translation>
    </message>
    <message>
        <source>the {picture} is {width}x{height}; it is scaled to {new_width}x{new_height} (sides from {least} to {most} pixels)</source>
        <translation>{picture}: {width}x{height}; масштабируется до {new_width}x{new_height} (стороны от {least} до {most} пикселей)</translation>
    </message>
    <message>
        <source>input image</source>
        <translation>исходная картинка</translation>
    </message>
    <message>
        <source>hires fix scale must be above 1 and at most 4, got {value}</source>
        <translation>масштаб hires fix должен быть больше 1 и не больше 4, а задано {value}</translation>
    </message>
    <message>
        <source>hires fix denoising strength must be above 0 and at most 1, got {value}</source>
        <translation>сила шумоподавления hires fix должна быть больше 0 и не больше 1, а задано {value}</translation>
    </message>
    <message>
        <source>hires fix steps must be between 0 and {most}, got {value}</source>
        <translation>шагов hires fix должно быть от 0 до {most}, а задано {value}</translation>
    </message>
    <message>
        <source>hires fix would make {width}x{height}; the largest side is {most}: lower the scale or the first pass&apos;s size</source>
        <translation>hires fix дал бы {width}x{height}; наибольшая сторона — {most}: уменьшите масштаб или размер первого прохода</translation>
    </message>
    <message>
        <source>the LoRA name &apos;{name}&apos; is empty or has spaces around it</source>
        <translation>имя LoRA «{name}» пустое или окружено пробелами</translation>
    </message>
    <message>
        <source>the LoRA name &apos;{name}&apos; is not a plain name: it may not hold a folder, a drive or start with &apos;.&apos;</source>
        <translation>имя LoRA «{name}» не простое: в нём не может быть папки или диска, и оно не может начинаться с «.»</translation>
    </message>
    <message>
        <source>the weight of LoRA {name} must be a number from -4 to 4</source>
        <translation>вес LoRA {name} должен быть числом от -4 до 4</translation>
    </message>
    <message>
        <source>the prompt names LoRA {name}, but no LoRA folder is set</source>
        <translation>в запросе указана LoRA {name}, но папка LoRA не задана</translation>
    </message>
    <message>
        <source>no LoRA {name} ({suffixes}) in {folder}</source>
        <translation>нет LoRA {name} ({suffixes}) в {folder}</translation>
    </message>
    <message>
        <source>LoRA {name} was made for {made_for} models, but the model is {family}: choose a LoRA made for it</source>
        <translation>LoRA {name} сделана для моделей {made_for}, а модель — {family}: выберите LoRA, сделанную для неё</translation>
    </message>
</context>
<context>
    <name>RequestFields</name>
    <message>
        <source>{value} is not a {what}; known: {known}</source>
        <translation>{value} — не {what}; известны: {known}</translation>
    </message>
    <message>
        <source>{what} must be above {least} and at most {most}, got {value}</source>
        <translation>{what}: значение должно быть больше {least} и не больше {most}, а задано {value}</translation>
    </message>
    <message>
        <source>{what} must be between {least} and {most}, got {value}</source>
        <translation>{what}: значение должно быть от {least} до {most}, а задано {value}</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Шаги</translation>
    </message>
    <message>
        <source>Sampler</source>
        <translation>Сэмплер</translation>
    </message>
    <message>
        <source>How each step takes the noise away (the model&apos;s own suits it)</source>
        <translation>Как каждый шаг убирает шум (родной для модели подходит ей лучше)</translation>
    </message>
    <message>
        <source>model&apos;s default</source>
        <translation>как у модели</translation>
    </message>
    <message>
        <source>Scheduler</source>
        <translation>Планировщик</translation>
    </message>
    <message>
        <source>How the noise level falls from step to step (karras suits many SD models)</source>
        <translation>Как уровень шума снижается от шага к шагу (karras подходит многим моделям SD)</translation>
    </message>
    <message>
        <source>CFG scale</source>
        <translation>Шкала CFG</translation>
    </message>
    <message>
        <source>How closely to follow the prompt (Flux and turbo models want 1)</source>
        <translation>Насколько точно следовать промпту (Flux и turbo-моделям нужно 1)</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Сид</translation>
    </message>
    <message>
        <source>The same seed, prompt and settings draw the same picture again</source>
        <translation>Тот же сид, промпт и настройки рисуют ту же картинку снова</translation>
    </message>
    <message>
        <source>random</source>
        <translation>случайный</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Ширина</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Высота</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>Сила</translation>
    </message>
    <message>
        <source>CLIP skip</source>
        <translation>CLIP skip</translation>
    </message>
    <message>
        <source>model&apos;s own</source>
        <translation>как у модели</translation>
    </message>
    <message>
        <source>Eta</source>
        <translation>Eta</translation>
    </message>
    <message>
        <source>How much fresh noise each step adds (Euler a: 1, DDIM and TCD: 0)</source>
        <translation>Сколько свежего шума добавляет каждый шаг (Euler a: 1, DDIM и TCD: 0)</translation>
    </message>
    <message>
        <source>sampler&apos;s default</source>
        <translation>как у сэмплера</translation>
    </message>
</context>
<context>
    <name>Sizes</name>
    <message>
        <source>{value} GiB</source>
        <translation>{value} ГиБ</translation>
    </message>
    <message>
        <source>{value} MiB</source>
        <translation>{value} МиБ</translation>
    </message>
    <message>
        <source>{value} KiB</source>
        <translation>{value} КиБ</translation>
    </message>
    <message>
        <source>{value} bytes</source>
        <translation>{value} байт</translation>
    </message>
</context>
<context>
    <name>Slots</name>
    <message>
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message>
        <source>Model file</source>
        <translation>Файл модели</translation>
    </message>
    <message>
        <source>Diffusion model</source>
        <translation>Диффузионная модель</translation>
    </message>
    <message>
        <source>Diffusion model file</source>
        <translation>Файл диффузионной модели</translation>
    </message>
    <message>
        <source>VAE file</source>
        <translation>Файл VAE</translation>
    </message>
    <message>
        <source>Tiny autoencoder (TAESD) file</source>
        <translation>Файл малого автокодировщика (TAESD)</translation>
    </message>
    <message>
        <source>CLIP-L text encoder file</source>
        <translation>Файл текстового кодировщика CLIP-L</translation>
    </message>
    <message>
        <source>T5-XXL text encoder file</source>
        <translation>Файл текстового кодировщика T5-XXL</translation>
    </message>
    <message>
        <source>LLM text encoder</source>
        <translation>Текстовый кодировщик LLM</translation>
    </message>
    <message>
        <source>LLM text encoder file (Qwen3, for Z-Image and FLUX.2 klein)</source>
        <translation>Файл текстового кодировщика LLM (Qwen3, для Z-Image и FLUX.2 klein)</translation>
    </message>
    <message>
        <source>Upscaler</source>
        <translation>Увеличитель</translation>
    </message>
    <message>
        <source>Prompt helper</source>
        <translation>Помощник по промптам</translation>
    </message>
</context>
<context>
    <name>Status</name>
    <message>
        <source>Loading the model</source>
        <translation>Загрузка модели</translation>
    </message>
    <message>
        <source>Reading the prompt</source>
        <translation>Чтение запроса</translation>
    </message>
    <message>
        <source>Drawing</source>
        <translation>Рисование</translation>
    </message>
    <message>
        <source>Finishing the picture</source>
        <translation>Завершение картинки</translation>
    </message>
    <message>
        <source>Saving</source>
        <translation>Сохранение</translation>
    </message>
    <message>
        <source>(the processor reads the model into memory)</source>
        <translation>(процессор загружает модель в память)</translation>
    </message>
    <message>
        <source>(the first time, the graphics card also prepares its programs)</source>
        <translation>(в первый раз видеокарта ещё и готовит свои программы)</translation>
    </message>
    <message>
        <source>(the first step, the slowest: on a first picture the processor also prepares its code for drawing, once)</source>
        <translation>(первый шаг — самый медленный: на первой картинке процессор ещё и однократно готовит свой код для рисования)</translation>
    </message>
    <message>
        <source>(the first step, the slowest, is under way)</source>
        <translation>(идёт первый шаг — самый медленный)</translation>
    </message>
    <message>
        <source>Drawing — step {step} of {steps}</source>
        <translation>Рисование — шаг {step} из {steps}</translation>
    </message>
    <message>
        <source>{seconds} s per step</source>
        <translation>{seconds} с на шаг</translation>
    </message>
    <message>
        <source>{time} left</source>
        <translation>осталось {time}</translation>
    </message>
    <message>
        <source>Upscaling with the demo&apos;s upscaler, which draws noise to show how it works: about {time}.</source>
        <translation>Увеличение демонстрационным увеличителем, который рисует шум, чтобы показать, как это работает: примерно {time}.</translation>
    </message>
    <message>
        <source>Upscaling: about {time} (tiles: {tiles}).</source>
        <translation>Увеличение: примерно {time} (частей: {tiles}).</translation>
    </message>
</context>
<context>
    <name>Styles</name>
    <message>
        <source>there is no style named “{name}” (yours are: {names})</source>
        <translation>нет стиля с именем «{name}» (ваши стили: {names})</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>a style needs a name</source>
        <translation>у стиля должно быть имя</translation>
    </message>
    <message>
        <source>a style&apos;s name cannot hold a comma</source>
        <translation>в имени стиля не может быть запятой</translation>
    </message>
    <message>
        <source>there is already a style named “{name}”</source>
        <translation>стиль с именем «{name}» уже есть</translation>
    </message>
    <message>
        <source>it is not text</source>
        <translation>это не текст</translation>
    </message>
    <message>
        <source>The styles file {path} could not be read ({why}); the default styles are used.</source>
        <translation>Не удалось прочитать файл стилей {path} ({why}); используются стили по умолчанию.</translation>
    </message>
    <message>
        <source>it could not be read as a list of styles</source>
        <translation>его не удалось прочитать как список стилей</translation>
    </message>
    <message>
        <source>The styles file {path} is damaged ({why}) and could not be set aside ({problem}); the default styles are used.</source>
        <translation>Файл стилей {path} повреждён ({why}), и его не удалось отложить ({problem}); используются стили по умолчанию.</translation>
    </message>
    <message>
        <source>The styles file was damaged ({why}); it was kept as {aside} and the default styles were written in its place.</source>
        <translation>Файл стилей был повреждён ({why}); он сохранён как {aside}, а на его место записаны стили по умолчанию.</translation>
    </message>
    <message>
        <source>The styles file {path} could not be written ({why}).</source>
        <translation>Не удалось записать файл стилей {path} ({why}).</translation>
    </message>
</context>
<context>
    <name>Time</name>
    <message>
        <source>less than a second</source>
        <translation>меньше секунды</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} с</translation>
    </message>
    <message>
        <source>about {minutes} min</source>
        <translation>около {minutes} мин</translation>
    </message>
    <message>
        <source>about {hours} h {minutes} min</source>
        <translation>около {hours} ч {minutes} мин</translation>
    </message>
    <message>
        <source>about {hours} h</source>
        <translation>около {hours} ч</translation>
    </message>
    <message>
        <source>about {seconds} s</source>
        <translation>около {seconds} с</translation>
    </message>
    <message>
        <source>about {low}-{high} s</source>
        <translation>около {low}–{high} с</translation>
    </message>
    <message>
        <source>about {low}-{high} min</source>
        <translation>около {low}–{high} мин</translation>
    </message>
    <message>
        <source>about {low}-{high} h</source>
        <translation>около {low}–{high} ч</translation>
    </message>
    <message>
        <source>reading the prompt</source>
        <translation>чтение запроса</translation>
    </message>
    <message>
        <source>reading the picture</source>
        <translation>чтение картинки</translation>
    </message>
    <message>
        <source>drawing</source>
        <translation>рисование</translation>
    </message>
    <message>
        <source>finishing</source>
        <translation>завершение</translation>
    </message>
    <message>
        <source>moving the model to the card</source>
        <translation>перенос модели на карту</translation>
    </message>
    <message>
        <source>starting and loading the model</source>
        <translation>запуск и загрузка модели</translation>
    </message>
    <message>
        <source>No time estimate yet for this computer&apos;s processor: this first picture measures it, and the next estimate uses what it took.</source>
        <translation>Оценки времени для процессора этого компьютера пока нет: первая картинка его измерит, и следующая оценка будет по тому, сколько она заняла.</translation>
    </message>
    <message>
        <source>as it ran here before</source>
        <translation>по прошлым запускам здесь</translation>
    </message>
    <message>
        <source>estimated from this processor&apos;s measured speed</source>
        <translation>оценка по измеренной скорости этого процессора</translation>
    </message>
    <message>
        <source>an estimate until a first picture is made</source>
        <translation>оценка до первой нарисованной картинки</translation>
    </message>
    <message>
        <source>estimated as for a slow Polaris card until a first picture is made</source>
        <translation>оценка как для медленной карты Polaris, пока не сделана первая картинка</translation>
    </message>
    <message>
        <source>{time} for this first picture on this computer&apos;s processor: it includes a one-time set-up (preparing the processor&apos;s code for drawing); later pictures take less.</source>
        <translation>{time} на эту первую картинку на процессоре этого компьютера: сюда входит однократная подготовка (код процессора для рисования); следующие картинки займут меньше времени.</translation>
    </message>
    <message>
        <source>{time} a picture on this computer&apos;s processor (mostly {stage}), {basis}.</source>
        <translation>{time} на картинку на процессоре этого компьютера (в основном {stage}), {basis}.</translation>
    </message>
    <message>
        <source>{time} a picture on the {card} (mostly {stage}), {basis}.</source>
        <translation>{time} на картинку на {card} (в основном {stage}), {basis}.</translation>
    </message>
    <message>
        <source>{time} a picture (mostly {stage}), {basis}.</source>
        <translation>{time} на картинку (в основном {stage}), {basis}.</translation>
    </message>
</context>
<context>
    <name>Upscale</name>
    <message>
        <source>the factor must be one of {factors}, got {factor}</source>
        <translation>множитель должен быть одним из {factors}, а задано {factor}</translation>
    </message>
    <message>
        <source>the tile size must be from {least} to 1024 pixels, got {size}</source>
        <translation>размер части должен быть от {least} до 1024 пикселей, а задано {size}</translation>
    </message>
    <message>
        <source>picture to upscale</source>
        <translation>картинка для увеличения</translation>
    </message>
    <message>
        <source>upscaler model not found: {path}</source>
        <translation>модель увеличения не найдена: {path}</translation>
    </message>
    <message>
        <source>{file} does not enlarge (scale 1)</source>
        <translation>{file} не увеличивает (масштаб 1)</translation>
    </message>
    <message>
        <source>upscaling {width}x{height} would draw {largest} pixels on a side; the most is {most}</source>
        <translation>увеличение {width}x{height} дало бы {largest} пикселей по стороне; максимум — {most}</translation>
    </message>
</context>
<context>
    <name>Wildcards</name>
    <message>
        <source>the wildcard file {name}</source>
        <translation>файл подстановок {name}</translation>
    </message>
    <message>
        <source>the prompt</source>
        <translation>промпт</translation>
    </message>
    <message>
        <source>{where} has a “}}” without a “{{” before it: write choices as {{red|green|blue}}</source>
        <translation>{where}: «}}» без «{{» перед ней; пишите варианты так: {{red|green|blue}}</translation>
    </message>
    <message>
        <source>wildcard files name each other more than {most} deep ({loop}): does one name itself?</source>
        <translation>файлы подстановок ссылаются друг на друга глубже {most} уровней ({loop}): не ссылается ли один из них сам на себя?</translation>
    </message>
    <message>
        <source>{where} has a “{{” without its “}}”: write choices as {{red|green|blue}}</source>
        <translation>{where}: «{{» без своей «}}»; пишите варианты так: {{red|green|blue}}</translation>
    </message>
    <message>
        <source>there is no wildcard file for __{name}__: put {file} in the wildcards folder {folder}, one choice a line</source>
        <translation>нет файла подстановок для __{name}__: положите {file} в папку подстановок {folder}, по одному варианту на строку</translation>
    </message>
    <message>
        <source>the wildcard file {path} is not text (save it as UTF-8)</source>
        <translation>файл подстановок {path} — не текст (сохраните его в UTF-8)</translation>
    </message>
    <message>
        <source>the wildcard file {path} could not be read: {why}</source>
        <translation>не удалось прочитать файл подстановок {path}: {why}</translation>
    </message>
    <message>
        <source>the wildcard file {path} has no lines to choose from</source>
        <translation>в файле подстановок {path} нет строк для выбора</translation>
    </message>
</context>
</TS>
