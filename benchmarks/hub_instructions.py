"""The hub's work a move in CPU instructions (callgrind), without the web layer: a figure that does not move with the
machine's load, for judging a change to how a move is checked, applied and told (hub_speed.py's CPU times move by
tens of per cent on a shared machine; server_instructions.py counts the whole server, uvicorn included).

    .venv/bin/python benchmarks/hub_instructions.py --game die-macher-2019 --players 4
    .venv/bin/python benchmarks/hub_instructions.py --game election-war --players 10 --tables 8

hub_speed.py's in-process clients play ``--tables`` tables under ``valgrind --tool=callgrind`` twice, ``--moves``
and ``--long`` moves, from the same seeds (every table's seed drawn from ``--seed``, hash seed fixed); the
difference of the two totals over the difference of the moves is the hub's work a move: start-up and the tables'
set-up cancel out. The clients' own parsing of each message counts too (as in hub_speed.py), so the figure is the
hub's plus a little. The undo offer, worked out only once a table rests (server.tables.OFFER_DELAY_S), is kept off
(tables under callgrind would rest after every move): the figure is that of a busy server, whose tables move on
before any offer is due; ``--offers`` keeps the offer's timer as it is.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _child(args: argparse.Namespace) -> None:
    """One run, inside valgrind: hub_speed.py with seeded tables."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import hub_speed  # puts this tree's sources first

    from hustings.server import lobby, tables

    rng = random.Random(args.seed)
    lobby.fresh_seed = lambda: rng.getrandbits(128)  # type: ignore[attr-defined]
    if not args.offers:
        tables.OFFER_DELAY_S = 1e9
    sys.argv = ["hub_speed", "--game", args.game, "--players", str(args.players), "--tables", str(args.tables),
                "--moves", str(args.run_moves), "--seed", str(args.seed)]
    if args.options:
        sys.argv += ["--options", args.options]
    hub_speed.main()


def _count(args: argparse.Namespace, moves: int, work: Path) -> tuple[int, int]:
    """Instructions of a run of about ``moves`` moves, and the moves it made (hub_speed.py's first line)."""
    out = work / f"cg.{moves}"
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, __file__, "--child",
           "--run-moves", str(moves), "--game", args.game, "--players", str(args.players), "--tables",
           str(args.tables), "--seed", str(args.seed)]
    if args.options:
        cmd += ["--options", args.options]
    if args.offers:
        cmd.append("--offers")
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"the run failed:\n{done.stderr[-3000:]}")
    if args.keep:
        shutil.copy(out, args.keep.with_suffix(f".{moves}"))
    made = int(done.stdout.splitlines()[0].rsplit(":", 1)[1].split()[0])
    for line in out.read_text(errors="replace").splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1]), made
    raise RuntimeError("no total in callgrind's output")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="die-macher-2019")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--moves", type=int, default=40,
                        help="moves of the shorter run (default 40: the tables set up)")
    parser.add_argument("--long", type=int, default=1440,
                        help="moves of the longer run (default 1,440: about four whole games of Die Macher 2019)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", default=None, help="the game's options as JSON")
    parser.add_argument("--offers", action="store_true", help="keep the undo offer's timer (off: a busy server)")
    parser.add_argument("--keep", type=Path, help="keep callgrind's dumps as KEEP.<moves> (callgrind_annotate)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--run-moves", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args)
        return
    if shutil.which("valgrind") is None:
        sys.exit("needs valgrind (apt install valgrind)")
    with tempfile.TemporaryDirectory(prefix="hustings-hubinstr-") as tmp:
        short, m1 = _count(args, args.moves, Path(tmp))
        long, m2 = _count(args, args.long, Path(tmp))
    print(f"{args.game}, {args.players} seat(s), {args.tables} tables: {(long - short) / (m2 - m1):,.0f} "
          f"instructions a move (runs of {m1} and {m2} moves: {short:,} and {long:,})")


if __name__ == "__main__":
    main()
