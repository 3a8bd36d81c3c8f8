"""Rules of 逃出總統府 (seed 004 【單人遊戲步驟】 1-4) and rulings R1-R12 (rulings.md)."""

from __future__ import annotations

import dataclasses
import random

import pytest

import hustings
from citations import citations
from hustings.engine import Rng
from hustings.games.palace_escape import rules, solver
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
    with pytest.raises(hustings.IllegalActionError, match=r"councillor and councillor cannot swap: only "
                                                          r"president-mayor, mayor-legislator, legislator-councillor "
                                                          r"swap$") as info:
        swap(s, 5, 8)
    assert not citations(str(info.value)), str(info.value)  # players read it: no seed section


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


READINGS = ("moving", "strict")


@pytest.mark.parametrize("capture", READINGS)
def test_president_moving_beside_the_protester_is_caught(capture: str) -> None:
    """Seed 004 步驟 4, R2 (both readings, R13): the president's own swap leaves him orthogonally beside the
    protester: lost."""
    s = position([P, M, X, M, L, L, L, C, C], "hard", capture)
    events = swap(s, 0, 1)
    assert [e.type for e in events] == ["swapped", "caught"]
    assert s.is_over and not s.outcome().won and s.outcome().detail["end"] == "caught"
    assert s.outcome().detail["capture"] == capture


def test_protester_moving_beside_the_president_is_not_a_capture() -> None:
    """Seed 004 步驟 4 「總統卡在移動時」, R2: the protester (swapping with a councillor) coming to stand beside the
    president does not catch him; the game goes on, and the hint still leads out."""
    s = position([P, C, X, M, M, L, L, L, C], "hard")
    events = swap(s, 1, 2)
    assert [e.type for e in events] == ["swapped"]
    v = s.view(0)
    assert v["status"] == "playing" and v["board"][1] == X and not v["hopeless"]
    assert "hint" in {a.kind for a in s.legal_actions(0)}


def test_protester_moving_beside_the_president_is_caught_when_strict() -> None:
    """Seed 004 步驟 4, R13 (R2 (ii)): under capture="strict" any swap that leaves them side by side loses."""
    s = position([P, C, X, M, M, L, L, L, C], "hard", "strict")
    events = swap(s, 1, 2)
    assert [e.type for e in events] == ["swapped", "caught"]
    assert s.view(0)["status"] == "caught"


@pytest.mark.parametrize(("capture", "status"), [("moving", "playing"), ("strict", "caught")])
def test_a_swap_of_two_other_cards_beside_the_protester(capture: str, status: str) -> None:
    """Seed 004 步驟 4, R2/R13: the president stands beside the protester and a mayor and a legislator swap
    elsewhere (neither the president nor the protester moves): no capture under the default reading (he did not
    move), a capture under the strict one (they stand side by side after a swap)."""
    s = position([P, X, C, M, M, L, L, L, C], "hard", capture)
    swap(s, 4, 5)
    assert s.view(0)["status"] == status


def test_the_president_moving_into_contact_loses_and_out_of_it_does_not() -> None:
    """Seed 004 步驟 4, R2/R3: dealt beside the protester, the president plays on while other cards move; his own
    swap out of the contact is safe (on the grid a step away from a neighbour never lands beside it again), and
    his own swap into contact loses."""
    s = position([P, X, C, L, M, L, L, C, M], "hard")
    swap(s, 3, 4)  # a legislator and a mayor: the president stays beside the protester, untouched
    assert s.view(0)["status"] == "playing"
    swap(s, 0, 3)  # the mayor is now on cell 3: the president moves down, away from cell 1
    assert s.view(0)["status"] == "playing" and s.view(0)["board"][3] == P
    s = position([M, X, C, P, L, L, L, C, M], "hard")
    events = swap(s, 0, 3)  # the president moves up to cell 0, beside the protester on cell 1
    assert [e.type for e in events] == ["swapped", "caught"]


def test_diagonal_is_not_beside() -> None:
    """Seed 004 R2: 並排 means sharing an edge; a protester diagonal to the president does not catch him."""
    for capture in READINGS:
        s = position([P, M, C, M, X, L, L, L, C], "hard", capture)
        swap(s, 0, 1)  # the president moves to cell 1: the protester on cell 4 is below him now
        assert s.view(0)["status"] == "caught"
        s = position([P, M, C, M, X, L, L, L, C], "hard", capture)
        swap(s, 2, 5)  # a legislator and a councillor: the protester stays diagonal to the president
        assert s.view(0)["status"] == "playing"


