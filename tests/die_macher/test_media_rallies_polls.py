"""Media (001 2.v, 003 E; rulings R3, R20), rallies (001 2.vi; R4) and polls (001 2.vii, 003 G; R2, R23)."""

from __future__ import annotations

import hustings
from hustings.games.die_macher import data as D
from hustings.games.die_macher.phases import ExchangeKind
from hustings.games.die_macher.rules import media, polls, rallies

from .conftest import GAME, Phase, act, con, events_of, kinds, legal, new_game, play_until, pro, refresh


def _at(phase: Phase, players: int = 3, seed: int = 3, **options: str):  # type: ignore[no-untyped-def]
    if options:
        return play_until(hustings.make(GAME, players=players, seed=seed, **options), phase)  # type: ignore[arg-type]
    return play_until(new_game(players, seed=seed), phase)


def test_001_2v_media_costs_4000_five_spaces() -> None:
    """001 2.v: a media cube costs 4,000; a board has 5 spaces."""
    s = _at(Phase.MEDIA)
    p = s.turn
    m = s.money[p]
    act(s, p, "media", 1)
    assert s.money[p] == m - 4000 and s.media[1][p] >= 1
    s.media[2] = [5, 0, 0] if sum(s.media[2]) < 5 else s.media[2]
    refresh(s)
    assert all(a.args[0] != 2 for a in legal(s) if a.kind == "media")


def test_001_2v_pass_and_come_back_ends_when_all_pass() -> None:
    """001 2.v: a player who passed may buy again on its next turn; all passing in a row ends the phase."""
    s = _at(Phase.MEDIA)
    p = s.turn
    act(s, p, "pass")
    q = s.turn
    s.media_sup[q] = 5
    act(s, q, "media", next(a.args[0] for a in legal(s, q) if a.kind == "media"))
    r = s.turn
    act(s, r, "pass")
    s.media_sup[p] = 5
    s.money[p] = 25000
    assert s.turn == p and "media" in kinds(legal(s, p))
    act(s, p, "pass")
    act(s, s.turn, "pass")
    act(s, s.turn, "pass")
    assert s.phase != Phase.MEDIA


def test_ruling_r3_media_control_swap_restrictions() -> None:
    """Ruling R3 (001 2.v, 003 E): the controller swaps one face-up opinion with the pool; no issue already
    face up (the swapped card's own issue included); the key issue's card cannot be swapped."""
    s = _at(Phase.MEDIA)
    s.up[0] = [pro(0), pro(1), pro(2), pro(3)]
    s.dbl[0] = 1
    s.pool = [con(0), con(4), pro(4), con(5), pro(6), pro(1)]
    media.start_exchange(s, ExchangeKind.MEDIA, [[2, 0]])
    s.run()
    acts = {(a.args[0], a.args[1]) for a in legal(s, 2) if a.kind == "exch"}
    assert (pro(0), con(0)) not in acts  # the opposite of the swapped card
    assert not any(o == pro(1) for o, _ in acts)  # the doubled card stays
    assert not any(t == pro(1) for _, t in acts)  # an issue already face up
    assert (pro(0), con(4)) in acts and (pro(3), pro(6)) in acts
    act(s, 2, "exch", pro(0), con(4))
    assert s.up[0][0] == con(4) and pro(0) in s.pool and len(s.pool) == 6


def test_003_e_media_control_needs_strict_majority() -> None:
    """003 E: the party with the most media cubes controls; equal most means nobody does."""
    s = new_game(3)
    s.media[0] = [2, 2, 1]
    assert s.controller(0) == -1
    s.media[0] = [2, 3, 1]
    assert s.controller(0) == 1


