"""Seed 000 三.5, 三.6, 四.2, 四.4: politicians (shadow cabinet): reveal order, cost, the five standard
politicians' main and secondary actions, exclusive actions and double markers."""

from __future__ import annotations

import pytest

from hustings.engine import IllegalActionError
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.actions import A
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import DieMacher2019

from .conftest import (
    BACKBENCHER,
    PARL_LEADER,
    SPOKESPERSON,
    STATE_SECRETARY,
    VICE_CHAIR,
    act,
    events,
    exec_game,
    last,
    legal,
    messages_differ,
    of_kind,
    play_until,
    to_exec,
    to_phase,
    turn,
)

# Round 1 in these scenarios: seat 0 is first player and paid 1,000 €; boards are empty; party = seat.


def revealed(s: DieMacher2019) -> list[tuple[int, int]]:
    return [(e.data["board"], e.data["player"]) for e in events(s, "politician_revealed")]


def decline_all(s: DieMacher2019) -> None:
    while s.phase == Phase.EXEC:
        act(s, "decline")


# ----------------------------------------------------------------------------------- order (三.6)


def test_states_resolve_from_election_state_clockwise() -> None:
    """seed 000 三.6: states are handled from the current election state clockwise."""
    s = exec_game([(0, VICE_CHAIR, 3), (1, VICE_CHAIR, 0), (2, VICE_CHAIR, 2), (3, VICE_CHAIR, 1)])
    decline_all(s)
    assert revealed(s) == [(0, 1), (1, 3), (2, 2), (3, 0)]


def test_round_two_starts_at_its_election_state() -> None:
    """seed 000 三.6: in round 2 the second election state comes first (the first has left the game)."""
    s = exec_game([])
    to_phase(s, Phase.PLACE)
    assert s.round == 2 and s.board_state[0] == -1
    places = of_kind(legal(s), "place")
    assert {a.args[1] for a in places} == {1, 2, 3}  # the elected state is gone
    to_exec(s, [(0, VICE_CHAIR, 3), (1, VICE_CHAIR, 2), (2, VICE_CHAIR, 1)])
    decline_all(s)
    assert revealed(s) == [(1, 2), (2, 1), (3, 0)]


def test_politicians_in_a_state_resolve_in_placement_order() -> None:
    """seed 000 三.6, R5: in a state, politicians resolve in the order they were placed."""
    s = exec_game([(2, VICE_CHAIR, 1), (0, BACKBENCHER, 1), (3, PARL_LEADER, 1), (1, VICE_CHAIR, 0)])
    decline_all(s)
    assert revealed(s) == [(0, 1), (1, 2), (1, 0), (1, 3)]
    assert [e.data["politician"] for e in events(s, "politician_revealed")] == [
        VICE_CHAIR, VICE_CHAIR, BACKBENCHER, PARL_LEADER]


def test_placement_by_play_is_resolved_in_that_order() -> None:
    """seed 000 三.5, 三.6, R4, R5: politicians placed turn by turn resolve in placement order."""
    s = exec_game([], first=0)  # no politicians this round
    to_phase(s, Phase.PLACE)
    first = s.first
    p1, p2 = first, (first + 1) % 4
    act(s, "place", VICE_CHAIR, 2, p=p1)
    act(s, "place", VICE_CHAIR, 2, p=p2)
    while s.phase == Phase.PLACE:
        act(s, "pass")
    decline_all(s)
    assert revealed(s) == [(2, p1), (2, p2)]


def test_all_politicians_of_a_state_revealed_together() -> None:
    """seed 000 三.6: in each state all politicians sent there are turned face up, then resolved one by
    one; the next state's stay face down until its turn."""
    s = exec_game([(1, VICE_CHAIR, 1), (2, BACKBENCHER, 1), (3, SPOKESPERSON, 2)])
    assert turn(s) == 1
    seen = s.view(0)["boards"]
    assert [pol["politician"] for pol in seen[1]["politicians"]] == [VICE_CHAIR, BACKBENCHER]
    assert [pol["politician"] for pol in seen[2]["politicians"]] == [None]
    assert revealed(s) == [(1, 1), (1, 2)]
    decline_all(s)
    assert revealed(s) == [(1, 1), (1, 2), (2, 3)]


