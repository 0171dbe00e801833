"""Russian and English: English text is the key, RUSSIAN holds its translation."""

from __future__ import annotations

from flask import Flask, g, has_request_context, request

from .cards import card_label
from .event_text import describe_event
from .next_hint import next_hint

LANGUAGES = ("en", "ru")

RUSSIAN: dict[str, str] = {
    # navigation and pages
    "Durak table": "Стол для дурака", "Live": "Игра", "Control": "Управление",
    "Setup": "Настройка", "Scores": "Счёт", "History": "История", "PIN": "PIN-код",
    "Match": "Матч", "Replay": "Повтор", "Game": "Игра", "games": "игр",
    # state
    "Trump": "Козырь", "Stock": "Колода", "Discard": "Бито", "Variant": "Вариант",
    "Next": "Дальше", "Player": "Игрок", "Cards": "Карт", "Known": "Известные",
    "attacks": "ходит", "defends": "отбивается", "out": "вышел", "dummy": "болван",
    "The table is empty.": "На столе пусто.", "The defender takes.": "Отбивающийся берёт.",
    "Open table": "Открытые карты", "Piles": "Стопки", "fools": "дураки", "wins": "победы",
    "draws": "ничьи", "fool": "дурак", "draw": "ничья", "winners": "победители",
    "No match is running.": "Матч не идёт.", "Set one up": "Начать матч",
    "in progress": "идёт",
    # live
    "Verdicts": "Решения судьи", "Sound on": "Включить звук", "Foul": "Нарушение",
    "The table, live": "Стол, прямая трансляция", "The table": "Стол", "Accepted": "Принято",
    "No camera: enter events by hand.": "Камеры нет: вводите ходы вручную.",
    "Choose an answer.": "Выберите ответ.",
    "That question was already answered.": "На этот вопрос уже ответили.",
    "No video yet.": "Видео пока нет.", "None of these": "Ничего из этого",
    "Camera: connecting…": "Камера: подключение…", "Camera: live": "Камера: в эфире",
    "Camera: reconnecting…": "Камера: переподключение…",
    "Camera: the video ended": "Камера: видео закончилось",
    "Camera: stopped": "Камера: остановлена",
    "The camera lost the deal: this game is not judged until the hands are entered by hand "
    "(a deal with the hands), or the game is ended on the control page.":
        "Камера потеряла раздачу: эта игра не судится, пока руки не введены вручную "
        "(сдача с руками) или игра не закончена на странице управления.",
    "The camera lost the game's step after guessing the hands: it judges no more of this "
    "game; enter the events by hand, or end the game on the control page (who was the "
    "fool), and it follows the next one.":
        "Камера сбилась с хода игры, угадав руки: эту игру она больше не судит; вводите "
        "ходы вручную или закончите игру на странице управления (кто остался дураком), "
        "и она будет следить за следующей.",
    # control
    "Click the cards": "Нажмите на карты", "Beats / on the table card": "Бьёт карту на столе",
    "Count": "Сколько", "To": "Кому", "No trump": "Нет козыря", "Attack": "Ход",
    "Throw in": "Подкинуть", "Beat": "Побить", "Transfer": "Перевести", "Take": "Беру",
    "Pass": "Пас", "Draw": "Добор", "Declare lowest trump": "Младший козырь",
    "Trump card": "Козырная карта", "Deal": "Сдача", "Pass on": "Передать",
    "Open draw": "Открыть карту", "Place card": "Положить карту", "Undo": "Отменить",
    "Next game": "Следующая игра",
    "End this game by your word": "Закончить игру с ваших слов",
    "For a game the camera lost or you finished off the record: it counts as you say, and the "
    "next game starts.": "Для игры, которую камера потеряла или которую вы доиграли без записи: "
    "она засчитывается, как вы скажете, и начинается следующая.",
    "Went out (none: a draw)": "Вышли (никто: ничья)", "The fool": "Дурак",
    "nobody (a draw)": "никто (ничья)", "End the game": "Закончить игру",
    "Correct a card": "Исправить карту", "Event": "Событие",
    "Read as": "Распознана как", "Really": "На самом деле", "Correct": "Исправить",
    "Any event as one JSON line": "Любое событие одной строкой JSON", "Send": "Отправить",
    "The last event was taken back.": "Последнее событие отменено.",
    "Nothing to take back.": "Отменять нечего.",
    "No match is running: set one up first.": "Матч не идёт: сначала настройте его.",
    "Give the card as read and the card it really is.":
        "Укажите, как карта распознана и какая она на самом деле.",
    "That event does not hold that card.": "В этом событии нет такой карты.",
    "That event cannot be corrected.": "Это событие исправить нельзя.",
    "Choose the event to correct.": "Выберите событие для исправления.",
    "Click the cards first.": "Сначала нажмите на карты.",
    "Click exactly one card for this action.": "Для этого действия нажмите ровно одну карту.",
    "Choose the table card the defence beats.": "Выберите карту на столе, которую бьют.",
    "A card was chosen twice.": "Карта выбрана дважды.",
    "Give the number of cards drawn (1-52), or click them.":
        "Укажите число добранных карт (1-52) или нажмите на них.",
    "That event is too long.": "Событие слишком длинное.",
    'An event is a JSON object with a "type", e.g. {"type": "discard"}.':
        'Событие: объект JSON с полем "type", например {"type": "discard"}.',
    # setup
    "New match": "Новый матч", "Players, clockwise": "Игроки по часовой стрелке",
    "Seat": "Место", "Dummy's seat (dummy variant)": "Место болвана (дурак с болваном)",
    "Deck and dealer": "Колода и сдающий", "cards": "карт", "First dealer": "Первый сдающий",
    "by lot": "по жребию", "Options": "Правила", "After a fool": "После дурака",
    "Camera": "Камера", "None: I enter events by hand": "Нет: ввожу ходы вручную",
    "The live source": "Источник видео", "Start the match": "Начать матч",
    "Play the demo": "Показать демо",
    "variant classic": "подкидной", "variant transfer": "переводной",
    "variant dummy": "с болваном", "variant round": "круглый", "variant cross": "крестовый",
    "under": "под дурака", "from_under": "из-под дурака",
    "no_trump_lowest_card": "без козырей ходит младшая карта",
    "lead_group": "можно ходить несколькими картами", "early_throw_in": "подкидывать сразу",
    "first_bout_5": "первый отбой — 5 карт", "defender_last": "отбивавшийся добирает последним",
    "active_dummy": "болван ходит и отбивается", "bout_leader": "болваном играет заходящий",
    "ninth_card_centre": "девятая карта — козырь в центре",
    "play_for_winner": "игра на победителя", "place_continues": "положил — тянет ещё",
    "Choose a variant.": "Выберите вариант.",
    "Choose a deck of 36 or 52 cards.": "Выберите колоду на 36 или 52 карты.",
    "Write the names of at least two players.": "Впишите имена хотя бы двух игроков.",
    "Two players have the same name.": "У двух игроков одинаковое имя.",
    '"dummy" is the name of the dummy\'s seat: choose another name.':
        '"dummy" — имя места болвана: выберите другое имя.',
    "Choose the dummy's seat.": "Выберите место болвана.",
    "Choose the dealer among the players.": "Выберите сдающего среди игроков.",
    "Choose who leads after a fool: under or from under.":
        "Выберите, кто ходит после дурака: под дурака или из-под дурака.",
    "Choose the camera or manual entry.": "Выберите камеру или ручной ввод.",
    "A name cannot hold control characters.": "Имя не может содержать управляющие символы.",
    # seats on the camera
    "Seats on the camera": "Места на камере",
    "Click on the picture where each player sits, in the order of the setup. The camera gives"
    " cards to the seat they lie nearest to and came in from.":
        "Нажмите на картинке, где сидит каждый игрок, в порядке настройки. Камера отдаёт карту"
        " тому месту, к которому она ближе и откуда пришла.",
    "Now: the players' clicks.": "Сейчас: места, отмеченные игроками.",
    "Now: the default (seats round the edge of the picture, the first at the bottom).":
        "Сейчас: по умолчанию (места по краю картинки, первое внизу).",
    "Click where {name} sits.": "Нажмите, где сидит {name}.",
    "Every seat has its place: save them.": "У каждого места есть точка: сохраните их.",
    "Save the seats": "Сохранить места", "New picture": "Новый кадр",
    "Reset to the default": "Вернуть по умолчанию",
    "The picture's size is missing or wrong: click on the picture.":
        "Размер картинки не указан или неверен: нажмите на картинку.",
    "{name}'s place is outside the picture.": "Место {name} за пределами картинки.",
    "{name} and {other} are at the same place.": "{name} и {other} отмечены в одном месте.",
    "The seats are saved: the camera uses them from the next card on.":
        "Места сохранены: камера учитывает их со следующей карты.",
    "The seats are back to the default.": "Места снова по умолчанию.",
    "Mark the seats on the camera's picture": "Отметить места на картинке камеры",
    # scores and history
    "This match": "Этот матч", "All matches": "Все матчи",
    "No finished games yet.": "Законченных игр пока нет.", "Started": "Начат",
    "Seats": "Места", "Fouls": "Нарушения", "running": "идёт", "demo": "демо",
    "No matches yet.": "Матчей пока нет.", "Replay step by step": "Повтор по шагам",
    "step": "шаг", "back": "назад", "forward": "вперёд", "Event log": "Журнал событий",
    "There is no such match.": "Такого матча нет.", "A step is a number.": "Шаг — это число.",
    "A match is chosen by its number.": "Матч выбирают по номеру.",
    "No picture was kept for that event.": "Снимка для этого события нет.",
    # PIN and errors
    "Viewing is open to everyone; to change anything, enter the PIN the server printed at start.":
        "Смотреть могут все; чтобы что-то изменить, введите PIN-код, который сервер вывел"
        " при запуске.",
    "Enter": "Войти", "Wrong PIN.": "Неверный PIN-код.",
    "Too many wrong PINs: wait a minute.": "Слишком много неверных PIN-кодов: подождите минуту.",
    "Enter the PIN the server printed at start to change anything.":
        "Чтобы что-то изменить, введите PIN-код, который сервер вывел при запуске.",
    "The form is out of date (CSRF check failed): reload the page.":
        "Форма устарела (проверка CSRF не прошла): обновите страницу.",
    "Bad Request": "Неверный запрос", "Forbidden": "Запрещено", "Not Found": "Не найдено",
    "Conflict": "Конфликт", "Request Entity Too Large": "Слишком большой запрос",
    "Too Many Requests": "Слишком много запросов", "Method Not Allowed": "Метод не разрешён",
    "Internal Server Error": "Внутренняя ошибка сервера",
}

