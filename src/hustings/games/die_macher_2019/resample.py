"""Die Macher 2019 states re-dealt consistently with what one player knows (the engine's resample hook).

The engine's :meth:`GameState.resample` clones the state, gives it a fresh seed and generator, drops the
history, keeps only the events the player may see, and calls the state's ``_resample_hidden`` hook, which
is :func:`resample_hidden`, to re-deal the rest.

Kept as they are: money (every payment is public) and the open piles (program and opinion discard piles,
ruling R36; poll discards the player saw, R35). Re-dealt: decks, face-down opinions, reserve states,
others' hands and draft cards, others' secret platforms, others' face-down politicians, secret bids and
deployments, and poll cards the player never saw.

What the player knows about where program cards are is kept too:

- cards it passed on in the draft are with the other players, not in the deck (seed 000 一.6);
- a card another player took from the open display, or got back from its platform by a swap, is in that
  player's hand until a public swap or discard takes it out (三.2);
- a secret platform has cards of distinct issues (一.6), and a platform still being chosen comes from a
  hand that has 5 distinct issues (ruling R3).

The deal is built constructively, constrained slots first, from the generator; it never falls back to the
true cards. When no consistent deal is found it raises :class:`ResampleError` (the engine retries).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from hustings.engine import ResampleError, Rng
from hustings.engine.core import chain_items
from hustings.games.die_macher_2019.phases import Phase, Return

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules import DieMacher2019

#: randomized constructions tried before giving up on one sample (each costs a few microseconds)
DEAL_ATTEMPTS = 24


def resample_hidden(s: DieMacher2019, new: DieMacher2019, player: int | None, rng: Rng) -> None:
    """Re-deal in ``new`` (a clone of ``s`` whose log holds only what ``player`` may see) everything
    ``player`` cannot see, drawing only from ``rng``. Raises :class:`ResampleError` if no deal is found."""
    D = s.data
    t, r = new, rng
    me = player
    others = [p for p in range(t.n) if p != me]
    # only public events are read, so the true state's log (stable across samples, hence cached) is safe
    _deal_program(t, me, others, _known_in_hands(s, me), r)
    _deal_opinions(t, r)
    _deal_polls(t, me, r)
    states = t.reserve + t.state_pool
    r.shuffle(states)
    t.reserve = states[: len(t.reserve)]
    t.state_pool = states[len(t.reserve):]
    _deal_politicians(t, others, r)
    # secret simultaneous choices not yet revealed
    if t.phase == Phase.BID:
        for p in others:
            if t.bids[p] >= 0:
                t.bids[p] = 1000 * r.randrange(min(t.money[p] // 1000, D.MAX_BID_K) + 1)
    elif t.phase == Phase.DEPLOY:
        from hustings.games.die_macher_2019.actions import DEPLOY_ACTIONS

        for p in others:
            if t.deploy_choice[p] >= 0:
                t.deploy_choice[p] = r.choice(DEPLOY_ACTIONS).id


# --------------------------------------------------------------------------------------- program cards


def _deal_program(t: DieMacher2019, me: int | None, others: list[int], known: dict[int, list[int]], r: Rng) -> None:
    phase = t.phase
    drafting = phase in (Phase.DRAFT, Phase.PLATFORM)
    platform = phase == Phase.PLATFORM
    leftovers = t.plat_discard
    # Per other player: the size of its distinct-issue core (a secret platform, or the 5 issues a hand
    # being made into a platform must offer) and its free hidden slots.
    pool = t.prog_deck[:]
    cores: dict[int, int] = {}
    free_sizes: dict[int, int] = {}
    for p in others:
        held = t.hand[p][:]
        seen = []
        for c in known.get(p, ()):
            if c in held:  # always, when the deduction is right; a safeguard, not a rule
                held.remove(c)  # stays where it is: everyone saw it go into this hand
                seen.append(c)
        known[p] = seen
        if drafting:
            held += t.packets[p] + t.picks[p]
            if platform and not t.packets[p]:
                held += t.plat_pending[p]
            held += leftovers[p]
        pool += held
        core = 0
        if platform:
            if t.packets[p]:
                core = min(5, len({c >> 1 for c in t.packets[p]}))
            else:
                core = len(t.plat_pending[p])
        cores[p] = core
        free_sizes[p] = len(held) - core
    forced: list[int] = []
    if drafting:
        left = Counter(pool)
        for c in _passed_on(t, me):
            if left[c] > 0:  # always, when the deduction is right; a safeguard, not a rule
                left[c] -= 1
                forced.append(c)
    deal = _construct(pool, forced, cores, free_sizes, r)
    core_cards, free_cards, deck = deal
    t.prog_deck = deck
    for p in others:
        mine, free = core_cards[p], free_cards[p]
        fixed = list(known.get(p, ()))
        if not drafting:
            t.hand[p] = fixed + free
            continue
        if platform and not t.packets[p]:
            # finished: the secret platform, the card kept in hand, the face-down leftovers (R36)
            r.shuffle(mine)
            t.plat_pending[p] = mine
            t.hand[p] = fixed + free[:1]
            leftovers[p] = free[1:]
            continue
        if platform:
            packet = mine + free
            chosen = mine[:]
            r.shuffle(chosen)
            t.plat_pending[p] = chosen[: len(t.plat_pending[p])]
            r.shuffle(packet)
            t.packets[p] = packet
            t.hand[p] = fixed
            continue
        k, m = len(t.packets[p]), len(t.picks[p])
        t.packets[p] = free[:k]
        t.picks[p] = free[k: k + m]
        t.hand[p] = fixed + free[k + m:]
        if t.pending_pick[p] >= 0:
            t.pending_pick[p] = r.choice(t.packets[p])


def _construct(
    pool: list[int], forced: list[int], cores: dict[int, int], free_sizes: dict[int, int], r: Rng
) -> tuple[dict[int, list[int]], dict[int, list[int]], list[int]]:
    """Split ``pool`` into per-player cores (cards of distinct issues), per-player free slots and the deck,
    with every card of ``forced`` outside the deck. Random, never the truth by design; ResampleError when
    :data:`DEAL_ATTEMPTS` randomized constructions all fail."""
    players = list(cores)
    free_total = sum(free_sizes.values())
    if sum(cores.values()) + free_total > len(pool) or len(forced) > free_total + sum(cores.values()):
        raise ResampleError("more hidden program slots than hidden cards")
    rest0 = pool[:]
    for f in forced:
        rest0.remove(f)  # the caller took ``forced`` out of ``pool``
    for _ in range(DEAL_ATTEMPTS):
        core_cards: dict[int, list[int]] = {p: [] for p in players}
        issues: dict[int, set[int]] = {p: set() for p in players}
        room = dict(cores)
        free_forced: list[int] = []
        free_room = free_total
        fs = forced[:]
        if len(fs) > 1:
            r.shuffle(fs)
        ok = True
        # 1. forced cards: each to a random non-deck slot that can hold it; to a core when the free slots
        #    left could not take every forced card still to place.
        for i, f in enumerate(fs):
            issue = f >> 1
            fits = [p for p in players if room[p] > 0 and issue not in issues[p]]
            w_free = 0 if len(fs) - i > free_room else free_room
            total = w_free + sum(room[p] for p in fits)
            if total == 0:
                ok = False
                break
            x = r.randrange(total)
            if x < w_free:
                free_forced.append(f)
                free_room -= 1
                continue
            x -= w_free
            for p in fits:
                if x < room[p]:
                    core_cards[p].append(f)
                    issues[p].add(issue)
                    room[p] -= 1
                    break
                x -= room[p]
        if not ok:
            continue
        # 2. the rest of each core: random cards of issues the core lacks (in a random player order)
        rest = rest0[:]
        r.shuffle(rest)
        order = [p for p in players if room[p] > 0]
        if len(order) > 1:
            r.shuffle(order)
        for p in order:
            while room[p] > 0:
                j = next((j for j, c in enumerate(rest) if c >> 1 not in issues[p]), -1)
                if j < 0:
                    ok = False
                    break
                c = rest.pop(j)
                core_cards[p].append(c)
                issues[p].add(c >> 1)
                room[p] -= 1
            if not ok:
                break
        if not ok:
            continue
        # 3. free slots: the forced cards placed there and random others; what is left is the deck
        free = free_forced + rest[:free_room]
        if free_forced:  # spread them: the rest is in random order already
            r.shuffle(free)
        deck = rest[free_room:]
        free_cards: dict[int, list[int]] = {}
        at = 0
        for p in players:
            free_cards[p] = free[at: at + free_sizes[p]]
            at += free_sizes[p]
        return core_cards, free_cards, deck
    raise ResampleError(
        f"no deal of {len(pool)} hidden program cards fits the secret platforms and the passed-on cards "
        f"in {DEAL_ATTEMPTS} tries"
    )


def _passed_on(t: DieMacher2019, me: int | None) -> list[int]:
    """Cards ``me`` saw in its draft packets and passed to the left, still hidden with other players:
    each passed packet minus ``me``'s pick, less what has since gone face up to the discard pile."""
    if me is None:
        return []
    packets: list[list[int]] = []
    picks: list[int] = []
    for e in chain_items(t.event_chain()):
        if e.to == me and e.type in ("cards_dealt", "cards_received"):
            packets.append(list(e.data["cards"]))
        elif e.to == me and e.type == "draft_pick":
            picks.append(e.data["card"])
    passes = min(t.draft_round, 3)  # a packet moves on after each of the first three picks
    out: list[int] = []
    for packet, pick in zip(packets[:passes], picks[:passes], strict=False):
        packet.remove(pick)
        out += packet
    # Less what is in sight: back in ``me``'s own hands (a packet can come round again with 3 players)
    # or face up in the discard pile. What is left must be with the others.
    mine = t.packets[me] + t.picks[me] + t.plat_pending[me] + t.hand[me] + t.plat_discard[me] + t.prog_disc
    for c in mine:
        if c in out:
            out.remove(c)
    return out


