"""Seed 000 section 三.1 to 三.5: first-player bids, program adjustment, media, rallies, placement;
and the order of a round's phases (三)."""

from __future__ import annotations

from collections import Counter

import pytest

from hustings.engine import IllegalActionError
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.actions import A
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import DieMacher2019

from .conftest import (
    BACKBENCHER,
    STANDARD_POLS,
    act,
    bid_all,
    clear_boards,
    con,
    events,
    has,
    kinds,
    last,
    legal,
    make_first,
    messages_differ,
    of_kind,
    pro,
    program_cards,
    round_at,
    started,
    to_phase,
    turn,
)

# ------------------------------------------------------------------------------- 三 phase order


def test_round_phases_in_seed_order() -> None:
    """seed 000 三: bid, program, media, rallies, placement, execution, media influence, polls,
    conversion and election, income/donations, then the next round."""
    s = started(4, seed=1)
    clear_boards(s)
    make_first(s, 0)
    seen = [Phase.BID]

    def note() -> None:
        if s.phase != seen[-1]:
            seen.append(s.phase)

    # a politician so that execution happens; media so that there is an influence decision
    while s.phase != Phase.DONATION:
        p = s.current_players[0]
        acts = legal(s, p)
        a = acts[0]
        if s.phase == Phase.MEDIA and s.media[2][0] == 0 and p == 0:
            a = A("media", 2)
        elif s.phase == Phase.PLACE and p == 0 and not s.placed[1]:
            a = A("place", 1, 1)  # vice-chair: automatic main action
        elif s.phase == Phase.INFLUENCE:
            a = acts[-1]
        elif s.phase == Phase.RALLY and p == 1 and s.rallies[3][1] == 0:
            a = A("rally", 3, 4)
        s.apply(p, a)
        note()
    order = [Phase.BID, Phase.PROGRAM, Phase.MEDIA, Phase.RALLY, Phase.PLACE, Phase.EXEC, Phase.INFLUENCE,
             Phase.POLL, Phase.CONVERT, Phase.DONATION]
    assert [ph for ph in seen if ph != Phase.POLL_DECIDE] == order
    to_phase(s, Phase.BID)
    assert s.round == 2


# ------------------------------------------------------------------------------------- 三.1 bids


def test_bid_range_zero_to_money(game4: DieMacher2019) -> None:
    """seed 000 三.1, R10, R20: a bid is 0 to the player's money, in steps of 1,000 €."""
    s = game4
    assert [a.args[0] for a in legal(s, 0)] == list(range(31))
    s.money[1] = 12_500
    assert [a.args[0] for a in legal(s, 1)] == list(range(13))
    with pytest.raises(IllegalActionError):
        s.apply(1, A("bid", 13))
    s.money[2] = 0
    assert [a.args[0] for a in legal(s, 2)] == [0]
    s.money[3] = 900_000
    assert legal(s, 3)[-1].args[0] == D.MAX_BID_K == 400


def test_bids_secret_and_simultaneous(game4: DieMacher2019) -> None:
    """seed 000 三.1: bids are written in secret and revealed together."""
    s = game4
    assert set(s.current_players) == {0, 1, 2, 3}
    act(s, "bid", 9, p=2)
    assert s.current_players == (0, 1, 3)
    assert last(s, "bid_secret").to == 2
    v = s.view(0)
    assert v["your_bid"] == -1 and v["bids_submitted"] == [False, False, True, False]
    assert "9" not in str([e.data for e in s.events(0) if e.type.startswith("bid")])
    assert s.money[2] == 30_000
    with pytest.raises(IllegalActionError):
        act(s, "bid", 1, p=2)


def test_highest_bid_pays_and_is_first_player(game4: DieMacher2019) -> None:
    """seed 000 三.1: the highest bidder pays the bank and is first player."""
    s = game4
    bid_all(s, [3, 7, 5, 0])
    assert s.first == 1
    assert s.money == [30_000, 23_000, 30_000, 30_000]
    assert last(s, "bids_revealed").data["bids"] == [3000, 7000, 5000, 0]
    assert last(s, "bids_revealed").to is None
    e = last(s, "first_player")
    assert e.data == {"player": 1, "paid": 7000}
    messages_differ(e)
    assert s.phase == Phase.PROGRAM and turn(s) == 1


