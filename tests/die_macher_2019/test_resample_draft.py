"""resample during the draft keeps what the player saw: the cards it passed on are with the others.

Seed 000 一.6: each player picks one card and passes the rest to the left, four times. A player who
passed a packet knows those cards (less the neighbour's pick) are in other players' hands, not in the deck.
"""

from __future__ import annotations

import random
from collections import Counter

import hustings
from hustings.games.die_macher_2019.rules import DieMacher2019
from hustings.games.die_macher_2019.view import _passed_on


def _others_hidden(s: DieMacher2019, me: int) -> Counter[int]:
    held: Counter[int] = Counter()
    for q in range(s.n):
        if q != me:
            finished = not s.packets[q]
            held.update(s.packets[q] + s.picks[q] + (s.plat_pending[q] if finished else []) + s.hand[q]
                        + s.plat_discard[q])
    return held


def test_seed_000_1_6_passed_cards_stay_with_the_other_players_in_every_sample() -> None:
    checked = 0
    for seed in range(24):
        n = 3 + seed % 3
        s = hustings.make("die-macher-2019", players=n, seed=seed)
        assert isinstance(s, DieMacher2019)
        rng = random.Random(seed)
        while s.phase in ("party", "draft", "platform"):
            cur = s.current_players
            p = cur[rng.randrange(len(cur))]
            acts = s.legal_actions(p)
            s.apply(p, acts[rng.randrange(len(acts))])
            if s.phase not in ("draft", "platform") or s.draft_round == 0:
                continue
            for me in range(n):
                passed = Counter(_passed_on(s, me))
                assert not passed - _others_hidden(s, me), "the deduction must hold in the true state"
                t = s.resample(me, rng)
                assert isinstance(t, DieMacher2019)
                assert t.view(me) == s.view(me)
                assert not passed - _others_hidden(t, me), f"seed {seed}: a passed card was dealt elsewhere"
                checked += 1
    assert checked > 500


def test_passed_cards_are_the_packets_less_the_picks() -> None:
    s = hustings.make("die-macher-2019", players=4, seed=5)
    assert isinstance(s, DieMacher2019)
    while s.phase == "party":
        s.apply(s.current_players[0], s.legal_actions(s.current_players[0])[0])
    first = sorted(s.packets[0])
    for p in range(4):
        s.apply(p, s.legal_actions(p)[0])  # everyone drafts the lowest card type
    expected = Counter(first)
    expected[first[0]] -= 1
    # Cards are known by type only: a type now also in player 0's own new packet may be that very card
    # come round again, so the deduction leaves it out (a safe under-estimate).
    expected -= Counter(s.packets[0] + s.picks[0])
    assert Counter(_passed_on(s, 0)) == +expected
    assert sum(expected.values()) > 0
