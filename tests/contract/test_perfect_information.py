"""A game that declares ``PERFECT_INFORMATION`` means it: nothing hidden from any seat or spectator, and no
action after the deal draws on chance.

The claim lets the undo rule (hustings.table.undo) skip its re-dealt replays, so a false claim would let a
player take back a move after seeing a card or a die. Checked as an attacker would: at points of random games,
every re-deal for every viewer must be the same position, and every legal action must come out the same (views
of every viewer, events) on the re-deal as on the truth. A game that does not declare it is checked to need the
samples (the check finds its secrets), which also shows the check can fail.
"""

from __future__ import annotations

import random

import pytest

from hustings.engine import GameState

from .conftest import VARIANTS, Config, counts, play_with_checks, viewers


def _declares(game: str, variant: str) -> bool:
    cfg = Config(game, variant, counts(game, variant)[0])
    return type(cfg.make(0)).PERFECT_INFORMATION


def _outcomes(s: GameState, player: int, action: int) -> tuple[object, ...]:
    after = s.clone()
    events = after.apply(player, action)
    return (tuple(after.view(q) for q in viewers(after)), [(e.type, e.to, e.data) for e in events])


def check_claim(s: GameState, rng: random.Random, where: str) -> int:
    """Assert that nothing in ``s`` is hidden and its legal actions come out the same on re-deals; return how
    many actions were compared."""
    checked = 0
    if s.is_over:
        return 0
    for q in viewers(s):
        alt = s.resample(q, rng)
        assert alt.position_key() == s.position_key(), f"{where}: viewer {q} has something hidden"
        for p in s.current_players:
            for a in s.legal_actions(p):
                assert _outcomes(alt, p, a.id) == _outcomes(s, p, a.id), (
                    f"{where}: {a} by seat {p} comes out differently on a re-deal for viewer {q}")
                checked += 1
    return checked


DECLARING = [gv for gv in VARIANTS if _declares(*gv)]
SECRETIVE = [gv for gv in VARIANTS if not _declares(*gv)]


@pytest.mark.parametrize(("game", "variant"), DECLARING, ids=[f"{g}-{v}" for g, v in DECLARING])
def test_a_perfect_information_claim_holds(game: str, variant: str) -> None:
    checked = 0
    for n in counts(game, variant):
        for seed in range(3):
            rng = random.Random(seed)

            def check(s: GameState, where: str, rng: random.Random = rng) -> None:
                nonlocal checked
                checked += check_claim(s, rng, where)

            play_with_checks(Config(game, variant, n), 7_700 + seed, check, growth=0.8, check_end=False)
    assert checked > 0


@pytest.mark.parametrize(("game", "variant"), SECRETIVE, ids=[f"{g}-{v}" for g, v in SECRETIVE])
def test_the_check_catches_a_false_claim(game: str, variant: str) -> None:
    """The check above can fail: on a game with secrets it finds them within a few random games."""
    cfg = Config(game, variant, counts(game, variant)[0])
    caught = 0
    for seed in range(3):
        rng = random.Random(seed)

        def check(s: GameState, where: str, rng: random.Random = rng) -> None:
            nonlocal caught
            try:
                check_claim(s, rng, where)
            except AssertionError:
                caught += 1

        play_with_checks(cfg, 7_800 + seed, check, growth=0.8, check_end=False)
    assert caught > 0, f"{cfg}: no hidden information found, yet the game does not declare PERFECT_INFORMATION"
