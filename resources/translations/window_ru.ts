<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>AddComputerDialog</name>
    <message>
        <source>Add a computer</source>
        <translation>Добавить компьютер</translation>
    </message>
    <message>
        <source>Another computer running an image server (Polaris Studio&apos;s serve, sd.cpp&apos;s sd-server, A1111, Forge or koboldcpp) draws the queue&apos;s pictures beside this one&apos;s card; they come home to this gallery.</source>
        <translation>Другой компьютер с сервером изображений (serve от Polaris Studio, sd-server от sd.cpp, A1111, Forge или koboldcpp) рисует картинки из очереди вместе с видеокартой этого; они возвращаются в эту галерею.</translation>
    </message>
    <message>
        <source>only if the server asks for one</source>
        <translation>только если сервер его просит</translation>
    </message>
    <message>
        <source>&amp;Address</source>
        <translation>&amp;Адрес</translation>
    </message>
    <message>
        <source>&amp;Token or user:password</source>
        <translation>&amp;Токен или пользователь:пароль</translation>
    </message>
    <message>
        <source>A&amp;dd</source>
        <translation>&amp;Добавить</translation>
    </message>
    <message>
        <source>{computer} is in the queue already.</source>
        <translation>{computer} уже в очереди.</translation>
    </message>
    <message>
        <source>Asking {address} for its models…</source>
        <translation>Запрашиваем у {address} список моделей…</translation>
    </message>
    <message>
        <source>{address} cannot be added: {why}.</source>
        <translation>Нельзя добавить {address}: {why}.</translation>
    </message>
</context>
<context>
    <name>Advice</name>
    <message>
        <source>processor</source>
        <translation>процессора</translation>
    </message>
    <message>
        <source>None of the models to download fits your {card}: the Models window takes model files you already have.</source>
        <translation>Ни одна модель для скачивания не подходит для {card}: в окне «Модели» можно добавить файлы моделей, которые у вас уже есть.</translation>
    </message>
    <message>
        <source>Recommended for your {card}: {model}, {size} to download; a picture takes {time}.</source>
        <translation>Рекомендуется для {card}: {model}, скачать {size}; одна картинка — {time}.</translation>
    </message>
    <message>
        <source>No graphics device was found, so no model can be recommended yet.</source>
        <translation>Графическое устройство не найдено, поэтому пока нельзя порекомендовать модель.</translation>
    </message>
    <message>
        <source>The drawing program did not start, so no model can be recommended yet.</source>
        <translation>Программа рисования не запустилась, поэтому пока нельзя порекомендовать модель.</translation>
    </message>
    <message>
        <source>The graphics card did not say how much memory it has, so no model can be recommended.</source>
        <translation>Видеокарта не сообщила, сколько у неё памяти, поэтому порекомендовать модель нельзя.</translation>
    </message>
</context>
<context>
    <name>Backend</name>
    <message>
        <source>This copy of the app cannot build the drawing engine: {how}</source>
        <translation>Эта копия приложения не может собрать движок рисования: {how}</translation>
    </message>
    <message>
        <source>Building the drawing engine: this takes several minutes…</source>
        <translation>Сборка движка рисования: это займёт несколько минут…</translation>
    </message>
    <message>
        <source>downloading {file}: {size}</source>
        <translation>загрузка {file}: {size}</translation>
    </message>
    <message>
        <source>unpacking {file}</source>
        <translation>распаковка {file}</translation>
    </message>
    <message>
        <source>checked against the published file</source>
        <translation>сверено с опубликованным файлом</translation>
    </message>
    <message>
        <source>no published fingerprint to check it against; its own is {hash}…</source>
        <translation>нет опубликованного отпечатка для проверки; его собственный — {hash}…</translation>
    </message>
    <message>
        <source>installed {program} ({verified})</source>
        <translation>{program} установлен ({verified})</translation>
    </message>
    <message>
        <source>Building the drawing engine did not finish: {error}</source>
        <translation>Сборка движка рисования не завершилась: {error}</translation>
    </message>
    <message>
        <source>Building the drawing engine failed. Its last words: {line}</source>
        <translation>Сборка движка рисования не удалась. Последние слова: {line}</translation>
    </message>
    <message>
        <source>it said nothing</source>
        <translation>без сообщений</translation>
    </message>
    <message>
        <source>given on the command line</source>
        <translation>указан в командной строке</translation>
    </message>
    <message>
        <source>your own</source>
        <translation>ваш собственный</translation>
    </message>
    <message>
        <source>installed</source>
        <translation>установленный</translation>
    </message>
    <message>
        <source>bundled with the app</source>
        <translation>входит в приложение</translation>
    </message>
</context>
<context>
    <name>BatchControls</name>
    <message>
        <source>Number of images</source>
        <translation>Количество картинок</translation>
    </message>
    <message>
        <source>How many pictures one click on Generate queues</source>
        <translation>Сколько картинок ставит в очередь одно нажатие «Создать»</translation>
    </message>
    <message>
        <source>seeds in a row</source>
        <translation>сиды подряд</translation>
    </message>
    <message>
        <source>random seeds</source>
        <translation>случайные сиды</translation>
    </message>
    <message>
        <source>Seeds of the images</source>
        <translation>Сиды картинок</translation>
    </message>
    <message>
        <source>In a row: seed s, s+1, s+2… (small variations you can find again); random: each its own</source>
        <translation>Подряд: сид s, s+1, s+2… (небольшие вариации, которые можно повторить); случайные: у каждой свой</translation>
    </message>
    <message>
        <source>&amp;Prompt list…</source>
        <translation>&amp;Список промптов…</translation>
    </message>
    <message>
        <source>The same seed and settings for each prompt of a list</source>
        <translation>Один и тот же сид и настройки для каждого промпта из списка</translation>
    </message>
    <message>
        <source>&amp;Images</source>
        <translation>&amp;Картинки</translation>
    </message>
    <message>
        <source>&amp;Prompt list: {count}</source>
        <translation>&amp;Список промптов: {count}</translation>
    </message>
</context>
<context>
    <name>CheckDialog</name>
    <message>
        <source>Everything needed is in place.</source>
        <translation>Всё необходимое на месте.</translation>
    </message>
    <message>
        <source>It will work, with the warnings below.</source>
        <translation>Будет работать, с предупреждениями ниже.</translation>
    </message>
    <message>
        <source>Something below must be fixed first.</source>
        <translation>Сначала нужно исправить что-то ниже.</translation>
    </message>
    <message>
        <source>System check</source>
        <translation>Проверка системы</translation>
    </message>
    <message>
        <source>Checking the driver, Vulkan and this computer…</source>
        <translation>Проверяем драйвер, Vulkan и этот компьютер…</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Проверка</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Результат</translation>
    </message>
    <message>
        <source>How to fix</source>
        <translation>Как исправить</translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>Проверить снова</translation>
    </message>
    <message>
        <source>Copy report</source>
        <translation>Копировать отчёт</translation>
    </message>
    <message>
        <source>Save report…</source>
        <translation>Сохранить отчёт…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>Save report</source>
        <translation>Сохранить отчёт</translation>
    </message>
    <message>
        <source>Markdown (*.md);;JSON (*.json)</source>
        <translation>Markdown (*.md);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Could not save the report: {error}</source>
        <translation>Не удалось сохранить отчёт: {error}</translation>
    </message>
</context>
<context>
    <name>Computers</name>
    <message>
        <source>nothing answers at that address (is the image server running there, on that port?)</source>
        <translation>по этому адресу никто не отвечает (запущен ли там сервер изображений, на этом порту?)</translation>
    </message>
    <message>
        <source>no computer on the network has that name</source>
        <translation>в сети нет компьютера с таким именем</translation>
    </message>
    <message>
        <source>it did not answer in time</source>
        <translation>он не ответил вовремя</translation>
    </message>
    <message>
        <source>it closed the connection</source>
        <translation>он закрыл соединение</translation>
    </message>
    <message>
        <source>it does not speak plain http at that address</source>
        <translation>он не отвечает по обычному http по этому адресу</translation>
    </message>
    <message>
        <source>the connection to it failed</source>
        <translation>соединение с ним не удалось</translation>
    </message>
    <message>
        <source>it asks for a token or user:password, and the one given (if any) is not right</source>
        <translation>он просит токен или пользователь:пароль, а указанный (если есть) не подходит</translation>
    </message>
    <message>
        <source>it answers, but not as an A1111-style image server (no /sdapi/v1 there)</source>
        <translation>он отвечает, но не как сервер изображений в стиле A1111 (там нет /sdapi/v1)</translation>
    </message>
    <message>
        <source>it refused the job: {reason}</source>
        <translation>он отклонил задание: {reason}</translation>
    </message>
    <message>
        <source>it answered with error {status}</source>
        <translation>он ответил ошибкой {status}</translation>
    </message>
    <message>
        <source>it is closing</source>
        <translation>он закрывается</translation>
    </message>
    <message>
        <source> (drawn by {computer})</source>
        <translation> (нарисовано на {computer})</translation>
    </message>
    <message>
        <source>{computer} has no model named {model}: it draws with the model it has loaded{which}</source>
        <translation>у {computer} нет модели с именем {model}: он рисует загруженной у него моделью{which}</translation>
    </message>
    <message>
        <source>{computer}: {why}</source>
        <translation>{computer}: {why}</translation>
    </message>
    <message>
        <source>the connection was cut while it drew ({why})</source>
        <translation>соединение оборвалось, пока он рисовал ({why})</translation>
    </message>
    <message>
        <source>the connection to {computer} was cut; asking it again for the same job</source>
        <translation>соединение с {computer} оборвалось; просим у него то же задание ещё раз</translation>
    </message>
    <message>
        <source>{computer} answered without a picture</source>
        <translation>{computer} ответил без картинки</translation>
    </message>
