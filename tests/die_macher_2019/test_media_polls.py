"""Seed 000 三.7 (media influence), 三.8 (poll auctions), 四.3 (media control)."""

from __future__ import annotations

import pytest

from hustings.engine import IllegalActionError
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.actions import A
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import DieMacher2019

from .conftest import (
    act,
    after_placement,
    con,
    events,
    last,
    legal,
    messages_differ,
    of_kind,
    poll_game,
    pro,
    round_at,
    to_phase,
    turn,
)

# --------------------------------------------------------------------------------- 三.7 control


def test_media_control_needs_strictly_most_markers() -> None:
    """seed 000 三.7, 四.3: the player with more markers than every other controls; a tie: nobody."""
    s = round_at(Phase.MEDIA)
    for row, ctrl in [([2, 1, 0, 0], 0), ([1, 1, 0, 0], -1), ([0, 0, 0, 0], -1), ([0, 0, 0, 3], 3),
                      ([2, 2, 1, 0], -1), ([1, 0, 0, 0], 0),
                      # a tie below the top does not matter; a tie at the top after a lone leader does
                      ([1, 1, 3, 0], 2), ([3, 1, 1, 0], 0), ([2, 3, 3, 0], -1), ([3, 2, 3, 1], -1)]:
        s.media[1] = row
        assert s._controller(1) == ctrl, row
    # every row of up to 4 counts of 0..3 against the rule's words: the one seat with more than every other
    for code in range(4 ** 4):
        row = [code >> (2 * p) & 3 for p in range(4)]
        leaders = [p for p in range(4) if all(row[p] > row[q] for q in range(4) if q != p)]
        s.media[1] = row
        assert s._controller(1) == (leaders[0] if leaders else -1), row


def set_opinions(t: DieMacher2019) -> None:
    t.up[1] = [pro(0), con(1), pro(2)]
    t.media[1] = [0, 0, 2, 1]
    t.media[3] = [0, 1, 0, 0]


def test_influence_states_from_election_state_clockwise() -> None:
    """seed 000 三.7: the controllers act state by state from the election state clockwise."""
    s = after_placement(setup=set_opinions)
    assert s.phase == Phase.INFLUENCE
    assert turn(s) == 2 and s.order[s.bi] == 1
    act(s, "pass")
    assert turn(s) == 1 and s.order[s.bi] == 3
    messages_differ(last(s, "influence_pass"))
    act(s, "pass")
    assert s.phase == Phase.POLL


def test_influence_replacement_rules() -> None:
    """seed 000 三.7, R18: the controller swaps one face-up card for a display card of an issue not face up
    in the state (the removed card's issue included); the removed card is discarded; the display is not
    refilled."""
    s = after_placement(setup=set_opinions)
    acts = of_kind(legal(s), "replace")
    present = {0, 1, 2}
    new = sorted(t for t in s.op_display if t >> 1 not in present)
    assert {a.args for a in acts} == {(i, t) for i in present for t in new}
    assert A("pass") in legal(s)
    with pytest.raises(IllegalActionError):
        act(s, "replace", 1, pro(1))  # same issue: not "another issue"
    with pytest.raises(IllegalActionError):
        act(s, "replace", 1, pro(2))  # issue already face up
    disp = len(s.op_display)
    act(s, "replace", 1, con(5))
    assert s.up[1] == [pro(0), con(5), pro(2)]
    assert s.op_disc[-1] == con(1)
    assert con(5) not in s.op_display and len(s.op_display) == disp - 1
    e = last(s, "opinion_replaced")
    assert e.data == {"player": 2, "board": 1, "old": con(1), "new": con(5)}
    messages_differ(e)
    to_phase(s, Phase.BID)
    assert con(5) not in s.op_display  # never refilled


def test_doubled_opinion_cannot_be_replaced() -> None:
    """seed 000 三.6, 三.7, 四.2, R18: the card under the double marker cannot be replaced."""

    def setup(t: DieMacher2019) -> None:
        set_opinions(t)
        t.dbl[1] = 1
        t.double_supply = 3

    s = after_placement(setup=setup)
    assert {a.args[0] for a in of_kind(legal(s), "replace")} == {0, 2}


def test_no_controller_no_influence() -> None:
    """seed 000 三.7: with tied markers nobody controls the state and nothing is replaced."""

    def setup(t: DieMacher2019) -> None:
        t.media[2] = [1, 1, 0, 0]

    s = after_placement(setup=setup)
    assert s.phase == Phase.POLL
    assert not events(s, "influence_pass")


