"""Shadow cabinet (001 2.iii, 003 C) and coalitions (001 2.iv, 003 D; rulings R10, R19)."""

from __future__ import annotations

from hustings.games.die_macher import data as D
from hustings.games.die_macher.actions import SPACE
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
    s.pop[0][b] = 0
    evs = act(s, b, "cab_up")
    assert s.pop[0][b] == 2  # one space up from 0 is +2 (003 §2)
    assert events_of(evs, "popularity")[0].data == {"seat": b, "board": 0, "spaces": 1, "popularity": 2, "by": b}
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
    s.pop[1][q] = 0
    act(s, a, "cab_down", q)
    assert s.pop[1][q] == -2  # one space down from 0 (003 §2: 3, 2, 0, -2, -3)


def _exec_card(card: str, board: int = 0, pop: int | None = None):  # type: ignore[no-untyped-def]
    """The start player reveals ``card`` on ``board``, the others none; the game waits for its action."""
    s = _to_cabinet()
    order = s.order_from(s.first)
    a = order[0]
    act(s, a, "cab", CARD[card], board)
    for p in order:
        act(s, p, "done")
    if pop is not None:
        for p in range(s.n):
            s.pop[board][p] = pop
    return s, a


def test_001_2iii_popularity_stops_at_the_ends() -> None:
    """001 2.iii: 「民望最大僅為3」: a marker on +3 stays there; 003 §2 the track ends at -3 below."""
    s, a = _exec_card("backbencher", pop=3)
    evs = act(s, a, "cab_up")
    assert s.pop[0][a] == 3 and events_of(evs, "popularity")[0].data["spaces"] == 0
    s, a = _exec_card("spokesperson", pop=-3)
    q = (a + 1) % s.n
    evs = act(s, a, "cab_down", q)
    assert s.pop[0][q] == -3 and events_of(evs, "popularity")[0].data["spaces"] == 0


def test_003_c_the_figure_is_spaces() -> None:
    """003 C: 「數字為上升或下降的格數」: the chancellor candidate's 2 moves two spaces: 0 up to +3, +2 down
    to -2."""
    s, a = _exec_card("chancellor_candidate", pop=0)
    act(s, a, "cab_up")
    assert s.pop[0][a] == 3
    s, a = _exec_card("chancellor_candidate", pop=2)
    q = (a + 1) % s.n
    act(s, a, "cab_down", q)
    assert s.pop[0][q] == -2


def test_ruling_r10_up_is_for_ones_own_party_only() -> None:
    """Ruling R10 (001 2.iii 「增加該政黨民望1格」 and §遊戲概要 1.3 「使民意往你的政黨靠攏」 against 003 C
    「調整該選區一個政黨的支持度上升」): "up" raises the card owner's party only; "down" is for another party."""
    s, a = _exec_card("chancellor_candidate", pop=0)
    moves = [x for x in legal(s, a) if x.kind in ("cab_up", "cab_down")]
    assert [x.kind for x in moves if x.kind == "cab_up"] == ["cab_up"] and not SPACE.get("cab_up").args
    assert sorted(x.args[0] for x in moves if x.kind == "cab_down") == [q for q in range(s.n) if q != a]
    act(s, a, "cab_up")
    assert [s.pop[0][q] for q in range(s.n)] == [3 if q == a else 0 for q in range(s.n)]


def test_001_2iii_a_key_issue_turned_back() -> None:
    """001 2.iii: 「或令某關鍵議題變回普通議題」: a double card on a board with a key issue turns it back (it
    cannot make a second one there); the issue then counts once."""
    s, a = _exec_card("minister")
    issue = s.up[0][0] >> 1
    s.dbl[0] = issue
    s.prog[a] = [s.up[0][0], *[t for t in s.prog[a] if (t >> 1) != issue][:4]]
    twice = s.coinc(0, a)
    acts = legal(s, a)
    assert "cab_undouble" in kinds(acts) and "cab_double" not in kinds(acts)
    evs = act(s, a, "cab_undouble")
    assert s.dbl[0] == -1 and events_of(evs, "key_issue_removed")[0].data["issue"] == issue
    assert s.coinc(0, a) == twice - 1


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