</context>
<context>
    <name>Download</name>
    <message>
        <source>not enough free space in {folder} for {file} ({size} needed): free some space or choose another folder</source>
        <translation>недостаточно места в {folder} для {file} (нужно {size}): освободите место или выберите другую папку</translation>
    </message>
    <message>
        <source>the server kept answering {error}</source>
        <translation>сервер продолжал отвечать {error}</translation>
    </message>
    <message>
        <source>this computer seems to be offline (the server&apos;s name could not be found)</source>
        <translation>этот компьютер, похоже, не подключён к интернету (имя сервера не найдено)</translation>
    </message>
    <message>
        <source>the server did not answer in time</source>
        <translation>сервер не ответил вовремя</translation>
    </message>
    <message>
        <source>the server could not be reached</source>
        <translation>не удалось связаться с сервером</translation>
    </message>
    <message>
        <source>the connection was cut</source>
        <translation>соединение оборвалось</translation>
    </message>
    <message>
        <source>{cause} while fetching {file}; check the connection, then try again: the download goes on from where it stopped</source>
        <translation>{cause} при загрузке: {file}; проверьте подключение и попробуйте снова: загрузка продолжится с того места, где остановилась</translation>
    </message>
    <message>
        <source>too many redirects for {address}</source>
        <translation>слишком много перенаправлений для {address}</translation>
    </message>
    <message>
        <source>{file} is not on the server any more: the catalog needs updating; check for a newer Polaris Studio</source>
        <translation>{file} больше нет на сервере: каталог устарел; проверьте, нет ли новой версии Polaris Studio</translation>
    </message>
    <message>
        <source>the server answered {status} for {file}; try later</source>
        <translation>сервер ответил {status} на {file}; попробуйте позже</translation>
    </message>
    <message>
        <source>{file}: cancelled; it resumes from {size} next time</source>
        <translation>{file}: отменено; в следующий раз продолжится с {size}</translation>
    </message>
    <message>
        <source>cannot write {file}: {error}; free some space or choose another models folder, then download again (it resumes)</source>
        <translation>не удаётся записать {file}: {error}; освободите место или выберите другую папку моделей и загрузите снова (загрузка продолжится)</translation>
    </message>
    <message>
        <source>{file} arrived damaged (it is not the published file); it was deleted: download it again</source>
        <translation>{file} пришёл повреждённым (это не опубликованный файл); он удалён: загрузите его снова</translation>
    </message>
    <message>
        <source>the catalog lists no address for {file}</source>
        <translation>в каталоге нет адреса для {file}</translation>
    </message>
    <message>
        <source>the model file</source>
        <translation>файл модели</translation>
    </message>
    <message>
        <source>the {part} file</source>
        <translation>файл «{part}»</translation>
    </message>
    <message>
        <source>{model} needs {size} more in {folder}, which has {free} free: free some space or choose another models folder</source>
        <translation>{model} нужно ещё {size} в {folder}, а там свободно {free}: освободите место или выберите другую папку моделей</translation>
    </message>
    <message>
        <source>{path} is not the published {file}: delete or move it, then download again</source>
        <translation>{path} — не опубликованный {file}: удалите или переместите его и загрузите снова</translation>
    </message>
    <message>
        <source>cannot use {folder}: {error}; choose another folder</source>
        <translation>нельзя использовать {folder}: {error}; выберите другую папку</translation>
    </message>
</context>
<context>
    <name>DraftsRow</name>
    <message>
        <source>Number of drafts</source>
        <translation>Число черновиков</translation>
    </message>
    <message>
        <source>Quick versions at half the size and half the steps, each its own seed; then finish the one you like (the gallery&apos;s More → Finish at full size)</source>
        <translation>Быстрые версии в половину размера и с половиной шагов, у каждой своё зерно; затем доведите понравившуюся (в галерее: Ещё → Довести до полного размера)</translation>
    </message>
    <message>
        <source>Time of the drafts and of the finish</source>
        <translation>Время черновиков и доводки</translation>
    </message>
    <message>
        <source>Try {count} drafts</source>
        <translation>Черновики: {count}</translation>
    </message>
</context>
<context>
    <name>ExtendDialog</name>
    <message>
        <source>Extend {name}</source>
        <translation>Расширить {name}</translation>
    </message>
    <message>
        <source>What the new area shows</source>
        <translation>Что показывает новая область</translation>
    </message>
    <message>
        <source>How freely the new area is painted: 100% ignores the picture&apos;s edge colours it starts from</source>
        <translation>Насколько свободно рисуется новая область: при 100% цвета края картинки, с которых она начинается, не учитываются</translation>
    </message>
    <message>
        <source>&amp;Queue</source>
        <translation>В &amp;очередь</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Pixels to add at the {side}</source>
        <translation>Сколько пикселей добавить {side}</translation>
    </message>
    <message>
        <source>&amp;Strength</source>
        <translation>&amp;Сила</translation>
    </message>
    <message>
        <source>&amp;Prompt</source>
        <translation>&amp;Промпт</translation>
    </message>
    <message>
        <source>The picture is {width}x{height}: choose how many pixels to add on each side.</source>
        <translation>Картинка {width}x{height}: выберите, сколько пикселей добавить с каждой стороны.</translation>
    </message>
    <message>
        <source>{width}x{height} grows to {new_width}x{new_height}; the picture itself is kept.</source>
        <translation>{width}x{height} станет {new_width}x{new_height}; сама картинка сохраняется.</translation>
    </message>
    <message>
        <source>Extending {name} when the jobs before it are done…</source>
        <translation>Расширяем {name}, когда закончатся предыдущие задания…</translation>
    </message>
    <message>
        <source>Extending {name}…</source>
        <translation>Расширяем {name}…</translation>
    </message>
</context>
<context>
    <name>Faces</name>
    <message>
        <source>Fix faces: repainting a face at {width}x{height}</source>
        <translation>Исправление лиц: лицо перерисовывается в размере {width}x{height}</translation>
    </message>
    <message>
        <source>no picture came</source>
        <translation>картинка не получена</translation>
    </message>
    <message>
        <source>Fix faces: a face could not be repainted ({why}); the picture keeps it as drawn</source>
        <translation>Исправление лиц: одно лицо не удалось перерисовать ({why}); на картинке оно остаётся как было</translation>
    </message>
</context>
<context>
    <name>FileField</name>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>Browse for: {file}</source>
        <translation>Выбрать: {file}</translation>
    </message>
    <message>
        <source>Models (*.gguf *.safetensors *.ckpt);;All files (*)</source>
        <translation>Модели (*.gguf *.safetensors *.ckpt);;Все файлы (*)</translation>
    </message>
</context>
<context>
    <name>FirstStart</name>
    <message>
        <source>Welcome to Polaris Studio</source>
        <translation>Добро пожаловать в Polaris Studio</translation>
    </message>
    <message>
        <source>Checking your graphics card, driver and this computer…</source>
        <translation>Проверяем видеокарту, драйвер и этот компьютер…</translation>
    </message>
    <message>
        <source>Looking for the model that suits your card…</source>
        <translation>Подбираем модель для вашей видеокарты…</translation>
    </message>
    <message>
        <source>Download of the recommended model</source>
        <translation>Загрузка рекомендуемой модели</translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation>&amp;Скачать</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>Ст&amp;оп</translation>
    </message>
    <message>
        <source>Pause the download: it goes on from where it stopped</source>
        <translation>Приостановить загрузку: она продолжится с того места, где остановилась</translation>
    </message>
    <message>
        <source>&amp;Make my first picture</source>
        <translation>&amp;Нарисовать первую картинку</translation>
    </message>
    <message>
        <source>Use the d&amp;emo model</source>
        <translation>Взять &amp;демо-модель</translation>
    </message>
    <message>
        <source>&amp;Not now</source>
        <translation>&amp;Потом</translation>
    </message>
    <message>
        <source>It is already here.</source>
        <translation>Она уже здесь.</translation>
    </message>
    <message>
        <source>&amp;Resume the download</source>
        <translation>П&amp;родолжить загрузку</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Подключение…</translation>
    </message>
    <message>
        <source>Downloading: {done} of {total}</source>
        <translation>Загрузка: {done} из {total}</translation>
    </message>
    <message>
        <source>The model is here and checked.</source>
        <translation>Модель на месте и проверена.</translation>
    </message>
    <message>
        <source>The download is paused: it goes on from where it stopped next time.</source>
        <translation>Загрузка приостановлена: в следующий раз она продолжится с того же места.</translation>
    </message>
    <message>
        <source>&amp;Try again</source>
        <translation>Попробовать &amp;ещё раз</translation>
    </message>
</context>
<context>
    <name>Folds</name>
    <message>
        <source>The drawing program&apos;s log</source>
        <translation>Журнал программы, которая рисует</translation>
    </message>
    <message>
        <source>Advanced settings</source>
        <translation>Дополнительные настройки</translation>
    </message>
</context>
<context>
    <name>Gallery</name>
    <message>
        <source>Rebuilding the gallery from your images…</source>
        <translation>Галерея собирается заново из ваших картинок…</translation>
    </message>
