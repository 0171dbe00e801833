-- The dashboard's database. One row per thing that happened, never rewritten except `games`
-- (a game's outcome changes when an event is undone) and `matches.status`.
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT UNIQUE NOT NULL
);

CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL DEFAULT (datetime('now')),
    variant TEXT NOT NULL,
    deck INTEGER NOT NULL,
    dealer TEXT NOT NULL,
    options TEXT NOT NULL,          -- JSON object, names of RULES.md
    camera TEXT NOT NULL,           -- 'live' (events from the live source) or 'manual'
    source TEXT NOT NULL,           -- who created it: 'setup' or 'demo'
    status TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'closed'))
);

CREATE TABLE IF NOT EXISTS match_seats (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    seat INTEGER NOT NULL,          -- 0-based, clockwise
    name TEXT NOT NULL,             -- 'dummy' for the dummy's seat
    player_id INTEGER REFERENCES players (id),   -- NULL for the dummy
    PRIMARY KEY (match_id, seat)
);

-- A match's own settings, e.g. 'seat_calibration': the seats the players clicked on a camera
-- frame (JSON: {"seats": {name: [x, y]}, "frame": [width, height]}, frame pixels).
CREATE TABLE IF NOT EXISTS match_settings (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (match_id, key)
);

-- Every event as it arrived, in order; `kind` 'event' is a notation event (EVENTS.md), 'undo'
-- takes back the last applied one. Restoring a match replays these rows.
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id INTEGER NOT NULL REFERENCES matches (id),
    game INTEGER NOT NULL,          -- game number when the event arrived
    kind TEXT NOT NULL CHECK (kind IN ('event', 'undo')),
    body TEXT NOT NULL,             -- the event as JSON
    origin TEXT NOT NULL,           -- 'manual', 'live', 'demo', 'correction'
    created_at TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX IF NOT EXISTS events_by_match ON events (match_id, id);

CREATE TABLE IF NOT EXISTS verdicts (
    event_id INTEGER PRIMARY KEY REFERENCES events (id),
    ok INTEGER NOT NULL,
    applied INTEGER NOT NULL,       -- the referee took the event into the game
    rule TEXT,
    message TEXT NOT NULL,
    message_ru TEXT NOT NULL,
    judged INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS games (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    number INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    fool TEXT,
    draw INTEGER NOT NULL,
    winners TEXT NOT NULL,          -- JSON list, play_for_winner only
    PRIMARY KEY (match_id, number)
);

-- One row per seat per finished game: what the scores add up.
CREATE TABLE IF NOT EXISTS game_results (
    match_id INTEGER NOT NULL,
    number INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players (id),
    result TEXT NOT NULL CHECK (result IN ('fool', 'win', 'draw')),
    PRIMARY KEY (match_id, number, player_id)
);

CREATE TABLE IF NOT EXISTS foul_snapshots (
    event_id INTEGER PRIMARY KEY REFERENCES events (id),
    image BLOB NOT NULL,            -- JPEG of the table when the foul was called
    thumbnail BLOB NOT NULL
);