def test_zero_bid_allowed_and_single_winner_pays_nothing(game4: DieMacher2019) -> None:
    """seed 000 三.1: a bid of 0 € is allowed."""
    s = game4
    bid_all(s, [0, 0, 1, 0])
    assert s.first == 2 and s.money[2] == 29_000


def test_tied_bids_open_auction_from_right_of_previous_first(game4: DieMacher2019) -> None:
    """seed 000 三.1, R7: the tied players bid openly from the right of the previous first player; a pass
    is final; the last one left is first player and pays the price."""
    s = game4
    s.prev_first = 2  # the drawn priority marker; fixed here so the order below is known
    bid_all(s, [5, 5, 0, 5])
    assert s.phase == Phase.TIE
    # right of seat 2: 1, 0, 3 (2 is not tied)
    assert s.tie_order == [1, 0, 3]
    assert turn(s) == 1
    assert next(a.args[0] for a in of_kind(legal(s), "bid")) == 6  # must beat 5,000
    assert A("pass") in legal(s)
    act(s, "pass")
    assert turn(s) == 0
    act(s, "bid", 8)
    assert turn(s) == 3
    assert of_kind(legal(s), "bid")[0].args[0] == 9
    act(s, "pass")
    assert s.first == 0 and s.money[0] == 22_000
    assert [s.money[p] for p in (1, 2, 3)] == [30_000] * 3
    assert s.phase == Phase.PROGRAM


def test_tied_bids_nobody_raises_last_left_pays_tied_bid(game4: DieMacher2019) -> None:
    """seed 000 三.1, R7: when the others drop out, the last tied player pays the tied bid."""
    s = game4
    s.prev_first = 2  # the drawn priority marker; fixed here so the order below is known
    bid_all(s, [4, 4, 4, 4])
    assert s.tie_order == [1, 0, 3, 2]  # previous first player bids last
    for p in (1, 0, 3):
        assert turn(s) == p
        act(s, "pass")
    assert s.first == 2 and s.money[2] == 26_000
    assert s.prev_first == 2


def test_tie_auction_high_bidder_not_asked_again(game4: DieMacher2019) -> None:
    """seed 000 三.1, R7: bidding goes round the remaining tied players until one is left."""
    s = game4
    bid_all(s, [2, 2, 0, 0])
    assert s.tie_order == [1, 0]
    act(s, "bid", 3)  # seat 1
    assert turn(s) == 0
    act(s, "bid", 4)
    assert turn(s) == 1
    act(s, "bid", 5)
    assert turn(s) == 0
    s.money[0] = 5_000
    assert legal(s) == [A("pass")]
    act(s, "pass")
    assert s.first == 1 and s.money[1] == 25_000


def test_round_two_tie_starts_right_of_round_one_first_player() -> None:
    """seed 000 三.1, R7: the previous first player is last round's first player."""
    s = started(4, seed=1)
    make_first(s, 0)
    to_phase(s, Phase.BID)
    assert s.round == 2 and s.prev_first == 0
    bid_all(s, [1, 1, 1, 1])
    assert s.tie_order == [3, 2, 1, 0]


# ------------------------------------------------------------------------------------ 三.2 program


def program_game(first: int = 0) -> DieMacher2019:
    s = started(4, seed=1)
    make_first(s, first)
    assert s.phase == Phase.PROGRAM
    return s


def test_program_adjustment_clockwise_from_first_player() -> None:
    """seed 000 三.2: from the first player clockwise, each player adjusts once; then media."""
    s = program_game(first=2)
    order = []
    while s.phase == Phase.PROGRAM:
        p = turn(s)
        if not order or order[-1] != p:
            order.append(p)
        act(s, legal(s)[0].kind, *legal(s)[0].args)
    assert order == [2, 3, 0, 1]
    assert s.phase == Phase.MEDIA and turn(s) == 2