</context>
<context>
    <name>GalleryPanel</name>
    <message>
        <source>Search prompts…</source>
        <translation>Поиск по промптам…</translation>
    </message>
    <message>
        <source>Search the gallery&apos;s prompts</source>
        <translation>Поиск по промптам галереи</translation>
    </message>
    <message>
        <source>Show only my favourites</source>
        <translation>Показать только избранное</translation>
    </message>
    <message>
        <source>Favourites only</source>
        <translation>Только избранное</translation>
    </message>
    <message>
        <source>Gallery</source>
        <translation>Галерея</translation>
    </message>
    <message>
        <source>Reuse settings</source>
        <translation>Повторить настройки</translation>
    </message>
    <message>
        <source>Put this picture&apos;s prompt, model and settings back, its seed too: Generate draws the same picture again</source>
        <translation>Вернуть промпт, модель и настройки этой картинки, и её сид тоже: «Создать» нарисует ту же картинку снова</translation>
    </message>
    <message>
        <source>Favourite</source>
        <translation>В избранное</translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation>Копировать картинку</translation>
    </message>
    <message>
        <source>Reuse seed</source>
        <translation>Повторить сид</translation>
    </message>
    <message>
        <source>Copy parameters</source>
        <translation>Копировать параметры</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>Открыть папку</translation>
    </message>
    <message>
        <source>Move to trash</source>
        <translation>В корзину</translation>
    </message>
    <message>
        <source>Use as input</source>
        <translation>Взять за основу</translation>
    </message>
    <message>
        <source>Fix faces</source>
        <translation>Исправить лица</translation>
    </message>
    <message>
        <source>Repaint each face of the picture at the model&apos;s own size (as ADetailer); every other pixel is kept</source>
        <translation>Перерисовывает каждое лицо на картинке в родном размере модели (как ADetailer); все остальные пиксели сохраняются</translation>
    </message>
    <message>
        <source>Finish at full size</source>
        <translation>Довести до полного размера</translation>
    </message>
    <message>
        <source>Draw this draft (or any picture) again at the full size from itself: its composition is kept</source>
        <translation>Рисует этот черновик (или любую картинку) заново в полном размере из него самого: композиция сохраняется</translation>
    </message>
    <message>
        <source>Edit this picture</source>
        <translation>Изменить эту картинку</translation>
    </message>
    <message>
        <source>Upscale ×{factor}</source>
        <translation>Увеличить ×{factor}</translation>
    </message>
    <message>
        <source>Extend…</source>
        <translation>Расширить…</translation>
    </message>
    <message>
        <source>Make the picture larger on any side; the model paints the new area</source>
        <translation>Увеличить картинку с любой стороны; модель дорисует новую область</translation>
    </message>
    <message>
        <source>More</source>
        <translation>Ещё</translation>
    </message>
    <message>
        <source>More actions for the chosen image</source>
        <translation>Другие действия с выбранной картинкой</translation>
    </message>
    <message>
        <source>Images selected: {count}</source>
        <translation>Выбрано картинок: {count}</translation>
    </message>
    <message>
        <source>Edit this picture (needs a FLUX.2 klein model)</source>
        <translation>Изменить эту картинку (нужна модель FLUX.2 klein)</translation>
    </message>
    <message>
        <source>Make a new picture from this one, the prompt saying what to change</source>
        <translation>Сделать новую картинку из этой; промпт говорит, что изменить</translation>
    </message>
    <message>
        <source>Choose a FLUX.2 klein model to edit pictures</source>
        <translation>Выберите модель FLUX.2 klein, чтобы изменять картинки</translation>
    </message>
    <message>
        <source>Could not move {files} to the trash: it may be open in another program. Close it there and try again; the image stays in the gallery.</source>
        <translation>Не удалось переместить {files} в корзину: возможно, файл открыт в другой программе. Закройте его там и попробуйте снова; картинка остаётся в галерее.</translation>
    </message>
