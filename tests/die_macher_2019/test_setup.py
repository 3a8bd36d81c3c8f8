"""Seed 000 section 一 (setup): parties, resources, state cards, opinions, program draft, deployment."""

from __future__ import annotations

from collections import Counter

import pytest

from hustings.engine import IllegalActionError, Rng
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.actions import DEPLOY_ACTIONS, A
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import schedule

from .conftest import (
    act,
    choose_parties,
    con,
    events,
    has,
    kinds,
    last,
    legal,
    messages_differ,
    new_game,
    of_kind,
    opinion_cards,
    pro,
    program_cards,
    refresh,
    started,
    to_phase,
)

# ------------------------------------------------------------------------------------ 一.1 parties


def test_party_choice_in_seat_order_all_different() -> None:
    """seed 000 一.1 (and R21): each player picks a different party, in seat order."""
    s = new_game(4)
    assert s.phase == Phase.PARTY
    assert s.current_players == (0,)
    assert {a.args[0] for a in legal(s)} == set(range(5))
    act(s, "party", 3, p=0)
    assert s.current_players == (1,)
    assert A("party", 3) not in legal(s)
    with pytest.raises(IllegalActionError):
        s.apply(1, A("party", 3))
    with pytest.raises(IllegalActionError):
        s.apply(2, A("party", 1))  # out of turn
    act(s, "party", 0, p=1)
    act(s, "party", 4, p=2)
    assert {a.args[0] for a in legal(s)} == {1, 2}
    act(s, "party", 1, p=3)
    assert s.party == [3, 0, 4, 1]
    assert s.phase == Phase.DRAFT


@pytest.mark.parametrize("variant,markers,pols", [("standard", 4, 5), ("expanded", 5, 8)])
def test_starting_resources(variant: str, markers: int, pols: int) -> None:
    """seed 000 一.1, 一.4, 四.8: 30,000 €, base 10, 20 cubes, 4 media markers (5 expanded), tracks at 0,
    3 donation cards, 5 politicians (8 expanded)."""
    s = new_game(4, variant, seed=3)
    choose_parties(s)
    assert s.money == [30_000] * 4
    assert s.base == [10] * 4
    assert s.rally_res == [20] * 4
    assert s.media_res == [markers] * 4
    for b in range(4):
        assert s.votes[b] == [0] * 4 and s.trend[b] == [0] * 4
        assert s.media[b] == [0] * 4 and s.rallies[b] == [0] * 4
    assert s.don_used == [0] * 4 and s.pol_used == [0] * 4
    assert len(D.DONATIONS) == 3
    assert len([p for p in D.POLITICIANS if variant == "expanded" or not p.expanded_only]) == pols


# --------------------------------------------------------------------------- 一.2 priority (R21)


@pytest.mark.parametrize("seed,parties", [(5, [3, 1, 4]), (6, [0, 2, 4, 1]), (7, [4, 3, 2, 1, 0]), (8, [2, 0, 1])])
def test_initial_priority_is_topmost_marker_in_play(seed: int, parties: list[int]) -> None:
    """seed 000 一.2, R21: the 5 party markers are shuffled; the topmost one in play is the priority player."""
    markers = list(range(5))
    Rng(seed).shuffle(markers)  # the game's first random act after the parties are chosen
    owner = {party: p for p, party in enumerate(parties)}
    expected = next(owner[m] for m in markers if m in owner)
    s = new_game(len(parties), seed=seed)
    choose_parties(s, parties)
    assert s.prev_first == expected == s.first
    assert last(s, "priority").data["player"] == expected


# ------------------------------------------------------------------------------ 一.3 state cards


@pytest.mark.parametrize("seed", range(12))
def test_two_large_two_small_lowest_maximum_first(seed: int) -> None:
    """seed 000 一.3: 2 large + 2 small states; the lowest maximum holds the ballot box; 4 elections."""
    s = new_game(3 + seed % 3, seed=seed)
    choose_parties(s)
    sizes = Counter(D.STATES[x].size for x in s.board_state)
    assert sizes == {"large": 2, "small": 2}
    assert len(set(s.board_state)) == 4
    maxima = [D.STATES[x].max_points for x in s.board_state]
    assert maxima[0] == min(maxima)
    assert s.elec_round == [1, 2, 3, 4]
    assert schedule.ELECTIONS["standard"] == [(1, 0), (2, 1), (3, 2), (4, 3)]
    assert last(s, "states_drawn").data["boards"] == s.board_state
    assert sorted(s.state_pool + s.board_state) == list(range(16))


def test_state_cards_are_shuffled() -> None:
    """seed 000 一.3: the drawn states vary with the shuffle."""
    seen = set()
    for seed in range(20):
        s = new_game(3, seed=seed)
        choose_parties(s)
        seen.add(tuple(s.board_state))
    assert len(seen) > 10


