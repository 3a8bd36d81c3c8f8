"""Hidden information of 選舉之戰 (seed 004 多人遊戲; ruling R14): hands, face-down placements until revealed,
deck order. Views are fresh copies; private events go to their owner; resample re-deals what a seat cannot see and
never keeps the truth."""

from __future__ import annotations

import json
import random
from collections import Counter

from hustings.engine import Rng
from hustings.games.election_war import data as D
from hustings.games.election_war.actions import SPACE
from hustings.games.election_war.phases import Phase

from .conftest import campaigning, new_game


def test_views_hide_hands_and_deck_order() -> None:
    """R14: a seat sees its own news hand, others' hand sizes, the deck size, never the deck order."""
    s = campaigning(4)
    v = s.view(1)
    assert v["hand"] == s.hands[1] and v["hand_sizes"] == [len(h) for h in s.hands]
    assert v["deck"] == len(s.deck)
    text = json.dumps(v)
    assert "deck_order" not in text and s.view(None)["hand"] is None


def test_views_are_fresh_copies() -> None:
    """A view is the caller's to change: editing it changes nothing in the state or the next view."""
    s = campaigning(3)
    v = s.view(0)
    v["hand"].clear()
    v["candidates"][0][0]["strength"] = 99
    v["discard"].append(5)
    assert s.view(0) != v and s.hands[0]


def test_private_events_reach_only_their_owner() -> None:
    """R14: dealt role cards, declared cards and drawn news cards are private events."""
    s = campaigning(3)
    for e in s.all_events():
        if e.type in ("roles_dealt", "declared_card", "drew_cards"):
            assert e.to == e.data["player"]
        else:
            assert e.to is None
    assert all(e.to in (None, 2) for e in s.events(2))


def test_resample_redeals_other_hands_and_keeps_mine() -> None:
    """R14: resample(p) keeps p's view and re-deals other hands and the deck from the same unseen pool."""
    s = campaigning(4)
    for p in (0, 1, 2):  # three turns: three hands full
        s.apply(p, SPACE.get("stop"))
        s.apply(p, SPACE.get("done"))
    changed = 0
    for k in range(20):
        r = s.resample(0, random.Random(k))
        assert r.view(0) == s.view(0)
        unseen = Counter(s.deck + [c for h in s.hands[1:] for c in h])
        assert Counter(r.deck + [c for h in r.hands[1:] for c in h]) == unseen
        assert [len(h) for h in r.hands] == [len(h) for h in s.hands]
        changed += r.hands[1:] != s.hands[1:]
    assert changed == 20


def test_resample_before_the_reveal_redeals_role_cards_by_frame() -> None:
    """Seed 004 2. (face down until all are revealed), R14: before the reveal, other players' role cards, in hand
    and face down, are re-dealt from the cards this seat has not seen, one red, two blue, three yellow each."""
    s = new_game(5, seed=4)
    for p in range(5):
        for _ in range(p % 4):
            s.apply(p, s.legal_actions(p)[0])
    assert s.phase is Phase.DECLARE
    differs = 0
    for k in range(10):
        r = s.resample(2, Rng(k))
        assert r.view(2) == s.view(2)
        assert r.role_hand[2] == s.role_hand[2] and [row[2] for row in r.cand] == [row[2] for row in s.cand]
        for p in range(5):
            mine = r.role_hand[p] + [r.cand[row][p] for row in range(6) if r.cand[row][p] >= 0]
            assert Counter(D.FRAMES[D.ROLES[c].frame] for c in mine) == {"red": 1, "blue": 2, "yellow": 3}
            assert len(r.role_hand[p]) == len(s.role_hand[p])
        everything = sorted(r.role_pool + [c for h in r.role_hand for c in h] + [c for row in r.cand for c in row
                                                                                  if c >= 0])
        assert everything == list(range(len(D.ROLES)))
        differs += r.role_hand != s.role_hand or r.cand != s.cand
    assert differs == 10


def test_spectator_resample_redeals_every_hand() -> None:
    s = campaigning(3)
    s.apply(0, SPACE.get("stop"))
    s.apply(0, SPACE.get("done"))
    r = s.resample(None, random.Random(1))
    assert r.view(None) == s.view(None) and r.hands != s.hands
