"""Helpers for the Die Macher 2019 rule tests (seed 000, rulings.md).

Scenarios are built by playing legal actions up to a phase (the first legal action unless a policy says
otherwise), then setting plain-data fields on the state. After a direct edit the cached legal list is
stale, so every helper here drops it (:func:`refresh`) before asking for legal actions or applying one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest

import hustings
from hustings.engine import Action, Event
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.actions import A
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import DieMacher2019
from hustings.games.die_macher_2019.rules import election as election_rules

GAME = "die-macher-2019"
LANGS = ("zh-Hans", "zh-Hant", "en")
STANDARD_POLS = [p.index for p in D.POLITICIANS if not p.expanded_only]
POL = {p.key: p.index for p in D.POLITICIANS}
BACKBENCHER = POL["backbencher"]
VICE_CHAIR = POL["vice_chair"]
SPOKESPERSON = POL["spokesperson"]
STATE_SECRETARY = POL["state_secretary"]
PARL_LEADER = POL["parliamentary_leader"]

Policy = Callable[[DieMacher2019, int, list[Action]], Action | None]


def pro(issue: int) -> int:
    """Card type of the pro stance of an issue."""
    return 2 * issue


def con(issue: int) -> int:
    """Card type of the contra stance of an issue."""
    return 2 * issue + 1


def new_game(players: int = 4, variant: str = "standard", seed: int = 1) -> DieMacher2019:
    s = hustings.make(GAME, players=players, variant=variant, seed=seed)
    assert isinstance(s, DieMacher2019)
    return s


def refresh(s: DieMacher2019) -> None:
    """Forget the cached legal list (needed after setting fields directly)."""
    s._legal_step = -1
    s._legal_player = -1


def legal(s: DieMacher2019, p: int | None = None) -> list[Action]:
    refresh(s)
    if p is None:
        cur = s.current_players
        assert len(cur) >= 1, "nobody to act"
        p = cur[0]
    return list(s.legal_actions(p))


def has(s: DieMacher2019, kind: str, *args: int, p: int | None = None) -> bool:
    return A(kind, *args) in legal(s, p)


def kinds(actions: Iterable[Action]) -> set[str]:
    return {a.kind for a in actions}


def of_kind(actions: Iterable[Action], kind: str) -> list[Action]:
    return [a for a in actions if a.kind == kind]


def turn(s: DieMacher2019) -> int:
    cur = s.current_players
    assert len(cur) == 1, f"expected one player to act, got {cur} in phase {s.phase}"
    return cur[0]


def act(s: DieMacher2019, kind: str, *args: int, p: int | None = None) -> None:
    """Apply ``A(kind, *args)`` for ``p`` (default: the single current player)."""
    refresh(s)
    if p is None:
        p = turn(s)
    s.apply(p, A(kind, *args))


def first_legal(s: DieMacher2019, p: int, acts: list[Action]) -> Action:
    return acts[0]


def play_until(
    s: DieMacher2019,
    done: Callable[[DieMacher2019], bool],
    policy: Policy | None = None,
    cap: int = 5000,
) -> None:
    """Apply actions (``policy`` or else the first legal one) until ``done(s)``."""
    n = 0
    while not done(s):
        assert not s.is_over, "game ended before the wanted point"
        assert n < cap, f"stuck in phase {s.phase}"
        p = s.current_players[0]
        acts = legal(s, p)
        assert acts, f"player {p} has no legal action in phase {s.phase}"
        a = policy(s, p, acts) if policy is not None else None
        s.apply(p, a if a is not None else acts[0])
        n += 1


def to_phase(s: DieMacher2019, phase: str, policy: Policy | None = None) -> DieMacher2019:
    play_until(s, lambda t: t.phase == phase, policy)
    return s


def choose_parties(s: DieMacher2019, parties: list[int] | None = None) -> None:
    parties = parties if parties is not None else list(range(s.n))
    for p in range(s.n):
        act(s, "party", parties[p], p=p)


def started(
    players: int = 4,
    variant: str = "standard",
    seed: int = 1,
    parties: list[int] | None = None,
    phase: str = Phase.BID,
) -> DieMacher2019:
    """A game played with first legal actions through setup up to ``phase`` (default: round 1 bids)."""
    s = new_game(players, variant, seed)
    choose_parties(s, parties)
    return to_phase(s, phase)


def clear_boards(s: DieMacher2019) -> None:
    """Remove every cube, marker, trend and vote from the boards (the pieces go back to the reserves)."""
    for b in range(D.NUM_BOARDS):
        for p in range(s.n):
            s.rally_res[p] += s.rallies[b][p]
            s.media_res[p] += s.media[b][p]
            s.rallies[b][p] = s.media[b][p] = s.trend[b][p] = s.votes[b][p] = 0
        if s.dbl[b] >= 0:
            s.dbl[b] = -1
            s.double_supply += 1


def bid_all(s: DieMacher2019, amounts_k: list[int]) -> None:
    """Secret first-player bids, in thousands, one per seat."""
    assert s.phase == Phase.BID
    for p in range(s.n):
        act(s, "bid", amounts_k[p], p=p)


def make_first(s: DieMacher2019, p: int) -> None:
    """From the bid phase: ``p`` bids 1,000 €, the others 0, so ``p`` is first player."""
    bid_all(s, [1 if q == p else 0 for q in range(s.n)])
    assert s.first == p


def round_at(
    phase: str,
    players: int = 4,
    variant: str = "standard",
    seed: int = 1,
    first: int = 0,
    clear: bool = True,
) -> DieMacher2019:
    """Round 1 with ``first`` as first player, boards cleared after the deployment, played with first
    legal actions (passes) up to ``phase``."""
    s = started(players, variant, seed)
    if clear:
        clear_boards(s)
    make_first(s, first)
    return to_phase(s, phase)


def events(s: DieMacher2019, etype: str) -> list[Event]:
    return [e for e in s.all_events() if e.type == etype]


def last(s: DieMacher2019, etype: str) -> Event:
    evs = events(s, etype)
    assert evs, f"no {etype} event"
    return evs[-1]


def messages_differ(e: Event) -> None:
    texts = [e.message(lang) for lang in LANGS]
    assert all(t and t != e.type for t in texts), texts
    assert len(set(texts)) == 3, f"{e.type}: messages do not differ by language: {texts}"


def random_game(players: int, variant: str, seed: int) -> DieMacher2019:
    s = new_game(players, variant, seed)
    rng = random.Random(seed)
    steps = 0
    while not s.is_over:
        p = s.current_players[0]
        acts = s.legal_actions(p)
        assert acts, f"{variant} {players}p seed {seed}: no legal action in {s.phase}"
        s.apply(p, acts[rng.randrange(len(acts))])
        steps += 1
        assert steps < 20_000
    return s


def program_cards(s: DieMacher2019) -> list[int]:
    """Every program card wherever it is (for conservation checks)."""
    out = list(s.prog_deck) + list(s.prog_disc) + list(s.prog_display)
    for p in range(s.n):
        out += s.hand[p] + s.platform[p] + s.packets[p] + s.picks[p] + s.plat_discard[p]
    return out


def opinion_cards(s: DieMacher2019) -> list[int]:
    out = list(s.op_deck) + list(s.op_disc) + list(s.op_display)
    for b in range(D.NUM_BOARDS):
        out += s.up[b] + s.down[b]
    return out


@pytest.fixture
def game4() -> DieMacher2019:
    """4 players, standard, at round 1's first-player bids."""
    return started(4)