# ----------------------------------------------------------------------------------- cost (三.6)


def test_cost_paid_on_reveal_then_one_main_and_one_secondary() -> None:
    """seed 000 三.6: the card is revealed, its cost paid, then 1 main and 1 secondary action."""
    s = exec_game([(1, BACKBENCHER, 0)])
    assert s.money[1] == 30_000  # nothing paid at placement
    e = last(s, "politician_revealed")
    assert e.data == {"player": 1, "board": 0, "politician": BACKBENCHER, "cost": 3000}
    messages_differ(e)
    assert turn(s) == 1 and legal(s) == [A("pay"), A("decline")]
    act(s, "pay")
    assert s.money[1] == 27_000
    # main: a double marker on one of the state's face-up opinions
    assert {a.args[0] for a in legal(s)} == {c >> 1 for c in s.up[0]}
    issue = s.up[0][1] >> 1
    act(s, "dbl_on", issue)
    assert s.dbl[0] == issue and s.double_supply == 3
    assert legal(s) == [A("second", 0), A("second", 1)]
    act(s, "second", 1)
    assert s.votes[0][1] == 3
    assert s.phase != Phase.EXEC
    assert s.pol_used[1] == 1 << BACKBENCHER


def test_politician_unaffordable_is_discarded() -> None:
    """seed 000 三.6, 四.4, R25: a player who cannot pay loses the politician without any action."""
    s = exec_game([(1, PARL_LEADER, 0), (2, VICE_CHAIR, 0)], setup=lambda t: t.money.__setitem__(1, 14_000))
    e = events(s, "politician_discarded")[0]
    assert e.data == {"player": 1, "board": 0, "politician": PARL_LEADER, "reason": "money"}
    assert s.money[1] == 14_000
    assert all(t == 0 for t in s.trend[0])
    assert s.pol_used[1] >> PARL_LEADER & 1
    assert turn(s) == 2 and legal(s) == [A("pay"), A("decline")]


def test_politician_declined_is_discarded() -> None:
    """seed 000 三.6, R25: a player unwilling to pay discards the politician; it is out of the game."""
    s = exec_game([(3, STATE_SECRETARY, 2)])
    act(s, "decline")
    assert s.money[3] == 30_000 and s.votes[2][3] == 0
    assert last(s, "politician_discarded").data["reason"] == "declined"
    to_phase(s, Phase.PLACE)
    assert s.round == 2
    play_until(s, lambda t: turn(t) == 3, policy=lambda t, p, acts: A("pass"))
    assert all(a.args[0] != STATE_SECRETARY for a in of_kind(legal(s), "place"))


def test_each_politician_once_per_game() -> None:
    """seed 000 三.5, 四.4: a politician used in round 1 is back in the box for the rest of the game."""
    s = exec_game([(0, VICE_CHAIR, 1)])
    act(s, "pay")
    act(s, "second", 1)  # program adjustment
    while s.phase == Phase.PROGRAM:
        act(s, legal(s)[0].kind, *legal(s)[0].args)
    to_phase(s, Phase.PLACE)
    play_until(s, lambda t: turn(t) == 0, policy=lambda t, p, acts: A("pass"))
    pols = {a.args[0] for a in of_kind(legal(s), "place")}
    assert pols == {BACKBENCHER, SPOKESPERSON, STATE_SECRETARY, PARL_LEADER}
    with pytest.raises(IllegalActionError):
        act(s, "place", VICE_CHAIR, 2)


# ----------------------------------------------------------------------------------- backbencher


def test_backbencher_removes_an_existing_double_marker() -> None:
    """seed 000 三.6, 四.2, R27: the backbencher may remove the double marker; one per state."""

    def setup(t: DieMacher2019) -> None:
        t.dbl[1] = t.up[1][0] >> 1
        t.double_supply = 3

    s = exec_game([(2, BACKBENCHER, 1)], setup=setup)
    act(s, "pay")
    assert legal(s) == [A("dbl_off")]
    act(s, "dbl_off")
    assert s.dbl[1] == -1 and s.double_supply == 4
    act(s, "second", 0)
    assert s.trend[1][2] == 1


