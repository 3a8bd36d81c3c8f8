"""The server's work a move in CPU instructions, counted by callgrind: a figure that does not move with the
machine's speed or load, so that a change of a few percent can be judged (server_load.py's figures move by
about 15% from run to run on a shared 2-core virtual machine).

    .venv/bin/python benchmarks/server_instructions.py                    # SQLite, 20 games, 1,000 moves
    .venv/bin/python benchmarks/server_instructions.py --games 40 --moves 2000

`hustings serve` runs under ``valgrind --tool=callgrind`` with instrumentation off while it starts; the scripted
clients (the load generator's, outside valgrind) set up the tables and play a few moves each; then, with every
client paused and the server idle, instrumentation is switched on, the clients play ``--moves`` moves (every
one acknowledged, so durable), pause again, and the counts are dumped. Every thread of the server process counts
(the event loop, the store's writer and checkpointer, the lobby's pool); the kernel does not. The figure is
instructions per move over the measured moves, idle wake-ups in the pauses included. Then ``--lobby`` tables are
set up and joined one by one and counted apart: a table's set-up, in instructions.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.uri import parse_uri

sys.path.insert(0, str(Path(__file__).resolve().parent))
import server_load as load  # the load generator's lobby client and websocket client


class Gate:
    """Lets the clients move only while open; counts the acknowledged moves."""

    def __init__(self) -> None:
        self.open = asyncio.Event()
        self.acked = 0
        self.in_flight = 0
        self.errors = 0  # refused acts (stale steps): the figure counts the server's work for them too


async def _seat(url: str, token: str, rng: random.Random, gate: Gate) -> None:
    """Random legal moves whenever the gate is open, one act in flight at a time (a table of several seats: an act
    is answered by the update that carries its ack, or by an error), until the game ends or the task is
    cancelled. An update leaves out the legal actions when they did not change: the last ones hold."""
    uri = parse_uri(url)
    _, sock = await asyncio.get_running_loop().create_connection(lambda: load.Socket(url), uri.host, uri.port)
    legal: list[dict[str, Any]] = []
    step = 0
    waiting = False
    try:
        await asyncio.wait_for(sock.open, 600)
        sock.send(orjson.dumps({"type": "hello", "token": token}))
        while (raw := await sock.inbox.get()) is not None:
            msg = orjson.loads(raw)
            if "ack" in msg or msg.get("type") == "error":
                if "ack" in msg:
                    gate.acked += 1
                else:
                    gate.errors += 1
                if waiting:
                    waiting = False
                    gate.in_flight -= 1
            if msg.get("type") not in ("state", "update"):
                continue
            if msg.get("over"):
                return
            step = msg["step"]
            if "legal" in msg:
                legal = msg["legal"]
            if legal and not waiting:
                await gate.open.wait()
                waiting = True
                gate.in_flight += 1
                sock.send(orjson.dumps({"type": "act", "step": step, "action": rng.choice(legal)["id"]}))
    finally:
        if waiting:
            gate.in_flight -= 1
        sock.close()


def _control(pid: int, *args: str) -> None:
    subprocess.run(["callgrind_control", *args, str(pid)], check=True, capture_output=True, timeout=120)


async def _quiet(gate: Gate, timeout: float = 120.0) -> None:
    """Close the gate and wait until every move sent has been acknowledged."""
    gate.open.clear()
    deadline = time.monotonic() + timeout
    while gate.in_flight > 0 and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    await asyncio.sleep(1.0)  # the server's own follow-ups (clocks, pushes) settle too


async def _measure(base: str, pid: int, args: argparse.Namespace, out_dir: Path) -> tuple[int, int]:
    gate = Gate()
    async with httpx.AsyncClient(base_url=base, timeout=600) as client:
        lobby = load.Lobby(client)
        run = load.Run()
        tables = [await load._new_table(lobby, args.game, args.players, run, options=args.options)
                  for _ in range(args.games)]
    ws_base = base.replace("http://", "ws://")
    rng = random.Random(args.seed)
    seats = [asyncio.ensure_future(_seat(f"{ws_base}/ws/{t[0]}", token, random.Random(rng.random()), gate))
             for t in tables if t is not None for token in t[1]]
    gate.open.set()
    while gate.acked < args.games * args.warmup and not all(s.done() for s in seats):
        await asyncio.sleep(0.05)
    await _quiet(gate)
    before = gate.acked
    _control(pid, "--instr=on")
    _control(pid, "--zero")
    gate.open.set()
    while gate.acked - before < args.moves and not all(s.done() for s in seats):
        await asyncio.sleep(0.01)
    await _quiet(gate)
    moves = gate.acked - before
    _control(pid, "--dump=measured")
    for s in seats:
        s.cancel()
    await asyncio.gather(*seats, return_exceptions=True)
    print(f"refused acts while measured and before: {gate.errors}", file=sys.stderr)
    return _instructions(out_dir), moves


async def _measure_lobby(base: str, pid: int, args: argparse.Namespace, out_dir: Path) -> int:
    """Instructions over ``args.lobby`` tables set up one after another as the load generator does (create, join
    and ready, start), each then joined over a websocket (hello, its first state) and left."""
    seen = set(out_dir.glob("cg.out.*"))
    await asyncio.sleep(1.0)
    _control(pid, "--instr=on")
    _control(pid, "--zero")
    ws_base = base.replace("http://", "ws://")
    async with httpx.AsyncClient(base_url=base, timeout=600) as client:
        lobby, run = load.Lobby(client), load.Run()
        for _ in range(args.lobby):
            made = await load._new_table(lobby, args.game, args.players, run)
            if made is None:
                raise RuntimeError(f"a table could not be set up: {run.errors}")
            url = f"{ws_base}/ws/{made[0]}"
            uri = parse_uri(url)
            _, sock = await asyncio.get_running_loop().create_connection(functools.partial(load.Socket, url),
                                                                         uri.host, uri.port)
            await asyncio.wait_for(sock.open, 600)
            sock.send(orjson.dumps({"type": "hello", "token": made[1][0]}))
            while (raw := await sock.inbox.get()) is not None and orjson.loads(raw).get("type") != "state":
                pass
            sock.close()
    await asyncio.sleep(1.0)  # the server's side of each close
    _control(pid, "--dump=lobby")
    return _instructions(out_dir, seen)


def _instructions(out_dir: Path, skip: set[Path] | None = None) -> int:
    """Ir of the requested dump: the numbered file(s) callgrind wrote for it (the unnumbered one comes at exit),
    leaving out the files of earlier dumps (``skip``)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        total = 0
        for f in sorted(out_dir.glob("cg.out.*")):
            if skip and f in skip:
                continue
            for line in f.read_text(errors="replace").splitlines():
                if line.startswith(("summary:", "totals:")):
                    total += int(line.split()[1])
                    break
        if total:
            return total
        time.sleep(0.5)
    raise RuntimeError(f"no callgrind dump in {out_dir}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="tables played at once (default 20)")
    parser.add_argument("--moves", type=int, default=1000, help="moves measured (default 1,000)")
    parser.add_argument("--warmup", type=int, default=5, help="moves per game before measuring (default 5)")
    parser.add_argument("--game", default="palace-escape")
    parser.add_argument("--players", type=int, default=1, help="seats per table, every one a scripted client")
    parser.add_argument("--options", type=orjson.loads, default=None, help="the game's options as JSON")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lobby", type=int, default=20,
                        help="then tables set up and joined one by one, counted apart (default 20; 0: none)")
    parser.add_argument("--src", type=Path, help="the sources to serve (another checkout's src, to count older code "
                        "with the same clients; default this one's)")
    parser.add_argument("--keep", type=Path, help="copy callgrind's dump here (for callgrind_annotate)")
    parser.add_argument("--offers", action="store_true", help="keep the undo offer's timer (off: a busy server, "
                        "whose tables move on before an offer is due; the count then depends on callgrind's pace)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        sys.exit("needs valgrind (apt install valgrind)")
    with tempfile.TemporaryDirectory(prefix="hustings-instr-") as tmp:
        work = Path(tmp)
        port = load._free_port()
        launcher = work / "launch.py"
        # the tables' deals from --seed (as hub_instructions.py), so that two runs count the same games; the undo
        # offer's timer off unless --offers: under callgrind every table rests past it after nearly every move, and
        # how many fire depends on the machine's load (two runs of the same code differed by 15 %)
        launcher.write_text(
            "import random\nfrom hustings.server import lobby, tables\n"
            f"_rng = random.Random({args.seed})\nlobby.fresh_seed = lambda: _rng.getrandbits(128)\n"
            + ("" if args.offers else "tables.OFFER_DELAY_S = 1e9\n")
            + "from hustings.cli import main\nmain()\n")
        log = (work / "server.log").open("w")
        env: dict[str, Any] = {**os.environ, "PYTHONPATH": str(args.src or load.ROOT / "src"), "PYTHONHASHSEED": "0"}
        proc = subprocess.Popen(
            ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--separate-threads=no",
             f"--callgrind-out-file={work / 'cg.out'}", sys.executable, str(launcher), "serve", "--host",
             "127.0.0.1", "--port", str(port), "--db", f"sqlite://{work / 'instr.db'}", *load.ONE_CLIENT],
            stdout=log, stderr=subprocess.STDOUT, env=env)
        base = f"http://127.0.0.1:{port}"
        try:
            started = time.monotonic()
            deadline = started + 900
            while True:
                if proc.poll() is not None:
                    sys.exit(f"the server exited; see its log:\n{(work / 'server.log').read_text()[-2000:]}")
                try:
                    if httpx.get(f"{base}/api/games", timeout=5).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline:
                    sys.exit("the server did not start under valgrind within 15 minutes")
                time.sleep(1)
            print(f"server up under callgrind in {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
            instructions, moves = asyncio.run(_measure(base, proc.pid, args, work))
            lobby = asyncio.run(_measure_lobby(base, proc.pid, args, work)) if args.lobby > 0 else 0
            if args.keep:
                for f in work.glob("cg.out.*"):
                    shutil.copy(f, args.keep)
        finally:
            proc.terminate()
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                proc.kill()
            log.close()
    print(f"{args.game}: {moves} moves over {args.games} games, {instructions / max(1, moves):,.0f} instructions "
          f"a move in the server process (callgrind, every thread)")
    if args.lobby > 0:
        print(f"lobby: {lobby / args.lobby:,.0f} instructions a table (create, join and ready, start, a websocket's "
              f"hello and first state, its close), {args.lobby} tables")


if __name__ == "__main__":
    main()
