"""Rules of 逃出總統府 (seed 004 【單人遊戲步驟】 1-4) and rulings R1-R12 (rulings.md)."""

from __future__ import annotations

import pytest

import hustings
from hustings.games.palace_escape import solver
from hustings.games.palace_escape.data import MAX_ACTIONS

from .helpers import C, L, M, P, X, act, position, swap


@pytest.mark.parametrize("variant", ["normal", "hard"])
def test_deal_puts_the_president_top_left_and_the_cards_of_the_mode(variant: str) -> None:
    """Seed 004 步驟 1 (and 步驟 4 / R11: in hard mode the protester replaces one councillor)."""
    for seed in range(20):
        v = hustings.make("palace-escape", variant=variant, seed=seed).view(0)
        assert v["board"][0] == P
        counts = [v["board"].count(r) for r in (P, M, L, C, X)]
        assert counts == ([1, 2, 3, 2, 1] if variant == "hard" else [1, 2, 3, 3, 0])


def test_deals_vary_with_the_seed_and_repeat_with_it() -> None:
    """Seed 004 步驟 1: the rest is dealt at random, from the game's seeded generator."""
    boards = {tuple(hustings.make("palace-escape", seed=s).view(0)["board"]) for s in range(30)}
    assert len(boards) > 20
    assert hustings.make("palace-escape", seed=7).view(0) == hustings.make("palace-escape", seed=7).view(0)


def test_only_neighbouring_ranks_side_by_side_swap() -> None:
    """Seed 004 步驟 2, R1: president-mayor, mayor-legislator, legislator-councillor; never two of one rank."""
    s = position([P, M, L, M, L, C, L, C, C])
    legal = {tuple(a.args) for a in s.legal_actions(0) if a.kind == "swap"}
    assert legal == {(0, 1), (0, 3), (1, 2), (1, 4), (2, 5), (3, 4), (4, 5), (3, 6), (4, 7), (6, 7)}
    assert (5, 8) not in legal  # councillor-councillor
    assert (7, 8) not in legal or s.view(0)["board"][7] != C
    with pytest.raises(hustings.IllegalActionError, match="步驟 2"):
        swap(s, 5, 8)


def test_a_swap_exchanges_the_two_cards() -> None:
    """Seed 004 步驟 2: the two cards change places; nothing else moves."""
    s = position([P, M, L, M, L, C, L, C, C])
    events = swap(s, 0, 1)
    assert s.view(0)["board"] == [M, P, L, M, L, C, L, C, C]
    assert [e.type for e in events] == ["swapped"]
    assert s.view(0)["moves"] == 1 and s.view(0)["last"] == [0, 1]


def test_reaching_the_bottom_right_wins() -> None:
    """Seed 004 步驟 3: the president on the bottom-right cell (凱達格蘭大道) escapes."""
    s = position([M, L, L, L, C, P, C, C, M])
    events = swap(s, 5, 8)
    assert s.is_over and [e.type for e in events] == ["swapped", "escaped"]
    out = s.outcome()
    assert out.won and out.winners == (0,) and out.utilities == (1.0,)
    assert out.detail["moves"] == 1 and out.detail["par"] == 1
    assert s.legal_actions(0) == []


def test_president_moving_beside_the_protester_is_caught() -> None:
    """Seed 004 步驟 4, R2: after the president's move he stands orthogonally beside the protester: lost."""
    s = position([P, M, X, M, L, L, L, C, C], "hard")
    events = swap(s, 0, 1)
    assert [e.type for e in events] == ["swapped", "caught"]
    assert s.is_over and not s.outcome().won and s.outcome().detail["end"] == "caught"


def test_protester_moving_beside_the_president_is_caught() -> None:
    """Seed 004 步驟 4, R2: any move counts, also the protester's (he swaps with a councillor next to the president)."""
    s = position([P, C, X, M, M, L, L, L, C], "hard")
    swap(s, 1, 2)
    assert s.view(0)["status"] == "caught"


def test_diagonal_is_not_beside() -> None:
    """Seed 004 R2: 並排 means sharing an edge; a protester diagonal to the president does not catch him."""
    s = position([P, M, C, M, X, L, L, L, C], "hard")
    swap(s, 2, 5)  # a legislator and a councillor: the protester stays diagonal to the president
    assert s.view(0)["status"] == "playing"