def test_backbencher_double_only_on_face_up_cards() -> None:
    """seed 000 三.6: the double marker goes on a face-up opinion card of the state."""
    s = exec_game([(0, BACKBENCHER, 3)])
    act(s, "pay")
    assert len(s.up[3]) == 1 and len(s.down[3]) == 3
    assert legal(s) == [A("dbl_on", s.up[3][0] >> 1)]
    for c in s.down[3]:
        if c >> 1 != s.up[3][0] >> 1:
            with pytest.raises(IllegalActionError):
                act(s, "dbl_on", c >> 1)


# ------------------------------------------------------------------------------------- vice-chair


def test_vice_chair_trend_then_double() -> None:
    """seed 000 三.6: vice-chair, 5,000 €: trend +1; secondary: a double marker."""
    s = exec_game([(3, VICE_CHAIR, 0)])
    act(s, "pay")
    assert s.money[3] == 25_000
    assert s.trend[0][3] == 1
    assert legal(s) == [A("second", 0), A("second", 1)]
    act(s, "second", 0)
    issue = s.up[0][2] >> 1
    act(s, "dbl_on", issue)
    assert s.dbl[0] == issue
    assert s.phase != Phase.EXEC


def test_vice_chair_program_adjustment() -> None:
    """seed 000 三.6: vice-chair secondary: a program adjustment by the rules of 三.2 (take, up to 2 swaps,
    hand of 1), then the next politician."""
    s = exec_game([(1, VICE_CHAIR, 1), (2, VICE_CHAIR, 1)])
    act(s, "pay")
    act(s, "second", 1)
    assert s.phase == Phase.PROGRAM and turn(s) == 1
    assert {a.kind for a in legal(s)} == {"nodraw", "wipe", "take"}
    t = s.prog_display[0]
    act(s, "take", t)
    assert len(s.hand[1]) == 3
    while s.phase == Phase.PROGRAM:
        act(s, legal(s)[-1].kind, *legal(s)[-1].args)
    assert len(s.hand[1]) == 1
    assert len({c >> 1 for c in s.platform[1]}) == 5
    assert s.phase == Phase.EXEC and turn(s) == 2
    assert legal(s) == [A("pay"), A("decline")]


# ----------------------------------------------------------------------------------- spokesperson


def media_setup(t: DieMacher2019) -> None:
    t.media[0] = [1, 0, 2, 0]
    t.media_res[0] -= 1
    t.media_res[2] -= 2


def test_spokesperson_removes_a_marker_pays_and_places_own() -> None:
    """seed 000 三.6, R26: spokesperson, 5,000 €: pay another player 5,000 € to remove one of their media
    markers in the state; optionally put an own reserve marker in the freed space; then trend or votes."""
    s = exec_game([(1, SPOKESPERSON, 0)], setup=media_setup)
    act(s, "pay")
    assert s.money[1] == 25_000
    assert set(legal(s)) == {A("mremove", 0, 0), A("mremove", 0, 1), A("mremove", 2, 0), A("mremove", 2, 1)}
    act(s, "mremove", 2, 1)
    assert s.money[1] == 20_000 and s.money[2] == 35_000
    assert s.media[0] == [1, 1, 1, 0]
    assert s.media_res[1] == 3 and s.media_res[2] == 3
    e = last(s, "media_removed")
    assert e.data == {"player": 1, "board": 0, "target": 2, "placed_own": True, "paid": 5000}
    messages_differ(e)
    act(s, "second", 1)
    assert s.votes[0][1] == 5


def test_spokesperson_without_reserve_only_removes() -> None:
    """R26: placing an own marker needs one in reserve."""

    def setup(t: DieMacher2019) -> None:
        media_setup(t)
        t.media_res[1] = 0

    s = exec_game([(1, SPOKESPERSON, 0)], setup=setup)
    act(s, "pay")
    assert set(legal(s)) == {A("mremove", 0, 0), A("mremove", 2, 0)}
    act(s, "mremove", 0, 0)
    assert s.media[0] == [0, 0, 2, 0] and s.money[0] == 34_000
    act(s, "second", 0)
    assert s.trend[0][1] == 1


