"""The program draft and the secret platform (seed 000 一.6; rulings R2, R3).

Each player drafts 4 cards from packets passed to the left, then chooses in secret a platform of 5
cards of 5 different issues and one card to keep in hand; the platforms are revealed together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher_2019 import actions as X
from hustings.games.die_macher_2019.phases import Phase

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules.state import DieMacher2019

# ------------------------------------------------------------------------------------ draft


def draft_legal(s: DieMacher2019, p: int) -> list[Action]:
    return [X.DRAFT[t] for t in sorted(set(s.packets[p]))]


def draft_apply(s: DieMacher2019, p: int, a: Action) -> None:
    s.pending_pick[p] = a.args[0]
    s.waiting.remove(p)
    s.emit("draft_pick", {"player": p, "card": a.args[0]}, to=p)
    if not s.waiting:
        finish_draft_round(s)


def finish_draft_round(s: DieMacher2019) -> None:
    """一.6: everyone's secret pick is set aside, the rest passes to the left."""
    n = s.n
    for p in range(n):
        c = s.pending_pick[p]
        s.packets[p].remove(c)
        s.picks[p].append(c)
        s.pending_pick[p] = -1
    s.draft_round += 1
    if s.draft_round < 4:
        s.packets = [s.packets[(p - 1) % n] for p in range(n)]
        for p in range(n):
            s.emit("cards_received", {"player": p, "cards": sorted(s.packets[p])}, to=p)
        s.waiting = list(range(n))
        return
    s.emit("draft_done", {})
    for p in range(n):
        s.packets[p] = s.picks[p] + s.packets[p]
        s.picks[p] = []
        # Ruling R3: a hand that cannot form 5 distinct issues draws from the deck until it can.
        while len({c >> 1 for c in s.packets[p]}) < 5:
            c = s._draw_program()
            if c < 0:
                # deck and discard are empty: take from the display instead (R3)
                missing = [t for t in s.prog_display if t >> 1 not in {x >> 1 for x in s.packets[p]}]
                if not missing:
                    break  # nothing left anywhere: the platform has as many issues as the cards allow
                c = missing[0]
                s.prog_display.remove(c)
                s.emit("program_taken", {"player": p, "card": c, "from_deck": False})
            else:
                s.emit("platform_extra_card", {"player": p, "card": c}, to=p)
            s.packets[p].append(c)
    s.phase = Phase.PLATFORM
    s.waiting = list(range(n))


# --------------------------------------------------------------------------------- platform


def platform_legal(s: DieMacher2019, p: int) -> list[Action]:
    chosen = s.plat_pending[p]
    pool = list(s.packets[p])
    for c in chosen:
        pool.remove(c)
    size = min(5, len({c >> 1 for c in s.packets[p]}))  # 5 unless every source ran dry (R3)
    if len(chosen) == size:
        return [X.KEEP[t] for t in sorted(set(pool))]
    used = {c >> 1 for c in chosen}
    need = size - len(chosen)
    out = []
    for t in sorted(set(pool)):
        if t >> 1 in used:
            continue
        # the platform must still be completable with distinct issues after this card
        rest = {c >> 1 for c in pool if c >> 1 not in used and c >> 1 != t >> 1}
        if len(rest) >= need - 1:
            out.append(X.PLAT[t])
    return out


def platform_apply(s: DieMacher2019, p: int, a: Action) -> None:
    if a.kind == "plat":
        s.plat_pending[p].append(a.args[0])
    else:
        finish_platform(s, p, a.args[0])


def finish_platform(s: DieMacher2019, p: int, keep: int) -> None:
    """The leftover cards wait face down with the secret platform (ruling R36): on the discard pile
    now, they would show players still choosing what this player gave up."""
    s.waiting.remove(p)
    pool = list(s.packets[p])
    for c in s.plat_pending[p]:
        pool.remove(c)
    pool.remove(keep)
    s.hand[p] = [keep]
    s.packets[p] = []
    s.plat_discard[p] = pool
    s.emit("platform_chosen", {"player": p}, to=None)
    if s.waiting:
        return
    # 一.6: all platforms are revealed together; the leftovers go to the open discard pile (R36).
    for q in range(s.n):
        s.platform[q] = s.plat_pending[q]
        s.plat_pending[q] = []
        s.packets[q] = []
        s.prog_disc.extend(s.plat_discard[q])
        s.emit("platform_revealed", {"player": q, "cards": list(s.platform[q]), "discarded": list(s.plat_discard[q])})
        s.plat_discard[q] = []
    s.phase = Phase.DEPLOY
    s.waiting = list(range(s.n))