def test_protester_swaps_only_with_councillors() -> None:
    """Seed 004 步驟 4: 鄉民卡只能跟議員卡交換位置."""
    s = position([P, M, L, M, X, L, L, C, C], "hard")
    pairs = {tuple(a.args) for a in s.legal_actions(0) if a.kind == "swap"}
    assert (4, 7) in pairs  # protester-councillor
    assert (1, 4) not in pairs and (3, 4) not in pairs and (4, 5) not in pairs


def test_a_deal_beside_the_protester_is_not_lost_before_a_move() -> None:
    """Seed 004 R3: nothing has moved at the deal; the first swap must break the contact or the game is lost."""
    board = [P, X, C, M, M, L, L, L, C]
    s = position(board, "hard")
    assert not s.is_over and s.legal_actions(0)
    swap(s, 1, 2)  # the protester steps away
    assert s.view(0)["status"] == "playing"
    s = position(board, "hard")
    swap(s, 4, 5)  # mayor and legislator: the president still beside the protester
    assert s.view(0)["status"] == "caught"


def test_reaching_the_exit_beside_the_protester_is_caught() -> None:
    """Seed 004 R4: at the exit beside the protester the president is caught, not escaped."""
    s = position([M, L, L, L, C, P, C, X, M], "hard")
    events = swap(s, 5, 8)
    assert [e.type for e in events] == ["swapped", "caught"]
    assert not s.outcome().won


@pytest.mark.parametrize(("variant", "n"), [("normal", 10), ("normal", 18), ("hard", 10), ("hard", 26), ("hard", 17)])
def test_difficulty_deals_a_game_of_that_optimal_length(variant: str, n: int) -> None:
    """Seed 004 R6: difficulty = the shortest escape; the par is it, and the record remakes the same deal."""
    for seed in range(5):
        s = hustings.make("palace-escape", variant=variant, seed=seed, difficulty=n)
        v = s.view(0)
        assert v["par"] == n == v["difficulty"]
        assert solver.table(variant == "hard").distance(v["board"]) == n
        assert hustings.replay(s.record()).view(0) == v


@pytest.mark.parametrize("bad", [9, 19, 0, -1, True, "12", 12.0])
def test_impossible_difficulty_is_refused(bad: object) -> None:
    """Seed 004 R6: a length no normal deal has (normal 10-18) or a value that is not a whole number: ValueError."""
    with pytest.raises(ValueError, match="difficult"):
        hustings.make("palace-escape", seed=1, difficulty=bad)


def test_unknown_option_is_refused() -> None:
    """Seed 004 步驟 1, R6: difficulty is the only option besides players, variant and seed."""
    with pytest.raises(ValueError, match="unknown option"):
        hustings.make("palace-escape", seed=1, level=3)


def test_hint_shows_an_optimal_swap_and_is_counted() -> None:
    """Seed 004 R8: a hint moves nothing, names the first swap of a shortest escape, and is counted; following the
    hints escapes in par."""
    s = hustings.make("palace-escape", variant="hard", seed=4)
    par = s.view(0)["par"]
    while not s.is_over:
        board = s.view(0)["board"]
        events = act(s, "hint")
        v = s.view(0)
        assert v["board"] == board and [e.type for e in events] == ["hint"]
        a, b = v["hint"]
        d = solver.table(True).distance(board)
        assert events[0].data["left"] == d
        swap(s, a, b)
        if not s.is_over:
            assert solver.table(True).distance(s.view(0)["board"]) == d - 1
    out = s.outcome()
    assert out.won and out.detail["moves"] == par and out.detail["hints"] == par


def test_no_hint_from_a_hopeless_position() -> None:
    """Seed 004 R8: with no escape left there is no hint. In hard mode every position where the president is not
    beside the protester can still escape; the hopeless ones are the deals beside the protester (R3) whose
    every swap keeps him there, never dealt (R5) but set up here."""
    t = solver.table(True)
    board = next(d for d, n in zip(t.deals, t.deal_length, strict=True) if n is None)
    assert solver.caught(board)
    s = position(board, "hard")
    kinds = {a.kind for a in s.legal_actions(0)}
    assert "hint" not in kinds and kinds == {"swap"}
    with pytest.raises(hustings.IllegalActionError, match="R8"):
        act(s, "hint")