def test_spokesperson_removal_needs_5000_after_cost() -> None:
    """R26, R6: the removal needs 5,000 € after paying the politician; otherwise the main action is skipped
    and a secondary action is still performed."""

    def setup(t: DieMacher2019) -> None:
        media_setup(t)
        t.money[1] = 9_000

    s = exec_game([(1, SPOKESPERSON, 0)], setup=setup)
    act(s, "pay")
    assert s.money[1] == 4_000
    assert legal(s) == [A("second", 0), A("second", 1)]
    assert last(s, "action_skipped").data["effect"] == "media_remove"
    assert s.media[0] == [1, 0, 2, 0]


def test_spokesperson_needs_another_partys_marker() -> None:
    """seed 000 三.6, R26: only another player's marker can be removed."""

    def setup(t: DieMacher2019) -> None:
        t.media[0] = [0, 2, 0, 0]
        t.media_res[1] -= 2

    s = exec_game([(1, SPOKESPERSON, 0)], setup=setup)
    act(s, "pay")
    assert legal(s) == [A("second", 0), A("second", 1)]
    assert s.money[1] == 25_000


# -------------------------------------------------------------------------------- state secretary


def test_state_secretary_votes_and_media_removal() -> None:
    """seed 000 三.6: state secretary, 8,000 €: +8 votes; secondary: the paid media removal."""
    s = exec_game([(2, STATE_SECRETARY, 0)], setup=media_setup)
    act(s, "pay")
    assert s.money[2] == 22_000
    assert s.votes[0][2] == 8
    assert last(s, "votes_gained").data == {"player": 2, "board": 0, "votes": 8}
    assert legal(s) == [A("second", 0), A("second", 1)]
    act(s, "second", 0)
    assert set(legal(s)) == {A("mremove", 0, 0), A("mremove", 0, 1)}
    act(s, "mremove", 0, 1)
    assert s.media[0] == [0, 0, 3, 0] and s.money == [34_000, 30_000, 17_000, 30_000]


def test_state_secretary_free_poll_kept_secret() -> None:
    """seed 000 三.6, 三.8: a free poll card, not published: party base +3, nothing paid."""

    def setup(t: DieMacher2019) -> None:
        t.poll_deck = [c for c in t.poll_deck if c != 4] + [4]  # card 5: [0, 0, -1, -1, 2]

    s = exec_game([(2, STATE_SECRETARY, 1)], setup=setup)
    act(s, "pay")
    act(s, "second", 1)
    assert s.phase == Phase.POLL_DECIDE and turn(s) == 2
    assert legal(s) == [A("keep_poll")]  # FDP's own change is -1: cannot publish
    act(s, "keep_poll")
    assert s.base[2] == 13
    assert s.money[2] == 22_000
    assert 4 in s.poll_disc
    assert s.phase != Phase.POLL_DECIDE


def test_state_secretary_free_poll_published() -> None:
    """seed 000 三.6, 三.8: a free poll card published changes every party's trend in that state."""

    def setup(t: DieMacher2019) -> None:
        t.poll_deck = [c for c in t.poll_deck if c != 2] + [2]  # card 3: [0, -1, 2, 0, -1]

    s = exec_game([(2, STATE_SECRETARY, 1)], setup=setup)
    act(s, "pay")
    act(s, "second", 1)
    assert set(legal(s)) == {A("keep_poll"), A("publish")}
    act(s, "publish")
    assert s.trend[1] == [0, -1, 2, 0]
    assert s.base[2] == 10


# --------------------------------------------------------------------------- parliamentary leader


def test_parliamentary_leader_lowers_all_other_trends() -> None:
    """seed 000 三.6, 四.1, R1: parliamentary leader, 15,000 €: every other party's trend there -1."""

    def setup(t: DieMacher2019) -> None:
        t.trend[2] = [2, 0, -3, 1]

    s = exec_game([(0, PARL_LEADER, 2)], setup=setup)
    act(s, "pay")
    assert s.money[0] == 29_000 - 15_000
    assert s.trend[2] == [2, -1, -3, 0]
    assert s.trend[1] == [0, 0, 0, 0]
    assert legal(s) == [A("second", 0), A("second", 1)]
    act(s, "second", 1)
    assert s.phase == Phase.POLL_DECIDE


