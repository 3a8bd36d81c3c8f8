"""The state classes the compiled build compiles (docs/build.md): an empty shell from a call with no arguments (what a
compiled class's ``__new__`` does for ``clone()`` and unpickling), and a clone that copies every field of the game,
sharing no list at any depth. Runs on both builds (``make test`` runs it on the compiled one too): on the pure one it
also checks that Die Macher 2019's written-out copy (``_copy_fields``, the compiled class's) copies exactly what the
kit's ``clone_fields`` copies."""

from __future__ import annotations

import pickle
import random
import sys
from typing import Any

import pytest

from hustings.engine import GameState, make
from playout import fields_of

CONFIGS = [("election-war", 4, "standard"), ("die-macher-2019", 4, "standard"), ("die-macher-2019", 3, "expanded"),
           ("die-macher", 4, "full"), ("die-macher", 5, "short")]


def _fields(s: GameState) -> dict[str, Any]:
    """The game's fields of ``s`` (not the engine's), by name, on either build."""
    return {n: v for n, v in fields_of(s).items() if n not in GameState.BASE_FIELDS}


def _lists(v: Any, path: str) -> list[tuple[str, list[Any]]]:
    """Every list reachable from ``v`` through lists (dict entries are the game's write-once records: shared)."""
    if v.__class__ is not list:
        return []
    out = [(path, v)]
    for i, x in enumerate(v):
        out += _lists(x, f"{path}[{i}]")
    return out


def _states(game: str, players: int, variant: str, seed: int) -> list[GameState]:
    s = make(game, players, variant, seed=seed)
    rng = random.Random(seed)
    out = [s.clone()]
    while not s.is_over and len(out) < 40:
        for _ in range(rng.randint(1, 15)):
            if s.is_over:
                break
            p = s.current_players[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
        out.append(s.clone())
    return out


@pytest.mark.parametrize(("game", "players", "variant"), CONFIGS)
def test_a_call_with_no_arguments_is_an_empty_shell(game: str, players: int, variant: str) -> None:
    cls = type(make(game, players, variant, seed=1))
    shell = cls()
    assert _fields(shell) == {} or set(_fields(shell)) <= {"current_players", "is_over"}  # class defaults only


@pytest.mark.parametrize(("game", "players", "variant"), CONFIGS)
def test_a_clone_copies_every_field_and_shares_no_list(game: str, players: int, variant: str) -> None:
    for seed in (3, 4):
        for s in _states(game, players, variant, seed):
            before = _fields(s)
            c = s.clone()
            after = _fields(c)
            assert after.keys() == before.keys()
            assert after == before
            mine = {id(x): p for k, v in before.items() for p, x in _lists(v, k)}
            shared = [p for k, v in after.items() for p, x in _lists(v, k) if id(x) in mine]
            assert shared == [], f"{game}: the clone shares {shared[:5]}"
            assert c._position_key() == s._position_key()
            back = pickle.loads(pickle.dumps(s))
            assert _fields(back) == before


@pytest.mark.parametrize(("game", "variants", "three"), [("die-macher-2019", ("standard", "expanded"), "placed"),
                                                          ("die-macher", ("full", "short"), "cab")])
def test_die_machers_written_out_copy_is_the_kits(game: str, variants: tuple[str, str], three: str) -> None:
    """A compiled Die Macher class copies its fields with a written-out function; the interpreted one with the kit's
    ``clone_fields``. On the pure build both run here, on the same states: the same fields, the same values, and
    lists fresh to the same depth."""
    from hustings.engine.kit import clone_fields

    for variant in variants:
        for s in _states(game, 4, variant, 7):
            m = sys.modules[type(s).__module__]
            written = type(s)()
            m._copy_fields(s, written)
            a = _fields(written)
            assert a == _fields(s)
            if getattr(s, "__dict__", None):  # pure build: the kit's copy to compare with
                kit = type(s)()
                clone_fields(s, kit, (three,))
                b = _fields(kit)
                assert a == b
                assert {k: [p for p, _ in _lists(v, k)] for k, v in a.items()} == {
                    k: [p for p, _ in _lists(v, k)] for k, v in b.items()}
            mine = {id(x) for v in _fields(s).values() for _, x in _lists(v, "")}
            assert not [p for k, v in a.items() for p, x in _lists(v, k) if id(x) in mine]
