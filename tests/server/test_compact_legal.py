"""The compact form of a legal list (protocol ``CompactAction`` and ``legal_words``; hustings.server.words
.compact_legal): made whole as the browser table does, it is the list worded afresh, in every language and name
style and for every table's own boards, at a fraction of the bytes; a list that does not fit the form is refused
(the server sends it in the full form) rather than sent with a wrong name."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest

import hustings
from hustings.engine import Action
from hustings.engine.words import Arg, Label, Voice, legal_entry
from hustings.server import words as W

from .conftest import expand_legal


def _deployment(seed: int) -> tuple[Any, int]:
    """A Die Macher 2019 game at its deployment, and a seat that must choose one."""
    s = hustings.make("die-macher-2019", players=4, seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        for p in s.current_players:
            if any(a.kind == "deploy" for a in s.legal_actions(p)):
                return s, p
        p = s.current_players[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    raise AssertionError("no deployment")


def _fresh(game: str, actions: list[Action], view: Any, voice: Voice) -> list[dict[str, Any]]:
    words = W.words(game)
    return orjson.loads(orjson.dumps([legal_entry(a, words.label(a, view, voice)) for a in actions]))


def _compact(game: str, actions: list[Action], view: Any, voice: Voice) -> tuple[list[dict[str, Any]], bytes] | None:
    made = W.compact_legal(game, actions, view, voice, lambda some: W.legal(game, some, view, voice))
    if made is None:
        return None
    return expand_legal(orjson.loads(made[0]), orjson.loads(made[1])), made[0] + made[1]


@pytest.mark.parametrize("voice", [Voice("en"), Voice("zh-Hans"), Voice("zh-Hant", "both"), Voice("en", "de")])
def test_deployments_worded_once_are_named_for_each_tables_own_boards(voice: Voice) -> None:
    """Twelve tables, each with its own states on the boards: the deployments (worded once for every table: a
    parts key) made whole are each table's labels worded afresh, and the list is under 40% of the full form's
    bytes."""
    boards = set()
    for seed in range(12):
        s, p = _deployment(seed)
        view, actions = s.view(p), s.legal_actions(p)
        boards.add(tuple(b["state"] for b in view["boards"]))
        got = _compact("die-macher-2019", actions, view, voice)
        assert got is not None
        whole, compact_bytes = got
        fresh = _fresh("die-macher-2019", actions, view, voice)
        assert whole == fresh, f"seed {seed}"
        assert sum(a["kind"] == "deploy" for a in fresh) > 100
        assert len(compact_bytes) * 5 < len(orjson.dumps(fresh)) * 2
    assert len(boards) > 6  # the tables differ where the deployments name them


@pytest.mark.parametrize("game", ["election-war", "die-macher", "palace-escape"])
def test_lists_of_other_games_made_whole_are_the_labels(game: str) -> None:
    spec = hustings.get_spec(game)
    players = spec.player_counts(spec.default_variant)[0]
    s = hustings.make(game, players=players, seed=2)
    rng = random.Random(2)
    checked = 0
    for _ in range(150):
        if s.is_over:
            break
        p = s.current_players[0]
        actions, view = s.legal_actions(p), s.view(p)
        got = _compact(game, actions, view, Voice("zh-Hant"))
        assert got is not None
        assert got[0] == _fresh(game, actions, view, Voice("zh-Hant"))
        checked += 1
        s.apply(p, rng.choice(actions))
    assert checked > 20


def test_a_parts_key_whose_names_are_not_the_labels_own_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's ``arg_texts`` that names a board otherwise than its labels do breaks the parts key's promise: the
    list is refused (sent in the full form), never sent with the wrong name."""
    s, p = _deployment(1)
    view, actions = s.view(p), s.legal_actions(p)
    words = W.words("die-macher-2019")
    real = words.arg_texts

    def wrong(kind: str, v: Any, voice: Voice) -> Any:
        found = {role: dict(by) for role, by in real(kind, v, voice).items()}
        if "board" in found:
            found["board"][0] = "Nowhere"
        return found

    monkeypatch.setattr(W, "_SHARED", {})  # worded afresh, where the promise is checked
    monkeypatch.setattr(words, "arg_texts", wrong)
    assert _compact("die-macher-2019", actions, view, Voice("en")) is None


def test_an_entry_naming_a_value_otherwise_is_sent_whole() -> None:
    """Two entries whose one role and value read differently (a donation's answer names its amount), or one kind
    with two titles, do not fit one names table: the later entry goes in the full form, and the list made whole is
    still every label."""
    s = hustings.make("election-war", players=4, seed=1)
    p = s.current_players[0]
    a = s.legal_actions(p)[0]
    b = Action(a.id + 1, a.kind, a.args, a.space)  # the same arguments: a name for each of them, twice

    def label(action: Action, text: str, title: str) -> Label:
        args = tuple(Arg("card", v, text) for v in action.args)
        return Label(action.kind, text * len(args), args, tuple(range(len(args))), title)

    first = W.Entry(a, label(a, "Red", "T"))
    second = W.Entry(b, label(b, "Blue", "T"))
    other = W.Entry(b, label(b, "Red", "U"))
    assert a.args
    for pair in ([first, second], [first, other]):
        made = W.compact_legal("election-war", [a, b], s.view(p), Voice(), lambda _, pair=pair: pair)  # type: ignore[misc]
        assert made is not None
        legal, words = orjson.loads(made[0]), orjson.loads(made[1])
        assert "label" not in legal[0] and legal[1]["label"] == pair[1]["label"]
        assert expand_legal(legal, words) == orjson.loads(orjson.dumps(pair))