def test_face_down_opinions_not_replaceable() -> None:
    """R18: only face-up cards are replaced."""

    def setup(t: DieMacher2019) -> None:
        t.media[3] = [0, 0, 0, 1]

    s = after_placement(setup=setup)
    assert len(s.up[3]) == 1
    assert {a.args[0] for a in of_kind(legal(s), "replace")} == {s.up[3][0] >> 1}


# ------------------------------------------------------------------------------------ 三.8 polls


def test_poll_auction_in_every_state_from_election_state() -> None:
    """seed 000 三.8: one poll auction per state, from the election state clockwise; unsold cards are
    discarded (R8)."""
    s = poll_game()
    while s.phase == Phase.POLL:
        act(s, "pass")
    assert [e.data["board"] for e in events(s, "poll_auction")] == [0, 1, 2, 3]
    assert len(events(s, "poll_unsold")) == 4
    assert len(s.poll_disc) == 4 and len(s.poll_deck) == 6
    assert not events(s, "poll_won")


def test_poll_host_most_votes_ties_nearest_first_player() -> None:
    """seed 000 三.8: the host has the most votes in the state; a tie goes to the first player or the tied
    player nearest after them."""
    s = poll_game(first=0, votes={0: [3, 7, 7, 0]})
    assert s.poll_host == 1
    s = poll_game(first=2, votes={0: [3, 7, 7, 0]})
    assert s.poll_host == 2
    s = poll_game(first=3, votes={0: [7, 0, 7, 0]})
    assert s.poll_host == 0
    s = poll_game(first=1, votes={0: [0, 0, 0, 0]})
    assert s.poll_host == 1


def test_poll_bidding_order_host_bids_last() -> None:
    """seed 000 三.8, R8: bidding from the player left of the first player, skipping the host; each bid
    beats the last; a pass is final; the highest bidder is not asked again; the host may then top it."""
    s = poll_game(first=1, votes={0: [0, 0, 0, 9]}, cards=[0])
    assert s.poll_host == 3
    e = last(s, "poll_auction")
    assert e.to is None and e.data["trend"] == list(D.POLLS[0])  # shown to all before bidding
    assert s.view(2)["poll"]["trend"] == list(D.POLLS[0])
    assert turn(s) == 2
    assert of_kind(legal(s), "bid")[0].args[0] == 1  # first bid at least 1,000 €
    act(s, "bid", 1)
    assert turn(s) == 0
    act(s, "pass")
    assert turn(s) == 1
    act(s, "bid", 2)
    assert turn(s) == 2
    assert of_kind(legal(s), "bid")[0].args[0] == 3
    act(s, "bid", 3)
    assert turn(s) == 1  # 0 passed for good, 2 holds the high bid
    act(s, "pass")
    assert turn(s) == 3  # the host
    assert of_kind(legal(s), "bid")[0].args[0] == 4
    act(s, "bid", 4)
    assert s.phase == Phase.POLL_DECIDE and turn(s) == 3
    assert s.money[3] == 26_000
    assert last(s, "poll_won").data == {"player": 3, "board": 0, "paid": 4000}


def test_poll_host_passes_highest_bidder_pays_bank() -> None:
    """seed 000 三.8: if the host passes, the highest bidder pays the bank and takes the card."""
    s = poll_game(first=0, votes={0: [5, 0, 0, 0]}, cards=[3])
    assert s.poll_host == 0
    assert turn(s) == 1
    act(s, "bid", 6)
    act(s, "pass")  # 2
    act(s, "pass")  # 3
    assert turn(s) == 0
    act(s, "pass")
    assert s.phase == Phase.POLL_DECIDE and turn(s) == 1
    assert s.money == [29_000, 24_000, 30_000, 30_000]
    assert sum(s.money) == 4 * 30_000 - 1000 - 6000  # to the bank, not to the host


def test_poll_host_may_buy_when_nobody_bids() -> None:
    """seed 000 三.8, R8: the host has the last word even when nobody else bid."""
    s = poll_game(first=0, votes={0: [0, 0, 4, 0]}, cards=[2])
    for _ in range(3):
        act(s, "pass")
    assert turn(s) == 2
    act(s, "bid", 1)
    assert s.phase == Phase.POLL_DECIDE and turn(s) == 2 and s.money[2] == 29_000


