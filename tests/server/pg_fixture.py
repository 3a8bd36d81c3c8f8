"""A real, throwaway PostgreSQL server for the tests (and the load benchmark).

`PgCluster` runs initdb into a temporary folder and starts postgres on a free loopback port with pg_ctl; the pytest
fixtures below give one cluster per test session (per xdist worker) and a fresh database per test. Nothing is
mocked: the server is Debian's (or any) PostgreSQL, installed by scripts/ensure-services.sh when absent.

postgres refuses to run as root, so as root the cluster belongs to an unprivileged user (`postgres` when the
package created it, else `nobody`) and every server command runs through runuser.

HUSTINGS_TEST_PG_URL=postgresql://... points the tests at an existing server instead (a CI service container); the
tests then create and drop their own databases in it.
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

URL_ENV = "HUSTINGS_TEST_PG_URL"
BINDIR_ENV = "HUSTINGS_PG_BINDIR"

INSTALL_HINT = (
    "PostgreSQL server binaries (initdb, pg_ctl) are needed for these tests: run scripts/ensure-services.sh "
    "(as root it installs Debian's postgresql), or install them yourself (apt-get install postgresql; "
    f"brew install postgresql), or set {BINDIR_ENV} to their folder or {URL_ENV} to a server the tests may use"
)


class PgUnavailable(RuntimeError):
    """PostgreSQL could not be found or started; the message says what failed and how to install it."""


def find_bindir() -> Path:
    """The folder holding initdb and pg_ctl: $HUSTINGS_PG_BINDIR, PATH, pg_config, then Debian's versioned folders."""
    env = os.environ.get(BINDIR_ENV)
    candidates: list[Path] = [Path(env)] if env else []
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).parent)
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, timeout=10, check=False)
        if out.returncode == 0 and out.stdout.strip():
            candidates.append(Path(out.stdout.strip()))

    # Debian keeps each major version apart (/usr/lib/postgresql/15/bin): take the newest
    def version(path: str) -> int:
        found = re.search(r"/postgresql/(\d+)/", path)
        return int(found.group(1)) if found else 0

    debian = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=version, reverse=True)
    candidates.extend(Path(p) for p in debian)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    raise PgUnavailable(INSTALL_HINT)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _server_user() -> str | None:
    """Who runs postgres: None (ourselves) unless we are root, which postgres refuses."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    raise PgUnavailable("running as root and neither a 'postgres' nor a 'nobody' user exists to run PostgreSQL")


class PgCluster:
    """One PostgreSQL server in a temporary folder, on 127.0.0.1:<free port>, trusting local connections.

    `durable=False` (the tests) turns fsync off: a test kills processes, never the machine, and committed data
    survives a killed process without fsync. The load benchmark keeps fsync on to measure durable moves.
    """

    SUPERUSER = "hustings"

    def __init__(self, *, durable: bool = False, bindir: Path | None = None) -> None:
        self.bindir = bindir or find_bindir()
        self.durable = durable
        self.user = _server_user()
        # as root the folder goes under /tmp, which the server's user can reach (a $TMPDIR under /root it cannot)
        self.root = Path(tempfile.mkdtemp(prefix="hustings-pg-", dir="/tmp" if self.user is not None else None))
        self.data = self.root / "data"
        self.log = self.root / "postgres.log"
        self.port = 0
        self.started = False

    def _run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        argv = [str(self.bindir / args[0]), *args[1:]]
        if self.user is not None:
            argv = ["runuser", "-u", self.user, "--", *argv]
        return subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False, cwd=self.root)

    def start(self) -> None:
        if self.user is not None:
            uid = pwd.getpwnam(self.user).pw_uid
            gid = pwd.getpwnam(self.user).pw_gid
            os.chown(self.root, uid, gid)
        out = self._run(
            "initdb", "-D", str(self.data), "-U", self.SUPERUSER, "--auth=trust", "-E", "UTF8", "--locale=C",
            *([] if self.durable else ["--no-sync"]),
        )  # fmt: skip
        if out.returncode != 0:
            raise PgUnavailable(f"initdb failed: {out.stderr.strip() or out.stdout.strip()}")
        settings = [
            "-c listen_addresses=127.0.0.1",
            f"-c unix_socket_directories={self.root}",
            "-c max_connections=200",
            "-c shared_buffers=64MB",
        ]
        if not self.durable:
            settings += ["-c fsync=off", "-c full_page_writes=off"]
        last = ""
        for _ in range(5):  # the free port can be taken between our probe and postgres binding it: try another
            self.port = free_port()
            opts = " ".join([f"-p {self.port}", *settings])
            out = self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", opts, "-w", "-t", "60", "start")
            if out.returncode == 0:
                self.started = True
                return
            last = out.stderr.strip() or out.stdout.strip()
            with contextlib.suppress(OSError):
                last += "\n" + self.log.read_text()[-2000:]
        raise PgUnavailable(f"pg_ctl could not start PostgreSQL: {last}")

    @property
    def admin_url(self) -> str:
        return f"postgresql://{self.SUPERUSER}@127.0.0.1:{self.port}/postgres"

    def url(self, database: str) -> str:
        return f"postgresql://{self.SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str | None = None) -> str:
        """A new empty database; returns its URL."""
        name = name or f"t_{uuid.uuid4().hex[:16]}"
        return create_database(self.admin_url, name)

    def stop(self) -> None:
        if self.started:
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop", timeout=60)
            self.started = False
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> PgCluster:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _with_database(url: str, database: str) -> str:
    base, _, _ = url.rpartition("/")
    return f"{base}/{database}"


def create_database(admin_url: str, name: str) -> str:
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        try:
            # FILE_COPY: faster than PostgreSQL 15's default WAL_LOG for the tiny template, and tests make many
            conn.execute(f'CREATE DATABASE "{name}" STRATEGY FILE_COPY')
        except psycopg.errors.SyntaxError:  # before PostgreSQL 15
            conn.execute(f'CREATE DATABASE "{name}"')
    return _with_database(admin_url, name)


def drop_database(admin_url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class PgServer:
    """What the fixture hands out: a way to make databases, on our own cluster or on $HUSTINGS_TEST_PG_URL."""

    def __init__(self, admin_url: str) -> None:
        self.admin_url = admin_url
        self.made: list[str] = []

    def new_database(self) -> str:
        name = f"t_{uuid.uuid4().hex[:16]}"
        self.made.append(name)
        return create_database(self.admin_url, name)

    def drop_all(self) -> None:
        for name in self.made:
            with contextlib.suppress(Exception):
                drop_database(self.admin_url, name)
        self.made.clear()


def wait_ready(admin_url: str, timeout: float = 30) -> None:
    """pg_ctl -w has returned; still make sure a client gets in before anyone relies on it."""
    import psycopg

    deadline = time.monotonic() + timeout
    while True:
        try:
            psycopg.connect(admin_url, connect_timeout=5).close()
            return
        except psycopg.OperationalError as exc:
            if time.monotonic() > deadline:
                raise PgUnavailable(f"PostgreSQL started but refuses connections: {exc}") from exc
            time.sleep(0.2)


_shared: PgServer | None = None
_failure: str | None = None


def shared_server() -> PgServer:
    """The process's one PostgreSQL server, started on first use and stopped when the process exits (so that the
    fixture may be imported by a conftest and by test modules alike without starting a second one)."""
    global _shared, _failure
    if _shared is not None:
        return _shared
    if _failure is not None:
        raise PgUnavailable(_failure)
    external = os.environ.get(URL_ENV)
    if external:
        server = PgServer(external)
        atexit.register(server.drop_all)
        _shared = server
        return server
    cluster: PgCluster | None = None
    try:
        cluster = PgCluster()
        cluster.start()
        wait_ready(cluster.admin_url)
    except (PgUnavailable, OSError, subprocess.SubprocessError) as exc:
        if cluster is not None:
            cluster.stop()
        _failure = str(exc)
        raise PgUnavailable(_failure) from None
    atexit.register(cluster.stop)
    _shared = PgServer(cluster.admin_url)
    return _shared


@pytest.fixture(scope="session")
def pg_server() -> PgServer:
    """A running PostgreSQL server for the whole session; fails (never skips) when none can be had."""
    try:
        return shared_server()
    except PgUnavailable as exc:
        pytest.fail(f"PostgreSQL could not start: {exc}\n{INSTALL_HINT}", pytrace=False)


@pytest.fixture()
def pg_url(pg_server: PgServer) -> Iterator[str]:
    """The URL of a new, empty database, dropped after the test."""
    name = f"t_{uuid.uuid4().hex[:16]}"
    url = create_database(pg_server.admin_url, name)
    yield url
    with contextlib.suppress(Exception):
        drop_database(pg_server.admin_url, name)
