"""How the processes sharing one PostgreSQL database hear of each other's changes: after its commit each
change is queued as a hint, which a notifier thread sends (``NOTIFY``, many a transaction); a listener thread
reports the other processes' hints to the store's subscribers, and reconciles the step counts of the tables it
knows with the database after every reconnect and every ``RECONCILE_S`` (hints can be lost)."""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable

import psycopg
from psycopg.rows import TupleRow

from hustings.server.postgres.base import PostgresBase, _one_line

log = logging.getLogger("hustings.server.postgres")  # the store's one logger, named as the package

#: the NOTIFY channel of moves and undos
CHANNEL = "hustings_moves"
#: seconds between two reconciliations of the known tables' step counts with the database (lost notifications)
RECONCILE_S = 10.0
#: notifications sent in one transaction at most
NOTIFY_BATCH = 500


class PostgresSync(PostgresBase):
    """Hints out (the notifier) and in (the listener, reconciling), and what this store knows of each table's
    step count."""

    def subscribe_lobby(self, callback: Callable[[str, str], None]) -> None:
        """``callback(table_id, kind)`` from a background thread when another process changed a table's lobby
        (``"l"``: seats, status or settings), who is connected to it (``"p"``) or its chat (``"c"``). Hints only: a
        server also re-reads what it holds every little while (lost hints, processes that died)."""
        with self._lock:
            self._lobby_callbacks.append(callback)
        self.subscribe(lambda table_id, steps: None)  # the listener runs

    def _hint(self, table_id: str, kind: str) -> None:
        self._outbox.put(f"{table_id}:0:{self.origin}:{kind}")
        self._start_notifier()

    # -- notifications ------------------------------------------------------------------------------

    def _know(self, table_id: str, steps: int, *, move: bool) -> bool:
        """Record that ``table_id`` holds ``steps`` actions; False for a move we knew of already (or a later one)."""
        with self._lock:
            known = self._known.get(table_id)
            if move and known is not None and steps <= known:
                return False
            self._known[table_id] = steps
            return True

    def _changed(self, table_id: str, steps: int, kind: str) -> None:
        """After our own commit: remember it, and have the notifier tell the other processes."""
        self._know(table_id, steps, move=kind == "m")
        self._outbox.put(f"{table_id}:{steps}:{self.origin}:{kind}")
        self._start_notifier()

    def _start_notifier(self) -> None:
        if self._notifier is not None:
            return
        with self._lock:
            if self._notifier is None and not self._closing.is_set():
                self._notifier = threading.Thread(target=self._notify_loop, name="hustings-pg-notify", daemon=True)
                self._notifier.start()

    def _notify_loop(self) -> None:
        """Send what the outbox holds, many notifications per transaction, on a connection whose commits do not
        wait for the disk (a notification is a hint: the moves themselves were committed durably)."""
        conn: psycopg.Connection[TupleRow] | None = None
        batch: list[str] = []
        backoff = 0.1
        while True:
            if not batch:
                try:
                    batch.append(self._outbox.get(timeout=0.5))
                except queue.Empty:
                    if self._closing.is_set():
                        break
                    continue
            with contextlib.suppress(queue.Empty):
                while len(batch) < NOTIFY_BATCH:
                    batch.append(self._outbox.get_nowait())
            try:
                if conn is None or conn.closed:
                    conn = psycopg.connect(self.url, autocommit=True, connect_timeout=10,
                                           options="-c synchronous_commit=off")
                conn.execute(f"SELECT pg_notify('{CHANNEL}', p) FROM unnest(%s::text[]) AS p", (batch,))
                batch = []
                backoff = 0.1
            except psycopg.Error as e:
                if self._closing.is_set():
                    break  # the other processes reconcile what they did not hear
                log.warning("PostgreSQL notifier: %s; retrying", _one_line(e))
                with contextlib.suppress(Exception):
                    if conn is not None:
                        conn.close()
                conn = None
                self._closing.wait(backoff)
                backoff = min(backoff * 2, 5.0)
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    def subscribe(self, callback: Callable[[str, int], None]) -> None:
        """Call ``callback(table_id, steps)`` from a background thread whenever another store (another process,
        or another pool in this one) stored or took back a move. The first call starts the listener and returns
        once it is listening, so nothing committed after this returns goes unheard."""
        with self._lock:
            self._callbacks.append(callback)
            if self._listener is not None:
                return
            ready = threading.Event()
            self._listener = threading.Thread(target=self._listen, args=(ready,), name="hustings-pg-listen",
                                              daemon=True)
            self._listener.start()
        ready.wait(timeout=30)

    def _listen(self, ready: threading.Event) -> None:
        backoff = 0.1
        first = True
        while not self._closing.is_set():
            try:
                conn = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
            except psycopg.Error as e:
                log.warning("PostgreSQL listener cannot connect to %s: %s; retrying", self.where, _one_line(e))
                self._closing.wait(backoff)
                backoff = min(backoff * 2, 5.0)
                continue
            try:
                with conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    backoff = 0.1
                    if first:
                        first = False
                        ready.set()
                    else:
                        self._reconcile(conn)  # what was sent while we were away is gone
                    next_check = time.monotonic() + RECONCILE_S
                    while not self._closing.is_set():
                        for note in conn.notifies(timeout=0.25):  # short: close() waits for it
                            self._deliver(note.payload)
                        if time.monotonic() >= next_check:
                            self._reconcile(conn)
                            next_check = time.monotonic() + RECONCILE_S
            except psycopg.Error as e:
                if not self._closing.is_set():
                    log.warning("PostgreSQL listener lost its connection to %s: %s; reconnecting", self.where,
                                _one_line(e))
        ready.set()

    def _reconcile(self, conn: psycopg.Connection[TupleRow]) -> None:
        """Report the tables this store knows or has read whose step count in the database is not the one it
        knows (a notification was lost), and forget the finished ones."""
        with self._lock:
            known = dict(self._known)
            ids = set(known) | self._watch
        if not ids:
            return
        rows = conn.execute("SELECT id, steps, status FROM tables WHERE id = ANY(%s)", (list(ids),)).fetchall()
        for table_id, steps, status in rows:
            table_id, steps = str(table_id), int(steps)
            if known.get(table_id) != steps:
                self._know(table_id, steps, move=False)
                self._call(table_id, steps)
            with self._lock:
                self._watch.discard(table_id)
                if status == "over":
                    self._known.pop(table_id, None)

    def _deliver(self, payload: str) -> None:
        parts = payload.split(":")
        if len(parts) != 4 or parts[3] not in ("m", "u", "l", "p", "c") or not parts[1].isdigit():
            log.warning("ignoring a malformed %s notification: %r", CHANNEL, payload[:80])
            return
        table_id, steps_text, origin, kind = parts
        if origin == self.origin:
            return  # our own change: this process knows it already
        if kind in ("l", "p", "c"):
            for lobby_callback in list(self._lobby_callbacks):
                try:
                    lobby_callback(table_id, kind)
                except Exception:
                    log.exception("a %s lobby subscriber failed on %s:%s", CHANNEL, table_id, kind)
            return
        steps = int(steps_text)
        if self._know(table_id, steps, move=kind == "m"):
            self._call(table_id, steps)

    def _call(self, table_id: str, steps: int) -> None:
        for callback in list(self._callbacks):
            try:
                callback(table_id, steps)
            except Exception:
                log.exception("a %s subscriber failed on %s:%s", CHANNEL, table_id, steps)