def test_protester_swaps_only_with_councillors() -> None:
    """Seed 004 步驟 4: 鄉民卡只能跟議員卡交換位置."""
    s = position([P, M, L, M, X, L, L, C, C], "hard")
    pairs = {tuple(a.args) for a in s.legal_actions(0) if a.kind == "swap"}
    assert (4, 7) in pairs  # protester-councillor
    assert (1, 4) not in pairs and (3, 4) not in pairs and (4, 5) not in pairs


@pytest.mark.parametrize("capture", READINGS)
def test_a_deal_beside_the_protester_is_not_lost_before_a_move(capture: str) -> None:
    """Seed 004 步驟 4 「在移動時」, R3: nothing has moved at the deal. Strict (R13): the first swap must part them
    or the game is lost; default: only a swap of the president's own can lose."""
    board = [P, X, C, M, M, L, L, L, C]
    s = position(board, "hard", capture)
    assert not s.is_over and s.legal_actions(0)
    swap(s, 1, 2)  # the protester steps away
    assert s.view(0)["status"] == "playing"
    s = position(board, "hard", capture)
    swap(s, 4, 5)  # mayor and legislator: the president still beside the protester
    assert s.view(0)["status"] == ("caught" if capture == "strict" else "playing")


@pytest.mark.parametrize("capture", READINGS)
def test_reaching_the_exit_beside_the_protester_is_caught(capture: str) -> None:
    """Seed 004 步驟 3, 4, R4: reaching the exit is the president's own move; beside the protester there he is
    caught, not escaped (both readings)."""
    s = position([M, L, L, L, C, P, C, X, M], "hard", capture)
    events = swap(s, 5, 8)
    assert [e.type for e in events] == ["swapped", "caught"]
    assert not s.outcome().won


def test_the_deal_is_drawn_uniformly_from_every_arrangement() -> None:
    """Seed 004 步驟 1 「剩下的角色卡隨機排列」, R5: by default the deal is the game generator's first
    ``randrange`` over ALL deals in the solver's order (1,680 in hard mode, the 152 that the strict reading cannot
    solve among them); under capture="strict" the same draw is over the 1,528 solvable deals only."""
    for seed in range(40):
        for capture, deals in (("moving", solver.table(True).deals),
                               ("strict", solver.table(True, "strict").solvable_deals())):
            s = hustings.make("palace-escape", variant="hard", seed=seed, capture=capture)
            assert tuple(s.view(0)["board"]) == deals[Rng(seed).randrange(len(deals))]
    assert len(solver.table(True).deals) == 1_680 and len(solver.table(True, "strict").solvable_deals()) == 1_528


def test_the_deal_is_uniform_statistically() -> None:
    """Seed 004 步驟 1, R5: over 6,000 seeded games each hard deal comes up about equally often (chi-square on the
    1,680 deals within 4 standard deviations of its mean), and the deals the strict reading cannot solve come up
    in their share (152/1,680 = 9.05%, here within 4 standard deviations); under capture="strict" never."""
    n = 6_000
    strict = solver.table(True, "strict")
    unsolvable_strict = {d for d, k in zip(strict.deals, strict.deal_length, strict=True) if k is None}
    counts: dict[tuple[int, ...], int] = {}
    for seed in range(n):
        deal = tuple(hustings.make("palace-escape", variant="hard", seed=seed).view(0)["board"])
        counts[deal] = counts.get(deal, 0) + 1
    cells = len(solver.table(True).deals)
    expected = n / cells
    chi2 = sum((counts.get(d, 0) - expected) ** 2 / expected for d in solver.table(True).deals)
    assert abs(chi2 - (cells - 1)) < 4 * (2 * (cells - 1)) ** 0.5, chi2
    share = len(unsolvable_strict) / cells
    hits = sum(counts.get(d, 0) for d in unsolvable_strict)
    assert abs(hits - n * share) < 4 * (n * share * (1 - share)) ** 0.5, hits
    for seed in range(300):
        deal = tuple(hustings.make("palace-escape", variant="hard", seed=seed, capture="strict").view(0)["board"])
        assert deal not in unsolvable_strict


def test_every_default_deal_can_be_won() -> None:
    """Seed 004 步驟 4 with R2, R5: under the default reading every one of the 1,680 hard deals (and the 560 normal
    ones) has an escape, so the uniform deal never hands out a lost game; the view says so (not hopeless)."""
    for hard in (False, True):
        t = solver.table(hard)
        assert all(n is not None for n in t.deal_length)
    s = hustings.make("palace-escape", variant="hard", seed=3)
    assert s.view(0)["par"] is not None and s.view(0)["hopeless"] is False


