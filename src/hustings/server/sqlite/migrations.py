"""The SQLite store's schema, as its history: every migration, in order, never edited once released."""

from __future__ import annotations

#: versioned migrations: (version, statements). Applied in order, each in its own transaction, recorded in
#: schema_migrations; never edit a released one, add the next.
MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (1, (
        """CREATE TABLE tables (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            seed TEXT NOT NULL,
            rules_version TEXT NOT NULL,
            engine_version TEXT NOT NULL,
            rng TEXT NOT NULL,
            settings TEXT NOT NULL,
            status TEXT NOT NULL,
            created_at REAL NOT NULL,
            rematch_of TEXT,
            steps INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX tables_status ON tables (status)",
        """CREATE TABLE seats (
            table_id TEXT NOT NULL REFERENCES tables (id),
            seat INTEGER NOT NULL,
            token_hash TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL DEFAULT '',
            joined INTEGER NOT NULL DEFAULT 0,
            ready INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (table_id, seat)
        )""",
        """CREATE TABLE actions (
            table_id TEXT NOT NULL REFERENCES tables (id),
            step INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action INTEGER NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (table_id, step)
        )""",
    )),
    # a batch of moves in ONE statement (SqliteStore._one_statement): each row inserted into this view checks
    # its table's step, logs the move and counts it, or aborts the whole statement
    (2, (
        """CREATE VIEW move_log (table_id, step, seat, action, at, over) AS
            SELECT table_id, step, seat, action, at, 0 FROM actions WHERE 0""",
        """CREATE TRIGGER move_log_insert INSTEAD OF INSERT ON move_log
        BEGIN
            SELECT RAISE(ABORT, 'stale step or unknown table')
                WHERE NEW.step IS NOT (SELECT steps FROM tables WHERE id = NEW.table_id);
            INSERT INTO actions (table_id, step, seat, action, at)
                VALUES (NEW.table_id, NEW.step, NEW.seat, NEW.action, NEW.at);
            UPDATE tables SET steps = NEW.step + 1, status = CASE WHEN NEW.over THEN 'over' ELSE status END
                WHERE id = NEW.table_id;
        END""",
    )),
    # seats belong to whoever claims them (issue 23): any number of secrets a seat (one per device of its person),
    # invite codes of free seats, one-time device codes, the host's; hashes only. Every stored seat token carries
    # on as that seat's secret, so the links of today keep working. seats.token_hash stays (a column of version 1)
    # and new tables fill it with a value no token hashes to.
    (3, (
        """CREATE TABLE seat_secrets (
            hash TEXT PRIMARY KEY,
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            expires_at REAL
        )""",
        "CREATE INDEX seat_secrets_seat ON seat_secrets (table_id, seat)",
        "INSERT INTO seat_secrets (hash, table_id, seat, kind) SELECT token_hash, table_id, seat, 'seat' FROM seats",
    )),
    # the lobby's housekeeping (Hub.sweep): until when a creator keeps a table waiting for players, and the
    # sweep's walk through the lobby in creation order
    (4, (
        "ALTER TABLE tables ADD COLUMN kept_until REAL NOT NULL DEFAULT 0",
        "CREATE INDEX tables_lobby_age ON tables (status, created_at, id)",
    )),
    # open tables and personal keys (issue 25): the list of public tables waiting for players (a row while the
    # table is in the lobby: the trigger unlists it when its status leaves the lobby, the table's deletion takes
    # it along); personal keys (hashes only) and the seat secrets tied to each: a tie counts only while its secret
    # lives (read joined with seat_secrets; the seat changed hands: it is dead), and goes with its table
    (5, (
        """CREATE TABLE open_tables (
            table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
            game TEXT NOT NULL,
            listed_at REAL NOT NULL
        )""",
        "CREATE INDEX open_tables_age ON open_tables (listed_at, table_id)",
        "CREATE INDEX open_tables_game ON open_tables (game, listed_at, table_id)",
        """CREATE TRIGGER open_tables_unlist AFTER UPDATE OF status ON tables
            WHEN OLD.status = 'lobby' AND NEW.status != 'lobby'
        BEGIN
            DELETE FROM open_tables WHERE table_id = NEW.id;
        END""",
        """CREATE TABLE player_keys (
            hash TEXT PRIMARY KEY,
            created_at REAL NOT NULL
        )""",
        """CREATE TABLE key_seats (
            key_hash TEXT NOT NULL REFERENCES player_keys (hash) ON DELETE CASCADE,
            secret_hash TEXT NOT NULL,
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            tied_at REAL NOT NULL,
            PRIMARY KEY (key_hash, secret_hash)
        )""",
        "CREATE INDEX key_seats_secret ON key_seats (secret_hash)",
        "CREATE INDEX key_seats_seat ON key_seats (key_hash, table_id, seat)",
    )),
    # the chat at each table (issue 25): a line numbered per table, its seat, when, and its kind and body (the text,
    # or a quick phrase's key). Version 5 is another branch's (public tables): versions apply by number, not order.
    (6, (
        """CREATE TABLE chat (
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            n INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            at REAL NOT NULL,
            kind TEXT NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (table_id, n)
        )""",
    )),
    # turn notices (issue 25, point 4; hustings.server.notify): where a seat is told it is its turn with its browser
    # closed, kept apart from the game (never in its record) and deleted when it ends; the server's Web Push key
    (7, (
        """CREATE TABLE notify_targets (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            address TEXT NOT NULL,
            key TEXT NOT NULL,
            lang TEXT NOT NULL,
            unsubscribe_hash TEXT NOT NULL UNIQUE,
            notified_turn INTEGER NOT NULL DEFAULT -1,
            created_at REAL NOT NULL,
            UNIQUE (table_id, seat, kind, key)
        )""",
        """CREATE TABLE server_keys (
            name TEXT PRIMARY KEY,
            value TEXT NOT NULL
        )""",
    )),
    # who made each move (issue 25, point 6): the seat's person, its own bot, or a stand-in for its person, so that
    # the marks of a stand-in's moves and each person's last own move outlive the process. Rows stored before have
    # NULL (not known): read as the person's move, never taken back by the undo. The move_log view and its trigger
    # (version 2) are made again with the column (dropping a view drops its triggers).
    (8, (
        "ALTER TABLE actions ADD COLUMN made_by TEXT CHECK (made_by IN ('person', 'bot', 'stand_in'))",
        "DROP VIEW move_log",
        """CREATE VIEW move_log (table_id, step, seat, action, at, over, made_by) AS
            SELECT table_id, step, seat, action, at, 0, made_by FROM actions WHERE 0""",
        """CREATE TRIGGER move_log_insert INSTEAD OF INSERT ON move_log
        BEGIN
            SELECT RAISE(ABORT, 'stale step or unknown table')
                WHERE NEW.step IS NOT (SELECT steps FROM tables WHERE id = NEW.table_id);
            INSERT INTO actions (table_id, step, seat, action, at, made_by)
                VALUES (NEW.table_id, NEW.step, NEW.seat, NEW.action, NEW.at, NEW.made_by);
            UPDATE tables SET steps = NEW.step + 1, status = CASE WHEN NEW.over THEN 'over' ELSE status END
                WHERE id = NEW.table_id;
        END""",
    )),
    # a move counts its table without naming `status` (issue 22, point 5): an UPDATE that sets a column rewrites
    # every index holding it (tables_status, tables_lobby_age) and fires the triggers of `UPDATE OF` it
    # (open_tables_unlist) even when the value stays; only the last move of a game sets it
    (9, (
        "DROP TRIGGER move_log_insert",
        """CREATE TRIGGER move_log_insert INSTEAD OF INSERT ON move_log
        BEGIN
            SELECT RAISE(ABORT, 'stale step or unknown table')
                WHERE NEW.step IS NOT (SELECT steps FROM tables WHERE id = NEW.table_id);
            INSERT INTO actions (table_id, step, seat, action, at, made_by)
                VALUES (NEW.table_id, NEW.step, NEW.seat, NEW.action, NEW.at, NEW.made_by);
            UPDATE tables SET steps = NEW.step + 1 WHERE id = NEW.table_id;
            UPDATE tables SET status = 'over' WHERE NEW.over AND id = NEW.table_id;
        END""",
    )),
)