def test_parliamentary_leader_program_adjustment() -> None:
    """seed 000 三.6: parliamentary leader secondary: program adjustment."""
    s = exec_game([(3, PARL_LEADER, 1)])
    act(s, "pay")
    act(s, "second", 0)
    assert s.phase == Phase.PROGRAM and turn(s) == 3
    act(s, "nodraw")
    while s.phase == Phase.PROGRAM:
        act(s, "done") if A("done") in legal(s) else act(s, legal(s)[0].kind, *legal(s)[0].args)
    assert len(s.hand[3]) == 1
    assert s.phase == Phase.POLL  # back from the adjustment, no more politicians, no media controller


# ------------------------------------------------------------------------------- exclusive actions


def test_double_is_exclusive_main_skipped_secondary_still_done() -> None:
    """seed 000 三.6, R6: an exclusive action done in a state cannot be repeated there this round; a
    skipped main action still leaves the secondary action."""
    s = exec_game([(1, BACKBENCHER, 0), (2, BACKBENCHER, 0), (3, VICE_CHAIR, 0)])
    act(s, "pay")
    act(s, "dbl_on", s.up[0][0] >> 1)
    act(s, "second", 0)
    act(s, "pay")  # seat 2: main skipped
    assert turn(s) == 2 and legal(s) == [A("second", 0), A("second", 1)]
    assert last(s, "action_skipped").data == {"player": 2, "board": 0, "effect": "double"}
    act(s, "second", 1)
    assert s.votes[0][2] == 3 and s.dbl[0] == s.up[0][0] >> 1
    act(s, "pay")  # seat 3: vice-chair; its double secondary is no longer possible
    assert legal(s) == [A("second", 1)]
    with pytest.raises(IllegalActionError):
        act(s, "second", 0)


def test_exclusive_actions_are_per_state() -> None:
    """seed 000 三.6, R6: the exclusive double of one state does not block another state."""
    s = exec_game([(1, BACKBENCHER, 0), (2, BACKBENCHER, 1)])
    act(s, "pay")
    act(s, "dbl_on", s.up[0][0] >> 1)
    act(s, "second", 0)
    act(s, "pay")
    assert {a.kind for a in legal(s)} == {"dbl_on"}
    act(s, "dbl_on", s.up[1][0] >> 1)
    assert s.dbl[0] >= 0 and s.dbl[1] >= 0 and s.double_supply == 2


def test_media_removal_is_exclusive() -> None:
    """seed 000 三.6, R6: after a media removal in a state, no other politician removes one there."""
    s = exec_game([(1, SPOKESPERSON, 0), (3, STATE_SECRETARY, 0)], setup=media_setup)
    act(s, "pay")
    act(s, "mremove", 2, 0)
    act(s, "second", 0)
    act(s, "pay")
    assert s.media[0] == [1, 0, 1, 0]  # still markers to remove...
    assert legal(s) == [A("second", 1)]  # ...but the removal is taken


def test_free_poll_is_exclusive() -> None:
    """seed 000 三.6, R6: one free poll per state and round."""
    s = exec_game([(1, STATE_SECRETARY, 3), (2, PARL_LEADER, 3)])
    act(s, "pay")
    act(s, "second", 1)
    act(s, "keep_poll")
    act(s, "pay")
    assert legal(s) == [A("second", 0)]


def test_no_double_marker_left_in_supply() -> None:
    """seed 000 一.1, 四.2, R27: 4 double markers in all; with none in the supply none can be placed."""

    def setup(t: DieMacher2019) -> None:
        t.double_supply = 0

    s = exec_game([(1, BACKBENCHER, 0), (2, VICE_CHAIR, 1)], setup=setup)
    act(s, "pay")
    assert last(s, "action_skipped").data["effect"] == "double"
    assert legal(s) == [A("second", 0), A("second", 1)]
    act(s, "second", 0)
    act(s, "pay")
    assert legal(s) == [A("second", 1)]
    assert D.DOUBLE_MARKERS == 4


def test_exclusivity_resets_next_round() -> None:
    """seed 000 四.4: exclusive actions are once per state *per round*."""
    s = exec_game([(1, BACKBENCHER, 2)])
    act(s, "pay")
    act(s, "dbl_on", s.up[2][0] >> 1)
    act(s, "second", 0)
    to_phase(s, Phase.PLACE)
    assert s.round == 2 and s.dbl[2] >= 0
    to_exec(s, [(2, BACKBENCHER, 2)])
    act(s, "pay")
    assert legal(s) == [A("dbl_off")]
