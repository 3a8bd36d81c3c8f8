"""Illegal input is refused with IllegalActionError (a ValueError) and changes nothing; the three
action forms (Action, int id, JSON object) are accepted alike."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import hustings
from citations import citations
from hustings.engine import GameState

from .conftest import CONFIG_IDS, CONFIGS, Config, all_views, assert_unchanged, play_with_checks, snapshot

SEEDS = (21, 22)


def refuse(s: GameState, player: Any, action: Any, where: str, what: str) -> None:
    before = s.clone()
    snap = snapshot(s)
    here = f"{where}: apply({player!r}, {action!r:.80}) [{what}]"
    with pytest.raises(hustings.IllegalActionError) as info:
        s.apply(player, action)
    assert isinstance(info.value, ValueError), f"{here}: IllegalActionError is not a ValueError"
    assert str(info.value), f"{here}: the error has no message"
    assert not citations(str(info.value)), f"{here}: players read refusals, yet it cites {citations(str(info.value))}"
    assert_unchanged(s, before, snap, f"{here} was refused but")


def malformed_actions(s: GameState, legal_id: int) -> list[tuple[str, Any]]:
    n = len(s.SPACE)
    return [
        ("None", None),
        ("str id", str(legal_id)),
        ("str", "pass"),
        ("empty str", ""),
        ("float id", float(legal_id)),
        ("float", legal_id + 0.5),
        ("nan", float("nan")),
        ("bool True", True),
        ("bool False", False),
        ("negative id", -1),
        ("negative id", -n),
        ("id == len(space)", n),
        ("huge id", 10**12),
        ("list", [legal_id]),
        ("tuple", (legal_id,)),
        ("bytes", b"0"),
        ("empty dict", {}),
        ("dict bad kind", {"kind": "no-such-kind", "args": []}),
        ("dict non-str kind", {"kind": 7, "args": []}),
        ("dict bad args", {"kind": s.SPACE[legal_id].kind, "args": [-99, 12345]}),
        ("dict args not a list", {"kind": s.SPACE[legal_id].kind, "args": "x"}),
        ("dict id None", {"id": None}),
        ("dict id bool", {"id": True}),
        ("dict id str", {"id": str(legal_id)}),
        ("dict id out of range", {"id": n}),
        ("dict id negative", {"id": -1}),
        ("object", object()),
    ]


def check_illegal(s: GameState, where: str, rng: random.Random) -> None:
    n = s.num_players
    space = len(s.SPACE)
    cur = tuple(s.current_players)

    if s.is_over:
        for p in range(n):
            for a in {0, space - 1, rng.randrange(space)}:
                refuse(s, p, a, where, "the game is over")
        return

    p = cur[0]
    legal = s.legal_actions(p)
    legal_ids = {a.id for a in legal}
    some_legal = rng.choice(legal)

    # Malformed values, for a player whose turn it is.
    for what, value in malformed_actions(s, some_legal.id):
        refuse(s, p, value, where, what)

    # Well-formed actions that are not legal now, in all three forms.
    outside = [i for i in range(space) if i not in legal_ids]
    for a_id in rng.sample(outside, min(6, len(outside))):
        refuse(s, p, a_id, where, "id outside the legal set")
        refuse(s, p, s.SPACE[a_id], where, "Action outside the legal set")
        refuse(s, p, json.loads(json.dumps(s.SPACE[a_id].to_json())), where, "JSON outside the legal set")
        kind_args = {"kind": s.SPACE[a_id].kind, "args": list(s.SPACE[a_id].args)}
        refuse(s, p, kind_args, where, "kind/args outside the legal set")

    # Unknown or malformed player numbers with a legal action.
    for bad in (-1, n, n + 7, None, str(p), float(p), True, False, [p]):
        refuse(s, bad, some_legal, where, "unknown player")
        refuse(s, bad, some_legal.id, where, "unknown player")

    # Acting out of turn: every player who is not to act, with actions legal for the one who is.
    for q in range(n):
        if q in cur:
            continue
        refuse(s, q, some_legal, where, "out of turn")
        refuse(s, q, some_legal.to_json(), where, "out of turn")
        refuse(s, q, rng.randrange(space), where, "out of turn, random id")

    # Every current player of a simultaneous step is refused an action outside their own set.
    for q in cur[1:]:
        q_ids = {a.id for a in s.legal_actions(q)}
        assert q_ids, f"{where}: current player {q} has no legal action"
        q_out = [i for i in range(space) if i not in q_ids]
        for a_id in rng.sample(q_out, min(2, len(q_out))):
            refuse(s, q, a_id, where, "simultaneous step, id outside the legal set")

    # The three accepted forms of a legal action give the same result.
    results = []
    for form in (
        some_legal,
        some_legal.id,
        some_legal.to_json(),
        json.loads(json.dumps(some_legal.to_json())),
    ):
        c = s.clone()
        c.apply(p, form)
        results.append(c)
    assert all(r == results[0] for r in results), f"{where}: Action, id and JSON forms of {some_legal} differ"
    assert all_views(results[0]) == all_views(results[-1])
    kw = {"kind": some_legal.kind, "args": list(some_legal.args)}
    assert s.SPACE.resolve(kw) is some_legal, f"{where}: kind/args form of {some_legal} does not resolve"
    for a in legal:
        for lang in hustings.LANGS:
            text = a.text(lang)
            assert isinstance(text, str) and text.strip(), f"{where}: {a!r} has no {lang} text"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("cfg", CONFIGS, ids=CONFIG_IDS)
def test_illegal_input_is_refused(cfg: Config, seed: int) -> None:
    rng = random.Random(seed * 1009 + cfg.players)
    play_with_checks(cfg, seed, lambda s, where: check_illegal(s, where, rng), growth=0.8)


def test_mutating_the_legal_list_cannot_make_an_illegal_action_legal() -> None:
    """legal_actions hands out a copy: a client that edits it changes nothing the state accepts."""
    import hustings

    for game in hustings.list_games():
        s = hustings.make(game, seed=3)
        p = s.current_players[0]
        legal = s.legal_actions(p)
        space = type(s).SPACE
        outsider = next(a for a in space.actions if a not in legal)
        legal.append(outsider)
        before = s.clone()
        with pytest.raises(hustings.IllegalActionError):
            s.apply(p, outsider)
        assert s == before
        assert outsider not in s.legal_actions(p)
