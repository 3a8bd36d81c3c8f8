"""View and resample agree with rulings R35 and R36 (issue 9.6; rulings.md).

R35 (seed 000 三.6 with 三.8): a poll card a politician takes for free is seen by its taker alone unless it
is published; kept, it goes to the discard pile unseen by the others.
R36 (seed 000 一.6): a finished secret platform's leftover cards stay face down until every platform is
revealed; the program discard pile is open information.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator

import hustings
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.phases import Phase, Return
from hustings.games.die_macher_2019.rules import DieMacher2019

GAME = "die-macher-2019"


def states_where(pred: Callable[[DieMacher2019], bool], seeds: range, limit: int) -> Iterator[DieMacher2019]:
    found = 0
    for seed in seeds:
        s = hustings.make(GAME, players=3 + seed % 3, seed=seed)
        assert isinstance(s, DieMacher2019)
        rng = random.Random(seed)
        while not s.is_over:
            cur = s.current_players
            p = cur[rng.randrange(len(cur))]
            acts = s.legal_actions(p)
            s.apply(p, acts[rng.randrange(len(acts))])
            if pred(s):
                yield s.clone()
                found += 1
                if found >= limit:
                    return


def deciding_free_poll(s: DieMacher2019) -> bool:
    return s.phase == Phase.POLL_DECIDE and s.poll_card >= 0 and s.poll_return == Return.EXEC


def test_r35_a_free_poll_card_shows_to_its_taker_alone() -> None:
    checked = 0
    for s in states_where(deciding_free_poll, range(60), 12):
        taker = s.turn
        mine = s.view(taker)["poll"]
        assert mine["card"] == s.poll_card and mine["trend"] == list(D.POLLS[s.poll_card]) and mine["free"]
        for q in [*range(s.n), None]:
            if q == taker:
                continue
            theirs = s.view(q)["poll"]
            assert theirs["card"] is None and theirs["trend"] is None, f"seat {q} sees another's free card"
            assert theirs["board"] == s.poll_board and theirs["free"]
        checked += 1
    assert checked >= 5


def test_r35_resample_redeals_a_free_poll_card_for_the_others_and_keeps_it_for_the_taker() -> None:
    checked = 0
    for s in states_where(deciding_free_poll, range(60), 6):
        taker = s.turn
        rng = random.Random(checked)
        assert all(s.resample(taker, rng).poll_card == s.poll_card for _ in range(20))
        other = (taker + 1) % s.n
        cards = Counter(s.resample(other, rng).poll_card for _ in range(60))
        # with the deck empty and no card kept unseen, the free card is the only one it can be
        unseen = set(s.poll_deck) | {c for p in range(s.n) if p != other for c in s.poll_disc_private[p]}
        if not unseen - {s.poll_card}:
            continue
        assert len(cards) > 1, "the others' samples always hold the true free card"
        for _ in range(10):
            t = s.resample(other, rng)
            assert t.view(other) == s.view(other)
            every = sorted(s.poll_deck + s.poll_disc + [s.poll_card])
            assert sorted(t.poll_deck + t.poll_disc + [t.poll_card]) == every
        checked += 1
    assert checked >= 3


def kept_private(s: DieMacher2019) -> bool:
    return any(s.poll_disc_private) and not deciding_free_poll(s) and s.poll_card < 0


def test_r35_a_kept_free_card_is_in_the_discard_pile_unseen_by_the_others() -> None:
    checked = 0
    for s in states_where(kept_private, range(80), 40):
        for q in [*range(s.n), None]:
            polls = s.view(q)["polls"]
            unseen = [c for p, cards in enumerate(s.poll_disc_private) if p != q for c in cards]
            expected = Counter(s.poll_disc)
            expected.subtract(unseen)
            assert polls["discard"] == sorted(expected.elements()), f"seat {q}"
            assert polls["discard_hidden"] == len(unseen)
            assert polls["deck_size"] + len(polls["discard"]) + polls["discard_hidden"] == len(D.POLLS)
        owner = next(p for p, cards in enumerate(s.poll_disc_private) if cards)
        other = (owner + 1) % s.n
        rng = random.Random(checked)
        pool = s.poll_deck + [c for p in range(s.n) if p != other for c in s.poll_disc_private[p]]
        if len(set(pool)) <= 1:  # nothing else they could be: re-dealing cannot change them
            continue
        checked += 1
        dealt = Counter(tuple(sorted(s.resample(other, rng).poll_disc_private[owner])) for _ in range(60))
        assert len(dealt) > 1, "another seat's unseen discards are never re-dealt"
        assert all(s.resample(owner, rng).poll_disc_private[owner] == s.poll_disc_private[owner] for _ in range(10))
    assert checked >= 3


def someone_finished_platform(s: DieMacher2019) -> bool:
    return s.phase == Phase.PLATFORM and any(s.plat_discard) and any(s.packets)


def test_r36_leftovers_of_a_finished_platform_are_hidden_until_the_reveal() -> None:
    checked = 0
    for s in states_where(someone_finished_platform, range(30), 10):
        owner = next(p for p in range(s.n) if s.plat_discard[p])
        assert s.view(owner)["draft"]["set_aside"] == sorted(s.plat_discard[owner])
        counts = [0] * D.NUM_TYPES
        for c in s.prog_disc:
            counts[c] += 1
        for q in [*range(s.n), None]:
            v = s.view(q)
            assert v["program"]["discard"] == counts  # the open pile, without the face-down leftovers
            if q is not None and q != owner:
                assert v["draft"].get("set_aside", []) == sorted(s.plat_discard[q])
        other = next(p for p in range(s.n) if p != owner and s.packets[p])
        rng = random.Random(checked)
        dealt = Counter(tuple(sorted(s.resample(other, rng).plat_discard[owner])) for _ in range(40))
        assert len(dealt) > 1, "a finished platform's leftovers are never re-dealt for the others"
        assert all(s.resample(owner, rng).plat_discard[owner] == s.plat_discard[owner] for _ in range(10))
        checked += 1
    assert checked >= 5


def test_r36_the_program_discard_pile_stays_open_to_everyone() -> None:
    for s in states_where(lambda s: s.phase == Phase.MEDIA, range(4), 4):
        counts = [0] * D.NUM_TYPES
        for c in s.prog_disc:
            counts[c] += 1
        assert all(s.view(q)["program"]["discard"] == counts for q in [*range(s.n), None])
        rng = random.Random(1)
        assert all(sorted(s.resample(0, rng).prog_disc) == sorted(s.prog_disc) for _ in range(5))


def test_every_seats_money_is_shown_once_the_game_is_over() -> None:
    """Seed 000 五.5: the money ranks score at the end, so then every seat's money is open (issue 14, bug 9);
    during the game only one's own is."""
    s = hustings.make(GAME, players=4, seed=3)
    rng = random.Random(3)
    while not s.is_over:
        p = s.current_players[0]
        assert [pl["money"] is not None for pl in s.view(p)["players"]] == [q == p for q in range(4)]
        s.apply(p, rng.choice(s.legal_actions(p)))
    assert isinstance(s, DieMacher2019)
    for viewer in (None, 0, 2):
        assert [pl["money"] for pl in s.view(viewer)["players"]] == s.money