def _chosen_states(seed: int) -> list[int]:
    """Replays the setup shuffles (markers, large, small, chosen) with the game's RNG."""
    r = Rng(seed)
    r.shuffle(list(range(5)))
    large = [s.index for s in D.STATES if s.size == "large"]
    small = [s.index for s in D.STATES if s.size == "small"]
    r.shuffle(large)
    r.shuffle(small)
    chosen = large[:2] + small[:2]
    r.shuffle(chosen)
    return chosen


def test_board_order_is_the_shuffled_order_rotated_to_the_lowest() -> None:
    """seed 000 一.3: the states lie in shuffled board order; elections go clockwise from the lowest."""
    for seed in range(6):
        chosen = _chosen_states(seed)
        start = min(range(4), key=lambda i: D.STATES[chosen[i]].max_points)
        s = new_game(4, seed=seed)
        choose_parties(s)
        assert s.board_state == chosen[start:] + chosen[:start]


# --------------------------------------------------------------------------------- 一.5 opinions


@pytest.mark.parametrize("seed", range(8))
def test_opinion_setup_display_and_reveals_4_3_2_1(seed: int) -> None:
    """seed 000 一.5: one pro and one contra of each issue in the display; 4 cards per state; reveal
    4/3/2/1 from the first election state clockwise; no issue twice face up in a state."""
    s = new_game(4, seed=seed)
    choose_parties(s)
    assert sorted(s.op_display) == list(range(D.NUM_TYPES))
    assert [len(s.up[b]) for b in range(4)] == [4, 3, 2, 1]
    for b in range(4):
        assert len(s.up[b]) + len(s.down[b]) == 4
        issues = [c >> 1 for c in s.up[b]]
        assert len(set(issues)) == len(issues)
    cards = opinion_cards(s)
    assert len(cards) == 42
    assert Counter(cards) == {t: 3 for t in range(D.NUM_TYPES)}


def test_duplicate_issue_is_discarded_and_redrawn() -> None:
    """seed 000 一.5, R17: a revealed card repeating a face-up issue (either stance) is discarded and
    replaced from the deck until the issue is new."""
    s = started(4)
    s.up[1] = [pro(0), pro(1)]
    s.down[1] = [con(0)]  # same issue as pro(0), other stance
    s.op_deck = [pro(5), pro(1)]  # top (popped first) is pro(1): a duplicate again
    s.op_disc = []
    n_events = len(events(s, "opinion_duplicate"))
    s.round = 1
    s._reveal_to_target(1)  # board 1 shows 3 in round 1
    assert s.up[1] == [pro(0), pro(1), pro(5)]
    assert s.down[1] == []
    assert s.op_disc == [con(0), pro(1)]
    assert s.op_deck == []
    dup = events(s, "opinion_duplicate")[n_events:]
    assert [e.data["card"] for e in dup] == [con(0), pro(1)]


def test_empty_opinion_deck_is_refilled_from_discards() -> None:
    """R17: an empty opinion deck is rebuilt from the shuffled discard pile."""
    s = started(4)
    s.up[1] = [pro(0), pro(1)]
    s.down[1] = [con(0)]
    s.op_deck = []
    s.op_disc = [pro(6)]
    s._reveal_to_target(1)
    assert s.up[1] == [pro(0), pro(1), pro(6)]
    assert s.op_disc == [con(0)] or (s.op_disc == [] and s.op_deck == [con(0)])


# ------------------------------------------------------------------------------- 一.6 program draft


@pytest.mark.parametrize("players", [3, 4, 5])
def test_program_display_players_plus_one_and_seven_cards(players: int) -> None:
    """seed 000 一.6, R2: the display shows players + 1 cards; each player drafts from 7 cards."""
    s = new_game(players, seed=2)
    choose_parties(s)
    assert s.phase == Phase.DRAFT
    assert len(s.prog_display) == players + 1
    assert all(len(s.packets[p]) == 7 for p in range(players))
    assert set(s.current_players) == set(range(players))  # simultaneous
    assert len(program_cards(s)) == 56
    assert Counter(program_cards(s)) == {t: 4 for t in range(D.NUM_TYPES)}


def test_draft_pick_one_pass_rest_left_four_times() -> None:
    """seed 000 一.6: everyone picks 1 secretly at once and passes the rest to the left (next seat),
    four times; then 4 picks + 3 left = 7 cards."""
    s = new_game(4, seed=2)
    choose_parties(s)
    for rnd in range(4):
        assert s.phase == Phase.DRAFT and s.draft_round == rnd
        before = [list(s.packets[p]) for p in range(4)]
        picks = {}
        for p in range(4):
            a = legal(s, p)[-1]
            picks[p] = a.args[0]
            s.apply(p, a)
            if p < 3:  # nothing moves until everybody has picked
                assert s.packets[p] == before[p]
                assert last(s, "draft_pick").to == p
        if rnd < 3:
            for p in range(4):
                rest = Counter(before[p])
                rest[picks[p]] -= 1
                assert Counter(s.packets[(p + 1) % 4]) == +rest
                assert len(s.packets[(p + 1) % 4]) == 6 - rnd
    assert s.phase == Phase.PLATFORM
    for p in range(4):
        assert len(s.packets[p]) >= 7