</context>
<context>
    <name>GenerateButtons</name>
    <message>
        <source>&amp;Generate</source>
        <translation>Со&amp;здать</translation>
    </message>
    <message>
        <source>Draw the picture (Ctrl+Enter)</source>
        <translation>Нарисовать картинку (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Stop drawing (Esc)</source>
        <translation>Остановить рисование (Esc)</translation>
    </message>
    <message>
        <source>Add to &amp;queue</source>
        <translation>В &amp;очередь</translation>
    </message>
    <message>
        <source>Queue these settings too; they run after the jobs before them</source>
        <translation>Поставить и эти настройки в очередь; они выполнятся после предыдущих заданий</translation>
    </message>
</context>
<context>
    <name>Generation</name>
    <message>
        <source>no live preview: cannot make its temporary folder ({error})</source>
        <translation>без живого предпросмотра: не удалось создать временную папку ({error})</translation>
    </message>
    <message>
        <source>the picture could not be finished ({error})</source>
        <translation>не удалось закончить картинку ({error})</translation>
    </message>
    <message>
        <source>the picture is kept without its settings: {why}</source>
        <translation>картинка сохранена без настроек: {why}</translation>
    </message>
    <message>
        <source>{error}{tried}: it is set aside, not in the gallery.</source>
        <translation>{error}{tried}: изображение отложено, его нет в галерее.</translation>
    </message>
    <message>
        <source>the gallery could not list the picture yet: {error}</source>
        <translation>галерея пока не смогла показать картинку: {error}</translation>
    </message>
    <message>
        <source>Even the safest placement ran out of video memory</source>
        <translation>Даже самому безопасному размещению не хватило видеопамяти</translation>
    </message>
    <message>
        <source>These memory settings ran out of video memory; automatic placement may fit</source>
        <translation>С этими настройками памяти не хватило видеопамяти; автоматическое размещение может поместиться</translation>
    </message>
    <message>
        <source>{error}. {advice}: try a smaller image, a lower quantization (Q4_K, T5-XXL q8_0) or SD 1.5.</source>
        <translation>{error}. {advice}: попробуйте картинку поменьше, более сильное квантование (Q4_K, T5-XXL q8_0) или SD 1.5.</translation>
    </message>
    <message>
        <source>The check doubted the picture ({error}), but the safer try drew the same picture: it is what the model drew, so it is kept.</source>
        <translation>Проверка усомнилась в картинке ({error}), но более безопасная попытка нарисовала ту же картинку: это то, что нарисовала модель, поэтому она сохранена.</translation>
    </message>
    <message>
        <source>{error}; trying once more {how}.</source>
        <translation>{error}; ещё одна попытка: {how}.</translation>
    </message>
    <message>
        <source> on the safer try too</source>
        <translation> и при более безопасной попытке</translation>
    </message>
    <message>
        <source>It is kept in {folder}</source>
        <translation>Она сохранена в {folder}</translation>
    </message>
    <message>
        <source>It is still in {file} ({why})</source>
        <translation>Она всё ещё в {file} ({why})</translation>
    </message>
    <message>
        <source>cannot use output folder {folder}: {error}</source>
        <translation>нельзя использовать папку для картинок {folder}: {error}</translation>
    </message>
</context>
<context>
    <name>ImageView</name>
    <message>
        <source>No picture yet: write a prompt and press Generate</source>
        <translation>Картинки пока нет: напишите промпт и нажмите «Создать»</translation>
    </message>
    <message>
        <source>Picture</source>
        <translation>Картинка</translation>
    </message>
    <message>
        <source>Previous picture</source>
        <translation>Предыдущая картинка</translation>
    </message>
    <message>
        <source>Previous picture in the gallery (Alt+Left)</source>
        <translation>Предыдущая картинка в галерее (Alt+Влево)</translation>
    </message>
    <message>
        <source>Next picture</source>
        <translation>Следующая картинка</translation>
    </message>
    <message>
        <source>Next picture in the gallery (Alt+Right)</source>
        <translation>Следующая картинка в галерее (Alt+Вправо)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Вписать</translation>
    </message>
    <message>
        <source>Fit to window</source>
        <translation>Вписать в окно</translation>
    </message>
    <message>
        <source>Show the whole picture (F)</source>
        <translation>Показать всю картинку (F)</translation>
    </message>
    <message>
        <source>Actual size</source>
        <translation>Реальный размер</translation>
    </message>
    <message>
        <source>One picture pixel per screen pixel (1)</source>
        <translation>Один пиксель картинки на пиксель экрана (1)</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Уменьшить</translation>
    </message>
    <message>
        <source>Zoom out (-)</source>
        <translation>Уменьшить (-)</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>Увеличить</translation>
    </message>
    <message>
        <source>Zoom in (+)</source>
        <translation>Увеличить (+)</translation>
    </message>
    <message>
        <source>preview of step {step}</source>
        <translation>предпросмотр шага {step}</translation>
    </message>
</context>
<context>
    <name>JobQueue</name>
    <message>
        <source>The picture could not be kept: {problem}</source>
        <translation>Не удалось сохранить картинку: {problem}</translation>
    </message>
    <message>
        <source>a card or computer named {name} is already in the queue</source>
        <translation>видеокарта или компьютер с именем {name} уже в очереди</translation>
    </message>
    <message>
        <source>{computer} is set aside: {why}. Its job waits for another card; tick {computer} in the queue to use it again.</source>
        <translation>{computer} отложен: {why}. Его задание ждёт другую видеокарту; отметьте {computer} в очереди, чтобы снова его использовать.</translation>
    </message>
    <message>
        <source>The job queue could not be saved ({error}); it is kept until the app closes.</source>
        <translation>Не удалось сохранить очередь заданий ({error}); она хранится, пока программа открыта.</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>Follow the system</source>
        <translation>Как в системе</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <source>The window will speak {language} when Polaris Studio starts again.</source>
        <translation>Окно заговорит на языке «{language}» при следующем запуске Polaris Studio.</translation>
    </message>
    <message>
        <source>A picture is being made now: restart the app after it is done.</source>
        <translation>Сейчас создаётся картинка: перезапустите программу, когда она будет готова.</translation>
    </message>
    <message>
        <source>&amp;Restart now</source>
        <translation>&amp;Перезапустить</translation>
    </message>
    <message>
        <source>&amp;Later</source>
        <translation>П&amp;озже</translation>
    </message>
</context>
<context>
    <name>LoraPicker</name>
    <message>
        <source>LoRA files (.safetensors, .gguf) in {folder}</source>
        <translation>Файлы LoRA (.safetensors, .gguf) в {folder}</translation>
    </message>
    <message>
        <source>LoRA weight</source>
        <translation>Вес LoRA</translation>
    </message>
    <message>
        <source>Add LoRA</source>
        <translation>Добавить LoRA</translation>
    </message>
    <message>
        <source>Add the chosen LoRA to the prompt</source>
        <translation>Добавить выбранную LoRA в промпт</translation>
    </message>
    <message>
        <source>LoRA folder…</source>
        <translation>Папка LoRA…</translation>
    </message>
    <message>
        <source>Put LoRA files in {folder}, or add them in the Models window</source>
        <translation>Положите файлы LoRA в {folder} или добавьте их в окне «Модели»</translation>
    </message>
    <message>
        <source>LoRAs this prompt uses</source>
        <translation>LoRA в этом промпте</translation>
    </message>
    <message>
        <source>{name} ({weight}) - not in the folder</source>
        <translation>{name} ({weight}) - нет в папке</translation>
    </message>
    <message>
        <source>Uses: {loras}</source>
        <translation>Использует: {loras}</translation>
    </message>
    <message>
        <source>No LoRA</source>
        <translation>Без LoRA</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Check s&amp;ystem</source>
        <translation>П&amp;роверка</translation>
    </message>
    <message>
        <source>Check the driver, Vulkan and this computer</source>
        <translation>Проверить драйвер, Vulkan и этот компьютер</translation>
    </message>
    <message>
        <source>Output &amp;folder…</source>
        <translation>Папка дл&amp;я картинок…</translation>
    </message>
    <message>
        <source>Get mod&amp;els…</source>
        <translation>Скача&amp;ть модели…</translation>
    </message>
    <message>
        <source>Download Flux, SD 1.5 or SDXL, or add model files you already have</source>
        <translation>Скачать Flux, SD 1.5 или SDXL либо добавить файлы моделей, которые у вас уже есть</translation>
    </message>
    <message>
        <source>Ad&amp;vanced</source>
        <translation>Дополн&amp;ительно</translation>
    </message>
    <message>
        <source>Model files, sampler, CFG, seed, memory and the plan</source>
        <translation>Файлы модели, сэмплер, CFG, сид, память и план</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <source>&amp;Details</source>
        <translation>Подро&amp;бности</translation>
    </message>
    <message>
        <source>The memory gauge, the switch that lets other apps draw here, and the log of the drawing program</source>
        <translation>Индикатор памяти, переключатель, разрешающий другим программам рисовать здесь, и журнал программы рисования</translation>
    </message>
    <message>
        <source>What the system check found</source>
        <translation>Что нашла проверка системы</translation>
    </message>
    <message>
        <source>About the demo model</source>
        <translation>О демо-модели</translation>
    </message>
    <message>
        <source>About the gallery</source>
        <translation>О галерее</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Модель</translation>
    </message>
    <message>
        <source>Out of video memory: upscaling again in tiles of {tile} px</source>
        <translation>Не хватило видеопамяти: увеличиваем снова кусками по {tile} px</translation>
    </message>
    <message>
        <source>Jobs from last time waiting in the queue: {count}. Press Run queue to draw them.</source>
        <translation>Задания с прошлого раза ждут в очереди: {count}. Нажмите «Запустить очередь», чтобы нарисовать их.</translation>
    </message>
    <message>
        <source>The demo model draws colourful noise, not your prompt. For real pictures: “{button}” beside the model picker.</source>
        <translation>Демо-модель рисует цветной шум, а не ваш запрос. Для настоящих картинок: «{button}» рядом с выбором модели.</translation>
    </message>
    <message>
        <source>Checking your graphics card, driver and this computer…</source>
        <translation>Проверяем видеокарту, драйвер и этот компьютер…</translation>
    </message>
    <message>
        <source>Full &amp;check…</source>
        <translation>&amp;Узнать больше…</translation>
    </message>
    <message>
        <source>Where finished images go</source>
        <translation>Куда сохранять готовые картинки</translation>
    </message>
    <message>
        <source>New images go to {folder}</source>
        <translation>Новые картинки сохраняются в {folder}</translation>
    </message>
    <message>
        <source>{name} carries no settings to reuse.</source>
        <translation>В {name} нет настроек, которые можно повторить.</translation>
    </message>
    <message>
        <source>Reused the settings, but these files are gone: {files}</source>
        <translation>Настройки повторены, но этих файлов больше нет: {files}</translation>
    </message>
    <message>
        <source>The settings of {name} are back, its seed {seed} too: Generate draws the same picture. For a new one, set Seed to random in Advanced.</source>
        <translation>Настройки {name} возвращены, и сид {seed} тоже: «Создать» нарисует ту же картинку. Для новой поставьте Сид на «случайный» в разделе «Дополнительно».</translation>
    </message>
    <message>
        <source>The next image starts from {name}; set the strength, or paint a mask to repaint only part of it.</source>
        <translation>Следующая картинка начнётся с {name}; задайте силу или нарисуйте маску, чтобы перерисовать только часть.</translation>
    </message>
    <message>
        <source>The next image edits {name}: write what to change as the prompt (e.g. &apos;make the sky stormy&apos;).</source>
        <translation>Следующая картинка изменит {name}: напишите в запросе, что поменять (например, «сделай небо грозовым»).</translation>
    </message>
    <message>
        <source>Fixing the faces of {name}…</source>
        <translation>Исправляются лица на {name}…</translation>
    </message>
    <message>
        <source>Drawing {count} drafts: pick the one you like in the gallery, then More → Finish at full size.</source>
        <translation>Рисуются черновики ({count}): выберите понравившийся в галерее, затем Ещё → Довести до полного размера.</translation>
    </message>
    <message>
        <source>Finishing {name} {how}…</source>
        <translation>Доводка {name} {how}…</translation>
    </message>
    <message>
        <source>No upscaler yet: download RealESRGAN x4plus anime 6B in the Models window, or add an ESRGAN model there.</source>
        <translation>Пока нет модели увеличения: скачайте RealESRGAN x4plus anime 6B в окне «Модели» или добавьте туда модель ESRGAN.</translation>
    </message>
    <message>
        <source>Upscaling {name} x{factor} with {model} when the jobs before it are done…</source>
        <translation>Увеличение {name} x{factor} моделью {model} после предыдущих заданий…</translation>
    </message>
    <message>
        <source>Upscaling {name} x{factor} with {model}…</source>
        <translation>Увеличение {name} x{factor} моделью {model}…</translation>
    </message>
    <message>
        <source>the demo&apos;s upscaler (noise, to show how it works)</source>
        <translation>демонстрационного увеличителя (шум, чтобы показать, как это работает)</translation>
    </message>
    <message>
        <source>Mod&amp;els…</source>
        <translation>Моде&amp;ли…</translation>
    </message>
</context>
<context>
    <name>MaskPainter</name>
    <message>
        <source>Mask: paint where the picture should change</source>
        <translation>Маска: закрасьте, где картинка должна измениться</translation>
    </message>
    <message>
        <source>No picture</source>
        <translation>Нет картинки</translation>
    </message>
    <message>
        <source>Brush size</source>
        <translation>Размер кисти</translation>
    </message>
    <message>
        <source>Eraser</source>
        <translation>Ластик</translation>
    </message>
    <message>
        <source>Erase the mask instead of painting it</source>
        <translation>Стирать маску вместо рисования</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Очистить</translation>
    </message>
    <message>
        <source>Invert</source>
        <translation>Инвертировать</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Отменить</translation>
    </message>
    <message>
        <source>Brush</source>
        <translation>Кисть</translation>
    </message>
</context>
<context>
    <name>ModelsWindow</name>
    <message>
        <source>installed</source>
        <translation>установлена</translation>
    </message>
    <message>
        <source>installed, unverified</source>
        <translation>установлена, не проверена</translation>
    </message>
    <message>
        <source>partly downloaded</source>
        <translation>скачана частично</translation>
    </message>
    <message>
        <source>not downloaded</source>
        <translation>не скачана</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Модели</translation>
    </message>
    <message>
        <source>Use another engine…</source>
        <translation>Взять другой движок…</translation>
    </message>
    <message>
        <source>Back to the app&apos;s engine</source>
        <translation>Вернуть движок приложения</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Скачать</translation>
    </message>
    <message>
        <source>This file&apos;s download</source>
        <translation>Загрузка этого файла</translation>
    </message>
    <message>
        <source>Download the engine</source>
        <translation>Скачать движок</translation>
    </message>
    <message>
        <source>Downloads stable-diffusion.cpp again from its makers, if the engine is missing or damaged.</source>
        <translation>Заново скачивает stable-diffusion.cpp у его авторов, если движка нет или он повреждён.</translation>
    </message>
    <message>
        <source>Build the engine</source>
        <translation>Собрать движок</translation>
    </message>
    <message>
        <source>Install the engine</source>
        <translation>Установить движок</translation>
    </message>
    <message>
        <source>Says how to get the engine for this copy of the app.</source>
        <translation>Подскажет, как получить движок для этой копии приложения.</translation>
    </message>
    <message>
        <source>The whole model&apos;s download</source>
        <translation>Загрузка всей модели</translation>
    </message>
    <message>
        <source>Add files I already have…</source>
        <translation>Добавить файлы, которые у меня есть…</translation>
    </message>
    <message>
        <source>Add a folder…</source>
        <translation>Добавить папку…</translation>
    </message>
    <message>
        <source>What was added</source>
        <translation>Что добавлено</translation>
    </message>
    <message>
        <source>Files you add are inspected and put in their slots here.</source>
        <translation>Добавленные файлы проверяются и раскладываются по своим местам здесь.</translation>
    </message>
    <message>
        <source>Does it see my graphics card?</source>
        <translation>Видит ли он мою видеокарту?</translation>
    </message>
    <message>
        <source>The engine&apos;s installation</source>
        <translation>Установка движка</translation>
    </message>
    <message>
        <source>The drawing engine is the program that turns your words into pictures: stable-diffusion.cpp, drawing on your graphics card through Vulkan. The app comes with one; you need these buttons only when it is missing or to try another one.</source>
        <translation>Движок рисования — это программа, которая превращает ваши слова в картинки: stable-diffusion.cpp, рисующий на вашей видеокарте через Vulkan. Он уже есть в приложении; эти кнопки нужны, только если его нет или чтобы попробовать другой.</translation>
    </message>
    <message>
        <source>Starts the engine once and says which graphics cards it can draw on.</source>
        <translation>Запускает движок один раз и говорит, на каких видеокартах он может рисовать.</translation>
    </message>
    <message>
        <source>Draws with a stable-diffusion.cpp program (sd-cli) that you built or downloaded yourself.</source>
        <translation>Рисует программой stable-diffusion.cpp (sd-cli), которую вы сами собрали или скачали.</translation>
    </message>
    <message>
        <source>Draws with the engine that came with the app again.</source>
        <translation>Снова рисует движком, который пришёл с приложением.</translation>
    </message>
    <message>
        <source>Models to download</source>
        <translation>Модели для загрузки</translation>
    </message>
    <message>
        <source>Files you already have</source>
        <translation>Ваши файлы</translation>
    </message>
    <message>
        <source>Drawing engine</source>
        <translation>Движок рисования</translation>
    </message>
    <message>
        <source>To make finished pictures bigger</source>
        <translation>Чтобы увеличить готовые картинки</translation>
    </message>
    <message>
        <source>To draw from a control picture (ControlNet, for SD 1.5 models): its outlines, a pose or its depth</source>
        <translation>Чтобы рисовать по управляющей картинке (ControlNet, для моделей SD 1.5): по её контурам, позе или глубине</translation>
    </message>
    <message>
        <source>This file</source>
        <translation>Этот файл</translation>
    </message>
    <message>
        <source>The whole model</source>
        <translation>Вся модель</translation>
    </message>
    <message>
        <source>Models folder: {folder}</source>
        <translation>Папка моделей: {folder}</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Продолжить</translation>
    </message>
    <message>
        <source>Check files</source>
        <translation>Проверить файлы</translation>
    </message>
    <message>
        <source>Licences: {licences}</source>
        <translation>Лицензии: {licences}</translation>
    </message>
    <message>
        <source>Download: {size}</source>
        <translation>Загрузка: {size}</translation>
    </message>
    <message>
        <source>uses about {ram} of RAM</source>
        <translation>занимает около {ram} ОЗУ</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Установлена</translation>
    </message>
    <message>
        <source>Looking at your graphics card to recommend a model…</source>
        <translation>Смотрим на видеокарту, чтобы порекомендовать модель…</translation>
    </message>
    <message>
        <source>Recommended for your {card}</source>
        <translation>Рекомендуется для {card}</translation>
    </message>
    <message>
        <source>Checking {file} ({number} of {count})</source>
        <translation>Проверка {file} ({number} из {count})</translation>
    </message>
    <message>
        <source>Downloading {file} ({number} of {count}) at {speed} MiB/s</source>
        <translation>Загрузка {file} ({number} из {count}), {speed} МиБ/с</translation>
    </message>
    <message>
        <source>, about {minutes} min left in all</source>
        <translation>, всего осталось около {minutes} мин</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} из {total}</translation>
    </message>
    <message>
        <source>{model}: every file is here and checked ({count} without a published fingerprint: theirs are noted, so a later change shows).</source>
        <translation>{model}: все файлы на месте и проверены ({count} без опубликованного отпечатка: их отпечатки записаны, так что изменение потом будет видно).</translation>
    </message>
    <message>
        <source>{model}: every file is here and checked.</source>
        <translation>{model}: все файлы на месте и проверены.</translation>
    </message>
    <message>
        <source>{model}: paused. Press Resume to go on from where it stopped.</source>
        <translation>{model}: пауза. Нажмите «Продолжить», чтобы продолжить с того же места.</translation>
    </message>
    <message>
        <source>{model}: {error}</source>
        <translation>{model}: {error}</translation>
    </message>
    <message>
        <source>Reading the files…</source>
        <translation>Читаем файлы…</translation>
    </message>
    <message>
        <source>Saved as &apos;{name}&apos; in the model picker.</source>
        <translation>Сохранено как «{name}» в выборе модели.</translation>
    </message>
    <message>
        <source>No model files there.</source>
        <translation>Там нет файлов моделей.</translation>
    </message>
    <message>
        <source>Model files ({patterns});;All files (*)</source>
        <translation>Файлы моделей ({patterns});;Все файлы (*)</translation>
    </message>
    <message>
        <source>Model files you already have</source>
        <translation>Файлы моделей, которые у вас уже есть</translation>
    </message>
    <message>
        <source>A folder with model files</source>
        <translation>Папка с файлами моделей</translation>
    </message>
    <message>
        <source>Makes the engine and the prompt helper&apos;s program from their source on this computer, when one is missing or damaged. It takes several minutes.</source>
        <translation>Собирает движок и программу помощника по промптам из исходного кода на этом компьютере, если одной из них нет или она повреждена. Это занимает несколько минут.</translation>
    </message>
    <message>
        <source>Asking the drawing engine which one it is…</source>
        <translation>Спрашиваем движок рисования, какой он…</translation>
    </message>
    <message>
        <source>No drawing engine that starts: {why}</source>
        <translation>Нет движка рисования, который запускается: {why}</translation>
    </message>
    <message>
        <source>It lacks some of the ways the app saves video memory ({missing}): big models may not fit your card with it.</source>
        <translation>В нём нет некоторых способов экономить видеопамять, которыми пользуется приложение ({missing}): с ним большие модели могут не поместиться на вашу видеокарту.</translation>
    </message>
    <message>
        <source>It has every way the app saves video memory.</source>
        <translation>В нём есть все способы экономить видеопамять, которыми пользуется приложение.</translation>
    </message>
    <message>
        <source>Drawing now: {program} ({origin})
{version}
{savers}</source>
        <translation>Сейчас рисует: {program} ({origin})
{version}
{savers}</translation>
    </message>
    <message>
        <source>Starting the drawing engine to see which graphics cards it finds…</source>
        <translation>Запускаем движок рисования, чтобы узнать, какие видеокарты он находит…</translation>
    </message>
    <message>
        <source>Drawing with {program} from now on.</source>
        <translation>Теперь рисует {program}.</translation>
    </message>
    <message>
        <source>Drawing with the app&apos;s own engine again.</source>
        <translation>Снова рисует движок самого приложения.</translation>
    </message>
    <message>
        <source>Your stable-diffusion.cpp program (sd-cli)</source>
        <translation>Ваша программа stable-diffusion.cpp (sd-cli)</translation>
    </message>
    <message>
        <source>The drawing engine is installed.</source>
        <translation>Движок рисования установлен.</translation>
    </message>
