"""Shadow cabinet (001 2.iii, 003 C) and coalitions (001 2.iv, 003 D; rulings R10, R19)."""

from __future__ import annotations

from hustings.games.die_macher import data as D
from hustings.games.die_macher.rules import coalitions

from .conftest import Phase, act, events_of, kinds, legal, new_game, play_until, pro

CARD = {c.key: c.index for c in D.CABINET}


def _to_cabinet(players: int = 3, seed: int = 2):  # type: ignore[no-untyped-def]
    return play_until(new_game(players, seed=seed), Phase.CAB_PLACE)


def test_001_2iii_one_card_per_board_per_party_face_down() -> None:
    """001 2.iii: cards are placed face down, at most one per board per party; others see only that a card
    lies there."""
    s = _to_cabinet()
    p = s.turn
    act(s, p, "cab", CARD["minister"], 1)
    assert all(a.args[1] != 1 for a in legal(s, p) if a.kind == "cab")
    q = (p + 1) % 3
    assert s.view(q)["boards"][1]["cabinet"] == [[p, -1]]
    assert s.view(p)["boards"][1]["cabinet"] == [[p, CARD["minister"]]]


def test_001_2iii_revealed_together_paid_then_actions_in_order() -> None:
    """001 2.iii: after all placed, cards are revealed and paid; each gives one action, seat by seat from the
    start player; a telephone puts a coalition tile on the board; used cards leave the game."""
    s = _to_cabinet()
    order = s.order_from(s.first)
    a, b = order[0], order[1]
    money_a = s.money[a]
    act(s, a, "cab", CARD["spokesperson"], 0)  # telephone
    act(s, a, "done")
    act(s, b, "cab", CARD["backbencher"], 0)
    act(s, b, "done")
    act(s, order[2], "done")
    assert s.phase == Phase.CAB_EXEC and s.turn == a
    assert s.money[a] == money_a - 5000
    assert a in s.tiles[0] and s.tile_sup[a] == 3
    assert CARD["spokesperson"] not in s.cab_left[a]
    votes = s.votes[0][a]
    act(s, a, "cab_votes")
    assert s.votes[0][a] == votes + 2
    assert s.turn == b
    assert kinds(legal(s, b)) == {"cab_votes", "cab_up"}
    act(s, b, "cab_up")
    assert s.pop[0][b] >= 1
    assert s.cab[0] == []


def test_001_2iii_cannot_place_more_than_money() -> None:
    """Ruling R10: cards are paid when revealed, so a seat places only what it can pay in all."""
    s = _to_cabinet()
    p = s.turn
    s.money[p] = 12000
    act(s, p, "cab", CARD["state_secretary"], 0)
    costs = {D.CABINET[a.args[0]].cost for a in legal(s, p) if a.kind == "cab"}
    assert costs and max(costs) <= 4000


def test_001_2iii_media_action_pays_both() -> None:
    """001 2.iii: remove another party's media cube paying it 4,000, place one's own paying the bank 4,000."""
    s = _to_cabinet()
    order = s.order_from(s.first)
    a, q = order[0], order[1]
    s.media[2][q] = 1
    s.media_sup[q] -= 1
    act(s, a, "cab", CARD["party_secretary"], 2)
    act(s, a, "done")
    act(s, order[1], "done")
    act(s, order[2], "done")
    ma, mq = s.money[a], s.money[q]
    act(s, a, "cab_media", q)
    assert s.media[2][q] == 0 and s.media[2][a] == 1
    assert s.money[a] == ma - 8000 and s.money[q] == mq + 4000


def test_001_2iii_key_issue_one_per_board_and_undo() -> None:
    """001 2.iii: a card makes a face-up issue the key issue; one per board; or turns it back."""
    s = _to_cabinet()
    order = s.order_from(s.first)
    a = order[0]
    act(s, a, "cab", CARD["minister"], 0)
    act(s, a, "done")
    act(s, order[1], "done")
    act(s, order[2], "done")
    issues = {a_.args[0] for a_ in legal(s, a) if a_.kind == "cab_double"}
    assert issues == {t >> 1 for t in s.up[0]}
    act(s, a, "cab_double", min(issues))
    assert s.dbl[0] == min(issues)


