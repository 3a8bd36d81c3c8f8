"""The PostgreSQL store's schema, as its history: every migration, in order, never edited once released."""

from __future__ import annotations

#: first key of every advisory lock we take (the second is the game's hashed id, or 0 for migrations), so ours
#: never collide with another application's locks on a shared database
LOCK_NAMESPACE = 0x6875_7374  # "hust"

#: versioned migrations: (version, statements), applied in order, each version in its own transaction and recorded
#: in schema_migrations. Never edit a released one; add the next.
MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (1, (
        """CREATE TABLE tables (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options JSONB NOT NULL,
            seed NUMERIC(40, 0) NOT NULL,
            rules_version TEXT NOT NULL,
            engine_version TEXT NOT NULL,
            rng TEXT NOT NULL,
            settings JSONB NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'over')),
            created_at DOUBLE PRECISION NOT NULL,
            rematch_of TEXT,
            steps INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX tables_status ON tables (status)",
        """CREATE TABLE seats (
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            token_hash TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL DEFAULT '',
            joined BOOLEAN NOT NULL DEFAULT FALSE,
            ready BOOLEAN NOT NULL DEFAULT FALSE,
            PRIMARY KEY (table_id, seat)
        )""",
        """CREATE TABLE actions (
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            step INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action INTEGER NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (table_id, step)
        )""",
        # The serialisation point, in the database so that it costs one round trip. Returns the number of actions
        # the table held: equal to p_step when the move was stored, -1 when there is no such table.
        f"""CREATE FUNCTION hustings_append(p_table TEXT, p_step INTEGER, p_seat INTEGER, p_action INTEGER,
                                            p_at DOUBLE PRECISION, p_over BOOLEAN)
        RETURNS INTEGER LANGUAGE plpgsql AS $$
        DECLARE held INTEGER;
        BEGIN
            PERFORM pg_advisory_xact_lock({LOCK_NAMESPACE}, hashtext(p_table));
            SELECT steps INTO held FROM tables WHERE id = p_table;
            IF NOT FOUND THEN RETURN -1; END IF;
            IF held <> p_step THEN RETURN held; END IF;
            INSERT INTO actions (table_id, step, seat, action, at) VALUES (p_table, p_step, p_seat, p_action, p_at);
            UPDATE tables SET steps = p_step + 1, status = CASE WHEN p_over THEN 'over' ELSE status END
                WHERE id = p_table;
            RETURN held;
        END $$""",
        # Undo: the same lock and check; returns the number of actions held (-1: no table), and deletes only when
        # that is p_expected and 0 <= p_step <= held (the caller tells the two refusals apart).
        f"""CREATE FUNCTION hustings_truncate(p_table TEXT, p_step INTEGER, p_expected INTEGER)
        RETURNS INTEGER LANGUAGE plpgsql AS $$
        DECLARE held INTEGER;
        BEGIN
            PERFORM pg_advisory_xact_lock({LOCK_NAMESPACE}, hashtext(p_table));
            SELECT steps INTO held FROM tables WHERE id = p_table;
            IF NOT FOUND THEN RETURN -1; END IF;
            IF held <> p_expected OR p_step < 0 OR p_step > held THEN RETURN held; END IF;
            DELETE FROM actions WHERE table_id = p_table AND step >= p_step;
            UPDATE tables SET steps = p_step, status = CASE WHEN status = 'over' THEN 'playing' ELSE status END
                WHERE id = p_table;
            RETURN held;
        END $$""",
    )),
    (2, (
        # Group commit: many moves (of different tables) in one transaction, one round trip, one WAL flush. Each
        # move is checked and stored as hustings_append does (a stale one is refused alone: nothing raises), the
        # games' locks taken in hashtext order so that two processes' batches can never deadlock.
        """CREATE FUNCTION hustings_append_many(p_tables TEXT[], p_steps INTEGER[], p_seats INTEGER[],
                                                p_actions INTEGER[], p_ats DOUBLE PRECISION[], p_overs BOOLEAN[])
        RETURNS INTEGER[] LANGUAGE plpgsql AS $$
        DECLARE held INTEGER[] := array_fill(0, ARRAY[cardinality(p_tables)]); i INTEGER;
        BEGIN
            FOR i IN SELECT n FROM generate_subscripts(p_tables, 1) AS n ORDER BY hashtext(p_tables[n]), n LOOP
                held[i] := hustings_append(p_tables[i], p_steps[i], p_seats[i], p_actions[i], p_ats[i], p_overs[i]);
            END LOOP;
            RETURN held;
        END $$""",
    )),
    (3, (
        # Who is connected where: a row per (table, seat, server process) holding a live connection, refreshed by
        # that process every PRESENCE_S (its clock: the database's, so processes' clocks need not agree). A row not
        # refreshed for PRESENCE_TTL_S belongs to a process that died: nobody is there.
        """CREATE TABLE presence (
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            origin TEXT NOT NULL,
            seen_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (table_id, seat, origin)
        )""",
        "CREATE INDEX presence_origin ON presence (origin)",
    )),
    # seats belong to whoever claims them (issue 23): any number of secrets a seat (one per device of its person),
    # invite codes of free seats, one-time device codes, the host's; hashes only. Every stored seat token carries
    # on as that seat's secret, so the links of today keep working. seats.token_hash stays (a column of version 1)
    # and new tables fill it with a value no token hashes to.
    (4, (
        """CREATE TABLE seat_secrets (
            hash TEXT PRIMARY KEY,
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            expires_at DOUBLE PRECISION
        )""",
        "CREATE INDEX seat_secrets_seat ON seat_secrets (table_id, seat)",
        "INSERT INTO seat_secrets (hash, table_id, seat, kind) SELECT token_hash, table_id, seat, 'seat' FROM seats",
    )),
    # the lobby's housekeeping (Hub.sweep): until when a creator keeps a table waiting for players, and the
    # sweep's walk through the lobby in creation order
    (5, (
        "ALTER TABLE tables ADD COLUMN kept_until DOUBLE PRECISION NOT NULL DEFAULT 0",
        "CREATE INDEX tables_lobby_age ON tables (status, created_at, id)",
    )),
    # open tables and personal keys (issue 25): the list of public tables waiting for players (a row while the
    # table is in the lobby: the trigger unlists it when its status leaves the lobby, the table's deletion takes
    # it along); personal keys (hashes only) and the seat secrets tied to each: a tie counts only while its secret
    # lives (read joined with seat_secrets; the seat changed hands: it is dead), and goes with its table
    (6, (
        """CREATE TABLE open_tables (
            table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
            game TEXT NOT NULL,
            listed_at DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX open_tables_age ON open_tables (listed_at, table_id)",
        "CREATE INDEX open_tables_game ON open_tables (game, listed_at, table_id)",
        """CREATE FUNCTION hustings_unlist() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM open_tables WHERE table_id = NEW.id;
            RETURN NULL;
        END $$""",
        """CREATE TRIGGER open_tables_unlist AFTER UPDATE OF status ON tables FOR EACH ROW
            WHEN (OLD.status = 'lobby' AND NEW.status <> 'lobby') EXECUTE PROCEDURE hustings_unlist()""",
        """CREATE TABLE player_keys (
            hash TEXT PRIMARY KEY,
            created_at DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE key_seats (
            key_hash TEXT NOT NULL REFERENCES player_keys (hash) ON DELETE CASCADE,
            secret_hash TEXT NOT NULL,
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            tied_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (key_hash, secret_hash)
        )""",
        "CREATE INDEX key_seats_secret ON key_seats (secret_hash)",
        "CREATE INDEX key_seats_seat ON key_seats (key_hash, table_id, seat)",
    )),
    # the chat at each table (issue 25): a line numbered per table, its seat, when, and its kind and body (the text,
    # or a quick phrase's key). Version 6 is another branch's (public tables): versions apply by number, not order.
    (7, (
        """CREATE TABLE chat (
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            n INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            kind TEXT NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (table_id, n)
        )""",
    )),
    # turn notices (issue 25, point 4; hustings.server.notify): where a seat is told it is its turn with its browser
    # closed, kept apart from the game (never in its record) and deleted when it ends; the server's Web Push key
    (8, (
        """CREATE TABLE notify_targets (
            id BIGSERIAL PRIMARY KEY,
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            address TEXT NOT NULL,
            key TEXT NOT NULL,
            lang TEXT NOT NULL,
            unsubscribe_hash TEXT NOT NULL UNIQUE,
            notified_turn INTEGER NOT NULL DEFAULT -1,
            created_at DOUBLE PRECISION NOT NULL,
            UNIQUE (table_id, seat, kind, key)
        )""",
        """CREATE TABLE server_keys (
            name TEXT PRIMARY KEY,
            value TEXT NOT NULL
        )""",
    )),
    # who made each move (issue 25, point 6): the seat's person, its own bot, or a stand-in for its person, so that
    # the marks of a stand-in's moves and each person's last own move outlive a process and reach the others. Rows
    # stored before (and by a process of the previous release, through the functions of versions 1 and 2, which
    # stay for it during an upgrade) have NULL: not known, read as the person's move and never taken back.
    (9, (
        "ALTER TABLE actions ADD COLUMN made_by TEXT CHECK (made_by IN ('person', 'bot', 'stand_in'))",
        f"""CREATE FUNCTION hustings_append_by(p_table TEXT, p_step INTEGER, p_seat INTEGER, p_action INTEGER,
                                               p_at DOUBLE PRECISION, p_over BOOLEAN, p_by TEXT)
        RETURNS INTEGER LANGUAGE plpgsql AS $$
        DECLARE held INTEGER;
        BEGIN
            PERFORM pg_advisory_xact_lock({LOCK_NAMESPACE}, hashtext(p_table));
            SELECT steps INTO held FROM tables WHERE id = p_table;
            IF NOT FOUND THEN RETURN -1; END IF;
            IF held <> p_step THEN RETURN held; END IF;
            INSERT INTO actions (table_id, step, seat, action, at, made_by)
                VALUES (p_table, p_step, p_seat, p_action, p_at, p_by);
            UPDATE tables SET steps = p_step + 1, status = CASE WHEN p_over THEN 'over' ELSE status END
                WHERE id = p_table;
            RETURN held;
        END $$""",
        """CREATE FUNCTION hustings_append_many_by(p_tables TEXT[], p_steps INTEGER[], p_seats INTEGER[],
                                                   p_actions INTEGER[], p_ats DOUBLE PRECISION[], p_overs BOOLEAN[],
                                                   p_bys TEXT[])
        RETURNS INTEGER[] LANGUAGE plpgsql AS $$
        DECLARE held INTEGER[] := array_fill(0, ARRAY[cardinality(p_tables)]); i INTEGER;
        BEGIN
            FOR i IN SELECT n FROM generate_subscripts(p_tables, 1) AS n ORDER BY hashtext(p_tables[n]), n LOOP
                held[i] := hustings_append_by(p_tables[i], p_steps[i], p_seats[i], p_actions[i], p_ats[i],
                                              p_overs[i], p_bys[i]);
            END LOOP;
            RETURN held;
        END $$""",
    )),
    # a move counts its table without naming `status` (issue 22, point 5): the open_tables_unlist trigger (AFTER
    # UPDATE OF status) fires for every UPDATE naming it, even when the value stays; only a game's last move sets it.
    # Same signature: a process of the previous release calls the same function during an upgrade.
    (10, (
        f"""CREATE OR REPLACE FUNCTION hustings_append_by(p_table TEXT, p_step INTEGER, p_seat INTEGER,
                                                          p_action INTEGER, p_at DOUBLE PRECISION, p_over BOOLEAN,
                                                          p_by TEXT)
        RETURNS INTEGER LANGUAGE plpgsql AS $$
        DECLARE held INTEGER;
        BEGIN
            PERFORM pg_advisory_xact_lock({LOCK_NAMESPACE}, hashtext(p_table));
            SELECT steps INTO held FROM tables WHERE id = p_table;
            IF NOT FOUND THEN RETURN -1; END IF;
            IF held <> p_step THEN RETURN held; END IF;
            INSERT INTO actions (table_id, step, seat, action, at, made_by)
                VALUES (p_table, p_step, p_seat, p_action, p_at, p_by);
            UPDATE tables SET steps = p_step + 1 WHERE id = p_table;
            IF p_over THEN
                UPDATE tables SET status = 'over' WHERE id = p_table;
            END IF;
            RETURN held;
        END $$""",
    )),
)
