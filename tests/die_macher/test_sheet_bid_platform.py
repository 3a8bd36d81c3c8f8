"""The secret starting sheet (001 §遊戲流程 1, 003 1), the start-player bid (001 2.i, 003 A) and the
platform meeting (001 2.ii, 003 B)."""

from __future__ import annotations

from hustings.games.die_macher import data as D

from .conftest import Phase, act, con, events_of, kinds, legal, new_game, play_until, pro, refresh

BY = next(st.index for st in D.STATES if st.id == "BY")


def _sheets(s, choices):  # type: ignore[no-untyped-def]
    for p, (one, two) in enumerate(choices):
        act(s, p, "sheet1", *one)
        act(s, p, "sheet2", *two)


def test_001_starting_sheet_worked_example() -> None:
    """001 §遊戲流程 1 example: popularity one space up (「調高其民望一格」: 0 -> +2 on the track of 003 §2) and
    votes to 6 in Bayern, a rally cube in Hessen; two media cubes in Berlin and membership 5 -> 9."""
    s = new_game(3)
    s.state[0] = BY
    _sheets(s, [((0, 0, 0, 1), (0, 2)), ((1, 0, 1), (2,)), ((1, 0, 1), (2,))])
    assert s.pop[0][0] == 2 and s.votes[0][0] == 6
    assert s.cubes[1][0] == 2
    assert s.media[2][0] == 2 and s.media_sup[0] == 3
    assert s.members[0] == 9
    assert s.phase == Phase.BID


def test_001_starting_sheet_secret_until_all_written() -> None:
    """003 4: everyone writes the sheet secretly, then all are revealed together."""
    s = new_game(3)
    act(s, 0, "sheet1", 1, 2, 3)
    act(s, 0, "sheet2", 3, 1)
    v1 = s.view(1)
    assert v1["players"][0]["sheet"] is None and v1["players"][0]["sheet_written"] == [True, True]
    assert s.view(0)["players"][0]["sheet"][1] >= 0
    assert s.media[1][0] == 0  # nothing applied yet
    assert not [e for e in s.events(1) if e.type == "sheet_written"]
    assert s.current_players == (1, 2)


def test_001_starting_sheet_media_beyond_five_stack() -> None:
    """001 §遊戲流程 1: more than 5 media cubes on a board is allowed (stacked)."""
    s = new_game(3)
    _sheets(s, [((1, 0, 1), (3, 0)), ((1, 0, 1), (3, 0)), ((1, 0, 1), (0, 0))])
    assert sum(s.media[0]) == 8


def _to_bid(players: int = 3, seed: int = 1):  # type: ignore[no-untyped-def]
    s = new_game(players, seed=seed)
    return play_until(s, Phase.BID)


def test_001_2i_highest_bid_pays_and_chooses_start_player() -> None:
    """001 2.i, 003 A: the highest bidder pays its bid to the bank and chooses the start player."""
    s = _to_bid()
    act(s, 0, "bid", 2)
    act(s, 1, "bid", 5)
    act(s, 2, "bid", 0)
    assert s.phase == Phase.FIRST and s.current_players == (1,)
    assert s.money[1] == 25000 - 5000 and s.money[0] == 25000
    act(s, 1, "first", 2)
    assert s.first == 2 and s.phase == Phase.PLATFORM and s.current_players == (2,)


def test_001_2i_bids_are_secret_until_all_written() -> None:
    """001 2.i: bids are written secretly."""
    s = _to_bid()
    act(s, 0, "bid", 7)
    assert s.view(1)["players"][0]["bid"] is None and s.view(1)["players"][0]["bid_written"]
    assert s.view(0)["players"][0]["bid"] == 7000


def test_001_2i_all_zero_die_nobody_pays() -> None:
    """001 2.i: if everyone bids 0 a die decides; nobody pays."""
    s = _to_bid()
    evs = []
    for p in range(3):
        evs += act(s, p, "bid", 0)
    assert events_of(evs, "die_rolled")
    assert s.phase == Phase.FIRST and s.money == [25000] * 3


def test_001_2i_tie_bids_again_not_lower() -> None:
    """001 2.i: two equal highest bidders bid again, not lower than before; still tied: a die, and the winner
    pays the earlier bid."""
    s = _to_bid()
    act(s, 0, "bid", 4)
    act(s, 1, "bid", 4)
    act(s, 2, "bid", 1)
    assert s.phase == Phase.TIE and s.current_players == (0, 1)
    assert min(a.args[0] for a in legal(s, 0)) == 4
    act(s, 0, "bid", 4)
    evs = act(s, 1, "bid", 4)
    assert events_of(evs, "die_rolled")
    w = s.chooser
    assert s.money[w] == 21000 and s.money[1 - w] == 25000


def test_001_2ii_platform_discard_draw_swap() -> None:
    """001 2.ii: discard up to 3 hidden cards, draw back to 3, then replace at most one public card."""
    s = play_until(_to_bid(), Phase.PLATFORM)
    p = s.turn
    for t in list(s.hand[p]):
        act(s, p, "discard", t)
    assert kinds(legal(s, p)) == {"draw"}  # no fourth discard
    act(s, p, "draw")
    assert len(s.hand[p]) == 3
    assert "keep" in kinds(legal(s, p))
    swaps = [a for a in legal(s, p) if a.kind == "swap"]
    for a in swaps:
        slot, t = a.args
        others = {x >> 1 for i, x in enumerate(s.prog[p]) if i != slot}
        assert (t >> 1) not in others  # ruling R7: five different issues
    if swaps:
        slot, t = swaps[0].args
        old = s.prog[p][slot]
        act(s, p, "swap", slot, t)
        assert s.prog[p][slot] == t and old in s.prog_disc
    assert s.turn != p


def test_003_b_swap_to_opposite_of_same_card_allowed() -> None:
    """003 B / ruling R7: a public card may be replaced by its own opposite."""
    s = play_until(_to_bid(), Phase.PLATFORM)
    p = s.turn
    s.prog[p] = [pro(0), pro(1), pro(2), pro(3), pro(4)]
    s.hand[p] = [con(0), pro(1), con(4)]
    act(s, p, "draw")
    acts = {(a.args[0], a.args[1]) for a in legal(s, p) if a.kind == "swap"}
    assert (0, con(0)) in acts and (4, con(4)) in acts
    assert not any(t == con(0) and slot != 0 for slot, t in acts)
    refresh(s)