def test_undo_takes_back_the_last_swap_and_is_counted() -> None:
    """Seed 004 R9: the earlier position returns; undos are counted; nothing to undo at the deal."""
    s = position([P, M, L, M, L, C, L, C, C])
    assert "undo" not in {a.kind for a in s.legal_actions(0)}
    with pytest.raises(hustings.IllegalActionError, match="R9"):
        act(s, "undo")
    before = s.view(0)["board"]
    swap(s, 0, 1)
    swap(s, 3, 4)
    act(s, "undo")
    act(s, "undo")
    v = s.view(0)
    assert v["board"] == before and v["moves"] == 0 and v["swaps"] == 2 and v["undos"] == 2


def test_undo_back_to_a_caught_deal_is_not_a_loss() -> None:
    """Seed 004 R9 with R3: an undo is not a move, so returning to a deal beside the protester loses nothing."""
    s = position([P, X, C, M, M, L, L, L, C], "hard")
    swap(s, 1, 2)
    act(s, "undo")
    assert s.view(0)["status"] == "playing" and s.view(0)["board"][1] == X


def test_moves_against_par_count_the_board_path() -> None:
    """Seed 004 R10: moves = swaps on the board at the end; every swap, undo and hint is in the detail."""
    s = hustings.make("palace-escape", seed=3)
    first = next(a for a in s.legal_actions(0) if a.kind == "swap")
    s.apply(0, first)
    act(s, "undo")
    act(s, "hint")
    for pair in solver.table(False).solution(s.view(0)["board"]):
        a, b = solver.PAIRS[pair]
        swap(s, a, b)
    out = s.outcome()
    assert out.won and out.detail["moves"] == out.detail["par"]
    assert (out.detail["swaps"], out.detail["undos"], out.detail["hints"]) == (out.detail["par"] + 1, 1, 1)
    assert s.scores()[0]["total"] == 1


def test_the_action_limit_ends_the_game_lost() -> None:
    """Seed 004 R7 (placeholder): after MAX_ACTIONS actions of any kind the game is lost."""
    s = hustings.make("palace-escape", seed=2)
    for _ in range(MAX_ACTIONS - 1):
        act(s, "hint")
    assert not s.is_over and s.view(0)["actions_left"] == 1
    events = act(s, "hint")
    assert [e.type for e in events] == ["hint", "time_up"]
    assert s.is_over and s.outcome().detail["end"] == "time_up" and not s.outcome().won


def test_there_is_no_resigning() -> None:
    """Seed 004 R12: the actions are the 12 swaps, hint and undo."""
    s = hustings.make("palace-escape", seed=2)
    assert sorted({a.kind for a in s.SPACE.actions}) == ["hint", "swap", "undo"] and len(s.SPACE) == 14


def test_transpositions_meet_in_the_position_key() -> None:
    """Seed 004 步驟 2 (issue 11, solver): two move orders reaching the same board give the same position_key
    (the solver's key)."""
    a = position([P, M, L, M, L, C, L, C, C])
    b = position([P, M, L, M, L, C, L, C, C])
    swap(a, 1, 2)
    swap(a, 6, 7)
    swap(b, 6, 7)
    swap(b, 1, 2)
    assert a.position_key() == b.position_key() and a.history != b.history
    c = position([P, M, L, M, L, C, L, C, C])
    swap(c, 1, 2)
    swap(c, 3, 6)
    assert c.position_key() != a.position_key()


def test_views_show_everything_to_everyone() -> None:
    """Seed 004 步驟 1 (cards dealt face up): perfect information; the player and a spectator see the same view,
    and a resample is the position."""
    import random

    s = hustings.make("palace-escape", variant="hard", seed=5)
    swap_action = next(a for a in s.legal_actions(0) if a.kind == "swap")
    s.apply(0, swap_action)
    assert s.view(0) == s.view(None)
    r = s.resample(0, random.Random(1))
    assert r.position_key() == s.position_key() and r.seed != s.seed and r.history == []
