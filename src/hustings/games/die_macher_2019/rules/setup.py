"""Setup (seed 000 一): party choice (一.1), priority, states, opinions, program deck and polls
(一.2 to 一.7), and the initial deployment (一.8). The program draft (一.6) is in ``draft``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher_2019 import actions as X
from hustings.games.die_macher_2019.actions import DEPLOY_ACTIONS, SPACE
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import first_player

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules.state import DieMacher2019

# ------------------------------------------------------------------------------ party (一.1)


def party_legal(s: DieMacher2019, p: int) -> list[Action]:
    D = s.data
    taken = set(s.party)
    return [X.PARTY[k] for k in range(D.NUM_PARTIES) if k not in taken]


def party_apply(s: DieMacher2019, p: int, a: Action) -> None:
    """Players choose parties in seat order (ruling R21)."""
    k = a.args[0]
    s.party[p] = k
    s._parties_t = tuple(s.party)
    s.emit("party_chosen", {"player": p, "party": k})
    s.turn = p + 1
    if s.turn == s.n:
        setup_after_parties(s)


def setup_after_parties(s: DieMacher2019) -> None:
    """Seed 000 一.2 to 一.7: priority, state cards, opinions, program draft, polls."""
    D = s.data
    n, rng = s.n, s.rng
    markers = list(range(D.NUM_PARTIES))
    rng.shuffle(markers)
    owner = {s.party[p]: p for p in range(n)}
    s.prev_first = next(owner[m] for m in markers if m in owner)
    s.first = s.prev_first
    s.emit("priority", {"player": s.prev_first})
    # 一.3: 2 large + 2 small, shuffled onto the boards; the lowest maximum votes first.
    large = [st.index for st in D.STATES if st.size == "large"]
    small = [st.index for st in D.STATES if st.size == "small"]
    rng.shuffle(large)
    rng.shuffle(small)
    chosen = large[:2] + small[:2]
    rng.shuffle(chosen)
    start = min(range(4), key=lambda i: (D.STATES[chosen[i]].max_points, i))
    s.board_state = chosen[start:] + chosen[:start]
    s.state_pool = large[2:] + small[2:]
    rng.shuffle(s.state_pool)
    if s.expanded:  # 四.8: three reserve states, face down
        s.reserve = s.state_pool[:3]
        s.state_pool = s.state_pool[3:]
    s.elec_round = [1, 2, 3, 4]
    s.emit("states_drawn", {"boards": list(s.board_state)})
    # 一.5: one pro and one contra card of each issue face up in the display; 4 face down per state.
    s.op_display = list(range(D.NUM_TYPES))
    deck: list[int] = []
    for i in range(D.NUM_ISSUES):
        deck += [2 * i] * (D.OPINION_PER_ISSUE[0] - 1) + [2 * i + 1] * (D.OPINION_PER_ISSUE[1] - 1)
    rng.shuffle(deck)
    s.op_deck = deck
    for b in range(D.NUM_BOARDS):
        s.down[b] = [s._draw_opinion() for _ in range(4)]
    s.round = 1
    for b in s._round_order():
        s._reveal_to_target(b)
    # 一.6: the program deck, the display of players + 1, 7 cards each.
    deck = [t for t in range(D.NUM_TYPES) for _ in range(D.PROGRAM_PER_TYPE)]
    rng.shuffle(deck)
    s.prog_deck = deck
    s._refill_display()
    for p in range(n):
        s.packets[p] = [s._draw_program() for _ in range(7)]
        s.emit("cards_dealt", {"player": p, "cards": sorted(s.packets[p])}, to=p)
    # 一.7
    s.poll_deck = list(range(len(D.POLLS)))
    rng.shuffle(s.poll_deck)
    s.phase = Phase.DRAFT
    s.draft_round = 0
    s.waiting = list(range(n))


# ------------------------------------------------------------------------ deployment (一.8)


def deploy_legal(s: DieMacher2019, p: int) -> list[Action]:
    return list(DEPLOY_ACTIONS)


def deploy_apply(s: DieMacher2019, p: int, a: Action) -> None:
    """Each player chooses a scheme in secret (ruling R29); all are carried out together."""
    s.deploy_choice[p] = a.id
    s.waiting.remove(p)
    s.emit("deployment_chosen", {"player": p, "scheme": a.args[0], "boards": list(a.args[1:])}, to=p)
    if not s.waiting:
        do_deployment(s)


def do_deployment(s: DieMacher2019) -> None:
    """一.8: all deployments are revealed and carried out at once."""
    D = s.data
    for p in range(s.n):
        a = SPACE[s.deploy_choice[p]]
        scheme = D.SCHEMES[a.args[0]]
        for icon, b in zip(scheme, a.args[1:], strict=True):
            amt = D.ICON_AMOUNT[icon]
            if icon == "rally":
                s.rallies[b][p] += amt
                s.rally_res[p] -= amt
            elif icon == "trend":
                s._add_trend(b, p, amt)
            elif icon == "media":
                s.media[b][p] += amt
                s.media_res[p] -= amt
            else:
                s.votes[b][p] += amt
        s.emit("deployment", {"player": p, "scheme": a.args[0], "boards": list(a.args[1:])})
        s.deploy_choice[p] = -1
    first_player.start_round(s)
