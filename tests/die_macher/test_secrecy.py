"""Hidden information (issue 10): hands, face-down opinions, cabinet cards, bids and money stay hidden, and
resample re-deals them (rulings R8, R10)."""

from __future__ import annotations

import random

from hustings.games.die_macher import data as D

from .conftest import Phase, act, new_game, play_until


def test_hands_and_money_hidden_in_views() -> None:
    """001 §遊戲準備: the 3 program cards in hand are hidden; money is private (as in the 2019 edition)."""
    s = new_game(4)
    v = s.view(1)
    assert v["players"][1]["hand"] == sorted(s.hand[1]) and v["players"][1]["money"] == 25000
    assert v["players"][0]["hand"] is None and v["players"][0]["money"] is None
    assert v["players"][0]["hand_size"] == 3
    assert all(isinstance(b["down"], int) for b in v["boards"])


def test_resample_redeals_hands_and_face_down_opinions() -> None:
    """Resample keeps what seat 0 sees and re-deals others' hands and face-down opinions from the pool."""
    s = new_game(4, seed=11)
    changed_hand = changed_down = 0
    for k in range(20):
        r = s.resample(0, random.Random(k))
        assert r.view(0) == s.view(0)
        assert r.hand[0] == s.hand[0]
        changed_hand += any(r.hand[p] != s.hand[p] for p in (1, 2, 3))
        changed_down += any(r.down[b] != s.down[b] for b in range(4))
        pool_truth = sorted(s.prog_deck + s.hand[1] + s.hand[2] + s.hand[3])
        pool_sample = sorted(r.prog_deck + r.hand[1] + r.hand[2] + r.hand[3])
        assert pool_truth == pool_sample
    assert changed_hand and changed_down


def test_resample_redeals_face_down_cabinet_cards_affordably() -> None:
    """001 2.iii / ruling R10: another seat's face-down cabinet card is re-dealt among its cards, affordable."""
    s = play_until(new_game(3, seed=12), Phase.CAB_PLACE)
    p = s.turn
    act(s, p, "cab", 6, 0)
    q = (p + 1) % 3
    seen = set()
    for k in range(30):
        r = s.resample(q, random.Random(k))
        card = next(e[1] for e in r.cab[0] if e[0] == p)
        assert D.CABINET[card].cost <= r.money[p]
        seen.add(card)
    assert len(seen) > 1


def test_resample_redeals_secret_bids() -> None:
    """001 2.i: an unrevealed bid is re-dealt for a seat that did not write it."""
    s = play_until(new_game(3, seed=13), Phase.BID)
    act(s, 0, "bid", 9)
    bids = {s.resample(1, random.Random(k)).bids[0] for k in range(20)}
    assert len(bids) > 1
    assert s.resample(0, random.Random(1)).bids[0] == 9