def test_draft_offers_only_cards_in_hand() -> None:
    """seed 000 一.6: a player picks one of the cards in their packet."""
    s = new_game(3, seed=4)
    choose_parties(s)
    assert {a.args[0] for a in legal(s, 1)} == set(s.packets[1])
    missing = next(t for t in range(D.NUM_TYPES) if t not in s.packets[1])
    with pytest.raises(IllegalActionError):
        s.apply(1, A("draft", missing))


def test_platform_five_distinct_issues_keep_one_discard_one() -> None:
    """seed 000 一.6: 5 of the 7 cards form the platform, 5 different issues, never both stances of one
    issue; 1 card is kept as the hand, the other discarded; platforms are revealed together."""
    s = started(4, seed=2, phase=Phase.PLATFORM)
    p = 0
    pool = list(s.packets[p])
    assert len(pool) == 7
    disc0 = len(s.prog_disc)
    chosen: list[int] = []
    for _ in range(5):
        acts = legal(s, p)
        assert kinds(acts) == {"plat"}
        used = {c >> 1 for c in chosen}
        assert all(a.args[0] >> 1 not in used for a in acts)
        bad = [t for t in set(pool) if t >> 1 in used]
        for t in bad:
            with pytest.raises(IllegalActionError):
                s.apply(p, A("plat", t))
        a = acts[0]
        chosen.append(a.args[0])
        s.apply(p, a)
    acts = legal(s, p)
    assert kinds(acts) == {"keep"}
    rest = Counter(pool)
    rest.subtract(chosen)
    assert {a.args[0] for a in acts} == set(+rest)
    keep = acts[0].args[0]
    s.apply(p, acts[0])
    assert s.hand[p] == [keep]
    # the leftover waits face down with the secret platform (ruling R36)
    assert len(s.prog_disc) == disc0 and len(s.plat_discard[p]) == 1
    leftover = s.plat_discard[p][0]
    assert s.platform[p] == []  # still secret until all have chosen
    to_phase(s, Phase.DEPLOY)
    assert sorted(s.platform[p]) == sorted(chosen)
    assert leftover in s.prog_disc and len(s.prog_disc) == disc0 + 4 and s.plat_discard == [[]] * 4
    for q in range(4):
        issues = [c >> 1 for c in s.platform[q]]
        assert len(issues) == 5 and len(set(issues)) == 5
        assert len(s.hand[q]) == 1
    assert len(events(s, "platform_revealed")) == 4
    assert len(program_cards(s)) == 56


def test_platform_choice_stays_completable() -> None:
    """seed 000 一.6: a card is offered for the platform only if 5 distinct issues can still be reached."""
    s = started(4, seed=2, phase=Phase.PLATFORM)
    s.packets[0] = [pro(0), con(0), pro(1), con(1), pro(2), pro(3), pro(4)]
    refresh(s)
    # 5 issues: 0, 1, 2, 3, 4; all cards playable at first
    assert {a.args[0] for a in legal(s, 0)} == set(s.packets[0])
    act(s, "plat", pro(2), p=0)
    act(s, "plat", pro(3), p=0)
    act(s, "plat", pro(4), p=0)
    # issues 0 and 1 still needed: both stances of each allowed, none of 2, 3, 4
    assert {a.args[0] for a in legal(s, 0)} == {pro(0), con(0), pro(1), con(1)}
    act(s, "plat", con(0), p=0)
    assert {a.args[0] for a in legal(s, 0)} == {pro(1), con(1)}
    assert not has(s, "plat", pro(0), p=0)


# ------------------------------------------------------------------------------- 一.7 polls


def test_poll_deck_ten_cards_shuffled() -> None:
    """seed 000 一.7: 10 poll cards, shuffled face down."""
    orders = set()
    for seed in range(5):
        s = new_game(3, seed=seed)
        choose_parties(s)
        assert sorted(s.poll_deck) == list(range(10))
        orders.add(tuple(s.poll_deck))
    assert len(orders) > 1
    assert len(D.POLLS) == 10 and all(len(c) == 5 for c in D.POLLS)


# ------------------------------------------------------------------------------ 一.8 deployment