def test_001_2iii_popularity_down_ignores_media_control() -> None:
    """001 2.iii: lowering another's popularity works even against the board's media controller."""
    s = _to_cabinet()
    order = s.order_from(s.first)
    a, q = order[0], order[1]
    s.media[1][q] = 3
    act(s, a, "cab", CARD["spokesperson"], 1)
    act(s, a, "done")
    act(s, order[1], "done")
    act(s, order[2], "done")
    before = s.pop[1][q]
    act(s, a, "cab_down", q)
    assert s.pop[1][q] == max(-3, before - 1)


def _to_coalition(players: int = 4):  # type: ignore[no-untyped-def]
    s = _to_cabinet(players)
    b = s.cur_board()
    s.tiles[b] = list(range(players))
    for p in range(players):
        s.tile_sup[p] -= 1
    for p in s.order_from(s.first):
        act(s, p, "done")
    return s, b


def test_001_2iv_voluntary_needs_two_identical_and_consent() -> None:
    """001 2.iv: with two identical program cards both must agree; the asked party may decline."""
    s, _b = _to_coalition()
    p, q, r, t = s.order_from(s.first)
    s.prog[p] = [pro(0), pro(1), pro(2), pro(3), pro(4)]
    s.prog[q] = [pro(0), pro(1), 5, 7, 9]
    s.prog[r] = [pro(0), 3, 5, 7, pro(4)]
    s.prog[t] = [1, 3, 5, 7, 13]
    coalitions.start(s)
    s.run()
    assert s.phase == Phase.COALITION and s.turn == p
    acts = legal(s, p)
    assert {a.kind for a in acts} == {"pass", "offer"} and {a.args[0] for a in acts if a.kind == "offer"} == {q, r}
    evs = act(s, p, "offer", q)
    assert events_of(evs, "coalition_offered") and s.phase == Phase.ANSWER and s.turn == q
    act(s, q, "decline")
    assert s.phase == Phase.COALITION and s.turn == p
    assert all(a.kind != "offer" or a.args[0] != q for a in legal(s, p))  # each partner asked once


def test_001_2iv_accepted_and_forced() -> None:
    """001 2.iv: an accepted offer forms the coalition; with three identical cards either may force it;
    one coalition per party; unpaired parties take their tiles back."""
    s, b = _to_coalition()
    p, q, r, t = s.order_from(s.first)
    s.prog[p] = [pro(0), pro(1), pro(2), pro(3), pro(4)]
    s.prog[q] = [pro(0), pro(1), 5, 7, 9]
    s.prog[r] = [1, 3, 5, 7, 9]
    s.prog[t] = [1, 3, 5, 7, 13]
    coalitions.start(s)
    s.run()
    act(s, p, "offer", q)
    act(s, q, "accept")
    assert s.coal[b] == [p, q]
    # r and t share 4 cards: force
    assert s.turn == r and any(a.kind == "force" and a.args[0] == t for a in legal(s, r))
    act(s, r, "force", t)
    assert s.coal[b] == [p, q, r, t]
    assert s.phase != Phase.COALITION


def test_001_4ii_no_coalition_on_last_board() -> None:
    """001 4.ii.2: the no-coalition tile: no coalitions in the last round's election."""
    s, b = _to_coalition()
    s.nocoal[b] = 1
    for p in range(4):
        s.prog[p] = [1, 3, 5, 7, 9]
    coalitions.start(s)
    s.run()
    assert s.phase != Phase.COALITION and s.coal[b] == []
    assert all(s.tile_sup[p] == 4 for p in range(4))  # tiles back