</context>
<context>
    <name>NoticeBar</name>
    <message>
        <source>Hide this message</source>
        <translation>Скрыть это сообщение</translation>
    </message>
</context>
<context>
    <name>OneWindow</name>
    <message>
        <source>Polaris Studio is already open for this data folder, but it does not answer. Wait a moment and start it again; if it still does not come forward, end it (Task Manager on Windows, System Monitor on Linux) and start it again.</source>
        <translation>Polaris Studio уже открыт для этой папки данных, но не отвечает. Подождите немного и запустите его снова; если окно так и не появится, завершите его (Диспетчер задач в Windows, Системный монитор в Linux) и запустите снова.</translation>
    </message>
</context>
<context>
    <name>OtherApps</name>
    <message>
        <source>Let other apps use this PC</source>
        <translation>Пустить другие программы на этот ПК</translation>
    </message>
    <message>
        <source>Apps such as SillyTavern, Open WebUI or a script draw here through the A1111 or OpenAI way of asking; their pictures wait in the queue like yours</source>
        <translation>Программы вроде SillyTavern, Open WebUI или скрипт рисуют здесь, обращаясь как к A1111 или OpenAI; их картинки ждут в очереди, как ваши</translation>
    </message>
    <message>
        <source>Network…</source>
        <translation>Сеть…</translation>
    </message>
    <message>
        <source>Let other computers of your network draw here too</source>
        <translation>Разрешить рисовать здесь и другим компьютерам вашей сети</translation>
    </message>
    <message>
        <source>Draw on other computers…</source>
        <translation>Рисовать на других компьютерах…</translation>
    </message>
    <message>
        <source>Add another computer running Polaris Studio, sd-server, A1111, Forge or koboldcpp: it draws this queue&apos;s pictures beside your card</source>
        <translation>Добавьте другой компьютер с Polaris Studio, sd-server, A1111, Forge или koboldcpp: он рисует картинки этой очереди вместе с вашей видеокартой</translation>
    </message>
    <message>
        <source>Off: the last time the app opened, it stopped while letting other apps in. Tick the switch to try again.</source>
        <translation>Выключено: в прошлый раз приложение остановилось, когда открывало доступ другим приложениям. Отметьте флажок, чтобы попробовать снова.</translation>
    </message>
    <message>
        <source>This window was opened without the part that answers other apps.</source>
        <translation>Это окно открыто без части, которая отвечает другим программам.</translation>
    </message>
    <message>
        <source>The parts that answer other apps could not be loaded ({error}): reinstall the app.</source>
        <translation>Не удалось загрузить части, отвечающие другим программам ({error}): переустановите программу.</translation>
    </message>
    <message>
        <source>Port {port} is used by another program (another drawing app?): close it and try again.</source>
        <translation>Порт {port} занят другой программой (другой рисовалкой?): закройте её и попробуйте снова.</translation>
    </message>
    <message>
        <source>Other apps could not be let in ({error}). The switch is off; the app&apos;s log has the details: {log}</source>
        <translation>Не удалось открыть доступ другим приложениям ({error}). Флажок снят; подробности в журнале приложения: {log}</translation>
    </message>
    <message>
        <source>Off: only this window draws here.</source>
        <translation>Выключено: рисует только это окно.</translation>
    </message>
    <message>
        <source>On: apps on this PC use {address}</source>
        <translation>Включено: программы этого ПК обращаются по адресу {address}</translation>
    </message>
    <message>
        <source>Other computers: http://{address}:{port} with the key {key}</source>
        <translation>Другие компьютеры: http://{address}:{port} с ключом {key}</translation>
    </message>
    <message>
        <source>Other computers</source>
        <translation>Другие компьютеры</translation>
    </message>
    <message>
        <source>Apps expect 7860; choose another where A1111 itself runs on this PC</source>
        <translation>Приложения ожидают 7860; выберите другой, если на этом ПК работает сам A1111</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Порт:</translation>
    </message>
    <message>
        <source>Let other computers of my network draw here</source>
        <translation>Разрешить другим компьютерам моей сети рисовать здесь</translation>
    </message>
    <message>
        <source>Apps on other computers must give this key (where the app asks for an API key). Anyone with it can draw on your graphics card: let in only computers you trust.</source>
        <translation>Программы на других компьютерах должны указать этот ключ (там, где программа просит ключ API). Любой, у кого он есть, может рисовать на вашей видеокарте: пускайте только компьютеры, которым доверяете.</translation>
    </message>