def test_deployment_is_secret_and_simultaneous() -> None:
    """seed 000 一.8: everyone chooses at once, in secret; all are revealed and carried out together."""
    s = started(4, seed=2, phase=Phase.DEPLOY)
    assert set(s.current_players) == {0, 1, 2, 3}
    a = A("deploy", 0, 0, 1, 2, 3)
    s.apply(0, a)
    assert s.current_players == (1, 2, 3)
    assert all(s.rallies[b] == [0] * 4 for b in range(4)) and s.rally_res[0] == 20
    assert last(s, "deployment_chosen").to == 0
    assert "deployment_choice" not in s.view(1) or s.view(1)["deployment_choice"] == -1
    assert s.view(0)["deployment_choice"] == a.id
    assert not [e for e in s.events(1) if e.type.startswith("deployment")]
    with pytest.raises(IllegalActionError):
        s.apply(0, a)  # once only
    for p in (1, 2, 3):
        s.apply(p, legal(s, p)[0])
    assert s.phase == Phase.BID
    assert s.rallies[0][0] == 3 and s.rallies[1][0] == 3
    assert len([e for e in s.events(1) if e.type == "deployment"]) == 4


def test_deployment_icons() -> None:
    """seed 000 一.8: each rally icon puts 3 cubes, each trend icon +1, each media icon 1 marker, each vote
    icon 6 votes in its state; repeated icons go to different states."""
    s = started(4, seed=2, phase=Phase.DEPLOY)
    assert D.ICON_AMOUNT == {"rally": 3, "trend": 1, "media": 1, "votes": 6}
    choice = {
        0: (0, 0, 1, 2, 3),  # rally 0, rally 1, trend 2, media 3
        1: (3, 0, 2, 1, 3),  # votes 0, votes 2, trend 1, rally 3
        2: (2, 1, 2, 0, 3),  # media 1, media 2, rally 0, votes 3
        3: (1, 2, 0, 3, 1),  # rally 2, trend 0, trend 3, votes 1
    }
    for p, args in choice.items():
        assert D.SCHEMES[args[0]] == [
            ["rally", "rally", "trend", "media"],
            ["rally", "trend", "trend", "votes"],
            ["media", "media", "rally", "votes"],
            ["votes", "votes", "trend", "rally"],
        ][args[0]]
        s.apply(p, A("deploy", *args))
    assert [s.rallies[b][0] for b in range(4)] == [3, 3, 0, 0]
    assert [s.trend[b][0] for b in range(4)] == [0, 0, 1, 0]
    assert [s.media[b][0] for b in range(4)] == [0, 0, 0, 1]
    assert [s.votes[b][1] for b in range(4)] == [6, 0, 6, 0]
    assert [s.trend[b][1] for b in range(4)] == [0, 1, 0, 0]
    assert [s.rallies[b][1] for b in range(4)] == [0, 0, 0, 3]
    assert [s.media[b][2] for b in range(4)] == [0, 1, 1, 0]
    assert [s.rallies[b][2] for b in range(4)] == [3, 0, 0, 0]
    assert [s.votes[b][2] for b in range(4)] == [0, 0, 0, 6]
    assert [s.rallies[b][3] for b in range(4)] == [0, 0, 3, 0]
    assert [s.trend[b][3] for b in range(4)] == [1, 0, 0, 1]
    assert [s.votes[b][3] for b in range(4)] == [0, 6, 0, 0]
    assert s.rally_res == [14, 17, 17, 17]
    assert s.media_res == [3, 4, 2, 4]
    assert s.round == 1 and s.phase == Phase.BID
    assert len(events(s, "round_started")) == 1


def test_deployment_repeated_icons_never_share_a_state() -> None:
    """seed 000 一.8, R29: a repeated icon must go to different states; each choice is listed once."""
    assert len(DEPLOY_ACTIONS) == len({a.args for a in DEPLOY_ACTIONS})
    per_scheme = Counter(a.args[0] for a in DEPLOY_ACTIONS)
    for k, scheme in enumerate(D.SCHEMES):
        # one repeated icon pair in each scheme: C(4, 2) * 4 * 4 assignments
        assert per_scheme[k] == 6 * 16, scheme
    for a in DEPLOY_ACTIONS:
        icons = D.SCHEMES[a.args[0]]
        boards = a.args[1:]
        assert len(boards) == len(icons)
        for i in range(len(icons)):
            for j in range(i + 1, len(icons)):
                if icons[i] == icons[j]:
                    assert boards[i] < boards[j]
    with pytest.raises(KeyError):
        A("deploy", 0, 1, 1, 2, 3)  # rally twice in one state is not an action at all


def test_setup_event_messages_in_three_languages() -> None:
    """seed 000 一: setup events render in zh-Hans, zh-Hant and en."""
    s = started(4, seed=2)
    for t in ("states_drawn", "priority", "deployment", "round_started"):
        messages_differ(last(s, t))
    assert "opinion_revealed" in {e.type for e in s.all_events()}
    assert of_kind(legal(s, 0), "bid")