def test_program_take_deck_top_and_display_card() -> None:
    """seed 000 三.2: take the deck's top card and one display card into the hand; the display is refilled
    only after the player finishes."""
    s = program_game()
    p = 0
    assert len(s.hand[p]) == 1
    assert kinds(legal(s)) == {"nodraw", "wipe", "take"}
    assert {a.args[0] for a in of_kind(legal(s), "take")} == set(s.prog_display)
    top = s.prog_deck[-1]
    pick = s.prog_display[0]
    hand0 = s.hand[p][0]
    act(s, "take", pick)
    assert Counter(s.hand[p]) == Counter([hand0, top, pick])
    assert len(s.prog_display) == 4  # 4 players + 1 = 5, one taken, not yet refilled
    # finish: no swaps, discard to 1
    act(s, "done")
    assert kinds(legal(s)) == {"discard"}
    act(s, "discard", s.hand[p][0])
    assert len(s.hand[p]) == 2 and turn(s) == 0
    act(s, "discard", s.hand[p][0])
    assert len(s.hand[p]) == 1
    assert len(s.prog_display) == 5
    assert turn(s) == 1
    assert len(program_cards(s)) == 56


def test_program_wipe_display_and_take_from_new() -> None:
    """seed 000 三.2: the player may discard the whole display, refill it from the deck and take 1."""
    s = program_game()
    old = list(s.prog_display)
    deck_top = list(reversed(s.prog_deck[-5:]))
    disc = len(s.prog_disc)
    act(s, "wipe")
    assert s.prog_display == deck_top
    assert len(s.prog_disc) == disc + 5 and s.prog_disc[-5:] == old
    assert kinds(legal(s)) == {"pick"}
    assert {a.args[0] for a in legal(s)} == set(deck_top)
    t = deck_top[0]
    act(s, "pick", t)
    assert t in s.hand[0] and len(s.hand[0]) == 2
    messages_differ(last(s, "display_wiped"))


def test_program_at_most_two_swaps_then_hand_of_one() -> None:
    """seed 000 三.2: at most 2 swaps between platform and hand; then the hand is reduced to 1 card."""
    s = program_game()
    p = 0
    s.platform[p] = [pro(0), pro(1), pro(2), pro(3), pro(4)]
    s.hand[p] = [con(0), con(1), con(2)]
    act(s, "nodraw")
    swaps = of_kind(legal(s), "swap")
    assert A("done") in legal(s)
    # each hand card may replace only the platform card of its own issue (others would duplicate)
    assert {a.args for a in swaps} == {(0, con(0)), (1, con(1)), (2, con(2))}
    act(s, "swap", 0, con(0))
    assert s.platform[p][0] == con(0) and pro(0) in s.hand[p]
    act(s, "swap", 1, con(1))
    assert kinds(legal(s)) == {"discard"}  # two swaps: no third
    assert s.platform[p] == [con(0), con(1), pro(2), pro(3), pro(4)]
    while s.phase == Phase.PROGRAM and turn(s) == p:
        act(s, legal(s)[0].kind, *legal(s)[0].args)
    assert len(s.hand[p]) == 1
    assert last(s, "program_swapped").data == {"player": 0, "old": pro(1), "new": con(1)}


def test_program_swap_keeps_platform_five_distinct_issues() -> None:
    """seed 000 一.6, 三.2: a swap may not put two cards of one issue on the platform."""
    s = program_game()
    p = 0
    s.platform[p] = [pro(0), pro(1), pro(2), pro(3), pro(4)]
    s.hand[p] = [pro(5), con(3)]
    act(s, "nodraw")
    swaps = {a.args for a in of_kind(legal(s), "swap")}
    assert swaps == {(j, pro(5)) for j in range(5)} | {(3, con(3))}
    with pytest.raises(IllegalActionError):
        act(s, "swap", 0, con(3))
    act(s, "swap", 0, pro(5))
    plat = s.platform[p]
    assert len({c >> 1 for c in plat}) == 5


def test_program_empty_deck_reshuffles_discards() -> None:
    """seed 000 三.2: an exhausted program deck is rebuilt from the shuffled discard pile."""
    s = program_game()
    s.prog_disc = s.prog_disc + s.prog_deck
    s.prog_deck = []
    n_disc = len(s.prog_disc)
    act(s, "take", s.prog_display[0])
    assert len(events(s, "program_reshuffled")) == 1
    assert len(s.prog_deck) == n_disc - 1 and s.prog_disc == []
    assert len(s.hand[0]) == 3


# --------------------------------------------------------------------------------------- 三.3 media