# (id of the newest log node, viewer) -> (that node, result): a search resamples one state many times, and
# the walk below is most of a late-game sample's cost. The node is kept so its id cannot be reused.
_KNOWN_CACHE: dict[tuple[int, int | None], tuple[object, dict[int, list[int]]]] = {}


def _known_in_hands(t: DieMacher2019, me: int | None) -> dict[int, list[int]]:
    """:func:`_known_in_hands_of_log`, cached per log and viewer; a fresh copy the caller may change."""
    key = (id(t.event_chain()), me)
    hit = _KNOWN_CACHE.get(key)
    if hit is None or hit[0] is not t.event_chain():
        if len(_KNOWN_CACHE) >= 256:
            _KNOWN_CACHE.clear()
        hit = (t.event_chain(), _known_in_hands_of_log(t, me))
        _KNOWN_CACHE[key] = hit
    return {p: cards[:] for p, cards in hit[1].items()}


def _known_in_hands_of_log(t: DieMacher2019, me: int | None) -> dict[int, list[int]]:
    """Per other player, program cards everyone saw go into its hand and not come out (seed 000 三.2):
    a card taken from the open display, or one swapped back from the platform. Public swaps and discards
    take them out again; before the platforms were revealed no card went into a hand in sight.

    Read newest event first (the log is a newest-first chain), so the walk stops at the platforms' reveal:
    a card leaving a hand cancels the latest earlier entry of the same card."""
    known: dict[int, list[int]] = {}
    if t.phase in (Phase.PARTY, Phase.DRAFT, Phase.PLATFORM):
        return known
    left_later: dict[int, list[int]] = {}
    node = t.event_chain()
    while node is not None:
        e = node[0]
        node = node[1]
        ty = e.type
        if ty == "platform_revealed":
            break
        if ty != "program_taken" and ty != "program_swapped" and ty != "program_discarded":
            continue
        d = e.data
        p = d["player"]
        if p == me:
            continue
        gone = left_later.setdefault(p, [])
        entered = d["card"] if ty == "program_taken" else d["old"] if ty == "program_swapped" else -1
        if entered >= 0:
            if entered in gone:
                gone.remove(entered)
            else:
                known.setdefault(p, []).append(entered)
        if ty == "program_swapped":
            gone.append(d["new"])
        elif ty == "program_discarded":
            gone.append(d["card"])
    return known