# Keys that are not English sentences themselves.
ENGLISH: dict[str, str] = {
    "variant classic": "classic (podkidnoy)", "variant transfer": "transfer (perevodnoy)",
    "variant dummy": "with a dummy", "variant round": "round", "variant cross": "cross",
    "under": "under the fool", "from_under": "from under the fool",
    "no_trump_lowest_card": "no trump: the lowest card leads",
    "lead_group": "lead several cards of one rank", "early_throw_in": "throw in at once",
    "first_bout_5": "first bout: at most 5", "defender_last": "the defender draws last",
    "active_dummy": "the dummy attacks and defends",
    "bout_leader": "each bout's leader plays the dummy",
    "ninth_card_centre": "the centre trump is the ninth card",
    "play_for_winner": "play for a winner", "place_continues": "after placing, draw again",
}


def lang() -> str:
    if not has_request_context():
        return "en"
    if "lang" not in g:
        chosen = request.cookies.get("lang", "")
        g.lang = chosen if chosen in LANGUAGES else (
            request.accept_languages.best_match(LANGUAGES) or "en")
    return str(g.lang)


def t(text: str) -> str:
    if lang() == "ru":
        return RUSSIAN.get(text, text)
    return ENGLISH.get(text, text)


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(t=t, lang=lang)
    app.jinja_env.filters["t"] = t
    app.jinja_env.filters["variant_name"] = lambda variant: t("variant " + variant)
    app.jinja_env.filters["card"] = lambda code: card_label(code, lang())
    app.jinja_env.filters["event_text"] = lambda event: describe_event(event, lang())
    app.jinja_env.filters["next_hint"] = lambda hint: next_hint(hint, lang())