</context>
<context>
    <name>PictureInput</name>
    <message>
        <source>Start from a picture…</source>
        <translation>Начать с картинки…</translation>
    </message>
    <message>
        <source>Choose a picture to start from</source>
        <translation>Выбрать картинку для начала</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Убрать</translation>
    </message>
    <message>
        <source>Start from noise again, without a picture</source>
        <translation>Снова начинать с шума, без картинки</translation>
    </message>
    <message>
        <source>none: drop a picture here</source>
        <translation>нет: перетащите картинку сюда</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>Сила</translation>
    </message>
    <message>
        <source>How much of the picture changes: low keeps it close, 100% ignores it</source>
        <translation>Насколько меняется картинка: мало — остаётся похожей, 100% — не учитывается</translation>
    </message>
    <message>
        <source>Repaint only where I paint</source>
        <translation>Перерисовать только закрашенное</translation>
    </message>
    <message>
        <source>Inpainting: paint over the picture what should change; the rest is kept</source>
        <translation>Inpainting: закрасьте на картинке то, что должно измениться; остальное сохранится</translation>
    </message>
    <message>
        <source>Start from a picture</source>
        <translation>Начать с картинки</translation>
    </message>
    <message>
        <source>Pictures ({patterns})</source>
        <translation>Картинки ({patterns})</translation>
    </message>
</context>
<context>
    <name>PlanView</name>
    <message>
        <source>Memory plan</source>
        <translation>План памяти</translation>
    </message>
    <message>
        <source>Memory plan in short</source>
        <translation>План памяти кратко</translation>
    </message>
    <message>
        <source>Memory: your own settings (no automatic retry).</source>
        <translation>Память: ваши собственные настройки (без автоматического повтора).</translation>
    </message>
    <message>
        <source>Memory: your own settings.</source>
        <translation>Память: ваши собственные настройки.</translation>
    </message>
    <message>
        <source>the driver did not say how much memory the card has</source>
        <translation>драйвер не сообщил, сколько памяти у видеокарты</translation>
    </message>
    <message>
        <source>Memory plan: not yet ({reason}).</source>
        <translation>План памяти: пока нет ({reason}).</translation>
    </message>
</context>
<context>
    <name>Programs</name>
    <message>
        <source>{program} not found: {path}</source>
        <translation>{program} не найден: {path}</translation>
    </message>
    <message>
        <source>{program} is not an executable file: {path}</source>
        <translation>{program} не является исполняемым файлом: {path}</translation>
    </message>
    <message>
        <source>{program} is not a program: {path}</source>
        <translation>{program} не является программой: {path}</translation>
    </message>
</context>
<context>
    <name>PromptHelper</name>
    <message>
        <source>The prompt helper&apos;s program is missing or damaged: install Polaris Studio again.</source>
        <translation>Программа помощника по промптам отсутствует или повреждена: установите Polaris Studio заново.</translation>
    </message>
    <message>
        <source>The prompt helper&apos;s program is missing or damaged: build the drawing engine again (Models &gt; Drawing engine &gt; Build the engine).</source>
        <translation>Программа помощника по промптам отсутствует или повреждена: соберите движок рисования заново (Модели &gt; Движок рисования &gt; Собрать движок).</translation>
    </message>
    <message>
        <source>asking the prompt helper&apos;s program what it offers</source>
        <translation>спрашиваем движок помощника по промптам, что он умеет</translation>
    </message>
    <message>
        <source>The prompt helper&apos;s program is not built yet: Models &gt; Drawing engine &gt; Build the engine makes it (a few minutes).</source>
        <translation>Программа помощника по промптам ещё не собрана: Модели &gt; Движок рисования &gt; Собрать движок соберёт её (несколько минут).</translation>
    </message>
    <message>
        <source>the prompt helper&apos;s program could not run: {why}</source>
        <translation>движок помощника по промптам не удалось запустить: {why}</translation>
    </message>
    <message>
        <source>{program} is not the llama-server this app needs (it lacks {flags})</source>
        <translation>{program} — не тот llama-server, который нужен программе (в нём нет {flags})</translation>
    </message>
    <message>
        <source>loading the text model: {place}</source>
        <translation>загружаем текстовую модель: {place}</translation>
    </message>
    <message>
        <source>the text model took too long to load</source>
        <translation>текстовая модель загружалась слишком долго</translation>
    </message>
    <message>
        <source>writing…</source>
        <translation>пишет…</translation>
    </message>
    <message>
        <source>the prompt helper could not answer: {why}</source>
        <translation>помощник по промптам не смог ответить: {why}</translation>
    </message>
    <message>
        <source>the prompt helper gave an empty answer; try again</source>
        <translation>помощник по промптам дал пустой ответ; попробуйте ещё раз</translation>
    </message>
    <message>
        <source>the prompt helper&apos;s program could not start</source>
        <translation>движок помощника по промптам не запустился</translation>
    </message>
    <message>
        <source>the prompt helper needs {name} ({size}) in the models folder: Improve offers the download in the window, or run: python -m app models download {preset} (it is also the text encoder of the Z-Image and FLUX.2 klein presets)</source>
        <translation>помощнику по промптам нужна {name} ({size}) в папке моделей: кнопка «Улучшить» предложит скачать её в окне, или выполните: python -m app models download {preset} (это также кодировщик текста пресетов Z-Image и FLUX.2 klein)</translation>
    </message>