def to_exec(s: DieMacher2019, placements: list[tuple[int, int, int]]) -> DieMacher2019:
    """From the placement phase: put ``(player, politician, board)`` face down in this order, then
    everyone passes and the politicians start resolving."""
    assert s.phase == Phase.PLACE
    for p, pol, b in placements:
        s.placed[b].append([p, pol, 0])
    while s.phase == Phase.PLACE:
        act(s, "pass")
    return s


def exec_game(
    placements: list[tuple[int, int, int]],
    first: int = 0,
    setup: Callable[[DieMacher2019], None] | None = None,
    players: int = 4,
) -> DieMacher2019:
    """Round 1, cleared boards, ``first`` first player; ``setup`` edits the state at placement."""
    s = round_at(Phase.PLACE, players=players, first=first)
    if setup is not None:
        setup(s)
    return to_exec(s, placements)


def after_placement(
    first: int = 0, setup: Callable[[DieMacher2019], None] | None = None, players: int = 4,
    parties: list[int] | None = None,
) -> DieMacher2019:
    """Round 1 at placement (cleared boards); ``setup`` edits the state; then everyone passes."""
    s = started(players, parties=parties)
    clear_boards(s)
    make_first(s, first)
    to_phase(s, Phase.PLACE)
    if setup is not None:
        setup(s)
    while s.phase == Phase.PLACE:
        act(s, "pass")
    return s


def poll_game(
    first: int = 0,
    votes: dict[int, list[int]] | None = None,
    cards: list[int] | None = None,
    media: dict[int, list[int]] | None = None,
    trend: dict[int, list[int]] | None = None,
    players: int = 4,
    parties: list[int] | None = None,
) -> DieMacher2019:
    """Round 1 at the first poll auction; ``cards`` are the next poll cards in order."""

    def setup(t: DieMacher2019) -> None:
        for b, row in (votes or {}).items():
            t.votes[b] = list(row)
        for b, row in (media or {}).items():
            t.media[b] = list(row)
            for p in range(t.n):
                t.media_res[p] -= row[p]
        for b, row in (trend or {}).items():
            t.trend[b] = list(row)
        if cards:
            rest = [c for c in t.poll_deck if c not in cards]
            t.poll_deck = rest + list(reversed(cards))

    s = after_placement(first, setup, players, parties)
    while s.phase == Phase.INFLUENCE:
        act(s, "pass")
    assert s.phase == Phase.POLL
    return s


PLAT = [pro(0), pro(1), pro(2), pro(3), pro(4)]


def election(
    votes: list[int], setup: Callable[[DieMacher2019], None] | None = None, first: int = 0
) -> tuple[DieMacher2019, dict[str, Any]]:
    """Round 1 (cleared boards, ``first`` first player): set the votes of the election state (board 0),
    apply ``setup``, hold the election; returns the state and the result."""
    s = round_at(Phase.MEDIA, first=first)
    s.votes[0] = list(votes)
    if setup is not None:
        setup(s)
    hold_election(s, 0)
    return s, s.results[-1]


def hold_election(s: DieMacher2019, b: int, move: Callable[[int], bool] = lambda p: True) -> None:
    """Hold the election of board ``b`` alone (no income, no next round), every entitled party answering
    the media presence question (seed 000 三.9.2, R14) with ``move(seat)``; the phase is left as it was."""
    phase = s.phase
    if election_rules.election(s, b):
        while s.queue:
            p = s.queue[0]
            election_rules.presence_apply(s, p, A("presence" if move(p) else "keep_marker"))
        election_rules.finish(s)
        s.phase = phase
        refresh(s)