def test_a_deal_that_cannot_be_won_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 004 R5, R8: should a deal have no escape (none has under the default reading, so the solver's table is
    replaced here by one whose only deal is one the strict reading cannot solve), the player is told at once: no
    par, the view says hopeless, the deal's event says it cannot be won in every language, and no hint is offered."""
    strict = solver.table(True, "strict")
    hopeless = next(d for d, n in zip(strict.deals, strict.deal_length, strict=True) if n is None)
    only = dataclasses.replace(strict, deals=(hopeless,), deal_length=(None,))
    # the rules' table of solved spaces, as the game keeps it per (hard, reading): seen by both builds
    monkeypatch.setitem(rules._TABLES, (True, "moving"), only)
    s = hustings.make("palace-escape", variant="hard", seed=1)
    v = s.view(0)
    assert tuple(v["board"]) == hopeless and v["par"] is None and v["hopeless"] is True
    assert "hint" not in {a.kind for a in s.legal_actions(0)}
    dealt = s.events(0)[0]
    assert dealt.type == "dealt" and dealt.data["par"] is None
    texts = {lang: dealt.message(lang) for lang in ("en", "zh-Hans", "zh-Hant")}
    assert "cannot be won" in texts["en"] and "無法獲勝" in texts["zh-Hant"] and "无法获胜" in texts["zh-Hans"]
    ui = hustings.get_spec("palace-escape").adapter("tui")("en", "local")
    assert "No escape is possible" in str(ui.situation(v))


@pytest.mark.parametrize(("variant", "capture", "n"), [
    ("normal", "moving", 10), ("normal", "moving", 18), ("normal", "strict", 18), ("hard", "moving", 10),
    ("hard", "moving", 23), ("hard", "moving", 17), ("hard", "strict", 26), ("hard", "strict", 10)])
def test_difficulty_deals_a_game_of_that_optimal_length(variant: str, capture: str, n: int) -> None:
    """Seed 004 R6 (both readings, R13): difficulty = the shortest escape under the game's reading; the par is it,
    and the record remakes the same deal under the same reading."""
    for seed in range(5):
        s = hustings.make("palace-escape", variant=variant, seed=seed, difficulty=n, capture=capture)
        v = s.view(0)
        assert v["par"] == n == v["difficulty"] and v["capture"] == capture
        assert solver.table(variant == "hard", capture).distance(v["board"]) == n
        assert hustings.replay(s.record()).view(0) == v


@pytest.mark.parametrize(("capture", "bad", "limits"), [("moving", 24, "10 to 23"), ("strict", 27, "10 to 26")])
def test_a_difficulty_beyond_the_reading_is_refused(capture: str, bad: int, limits: str) -> None:
    """Seed 004 R6: the hard range depends on the reading (default 10-23, strict 10-26)."""
    with pytest.raises(ValueError, match=limits):
        hustings.make("palace-escape", variant="hard", seed=1, difficulty=bad, capture=capture)


@pytest.mark.parametrize("bad", [9, 19, 0, -1, True, "12", 12.0])
def test_impossible_difficulty_is_refused(bad: object) -> None:
    """Seed 004 R6: a length no normal deal has (normal 10-18) or a value that is not a whole number: ValueError."""
    with pytest.raises(ValueError, match="difficult"):
        hustings.make("palace-escape", seed=1, difficulty=bad)


def test_unknown_option_is_refused() -> None:
    """Seed 004 步驟 1, R6, R7, R13: difficulty, capture and max_actions are the options besides players, variant
    and seed."""
    with pytest.raises(ValueError, match=r"unknown option 'level'.*difficulty, capture, max_actions"):
        hustings.make("palace-escape", seed=1, level=3)


@pytest.mark.parametrize("bad", ["lenient", "", None, 1, "MOVING"])
def test_an_unknown_reading_is_refused(bad: object) -> None:
    """Seed 004 步驟 4, R13: capture is 'moving' or 'strict'; anything else is a ValueError naming both."""
    with pytest.raises(ValueError, match="capture must be one of 'moving', 'strict'"):
        hustings.make("palace-escape", variant="hard", seed=1, capture=bad)