</context>
<context>
    <name>PromptHelperView</name>
    <message>
        <source>Prompt helper&apos;s suggestion</source>
        <translation>Предложение помощника по промптам</translation>
    </message>
    <message>
        <source>Improve</source>
        <translation>Улучшить</translation>
    </message>
    <message>
        <source>Improve the prompt</source>
        <translation>Улучшить промпт</translation>
    </message>
    <message>
        <source>A text model on this computer writes a detailed prompt from your idea, or translates your prompt into English</source>
        <translation>Текстовая модель на этом компьютере пишет подробный промпт по вашей идее или переводит ваш промпт на английский</translation>
    </message>
    <message>
        <source>&amp;Enhance: write a detailed prompt from my idea</source>
        <translation>&amp;Улучшить: написать подробный промпт по моей идее</translation>
    </message>
    <message>
        <source>&amp;Translate into English</source>
        <translation>&amp;Перевести на английский</translation>
    </message>
    <message>
        <source>Use the &amp;graphics card when it is free</source>
        <translation>Использовать &amp;видеокарту, когда она свободна</translation>
    </message>
    <message>
        <source>Faster, when no picture is being drawn and the model fits; otherwise it runs on the processor</source>
        <translation>Быстрее, когда ничего не рисуется и модель помещается; иначе работает на процессоре</translation>
    </message>
    <message>
        <source>What the prompt helper is doing</source>
        <translation>Что делает помощник по промптам</translation>
    </message>
    <message>
        <source>Suggested prompt</source>
        <translation>Предложенный промпт</translation>
    </message>
    <message>
        <source>Use it</source>
        <translation>Вставить</translation>
    </message>
    <message>
        <source>Put this in the prompt (Ctrl+Z there brings your own words back)</source>
        <translation>Вставить это в промпт (Ctrl+Z там вернёт ваши слова)</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Стоп</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Отбросить</translation>
    </message>
    <message>
        <source>Write your idea in the prompt first, then ask again.</source>
        <translation>Сначала напишите идею в промпте, затем попросите снова.</translation>
    </message>
    <message>
        <source>Write the prompt to translate first, then ask again.</source>
        <translation>Сначала напишите промпт для перевода, затем попросите снова.</translation>
    </message>
    <message>
        <source>It needs {name} ({size}) in the models folder.</source>
        <translation>Нужен {name} ({size}) в папке моделей.</translation>
    </message>
    <message>
        <source>Starting the prompt helper…</source>
        <translation>Запускаем помощника по промптам…</translation>
    </message>
    <message>
        <source>The demo&apos;s text model {where}; it writes random words here, to show how the helper works.</source>
        <translation>Демонстрационная текстовая модель {where}; она пишет здесь случайные слова, чтобы показать, как работает помощник.</translation>
    </message>
    <message>
        <source>The prompt helper {where}; its words appear here as it writes.</source>
        <translation>Помощник по промптам {where}; его текст появляется здесь по мере написания.</translation>
    </message>
    <message>
        <source>Downloading {file}…</source>
        <translation>Загрузка {file}…</translation>
    </message>
    <message>
        <source>Download {model}</source>
        <translation>Скачать {model}</translation>
    </message>
    <message>
        <source>{file}, the prompt helper&apos;s text model, is also the text encoder of the Z-Image and FLUX.2 klein presets: one download, two uses.</source>
        <translation>{file}, текстовая модель помощника по промптам, — это и текстовый кодировщик наборов Z-Image и FLUX.2 klein: одна загрузка, два применения.</translation>
    </message>
    <message>
        <source>Written in {seconds} s by the demo&apos;s text model: random words, not a real suggestion.</source>
        <translation>Написано за {seconds} с демонстрационной текстовой моделью: случайные слова, а не настоящее предложение.</translation>
    </message>
    <message>
        <source>Written in {seconds} s. Edit it if you like, then Use it.</source>
        <translation>Написано за {seconds} с. Поправьте, если хотите, и нажмите «Вставить».</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Остановлено.</translation>
    </message>
    <message>
        <source>Downloading {file}: {done} of {total}</source>
        <translation>Загрузка {file}: {done} из {total}</translation>
    </message>
    <message>
        <source>Download paused. Press Download to go on from where it stopped.</source>
        <translation>Загрузка приостановлена. Нажмите «Скачать», чтобы продолжить с того же места.</translation>
    </message>
    <message>
        <source>The download failed: {error}</source>
        <translation>Загрузка не удалась: {error}</translation>
    </message>
</context>
<context>
    <name>PromptListDialog</name>
    <message>
        <source>Prompt list</source>
        <translation>Список промптов</translation>
    </message>
    <message>
        <source>One prompt a line; each is drawn with the same seed and settings.
Lines starting with # are skipped.</source>
        <translation>Один промпт на строку; каждый рисуется с тем же сидом и настройками.
Строки, начинающиеся с #, пропускаются.</translation>
    </message>
    <message>
        <source>Prompts, one a line</source>
        <translation>Промпты, по одному на строку</translation>
    </message>
    <message>
        <source>&amp;Load a .txt file…</source>
        <translation>&amp;Открыть файл .txt…</translation>
    </message>
    <message>
        <source>Read {name}</source>
        <translation>Прочитан {name}</translation>
    </message>
    <message>
        <source>Cannot read {name}: {error}</source>
        <translation>Не удаётся прочитать {name}: {error}</translation>
    </message>
    <message>
        <source>A text file with one prompt a line</source>
        <translation>Текстовый файл, по промпту на строку</translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation>Текстовые файлы (*.txt);;Все файлы (*)</translation>
    </message>
</context>
<context>
    <name>PromptPanel</name>
    <message>
        <source>&amp;Square</source>
        <translation>К&amp;вадрат</translation>
    </message>
    <message>
        <source>Square picture</source>
        <translation>Квадратная картинка</translation>
    </message>
    <message>
        <source>Po&amp;rtrait</source>
        <translation>&amp;Портрет</translation>
    </message>
    <message>
        <source>Portrait picture</source>
        <translation>Вертикальная картинка</translation>
    </message>
    <message>
        <source>&amp;Landscape</source>
        <translation>П&amp;ейзаж</translation>
    </message>
    <message>
        <source>Landscape picture</source>
        <translation>Горизонтальная картинка</translation>
    </message>
    <message>
        <source>C&amp;ustom</source>
        <translation>&amp;Другой</translation>
    </message>
    <message>
        <source>Custom picture</source>
        <translation>Свой размер</translation>
    </message>
    <message>
        <source>Describe the image… (Ctrl+Enter draws it)</source>
        <translation>Опишите картинку… (Ctrl+Enter рисует)</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Промпт</translation>
    </message>
    <message>
        <source>What to avoid (optional)</source>
        <translation>Чего избегать (необязательно)</translation>
    </message>
    <message>
        <source>Negative prompt</source>
        <translation>Негативный промпт</translation>
    </message>
    <message>
        <source>&amp;Negative prompt</source>
        <translation>&amp;Негатив</translation>
    </message>
    <message>
        <source>Show the negative prompt</source>
        <translation>Показать негативный промпт</translation>
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
        <source>Width in pixels</source>
        <translation>Ширина в пикселях</translation>
    </message>
    <message>
        <source>Height in pixels</source>
        <translation>Высота в пикселях</translation>
    </message>
    <message>
        <source>Picture size</source>
        <translation>Размер картинки</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Шаги</translation>
    </message>
    <message>
        <source>More steps: more detail, more time. The model&apos;s preset sets a good default.</source>
        <translation>Больше шагов — больше деталей и больше времени. Пресет модели задаёт хорошее значение.</translation>
    </message>
    <message>
        <source>Complete downloads from the Models window and sets of your own files</source>
        <translation>Полностью загруженные модели из окна «Модели» и наборы ваших файлов</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message>
        <source>&amp;Automatic</source>
        <translation>&amp;Автоматически</translation>
    </message>
    <message>
        <source>Stop editing</source>
        <translation>Прекратить изменение</translation>
    </message>
    <message>
        <source>&amp;On</source>
        <translation>Вклю&amp;чить</translation>
    </message>
    <message>
        <source>Hires fix: a second pass at a larger size</source>
        <translation>Hires fix: второй проход в большем размере</translation>
    </message>
    <message>
        <source>Draws at the chosen size, then enlarges and refines it (A1111&apos;s hires fix)</source>
        <translation>Рисует в выбранном размере, затем увеличивает и дорабатывает (hires fix из A1111)</translation>
    </message>
    <message>
        <source>Fix faces</source>
        <translation>Исправить лица</translation>
    </message>
    <message>
        <source>Finds each face in the new picture and repaints it at the model&apos;s own size (as A1111&apos;s ADetailer); every other pixel is kept</source>
        <translation>Находит каждое лицо на новой картинке и перерисовывает его в родном размере модели (как ADetailer в A1111); все остальные пиксели сохраняются</translation>
    </message>
    <message>
        <source>Fix faces denoising strength</source>
        <translation>Сила шумоподавления при исправлении лиц</translation>
    </message>
    <message>
        <source>Control picture</source>
        <translation>Управляющая картинка</translation>
    </message>
    <message>
        <source>A sketch, an edge, pose or depth map the picture follows (or a photo, its edges found)</source>
        <translation>Набросок, карта контуров, позы или глубины, которой следует картинка (или фото, у которого будут найдены контуры)</translation>
    </message>
    <message>
        <source>ControlNet model</source>
        <translation>Модель ControlNet</translation>
    </message>
    <message>
        <source>ControlNet strength</source>
        <translation>Сила ControlNet</translation>
    </message>
    <message>
        <source>Find its edges (a photo)</source>
        <translation>Найти контуры (для фото)</translation>
    </message>
    <message>
        <source>On the processor</source>
        <translation>На процессоре</translation>
    </message>
    <message>
        <source>Keeps the ControlNet off a small card: slower, but it needs no video memory</source>
        <translation>Держит ControlNet вне небольшой видеокарты: медленнее, зато не нужна видеопамять</translation>
    </message>
    <message>
        <source>Hires fix scale</source>
        <translation>Масштаб hires fix</translation>
    </message>
    <message>
        <source>Hires fix denoising strength</source>
        <translation>Сила шумоподавления hires fix</translation>
    </message>
    <message>
        <source>S&amp;teps</source>
        <translation>&amp;Шаги</translation>
    </message>
    <message>
        <source>The planner chooses where each part goes, and retries safer when VRAM runs out</source>
        <translation>Планировщик решает, где будет каждая часть, и повторяет безопаснее, если не хватает видеопамяти</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Память</translation>
    </message>
    <message>
        <source>denoising</source>
        <translation>шумоподавление</translation>
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
        <translation>Картинка</translation>
    </message>
    <message>
        <source>Sized for {family}</source>
        <translation>Размер для {family}</translation>
    </message>
    <message>
        <source>Editing {name}: the prompt says what to change</source>
        <translation>Изменяется {name}: промпт говорит, что поменять</translation>
    </message>
</context>
<context>
    <name>Queue</name>
    <message>
        <source>the drawing program stopped without a picture</source>
        <translation>рисующая программа остановилась без картинки</translation>
    </message>