def test_media_purchase_5000_one_at_a_time_clockwise() -> None:
    """seed 000 三.3: from the first player clockwise, buy one media marker for 5,000 € or pass."""
    s = round_at(Phase.MEDIA, first=1)
    assert turn(s) == 1
    assert kinds(legal(s)) == {"pass", "media"}
    assert {a.args[0] for a in of_kind(legal(s), "media")} == {0, 1, 2, 3}
    act(s, "media", 2)
    assert s.money[1] == 30_000 - 1000 - 5000
    assert s.media[2][1] == 1 and s.media_res[1] == 3
    assert turn(s) == 2
    messages_differ(last(s, "media_bought"))


def test_media_ends_when_all_pass_in_a_row() -> None:
    """seed 000 三.3: the phase goes round until all players pass in a row."""
    s = round_at(Phase.MEDIA, first=0)
    act(s, "media", 0)  # 0
    act(s, "pass")  # 1
    act(s, "media", 1)  # 2 (resets the passes)
    for p in (3, 0, 1):
        assert s.phase == Phase.MEDIA and turn(s) == p
        act(s, "pass")
    assert s.phase == Phase.MEDIA and turn(s) == 2
    act(s, "pass")
    assert s.phase == Phase.RALLY
    assert turn(s) == 0


def test_media_full_state_takes_no_more_markers() -> None:
    """seed 000 三.3, 一.2: a state has 5 media spaces; a full state takes no new marker."""
    s = round_at(Phase.MEDIA, first=0)
    s.media[3] = [2, 1, 1, 1]
    assert not has(s, "media", 3)
    assert has(s, "media", 2)
    s.media[3] = [1, 1, 1, 1]
    assert has(s, "media", 3)


def test_media_needs_money_and_a_reserve_marker() -> None:
    """seed 000 三.3, 四.6: buying needs 5,000 € and a marker in the player's reserve."""
    s = round_at(Phase.MEDIA, first=0)
    s.money[0] = 4_999
    assert legal(s) == [A("pass")]
    s.money[0] = 5_000
    s.media_res[0] = 0
    assert legal(s) == [A("pass")]
    s.media_res[0] = 1
    act(s, "media", 1)
    assert s.money[0] == 0 and s.media_res[0] == 0


# -------------------------------------------------------------------------------------- 三.4 rallies


def test_rally_cost_table() -> None:
    """seed 000 三.4: 1..8 rallies cost 1, 2, 3, 5, 7, 10, 15, 20 thousand euros."""
    assert D.RALLY_COST == [0, 1000, 2000, 3000, 5000, 7000, 10000, 15000, 20000]
    for k in range(1, 9):
        s = round_at(Phase.RALLY, first=0)
        money = s.money[0]
        act(s, "rally", 2, k)
        assert s.money[0] == money - D.RALLY_COST[k]
        assert s.rallies[2][0] == k and s.rally_res[0] == 20 - k
        assert last(s, "rallies_bought").data == {"player": 0, "board": 2, "count": k, "cost": D.RALLY_COST[k]}


def test_rally_options_full_table() -> None:
    """seed 000 三.4: with money, cubes and room, every count 1..8 is offered in every state."""
    s = round_at(Phase.RALLY, first=0)
    s.money[0] = 100_000
    rallies = of_kind(legal(s), "rally")
    assert {a.args for a in rallies} == {(b, k) for b in range(4) for k in range(1, 9)}


def test_rally_cap_eight_per_state() -> None:
    """seed 000 三.4, 四.5: at most 8 cubes of a player in a state, counting those already there."""
    s = round_at(Phase.RALLY, first=0)
    s.money[0] = 100_000
    s.rallies[1][0] = 5
    s.rally_res[0] = 15
    assert max(a.args[1] for a in of_kind(legal(s), "rally") if a.args[0] == 1) == 3
    s.rallies[1][0] = 8
    s.rally_res[0] = 12
    assert not [a for a in of_kind(legal(s), "rally") if a.args[0] == 1]
    with pytest.raises(IllegalActionError):
        act(s, "rally", 1, 1)


def test_rally_capped_by_reserve_of_20_cubes() -> None:
    """seed 000 四.5: each player has 20 cubes in all."""
    s = round_at(Phase.RALLY, first=0)
    s.money[0] = 100_000
    s.rallies[0][0] = 8
    s.rallies[1][0] = 8
    s.rallies[2][0] = 2
    s.rally_res[0] = 2
    assert {a.args for a in of_kind(legal(s), "rally")} == {(2, 1), (2, 2), (3, 1), (3, 2)}