def test_poll_bids_never_exceed_money() -> None:
    """seed 000 三.8, 四.6, R10: no bid above the bidder's money is ever offered."""
    s = poll_game(first=0)
    p = turn(s)
    s.money[p] = 2_500
    assert [a.args[0] for a in of_kind(legal(s), "bid")] == [1, 2]
    act(s, "bid", 2)
    q = turn(s)
    s.money[q] = 2_000
    assert legal(s) == [A("pass")]


def test_poll_kept_secret_party_base_plus_three() -> None:
    """seed 000 三.8: a poll not published gives +3 party base and changes no trend."""
    s = poll_game(first=0, votes={0: [0, 5, 0, 0]}, cards=[0])
    for _ in range(3):
        act(s, "pass")
    act(s, "bid", 1)  # host 1
    assert legal(s) == [A("keep_poll")]  # SPD's change on card 1 is -1
    act(s, "keep_poll")
    assert s.base[1] == 13
    assert s.trend[0] == [0, 0, 0, 0]
    assert s.poll_disc[-1] == 0
    e = last(s, "poll_kept")
    assert e.data["base_gain"] == 3
    messages_differ(e)
    assert s.phase == Phase.POLL and s.poll_board == 1


def test_poll_publish_only_if_own_trend_rises() -> None:
    """seed 000 三.8, R9: publishing is allowed only when the card raises the winner's own trend."""
    s = poll_game(first=0, votes={0: [0, 5, 0, 0]}, cards=[1])  # card 2: [-1, 2, -1, 0, 0]
    for _ in range(3):
        act(s, "pass")
    act(s, "bid", 1)
    assert D.POLLS[1][1] > 0
    assert legal(s) == [A("keep_poll"), A("publish")]
    s2 = poll_game(first=0, votes={0: [0, 5, 0, 0]}, cards=[0])
    for _ in range(3):
        act(s2, "pass")
    assert D.POLLS[0][1] < 0
    act(s2, "bid", 1)  # host is SPD (seat 1): own change -1
    assert legal(s2) == [A("keep_poll")]
    with pytest.raises(IllegalActionError):
        act(s2, "publish")
    s3 = poll_game(first=0, votes={0: [0, 0, 5, 0]}, cards=[0])
    for _ in range(3):
        act(s3, "pass")
    assert D.POLLS[0][2] == 0
    act(s3, "bid", 1)  # host is FDP (seat 2): own change 0 does not raise the trend
    assert legal(s3) == [A("keep_poll")]


def test_poll_publish_changes_all_trends_media_controller_protected() -> None:
    """seed 000 三.8, R9, R1: publishing applies the card's change for every party in the game in that state;
    the state's media controller takes no decrease; trends stay within -3..+3."""
    # card 1 (index 0): CDU +2, SPD -1, FDP 0, Greens -1, Left 0
    s = poll_game(first=0, votes={0: [5, 0, 0, 0]}, cards=[0], media={0: [0, 0, 0, 1]},
                  trend={0: [2, -3, 1, 0]})
    for _ in range(3):
        act(s, "pass")
    act(s, "bid", 1)  # host CDU (seat 0) buys
    act(s, "publish")
    # CDU 2+2 capped at 3; SPD -1 at -3 stays; FDP 0; Greens control the media: no decrease
    assert s.trend[0] == [3, -3, 1, 0]
    e = last(s, "poll_published")
    assert e.data["changes"] == [2, -1, 0, 0]
    messages_differ(e)
    assert s.base[0] == 10


def test_poll_parties_not_in_game_ignored() -> None:
    """seed 000 三.8, R9: the trend figures follow the parties; parties not in the game are ignored."""
    # 3 players as Left, FDP, CDU; card 9 (index 8): CDU 0, SPD -1, FDP -1, Greens +1, Left +1
    s = poll_game(first=0, votes={0: [4, 0, 0]}, cards=[8], players=3, parties=[4, 2, 0])
    act(s, "pass")
    act(s, "pass")
    act(s, "bid", 2)  # host seat 0 (Left)
    act(s, "publish")
    assert s.trend[0] == [1, -1, 0]
    assert last(s, "poll_published").data["changes"] == [1, -1, 0]


def test_poll_deck_reshuffled_when_empty() -> None:
    """seed 000 三.8: used poll cards go to the discard pile, which refills an empty deck."""
    s = poll_game()
    s.poll_disc = s.poll_disc + s.poll_deck
    s.poll_deck = []
    while s.phase == Phase.POLL:
        act(s, "pass")
    assert len(events(s, "poll_auction")) == 4
    assert sorted(s.poll_deck + s.poll_disc) == list(range(10))