</context>
<context>
    <name>QueueStrip</name>
    <message>
        <source>waiting</source>
        <translation>ждёт</translation>
    </message>
    <message>
        <source>running</source>
        <translation>выполняется</translation>
    </message>
    <message>
        <source>done</source>
        <translation>готово</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>ошибка</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>отменено</translation>
    </message>
    <message>
        <source>, {time} left</source>
        <translation>, осталось {time}</translation>
    </message>
    <message>
        <source> on {card}</source>
        <translation> ({card})</translation>
    </message>
    <message>
        <source>running step {step}/{steps}</source>
        <translation>выполняется шаг {step}/{steps}</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>запуск</translation>
    </message>
    <message>
        <source>waiting for Run queue — {reason}</source>
        <translation>ждёт «Запустить очередь» — {reason}</translation>
    </message>
    <message>
        <source>waiting for Run queue</source>
        <translation>ждёт «Запустить очередь»</translation>
    </message>
    <message>
        <source>failed: {reason}</source>
        <translation>ошибка: {reason}</translation>
    </message>
    <message>
        <source>waiting — {reason}</source>
        <translation>ждёт — {reason}</translation>
    </message>
    <message>
        <source> — for another app on this PC</source>
        <translation> — для другой программы на этом ПК</translation>
    </message>
    <message>
        <source> — for the computer at {address}</source>
        <translation> — для компьютера {address}</translation>
    </message>
    <message>
        <source>Job queue</source>
        <translation>Очередь заданий</translation>
    </message>
    <message>
        <source>Queue summary: show or hide the jobs</source>
        <translation>Сводка очереди: показать или скрыть задания</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Выше</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Ниже</translation>
    </message>
    <message>
        <source>Cancel job</source>
        <translation>Отменить задание</translation>
    </message>
    <message>
        <source>Cancel all</source>
        <translation>Отменить все</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Повторить</translation>
    </message>
    <message>
        <source>Keep it</source>
        <translation>Сохранить</translation>
    </message>
    <message>
        <source>Keep the picture the check set aside: into the output folder and the gallery</source>
        <translation>Сохранить картинку, отложенную проверкой: в папку вывода и в галерею</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>Убрать завершённые</translation>
    </message>
    <message>
        <source>Run queue</source>
        <translation>Запустить очередь</translation>
    </message>
    <message>
        <source>Run the jobs that wait (those left from last time wait for this)</source>
        <translation>Запустить ждущие задания (оставшиеся с прошлого раза ждут этой кнопки)</translation>
    </message>
    <message>
        <source>Computers</source>
        <translation>Компьютеры</translation>
    </message>
    <message>
        <source>Let other computers&apos; image servers draw the queue&apos;s pictures too</source>
        <translation>Пусть серверы изображений других компьютеров тоже рисуют картинки из очереди</translation>
    </message>
    <message>
        <source>Add a computer…</source>
        <translation>Добавить компьютер…</translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>Не удалось: {reason}</translation>
    </message>
    <message>
        <source>No jobs</source>
        <translation>Заданий нет</translation>
    </message>
    <message>
        <source>Remove {computer}</source>
        <translation>Убрать {computer}</translation>
    </message>
</context>
<context>
    <name>ResourceGauge</name>
    <message>
        <source>VRAM: waiting for the driver…</source>
        <translation>Видеопамять: ждём драйвер…</translation>
    </message>
    <message>
        <source>Video memory of each card</source>
        <translation>Видеопамять каждой видеокарты</translation>
    </message>
    <message>
        <source>VRAM: unknown</source>
        <translation>Видеопамять: неизвестно</translation>
    </message>
    <message>
        <source>VRAM: {total} GiB total (use not reported)</source>
        <translation>Видеопамять: всего {total} ГиБ (занятость неизвестна)</translation>
    </message>
    <message>
        <source>VRAM: {used} / {total} GiB</source>
        <translation>Видеопамять: {used} / {total} ГиБ</translation>
    </message>
    <message>
        <source>RAM: {used} / {total} GiB</source>
        <translation>ОЗУ: {used} / {total} ГиБ</translation>
    </message>
    <message>
        <source>sd.cpp uses {size} GiB of RAM</source>
        <translation>sd.cpp занимает {size} ГиБ ОЗУ</translation>
    </message>
    <message>
        <source>{card}: VRAM unknown</source>
        <translation>{card}: видеопамять неизвестна</translation>
    </message>
    <message>
        <source>{card}: {total} GiB (use not reported)</source>
        <translation>{card}: {total} ГиБ (занятость неизвестна)</translation>
    </message>
    <message>
        <source>{card}: {used} / {total} GiB VRAM</source>
        <translation>{card}: {used} / {total} ГиБ видеопамяти</translation>
    </message>
</context>
<context>
    <name>Secrets</name>
    <message>
        <source>This computer has no keyring (such as GNOME Keyring or KWallet), so the tokens and keys for other computers are kept in {file}, which only you can read.</source>
        <translation>На этом компьютере нет хранилища паролей (например, GNOME Keyring или KWallet), поэтому токены и ключи других компьютеров хранятся в {file}, который можете прочитать только вы.</translation>
    </message>
</context>
<context>
    <name>StatusLine</name>
    <message>
        <source>Ready</source>
        <translation>Готово к работе</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Ход работы</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>&amp;Keep it</source>
        <translation>&amp;Сохранить</translation>
    </message>
    <message>
        <source>Keep the picture the check set aside: into the output folder and the gallery</source>
        <translation>Сохранить картинку, отложенную проверкой: в папку вывода и в галерею</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Запуск…</translation>
    </message>
    <message>
        <source>Upscaling…</source>
        <translation>Увеличение…</translation>
    </message>
    <message>
        <source>Step {done}/{total}</source>
        <translation>Шаг {done}/{total}</translation>
    </message>
    <message>
        <source>The first try ran out of video memory; it was tried again, safer: {plan}</source>
        <translation>Первой попытке не хватило видеопамяти; повторили безопаснее: {plan}</translation>
    </message>
    <message>
        <source>The graphics card stopped answering on the first try and its driver reset it; it was tried again, safer: {plan}</source>
        <translation>Видеокарта перестала отвечать с первой попытки, и драйвер её перезапустил; попробовали ещё раз, осторожнее: {plan}</translation>
    </message>
    <message>
        <source>The first try drew a broken picture; it was tried again, safer: {plan}</source>
        <translation>Первая попытка дала испорченную картинку; повторили безопаснее: {plan}</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Готово</translation>
    </message>
    <message>
        <source>Saved {file}</source>
        <translation>Сохранено: {file}</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Отменено</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Отменено.</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Ошибка</translation>
    </message>
    <message>
        <source>The job before failed: {why}</source>
        <translation>Предыдущее задание не удалось: {why}</translation>
    </message>
</context>
<context>
    <name>StylesDialog</name>
    <message>
        <source>Styles</source>
        <translation>Стили</translation>
    </message>
    <message>
        <source>Your styles</source>
        <translation>Ваши стили</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Добавить</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Удалить</translation>
    </message>
    <message>
        <source>Style name</source>
        <translation>Имя стиля</translation>
    </message>
    <message>
        <source>Style prompt</source>
        <translation>Промпт стиля</translation>
    </message>
    <message>
        <source>photo of {prompt}, natural light</source>
        <translation>photo of {prompt}, natural light</translation>
    </message>
    <message>
        <source>Style negative prompt</source>
        <translation>Негативный промпт стиля</translation>
    </message>
    <message>
        <source>blurry, drawing</source>
        <translation>blurry, drawing</translation>
    </message>
    <message>
        <source>Write {prompt} where your prompt goes; without it, the style&apos;s words go after your prompt. The negative prompt is added to yours.</source>
        <translation>Напишите {prompt} там, где должен стоять ваш промпт; без этого слова стиля идут после вашего промпта. Негативный промпт добавляется к вашему.</translation>
    </message>
    <message>
        <source>&amp;Wildcards folder…</source>
        <translation>Папка подс&amp;тановок…</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>&amp;Имя</translation>
    </message>
    <message>
        <source>&amp;Prompt</source>
        <translation>&amp;Промпт</translation>
    </message>
    <message>
        <source>Ne&amp;gative</source>
        <translation>&amp;Негативный</translation>
    </message>
    <message>
        <source>New style</source>
        <translation>Новый стиль</translation>
    </message>
    <message>
        <source>New style {number}</source>
        <translation>Новый стиль {number}</translation>
    </message>
    <message>
        <source>The styles could not be saved: {why}</source>
        <translation>Не удалось сохранить стили: {why}</translation>
    </message>
</context>
<context>
    <name>StylesPicker</name>
    <message>
        <source>Styles</source>
        <translation>Стили</translation>
    </message>
    <message>
        <source>Describe the picture. {red|green|blue} picks one of the words for each picture; __colors__ picks a line of colors.txt in the wildcards folder (Styles ▸ Open the wildcards folder).</source>
        <translation>Опишите картинку. {red|green|blue} выбирает одно из слов для каждой картинки; __colors__ выбирает строку из colors.txt в папке подстановок (Стили ▸ Открыть папку подстановок).</translation>
    </message>
    <message>
        <source>Styles: {names}</source>
        <translation>Стили: {names}</translation>
    </message>
    <message>
        <source>Styles add their words to your prompt and negative prompt when you press Generate ({keys})</source>
        <translation>Стили добавляют свои слова в ваш промпт и негативный промпт, когда вы нажимаете «Создать» ({keys})</translation>
    </message>
    <message>
        <source>&amp;Edit styles…</source>
        <translation>&amp;Изменить стили…</translation>
    </message>
    <message>
        <source>Open the &amp;wildcards folder</source>
        <translation>Открыть папку &amp;подстановок</translation>
    </message>
</context>
</TS>