def test_rally_capped_by_money() -> None:
    """seed 000 三.4, 四.6: a player must be able to pay."""
    s = round_at(Phase.RALLY, first=0)
    s.money[0] = 6_000
    assert max(a.args[1] for a in of_kind(legal(s), "rally")) == 4  # 5 would cost 7,000
    s.money[0] = 999
    assert legal(s) == [A("done")]


def test_rally_each_state_paid_separately() -> None:
    """seed 000 三.4: rallies in several states are each paid by that state's count; one purchase per
    state in the player's turn; then the next player clockwise."""
    s = round_at(Phase.RALLY, first=3)
    assert turn(s) == 3
    m = s.money[3]
    act(s, "rally", 0, 4)
    act(s, "rally", 1, 4)
    assert s.money[3] == m - 5000 - 5000  # not 20,000 for 8
    assert not [a for a in of_kind(legal(s), "rally") if a.args[0] in (0, 1)]
    act(s, "done")
    assert turn(s) == 0
    for p in (0, 1, 2):
        assert turn(s) == p
        act(s, "done")
    assert s.phase == Phase.PLACE and turn(s) == 3


# ------------------------------------------------------------------------------------ 三.5 placement


def test_place_one_politician_per_player_per_state() -> None:
    """seed 000 三.5, 四.4: at most one politician of a player in each state."""
    s = round_at(Phase.PLACE, first=0)
    places = of_kind(legal(s), "place")
    assert {a.args[0] for a in places} == set(STANDARD_POLS)
    assert {a.args[1] for a in places} == {0, 1, 2, 3}
    act(s, "place", BACKBENCHER, 2)
    act(s, "pass")
    act(s, "pass")
    act(s, "pass")
    assert turn(s) == 0
    places = of_kind(legal(s), "place")
    assert all(a.args[1] != 2 for a in places)
    assert all(a.args[0] != BACKBENCHER for a in places)  # the same card cannot go twice
    assert places


def test_place_costs_nothing_and_is_face_down() -> None:
    """seed 000 三.5: the politician goes face down; its cost is paid only when revealed."""
    s = round_at(Phase.PLACE, first=1)
    m = list(s.money)
    act(s, "place", 4, 0)
    assert s.money == m
    assert last(s, "politician_placed").data == {"player": 1, "board": 0}
    assert last(s, "politician_placed_own").to == 1
    assert s.view(0)["boards"][0]["politicians"] == [{"player": 1, "politician": None, "revealed": False}]
    assert s.view(1)["boards"][0]["politicians"] == [{"player": 1, "politician": 4, "revealed": False}]
    assert s.view(None)["boards"][0]["politicians"][0]["politician"] is None


def test_place_turns_clockwise_and_a_pass_is_final() -> None:
    """seed 000 三.5, R4: from the first player clockwise, one politician or a pass per turn; a passed
    player places no more this round."""
    s = round_at(Phase.PLACE, first=2)
    assert turn(s) == 2
    act(s, "place", 0, 0)
    assert turn(s) == 3
    act(s, "pass")
    assert turn(s) == 0
    act(s, "place", 0, 1)
    assert turn(s) == 1
    act(s, "pass")
    assert turn(s) == 2
    act(s, "place", 1, 1)
    assert turn(s) == 0  # 3 and 1 have passed
    act(s, "pass")
    assert turn(s) == 2
    act(s, "pass")
    assert s.phase != Phase.PLACE


def test_standard_game_offers_only_five_politicians() -> None:
    """seed 000 一.1: 5 politicians per player in the standard game; the other 3 stay in the box."""
    s = round_at(Phase.PLACE, first=0)
    assert {a.args[0] for a in of_kind(legal(s), "place")} == {0, 1, 2, 3, 4}
    assert [D.POLITICIANS[i].key for i in STANDARD_POLS] == [
        "backbencher", "vice_chair", "spokesperson", "state_secretary", "parliamentary_leader"]
    assert [D.POLITICIANS[i].cost for i in STANDARD_POLS] == [3000, 5000, 5000, 8000, 15000]