@pytest.mark.parametrize("capture", READINGS)
def test_the_reading_is_in_the_record_and_replays(capture: str) -> None:
    """Seed 004 步驟 4, R13: the record carries the reading, so a replay plays every capture as the game did."""
    s = hustings.make("palace-escape", variant="hard", seed=11, capture=capture)
    r = random.Random(11)
    while not s.is_over and s.step_count < 60:
        s.apply(0, r.choice(s.legal_actions(0)))
    rec = s.record()
    assert rec["options"]["capture"] == capture
    again = hustings.replay(rec)
    assert again == s and again.view(0) == s.view(0)


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
    """Seed 004 R8, R13: with no escape left there is no hint, and the view says so. Under the strict reading every
    position where the president is not beside the protester can still escape; the hopeless ones are the deals
    beside the protester (R3) whose every swap keeps him there, never dealt (R5) but set up here. Under the
    default reading no position is hopeless."""
    t = solver.table(True, "strict")
    board = next(d for d, n in zip(t.deals, t.deal_length, strict=True) if n is None)
    assert solver.caught(board)
    s = position(board, "hard", "strict")
    kinds = {a.kind for a in s.legal_actions(0)}
    assert "hint" not in kinds and kinds == {"swap"} and s.view(0)["hopeless"]
    default = position(board, "hard")
    assert "hint" in {a.kind for a in default.legal_actions(0)} and not default.view(0)["hopeless"]
    with pytest.raises(hustings.IllegalActionError, match=r"no escape is possible from here any more, so there "
                                                          r"is no hint$") as info:
        act(s, "hint")
    assert not citations(str(info.value)), str(info.value)  # players read it: no ruling id


def test_undo_takes_back_the_last_swap_and_is_counted() -> None:
    """Seed 004 R9: the earlier position returns; undos are counted; nothing to undo at the deal."""
    s = position([P, M, L, M, L, C, L, C, C])
    assert "undo" not in {a.kind for a in s.legal_actions(0)}
    with pytest.raises(hustings.IllegalActionError, match=r"^there is no move to take back$"):
        act(s, "undo")
    before = s.view(0)["board"]
    swap(s, 0, 1)
    swap(s, 3, 4)
    act(s, "undo")
    act(s, "undo")
    v = s.view(0)
    assert v["board"] == before and v["moves"] == 0 and v["swaps"] == 2 and v["undos"] == 2


@pytest.mark.parametrize("capture", READINGS)
def test_undo_back_to_a_caught_deal_is_not_a_loss(capture: str) -> None:
    """Seed 004 R9 with R3: an undo is not a move, so returning to a deal beside the protester loses nothing."""
    s = position([P, X, C, M, M, L, L, L, C], "hard", capture)
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


def test_the_action_limit_is_an_option() -> None:
    """Seed 004 R7: max_actions sets the limit (carried in the record); None: no limit, as at tables where a person
    plays (GameSpec.person_options)."""
    s = hustings.make("palace-escape", seed=2, max_actions=3)
    act(s, "hint")
    act(s, "hint")
    assert [e.type for e in act(s, "hint")] == ["hint", "time_up"]
    assert hustings.replay(s.record()) == s and s.record()["options"]["max_actions"] == 3
    s = hustings.make("palace-escape", seed=2, max_actions=None)
    for _ in range(MAX_ACTIONS + 50):
        act(s, "hint")
    assert not s.is_over and s.view(0)["actions_left"] is None
    assert s.record()["options"]["max_actions"] is None and hustings.replay(s.record()) == s
    assert hustings.get_spec("palace-escape").person_options == {"max_actions": None}
    assert "max_actions" not in hustings.make("palace-escape", seed=2).record()["options"]  # the default


@pytest.mark.parametrize("bad", [0, -5, True, 2.5, "200"])
def test_a_bad_action_limit_is_refused(bad: object) -> None:
    """Seed 004 R7: a whole number of at least 1, or None."""
    with pytest.raises(ValueError, match="max_actions must be a whole number"):
        hustings.make("palace-escape", seed=2, max_actions=bad)


def test_there_is_no_resigning() -> None:
    """Seed 004 R12: the actions are the 12 swaps, hint and undo; giving up is the table's (tests/table)."""
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


    s = hustings.make("palace-escape", variant="hard", seed=5)
    swap_action = next(a for a in s.legal_actions(0) if a.kind == "swap")
    s.apply(0, swap_action)
    assert s.view(0) == s.view(None)
    r = s.resample(0, random.Random(1))
    assert r.position_key() == s.position_key() and r.seed != s.seed and r.history == []
