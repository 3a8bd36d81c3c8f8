"""Behind a reverse proxy (issue 23, point 5): the client address a lobby call sees comes from uvicorn's own
forwarded-header support, configured by ``hustings serve --proxy-headers/--no-proxy-headers`` and
``--forwarded-allow-ips`` (never parsed by hand): the forwarded address when the peer is a trusted proxy, the
peer's own otherwise."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
import uvicorn
from starlette.requests import Request
from starlette.responses import JSONResponse
from typer.testing import CliRunner

from hustings.cli import app as cli_app
from hustings.cli.serve import uvicorn_options
from hustings.server.app import create_app
from hustings.server.limits import client_key
from hustings.server.store import open_store

from .conftest import free_port


@contextmanager
def _served(tmp_path: Path, **proxy: object) -> Iterator[str]:
    """The app under a real uvicorn with exactly the options ``hustings serve`` passes, plus one route that answers
    the client a lobby call sees (``client_key(request.client.host)``, as the lobby's routes take it)."""
    app = create_app(open_store(f"sqlite://{tmp_path / 'server.db'}"))

    async def whoami(request: Request) -> JSONResponse:
        return JSONResponse({"client": client_key(request.client.host if request.client else None)})

    app.router.add_route("/test/whoami", whoami)
    port = free_port()
    options = uvicorn_options(host="127.0.0.1", port=port, compress=False, **proxy)  # type: ignore[arg-type]
    server = uvicorn.Server(uvicorn.Config(app, **options))
    thread = threading.Thread(target=lambda: asyncio.run(server.serve()), daemon=True)
    thread.start()
    deadline = time.time() + 10
    while not server.started:
        assert time.time() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def _seen(base: str, forwarded: str | None) -> str:
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    client: str = httpx.get(f"{base}/test/whoami", headers=headers, timeout=10).json()["client"]
    return client


def test_a_trusted_proxys_forwarded_address_is_the_client(tmp_path: Path) -> None:
    with _served(tmp_path, proxy_headers=True, forwarded_allow_ips="127.0.0.1") as base:
        assert _seen(base, "203.0.113.9") == "203.0.113.9"
        assert _seen(base, "2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64"  # grouped as every client is
        assert _seen(base, None) == "127.0.0.1"


def test_forwarded_headers_of_an_untrusted_peer_are_ignored(tmp_path: Path) -> None:
    with _served(tmp_path, proxy_headers=True, forwarded_allow_ips="10.1.2.3, 192.0.2.0/24") as base:
        assert _seen(base, "203.0.113.9") == "127.0.0.1"


def test_no_proxy_headers_means_the_peers_address(tmp_path: Path) -> None:
    with _served(tmp_path, proxy_headers=False, forwarded_allow_ips="127.0.0.1") as base:
        assert _seen(base, "203.0.113.9") == "127.0.0.1"


@pytest.mark.parametrize("bad", ["10.0.0.300", "proxy.example", ","])
def test_serve_refuses_a_bad_forwarded_allow_ips(tmp_path: Path, bad: str) -> None:
    result = CliRunner().invoke(cli_app, ["serve", "--forwarded-allow-ips", bad, "--db",
                                          f"sqlite://{tmp_path / 'server.db'}"])
    assert result.exit_code == 2 and "--forwarded-allow-ips" in result.output, result.output