def test_001_2vi_rallies_limits_and_cost() -> None:
    """001 2.vi: 1,000 a rally; at most 4 per board per round; at most 10 cubes of a party on a board."""
    s = _at(Phase.RALLY)
    p = s.turn
    b = s.boards_todo[s.bi]
    assert max(a.args[0] for a in legal(s, p)) == 4
    m = s.money[p]
    c = s.cubes[b][p]
    act(s, p, "rally", 4)
    assert s.cubes[b][p] == c + 4 and s.money[p] == m - 4000
    s.cubes[s.boards_todo[s.bi]][p] = 8
    assert max(a.args[0] for a in legal(s, p)) == 2
    assert rallies.most(s, p, b) <= 10 - s.cubes[b][p]


def test_ruling_r4_rallies_all_in_one_turn() -> None:
    """Ruling R4: a player places all its rallies of the round in one turn, board after board."""
    s = _at(Phase.RALLY)
    p = s.turn
    n_boards = len(s.boards_todo)
    for _ in range(n_boards):
        assert s.turn == p
        act(s, p, "rally", 1)
    assert s.turn != p or s.phase != Phase.RALLY


def _poll_won(players: int = 3, **options: str):  # type: ignore[no-untyped-def]
    s = _at(Phase.POLL_BID, players, **options)
    p = s.turn
    act(s, p, "pbid", 1)
    while s.phase == Phase.POLL_BID:
        act(s, s.turn, "pass")
    return s, p


def test_001_2vii_bids_above_zero_pass_final() -> None:
    """001 2.vii: bids start above 0; each must outbid; a pass is final for that poll."""
    s = _at(Phase.POLL_BID)
    p = s.turn
    assert min(a.args[0] for a in legal(s, p) if a.kind == "pbid") == 1
    act(s, p, "pass")
    q = s.turn
    act(s, q, "pbid", 3)
    r = s.turn
    assert r != p and min(a.args[0] for a in legal(s, r) if a.kind == "pbid") == 4


def test_001_2vii_winner_pays_and_alone_sees_card() -> None:
    """001 2.vii: the winner pays the bank and looks at the card; nobody else sees it."""
    s, p = _poll_won()
    assert s.phase == Phase.POLL_DECIDE and s.turn == p
    seen = [e for e in s.all_events() if e.type == "poll_seen"]
    assert seen and seen[-1].to == p
    assert s.view(p)["poll"]["card"] is not None
    assert s.view((p + 1) % 3)["poll"]["card"] is None


def test_001_2vii_publish_moves_spaces_media_controller_immune() -> None:
    """001 2.vii: publishing applies up to two options, each moving markers by its spaces and stopping at the
    ends of the track (003 §2); the media controller ignores losses."""
    card = 11
    assert D.POLLS[card][0][:3] == (0, -2, 0) and D.POLLS[card][3][:3] == (1, 0, 0)  # the data this relies on
    for ctrl, want, moved in ((-1, [3, -2, 0], [0, -2, 0]), (1, [3, 2, 0], [0, 0, 0])):
        s, p = _poll_won()
        b = s.boards_todo[s.bi]
        s.poll_card = card
        s.media[b] = [0, 0, 0] if ctrl < 0 else [0, 2, 0]
        s.pop[b] = [3, 2, 0]
        evs = act(s, p, "publish", 0, 3)
        # party 0 is on the top space already; party 1 goes two spaces down (+2 -> 0 -> -2) unless it controls
        # the board's media
        assert s.pop[b] == want
        e = events_of(evs, "poll_published")[0].data
        assert e["changes"] == moved and e["popularity"] == want and e["immune"] == ctrl