# ------------------------------------------------------------------------------------ other hidden things


def _deal_opinions(t: DieMacher2019, r: Rng) -> None:
    """The opinion deck and every face-down opinion card on the boards form one unknown pool."""
    D = t.data
    pool = t.op_deck[:]
    for b in range(D.NUM_BOARDS):
        pool += t.down[b]
    r.shuffle(pool)
    at = len(t.op_deck)
    t.op_deck = pool[:at]
    for b in range(D.NUM_BOARDS):
        k = len(t.down[b])
        t.down[b] = pool[at: at + k]
        at += k


def _deal_polls(t: DieMacher2019, me: int | None, r: Rng) -> None:
    """The poll deck's order, and under ruling R35 the free poll cards ``me`` never saw: others' kept
    free cards in the discard pile and a free card another player is deciding about now."""
    private = t.poll_disc_private
    pool = t.poll_deck[:]
    disc = t.poll_disc[:]
    for q, cards in enumerate(private):
        if q != me:
            pool += cards
            for c in cards:
                disc.remove(c)
    deciding_free = (
        t.phase == Phase.POLL_DECIDE and t.poll_card >= 0 and t.poll_return == Return.EXEC and t.turn != me
    )
    if deciding_free:
        pool.append(t.poll_card)
    r.shuffle(pool)
    at = len(t.poll_deck)
    t.poll_deck = pool[:at]
    for q, cards in enumerate(private):
        if q != me:
            private[q] = pool[at: at + len(cards)]
            disc += private[q]
            at += len(cards)
    if deciding_free:
        t.poll_card = pool[at]
    t.poll_disc = disc


def _deal_politicians(t: DieMacher2019, others: list[int], r: Rng) -> None:
    """Others' face-down politicians: distinct politicians each of them has not used yet."""
    D = t.data
    for p in others:
        hidden = [(b, i) for b in range(D.NUM_BOARDS) for i, e in enumerate(t.placed[b]) if e[0] == p and not e[2]]
        if not hidden:
            continue
        free = [pol for pol in range(len(D.POLITICIANS))
                if not t.pol_used[p] >> pol & 1 and (t.expanded or not D.POLITICIANS[pol].expanded_only)]
        if len(free) < len(hidden):
            raise ResampleError(f"player {p} has {len(hidden)} face-down politicians but {len(free)} unused")
        r.shuffle(free)
        for (b, i), pol in zip(hidden, free, strict=False):
            t.placed[b][i][1] = pol

