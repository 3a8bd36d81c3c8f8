"""Records to training arrays, for imitation learning: every decision of a lab file (JSONL, one record a game) as
the deciding seat's observation, its legal-action mask, the action taken and the seat's return.

    from hustings.rl.export import records_to_arrays
    data = records_to_arrays(["games.jsonl"], only_bots=["heuristic"])   # a dict of NumPy arrays
    # or: hustings dataset games.jsonl --out heuristic.npz --only-bots heuristic

Each game is replayed from its record (seed and actions); before each action the deciding player's ``view`` is
encoded (:func:`hustings.rl.encoding.encoder_for`), so an observation holds what that seat could see and nothing
more, exactly as the environments give it. Arrays (``N`` decisions, ``A`` action ids):

==================  ===============  =================================================================
``observations``    float32[N, obs]  the encoding of the deciding seat's view
``masks``           bool[N, A]       its legal ids at that decision
``actions``         int64[N]         the id it played
``returns``         float32[N]       the seat's utility at the end (``utility``: the game's outcome by default)
``seats``           int16[N]         the deciding seat
``games``           int32[N]         the game's index in the file(s), counted from 0 over all files
``steps``           int32[N]         the decision's step in its game
``bots``            int16[N]         index into ``bot_names`` of the bot in that seat (-1: not recorded)
``bot_names``       str[B]           the bots' names
``meta``            str (JSON)       game, players, variant, encoder size, utility, files, games
==================  ===============  =================================================================

Every game of the files must be the same game, player count and variant (one encoding). A line that does not
replay, or replays to another outcome than it records, raises ValueError naming its file and line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import hustings
from hustings.engine import get_spec, house
from hustings.rl.encoding import encoder_for
from hustings.rl.utility import UTILITIES, utilities


def _lines(paths: Sequence[str | Path]) -> Iterable[tuple[str, int, dict[str, Any]]]:
    for path in paths:
        try:
            fh = open(path, encoding="utf-8")  # noqa: SIM115  # closed by the with below; here to name a failure
        except OSError as e:
            raise ValueError(f"cannot read {str(path)!r}: {e.strerror or e}") from None
        with fh:
            for n, line in enumerate(fh, start=1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError as e:
                    raise ValueError(f"{path}:{n}: not a JSON line ({e.msg})") from None
                if not isinstance(rec, dict):
                    raise ValueError(f"{path}:{n}: a line must be a JSON object (a game's record)")
                yield str(path), n, rec


def records_to_arrays(paths: Sequence[str | Path], *, utility: str = "outcome",
                      only_bots: Sequence[str] | None = None, max_games: int | None = None) -> dict[str, Any]:
    """The decisions of every game in ``paths`` as arrays (see the module's docstring). ``only_bots``: keep the
    decisions of seats played by these bots (as the lines name them); ``max_games``: stop after that many."""
    if utility not in UTILITIES:
        raise ValueError(f"unknown utility {utility!r}; choose one of {', '.join(UTILITIES)}")
    keep = set(only_bots) if only_bots else None
    obs: list[npt.NDArray[np.float32]] = []
    legal_rows: list[list[int]] = []
    actions: list[int] = []
    returns: list[float] = []
    seats: list[int] = []
    games: list[int] = []
    steps: list[int] = []
    bots: list[int] = []
    bot_names: dict[str, int] = {}
    config: tuple[str, int, str] | None = None
    encoder = None
    num_actions = 0
    count = 0
    for path, n, rec in _lines(paths):
        if max_games is not None and count >= max_games:
            break
        where = f"{path}:{n}"
        try:
            rules = dict(rec.get("rules") or {})
            house.refuse_action_changes(rec["game"], rules, "the game's encoder")
            start = hustings.make(rec["game"], players=_players(rec), variant=rec.get("options", {}).get("variant"),
                                  seed=rec["seed"], rules=rules, **_rule_options(rec))
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"{where}: not a game record ({e})") from None
        made = start.record()
        for key in ("rules_version", "rng"):
            if rec.get(key) != made[key]:
                raise ValueError(f"{where}: recorded with {key} {rec.get(key)!r}; this hustings plays {made[key]!r}")
        variant = str(made["options"].get("variant") or get_spec(rec["game"]).default_variant)
        this = (rec["game"], start.num_players, variant)
        if config is None:
            config = this
            encoder = encoder_for(*this)
            num_actions = len(type(start).SPACE)
        elif this != config:
            raise ValueError(f"{where}: {this[0]} {this[2]} {this[1]}p, but the first game was "
                             f"{config[0]} {config[2]} {config[1]}p: export one configuration at a time")
        assert encoder is not None
        names = rec.get("bots") if isinstance(rec.get("bots"), list) else None
        state = start
        mark = len(actions)
        try:
            for step, (player, action_id) in enumerate(rec["actions"]):
                seat_bot = names[player] if names is not None and player < len(names) else None
                if keep is None or seat_bot in keep:
                    obs.append(encoder.encode(state.view(player)))
                    legal_rows.append([a.id for a in state.legal_actions(player)])
                    actions.append(int(action_id))
                    seats.append(int(player))
                    games.append(count)
                    steps.append(step)
                    bots.append(-1 if seat_bot is None else bot_names.setdefault(str(seat_bot), len(bot_names)))
                state.play(player, action_id)
        except (TypeError, ValueError) as e:
            raise ValueError(f"{where}: the record does not replay ({e})") from None
        if not state.is_over:
            raise ValueError(f"{where}: the record stops before the game's end")
        if "outcome" in rec and rec["outcome"] != state.outcome().to_json():
            raise ValueError(f"{where}: replays to another outcome than the line records")
        final = utilities(state, utility)
        returns.extend(final[s] for s in seats[mark:])
        count += 1
    if config is None or encoder is None:
        raise ValueError("no games in " + ", ".join(str(p) for p in paths))
    masks = np.zeros((len(actions), num_actions), dtype=np.bool_)
    for i, row in enumerate(legal_rows):
        masks[i, row] = True
    meta = {"format": "hustings-decisions", "version": 1, "game": config[0], "players": config[1],
            "variant": config[2], "obs_size": encoder.size, "num_actions": num_actions, "utility": utility,
            "games": count, "decisions": len(actions), "files": [str(p) for p in paths],
            "only_bots": sorted(keep) if keep else None}
    return {
        "observations": np.stack(obs) if obs else np.zeros((0, encoder.size), dtype=np.float32),
        "masks": masks,
        "actions": np.asarray(actions, dtype=np.int64),
        "returns": np.asarray(returns, dtype=np.float32),
        "seats": np.asarray(seats, dtype=np.int16),
        "games": np.asarray(games, dtype=np.int32),
        "steps": np.asarray(steps, dtype=np.int32),
        "bots": np.asarray(bots, dtype=np.int16),
        "bot_names": np.asarray(list(bot_names), dtype=np.str_),
        "meta": np.asarray(json.dumps(meta)),
    }


def _players(rec: dict[str, Any]) -> int | None:
    opts = rec.get("options")
    players = opts.get("players") if isinstance(opts, dict) else None
    if players is None and isinstance(rec.get("scores"), list):
        players = len(rec["scores"])
    return players if isinstance(players, int) else None


def _rule_options(rec: dict[str, Any]) -> dict[str, Any]:
    opts = rec.get("options")
    if not isinstance(opts, dict):
        return {}
    return {k: v for k, v in opts.items() if k not in ("players", "variant")}


def save_arrays(arrays: dict[str, Any], out: str | Path) -> Path:
    """Write the arrays compressed (masks are mostly False); read back with ``numpy.load(out)``."""
    path = Path(out)
    with open(path, "wb") as f:
        np.savez_compressed(f, **arrays)
    return path


__all__ = ["records_to_arrays", "save_arrays"]