def test_ruling_r2_secret_poll_split_between_spaces_and_members() -> None:
    """Ruling R2 (001 2.vii: 「該政黨可獲得民望與其黨員數，但兩者相加必須為2顆遊戲特殊骰子之和」; 003 G.b gives
    members only): kept secret, the winner rolls the two special dice and shares them between popularity
    spaces on that board, up to the top of the track, and members."""
    s, p = _poll_won()
    b = s.boards_todo[s.bi]
    s.pop[b][p] = -2  # three spaces below the top
    s.data = s.data.replace(DIE_FACES=[2])  # both dice show 2 (this state's data: it travels with the state)
    evs = act(s, p, "secret")
    assert events_of(evs, "poll_secret_roll")[0].data == {"seat": p, "board": b, "roll": 4}
    assert s.phase == Phase.POLL_DECIDE and s.view(None)["poll"]["roll"] == 4
    assert [a.args[0] for a in legal(s, p)] == [0, 1, 2, 3]  # at most the three spaces to the top
    m = s.members[p]
    evs = act(s, p, "secret_split", 2)
    assert s.pop[b][p] == 2 and s.members[p] == m + 2  # two spaces (-2 -> 0 -> +2) and two members
    e = events_of(evs, "poll_secret")[0].data
    assert (e["roll"], e["spaces"], e["popularity"], e["members"]) == (4, 2, 2, 2)
    assert s.poll_roll == -1 and s.view(None)["poll"]["roll"] == -1


def test_ruling_r2_option_secret_poll_members() -> None:
    """Ruling R2, the other reading as an option (003 G.b: 「丟2 顆骰子增加新的全國黨員人數」): all of the dice
    are members, no popularity and no second decision."""
    s, p = _poll_won(secret_poll="members")
    b = s.boards_todo[s.bi]
    pop, m = s.pop[b][p], s.members[p]
    evs = act(s, p, "secret")
    e = events_of(evs, "poll_secret")[0].data
    assert s.members[p] == m + e["roll"] and e["spaces"] == 0 and s.pop[b][p] == pop
    assert 2 * min(D.DIE_FACES) <= e["roll"] <= 2 * max(D.DIE_FACES)
    assert not events_of(evs, "poll_secret_roll")


def test_001_2vii_secret_poll_on_the_top_space_is_all_members() -> None:
    """001 2.vii with 003 §2: a marker on +3 cannot go up, so the whole roll is members, at once."""
    s, p = _poll_won()
    b = s.boards_todo[s.bi]
    s.pop[b][p] = 3
    m = s.members[p]
    evs = act(s, p, "secret")
    e = events_of(evs, "poll_secret")[0].data
    assert e["spaces"] == 0 and s.members[p] == m + e["roll"] and s.pop[b][p] == 3


def test_001_2vii_no_bid_card_unused() -> None:
    """001 2.vii: if everyone passes, the card stays face down and has no effect: nobody sees it, it goes to
    the discards, and the next board's auction begins."""
    s = _at(Phase.POLL_BID)
    b = s.boards_todo[s.bi]
    card = s.poll_card
    pops = [row[:] for row in s.pop]
    evs = []
    for _ in range(3):
        evs += act(s, s.turn, "pass")
    assert events_of(evs, "poll_unsold") and events_of(evs, "poll_unsold")[0].data["board"] == b
    assert s.pop == pops
    assert not events_of(evs, "poll_seen") and s.poll_disc[-1] == card
    assert all(card not in seen for seen in s.poll_seen)
    assert s.phase == Phase.POLL_BID and s.boards_todo[s.bi] != b


def test_001_2vii_empty_poll_deck_reshuffles_the_discards() -> None:
    """001 2.vii: 「若牌堆用完，則洗勻棄牌當作新的牌堆」: an auction on an empty deck draws from the shuffled
    discards; what each seat had seen of them is forgotten with the order."""
    s = _at(Phase.POLL_BID)
    rest = s.poll_deck + s.poll_disc
    s.poll_disc = sorted(rest)
    s.poll_deck = []
    s.poll_seen[0] = s.poll_disc[:3]
    polls._next_board(s)  # the next board's auction
    assert s.poll_disc == [] and s.poll_card in rest
    assert sorted([*s.poll_deck, s.poll_card]) == sorted(rest)
    assert s.poll_seen == [[] for _ in range(s.n)]
    assert s.phase == Phase.POLL_BID
