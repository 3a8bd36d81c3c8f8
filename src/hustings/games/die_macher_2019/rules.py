"""Die Macher, Spielworxx 2019 edition (seed 000): the rules as a state machine.

Every decision is one action; automatic bookkeeping runs in :meth:`DieMacher2019._advance` until the
next decision. Seats run clockwise in increasing order: "left" is the next seat, "right" the previous.
Section references (一.6, 三.8, ...) are to seed ``000_39b850a45b3dc272.txt``; rulings are in
``rulings.md`` beside this file.
"""

from __future__ import annotations

import random
from typing import Any

from hustings.engine import Action, GameState, Rng
from hustings.games.die_macher_2019 import actions as X
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.actions import BIDS, DEPLOY_ACTIONS, DONE, GAME_ID, PASS, SPACE
from hustings.games.die_macher_2019.text import render_event
from hustings.games.die_macher_2019.view_types import DieMacherView

# phases
PARTY = "party"
DRAFT = "draft"
PLATFORM = "platform"
DEPLOY = "deploy"
BID = "bid"
TIE = "tie"
PROGRAM = "program"
MEDIA = "media"
RALLY = "rally"
PLACE = "place"
EXEC = "exec"
INFLUENCE = "influence"
POLL = "poll"
POLL_DECIDE = "poll_decide"
CONVERT = "convert"
DONATION = "donation"
OVER = "over"

EXCL_DOUBLE, EXCL_MEDIA, EXCL_POLL = 1, 2, 4
_EXCLUSIVE = {"double": EXCL_DOUBLE, "media_remove": EXCL_MEDIA, "poll": EXCL_POLL}

# Elections as (round, board) in election order (seed 000 一.3 and 四.8).
ELECTIONS = {
    "standard": [(1, 0), (2, 1), (3, 2), (4, 3)],
    "expanded": [(1, 0), (2, 1), (3, 2), (4, 3), (4, 0), (5, 1), (5, 2)],
}
LAST_ROUND = {"standard": 4, "expanded": 5}
INCOME_ROUNDS = {"standard": (1, 2, 3), "expanded": (1, 2, 3, 4)}
DONATION_ROUNDS = (1, 2, 3)

# Scratch fields that belong to the base class or caches, not the game data.
_BASE_FIELDS = frozenset(
    {"game_options", "seed", "rng", "_history", "_log", "_legal_player", "_legal_step", "_legal", "_nsteps"}
)


def _copy(v: Any) -> Any:
    if type(v) is list:
        if v and type(v[0]) is list:
            return [x[:] for x in v]
        return v[:]
    return v


def _freeze(v: Any) -> Any:
    if type(v) is list:
        return tuple(_freeze(x) for x in v)
    return v


# For error messages: the decisions of each phase, and the rule behind each kind of decision.
_PHASE_RULES: dict[str, tuple[str, tuple[str, ...]]] = {
    PARTY: ("一.1", ("party",)),
    DRAFT: ("一.6", ("draft",)),
    PLATFORM: ("一.6", ("plat", "keep")),
    DEPLOY: ("一.8", ("deploy",)),
    BID: ("三.1", ("bid",)),
    TIE: ("三.1", ("bid", "pass")),
    PROGRAM: ("三.2", ("take", "wipe", "pick", "nodraw", "swap", "done", "discard")),
    MEDIA: ("三.3", ("media", "pass")),
    RALLY: ("三.4", ("rally", "done")),
    PLACE: ("三.5", ("place", "pass")),
    EXEC: ("三.6", ("pay", "decline", "second", "dbl_on", "dbl_off", "mremove")),
    INFLUENCE: ("三.7", ("replace", "pass")),
    POLL: ("三.8", ("bid", "pass")),
    POLL_DECIDE: ("三.8", ("publish", "keep_poll")),
    CONVERT: ("三.9.1", ("convert", "pass")),
    DONATION: ("三.9.3", ("donate", "pass")),
    OVER: ("五.1", ()),
}
_KIND_RULES: dict[str, str] = {
    "party": "every player chooses a different party (seed 000 一.1)",
    "draft": "you may only draft a card from the packet in front of you (seed 000 一.6)",
    "plat": "a platform has 5 cards of 5 different issues, never both stances of one issue (seed 000 一.6)",
    "keep": "you keep one of your remaining draft cards in hand (seed 000 一.6)",
    "bid": "a bid must be within your money (ruling R10) and, in an open auction, above the current bid "
           "(seed 000 三.1, 三.8; rulings R7, R8)",
    "take": "take the top deck card and one card shown in the display (seed 000 三.2)",
    "pick": "after wiping, take one card of the new display (seed 000 三.2)",
    "wipe": "wipe the display before taking cards (seed 000 三.2)",
    "nodraw": "decide about taking cards first (seed 000 三.2)",
    "swap": "at most 2 swaps, each with a hand card, and the platform keeps 5 different issues (seed 000 三.2)",
    "discard": "discard only cards in your hand, down to one (seed 000 三.2)",
    "done": "finish the step you are in first",
    "media": "a media marker costs 5,000 €, comes from your reserve and needs a free space: 5 per state "
             "(seed 000 三.3)",
    "rally": "at most 8 cubes per state and 20 in all, each state once per turn, paid by the cost table "
             "(seed 000 三.4)",
    "place": "one politician per state per player, each politician once per game, face down (seed 000 三.5)",
    "pay": "pay when your politician is revealed, if you have its cost (seed 000 三.6)",
    "decline": "decline when your politician is revealed (seed 000 三.6)",
    "second": "choose a secondary action that can be carried out; an exclusive one only once per state and "
              "round (seed 000 三.6; ruling R6)",
    "dbl_on": "one double marker per state, on a face-up opinion, while the supply lasts (seed 000 四.2; R27)",
    "dbl_off": "remove the double marker of this state (seed 000 四.2)",
    "mremove": "pay 5,000 € to remove a marker another party has in this state; your own marker needs one "
               "in reserve (seed 000 三.6; ruling R26)",
    "replace": "the media controller replaces a face-up, not doubled opinion with a display card of an issue "
               "not face up in the state (seed 000 三.7; ruling R18)",
    "publish": "publish a poll only when it raises your own trend (seed 000 三.8; ruling R9)",
    "keep_poll": "keep the poll card you won (seed 000 三.8)",
    "convert": "convert at least 4 cubes and no more than you have in the state (seed 000 三.9.1; ruling R11)",
    "donate": "each donation card can be accepted or refused once (seed 000 三.9.3)",
    "deploy": "one deployment scheme, a state per icon, repeated icons in different states (seed 000 一.8)",
    "pass": "passing is not a choice here",
}


class DieMacher2019(GameState):
    GAME_ID = GAME_ID
    SPACE = SPACE

    # ------------------------------------------------------------------------------------ setup

    def __init__(self, players: int, variant: str, seed: int) -> None:
        self._init_base({"players": players, "variant": variant}, seed)
        n = players
        self.n = n
        self.variant = variant
        self.expanded = variant == "expanded"
        self.party = [-1] * n
        self._parties_t: tuple[int, ...] = tuple(self.party)  # shared by events, rebuilt on party choice
        self.money = [D.START_MONEY] * n
        self.base = [D.START_BASE] * n
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.platform: list[list[int]] = [[] for _ in range(n)]
        self.media_res = [D.MEDIA_MARKERS[variant]] * n
        self.rally_res = [D.RALLY_CUBES] * n
        self.pol_used = [0] * n  # bitmask of politicians out of the game
        self.don_used = [0] * n  # bitmask of donation cards used
        self.vp_elec = [0] * n
        self.vp_bonus = [0] * n
        self.presence: list[list[int]] = [[] for _ in range(n)]  # election numbers with a media marker
        self.round_points = [0] * n
        self.prog_deck: list[int] = []
        self.prog_disc: list[int] = []
        self.prog_display: list[int] = []
        self.op_deck: list[int] = []
        self.op_disc: list[int] = []
        self.op_display: list[int] = []
        self.poll_deck: list[int] = []
        self.poll_disc: list[int] = []
        self.state_pool: list[int] = []
        self.reserve: list[int] = []
        self.board_state = [-1] * D.NUM_BOARDS
        self.elec_round = [0] * D.NUM_BOARDS
        self.up: list[list[int]] = [[] for _ in range(D.NUM_BOARDS)]
        self.down: list[list[int]] = [[] for _ in range(D.NUM_BOARDS)]
        self.dbl = [-1] * D.NUM_BOARDS  # issue under the board's double marker
        self.media: list[list[int]] = [[0] * n for _ in range(D.NUM_BOARDS)]
        self.rallies: list[list[int]] = [[0] * n for _ in range(D.NUM_BOARDS)]
        self.trend: list[list[int]] = [[0] * n for _ in range(D.NUM_BOARDS)]
        self.votes: list[list[int]] = [[0] * n for _ in range(D.NUM_BOARDS)]
        self.placed: list[list[Any]] = [[] for _ in range(D.NUM_BOARDS)]  # (player, politician, revealed)
        self.excl = [0] * D.NUM_BOARDS
        self.double_supply = D.DOUBLE_MARKERS
        self.round = 0
        self.first = 0
        self.prev_first = 0
        self.elections_done = 0
        self.results: list[dict[str, Any]] = []
        self.phase = PARTY
        self.turn = 0
        self.waiting: list[int] = []
        # draft / platform / deployment
        self.packets: list[list[int]] = [[] for _ in range(n)]
        self.picks: list[list[int]] = [[] for _ in range(n)]
        self.pending_pick = [-1] * n
        self.draft_round = 0
        self.plat_pending: list[list[int]] = [[] for _ in range(n)]
        self.deploy_choice = [-1] * n
        # bids
        self.bids = [-1] * n
        self.tie_order: list[int] = []
        self.tie_price = 0
        self.tie_high = -1
        self.tie_idx = 0
        # program adjustment (also used by politicians)
        self.prog_player = -1
        self.prog_step = ""
        self.prog_swaps = 0
        self.prog_queue: list[int] = []
        self.prog_return = ""
        # sequential phases
        self.passes = 0
        self.queue: list[int] = []
        self.rally_mask = 0
        self.place_passed = [False] * n
        # politician execution
        self.order: list[int] = []
        self.bi = 0
        self.pi = 0
        self.exec_step = ""
        self.exec_effect = ""
        self.exec_after = ""
        # polls
        self.poll_card = -1
        self.poll_host = -1
        self.poll_bidders: list[int] = []
        self.poll_high = 0
        self.poll_high_p = -1
        self.poll_board = -1
        self.poll_return = ""
        # conversion
        self.conv_boards: list[int] = []
        self.conv_started = False
        self.final: list[dict[str, int]] = []
        self.emit("game_started", {"players": n, "variant": variant})

    @property
    def num_players(self) -> int:
        return self.n

    def _setup_after_parties(self) -> None:
        """Seed 000 一.2 to 一.7: priority, state cards, opinions, program draft, polls."""
        n, rng = self.n, self.rng
        markers = list(range(D.NUM_PARTIES))
        rng.shuffle(markers)
        owner = {self.party[p]: p for p in range(n)}
        self.prev_first = next(owner[m] for m in markers if m in owner)
        self.first = self.prev_first
        self.emit("priority", {"player": self.prev_first})
        # 一.3: 2 large + 2 small, shuffled onto the boards; the lowest maximum votes first.
        large = [s.index for s in D.STATES if s.size == "large"]
        small = [s.index for s in D.STATES if s.size == "small"]
        rng.shuffle(large)
        rng.shuffle(small)
        chosen = large[:2] + small[:2]
        rng.shuffle(chosen)
        start = min(range(4), key=lambda i: (D.STATES[chosen[i]].max_points, i))
        self.board_state = chosen[start:] + chosen[:start]
        self.state_pool = large[2:] + small[2:]
        rng.shuffle(self.state_pool)
        if self.expanded:  # 四.8: three reserve states, face down
            self.reserve = self.state_pool[:3]
            self.state_pool = self.state_pool[3:]
        self.elec_round = [1, 2, 3, 4]
        self.emit("states_drawn", {"boards": list(self.board_state)})
        # 一.5: one pro and one contra card of each issue face up in the display; 4 face down per state.
        self.op_display = list(range(D.NUM_TYPES))
        deck: list[int] = []
        for i in range(D.NUM_ISSUES):
            deck += [2 * i] * (D.OPINION_PER_ISSUE[0] - 1) + [2 * i + 1] * (D.OPINION_PER_ISSUE[1] - 1)
        rng.shuffle(deck)
        self.op_deck = deck
        for b in range(D.NUM_BOARDS):
            self.down[b] = [self._draw_opinion() for _ in range(4)]
        self.round = 1
        for b in self._round_order():
            self._reveal_to_target(b)
        # 一.6: the program deck, the display of players + 1, 7 cards each.
        deck = [t for t in range(D.NUM_TYPES) for _ in range(D.PROGRAM_PER_TYPE)]
        rng.shuffle(deck)
        self.prog_deck = deck
        self._refill_display()
        for p in range(n):
            self.packets[p] = [self._draw_program() for _ in range(7)]
            self.emit("cards_dealt", {"player": p, "cards": sorted(self.packets[p])}, to=p)
        # 一.7
        self.poll_deck = list(range(len(D.POLLS)))
        rng.shuffle(self.poll_deck)
        self.phase = DRAFT
        self.draft_round = 0
        self.waiting = list(range(n))

    # ----------------------------------------------------------------------------- helpers

    def _order_from(self, start: int) -> list[int]:
        return [(start + i) % self.n for i in range(self.n)]

    def _nearest_first(self, players: list[int]) -> int:
        """Of several players, the first player or the one nearest clockwise after them."""
        return min(players, key=lambda p: (p - self.first) % self.n)

    def _election_boards(self, rnd: int) -> list[int]:
        return [b for r, b in ELECTIONS[self.variant] if r == rnd]

    def _round_order(self) -> list[int]:
        """Active boards clockwise from the (first) election state of the round (三.6)."""
        eb = self._election_boards(self.round)
        start = eb[0] if eb else 0
        return [(start + i) % 4 for i in range(4) if self.board_state[(start + i) % 4] >= 0]

    def _draw_program(self) -> int:
        if not self.prog_deck:
            # 三.2: an empty deck is rebuilt from the shuffled discard pile.
            self.prog_deck = self.prog_disc
            self.prog_disc = []
            self.rng.shuffle(self.prog_deck)
            self.emit("program_reshuffled", {"cards": len(self.prog_deck)})
        return self.prog_deck.pop() if self.prog_deck else -1

    def _draw_opinion(self) -> int:
        if not self.op_deck:
            self.op_deck = self.op_disc
            self.op_disc = []
            self.rng.shuffle(self.op_deck)
        return self.op_deck.pop() if self.op_deck else -1

    def _refill_display(self) -> None:
        while len(self.prog_display) < self.n + 1:
            c = self._draw_program()
            if c < 0:
                break
            self.prog_display.append(c)

    def _reveal_to_target(self, b: int) -> None:
        """Face-up opinions of a state reach 4 minus the rounds until its election (一.5, 三.9.4);
        a card repeating an issue already face up is discarded and replaced from the deck."""
        target = 4 - (self.elec_round[b] - self.round)
        up, down = self.up[b], self.down[b]
        while len(up) < target and down:
            c = down.pop()
            issues = {x >> 1 for x in up}
            tries = len(self.op_deck) + len(self.op_disc) + 1  # every remaining card at most once
            while c >= 0 and (c >> 1) in issues:
                self.op_disc.append(c)
                self.emit("opinion_duplicate", {"board": b, "card": c})
                tries -= 1
                c = self._draw_opinion() if tries > 0 else -1
            if c < 0:
                break
            up.append(c)
            self.emit("opinion_revealed", {"board": b, "state": self.board_state[b], "card": c})

    def _controller(self, b: int) -> int:
        """The player with strictly more media markers in the state than anyone else, or -1 (三.7)."""
        row = self.media[b]
        best = max(row)
        if best == 0 or row.count(best) > 1:
            return -1
        return row.index(best)

    def _match(self, p: int, b: int) -> tuple[int, list[dict[str, int]]]:
        """Platform against face-up opinions, doubled under the double marker (三.9.1, 四.2)."""
        total = 0
        parts = []
        plat = {c >> 1: c & 1 for c in self.platform[p]}
        for c in self.up[b]:
            i = c >> 1
            if i in plat:
                v = 1 if plat[i] == (c & 1) else -1
                if self.dbl[b] == i:
                    v *= 2
                total += v
                parts.append({"issue": i, "value": v})
        return total, parts

    def _add_trend(self, b: int, p: int, d: int) -> None:
        self.trend[b][p] = max(D.TREND_MIN, min(D.TREND_MAX, self.trend[b][p] + d))

    # ------------------------------------------------------------------------------- queries

    @property
    def current_players(self) -> tuple[int, ...]:
        ph = self.phase
        if ph in (DRAFT, PLATFORM, DEPLOY, BID):
            return tuple(self.waiting)
        if ph == OVER:
            return ()
        return (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _legal_actions(self, p: int) -> list[Action]:
        ph = self.phase
        if ph == PARTY:
            taken = set(self.party)
            return [X.PARTY[k] for k in range(D.NUM_PARTIES) if k not in taken]
        if ph == DRAFT:
            return [X.DRAFT[t] for t in sorted(set(self.packets[p]))]
        if ph == PLATFORM:
            return self._platform_actions(p)
        if ph == DEPLOY:
            return list(DEPLOY_ACTIONS)
        if ph == BID:
            return BIDS[: min(self.money[p] // 1000, D.MAX_BID_K) + 1]
        if ph == TIE:
            lo = self.tie_price // 1000 + 1
            hi = min(self.money[p] // 1000, D.MAX_BID_K)
            return [PASS, *BIDS[lo : hi + 1]]
        if ph == PROGRAM:
            return self._program_actions(p)
        if ph == MEDIA:
            out = [PASS]
            if self.media_res[p] > 0 and self.money[p] >= D.MEDIA_COST:
                out += [
                    X.MEDIA[b]
                    for b in range(4)
                    if self.board_state[b] >= 0 and sum(self.media[b]) < D.MEDIA_SLOTS
                ]
            return out
        if ph == RALLY:
            out = [DONE]
            res, money = self.rally_res[p], self.money[p]
            for b in range(4):
                if self.board_state[b] < 0 or self.rally_mask >> b & 1:
                    continue
                room = min(D.MAX_RALLIES - self.rallies[b][p], res)
                while room > 0 and D.RALLY_COST[room] > money:
                    room -= 1
                out += X.RALLY[b][1 : room + 1]
            return out
        if ph == PLACE:
            out = [PASS]
            busy = 0
            placed_boards = 0
            for b in range(4):
                for q, pol, _ in self.placed[b]:
                    if q == p:
                        busy |= 1 << pol
                        placed_boards |= 1 << b
            avail = [
                pol
                for pol in range(len(D.POLITICIANS))
                if not (self.pol_used[p] | busy) >> pol & 1 and (self.expanded or not D.POLITICIANS[pol].expanded_only)
            ]
            for pol in avail:
                for b in range(4):
                    if self.board_state[b] >= 0 and not placed_boards >> b & 1:
                        out.append(X.PLACE[pol][b])
            return out
        if ph == EXEC:
            return self._exec_actions(p)
        if ph == INFLUENCE:
            return [PASS, *self._replace_actions(self.order[self.bi])]
        if ph == POLL:
            lo = self.poll_high // 1000 + 1
            hi = min(self.money[p] // 1000, D.MAX_BID_K)
            return [PASS, *BIDS[lo : hi + 1]]
        if ph == POLL_DECIDE:
            card = D.POLLS[self.poll_card]
            if card[self.party[p]] > 0:
                return [X.KEEP_POLL, X.PUBLISH]
            return [X.KEEP_POLL]
        if ph == CONVERT:
            b = self.conv_boards[0]
            have = self.rallies[b][p]
            return [PASS, *X.CONVERT[4 : have + 1]]
        if ph == DONATION:
            out = [PASS]
            for c in range(len(D.DONATIONS)):
                if not self.don_used[p] >> c & 1:
                    out += X.DONATE[c]
            return out
        return []

    def _platform_actions(self, p: int) -> list[Action]:
        chosen = self.plat_pending[p]
        pool = list(self.packets[p])
        for c in chosen:
            pool.remove(c)
        size = min(5, len({c >> 1 for c in self.packets[p]}))  # 5 unless every source ran dry (R3)
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

    def _program_actions(self, p: int) -> list[Action]:
        step = self.prog_step
        if step == "draw":
            return [X.NODRAW, X.WIPE, *[X.TAKE[t] for t in sorted(set(self.prog_display))]]
        if step == "wipe_pick":
            return [X.PICK[t] for t in sorted(set(self.prog_display))]
        if step == "swap":
            return [DONE, *self._swap_actions(p)]
        if step == "discard":
            return [X.DISCARD[t] for t in sorted(set(self.hand[p]))]
        return []

    def _swap_actions(self, p: int) -> list[Action]:
        plat = self.platform[p]
        issues = [c >> 1 for c in plat]
        out = []
        for t in sorted(set(self.hand[p])):
            i = t >> 1
            if i in issues:  # only the card of the same issue can make room for it
                j = issues.index(i)
                if plat[j] != t:
                    out.append(X.SWAP[j][t])
            else:
                out += [X.SWAP[j][t] for j in range(len(plat))]
        return out

    def _replace_actions(self, b: int) -> list[Action]:
        up = self.up[b]
        present = {c >> 1 for c in up}
        out = []
        new_types = sorted({t for t in self.op_display if t >> 1 not in present})
        for c in up:
            if c >> 1 == self.dbl[b]:
                continue
            row = X.REPLACE[c >> 1]
            out += [row[t] for t in new_types]
        return out

    # ---------------------------------------------------------------------- politician effects

    def _effect_possible(self, eff: str, p: int, b: int) -> bool:
        name = eff.split(":")[0]
        bit = _EXCLUSIVE.get(name, 0)
        if bit and self.excl[b] & bit:
            return False
        if name == "double":
            return self.dbl[b] >= 0 or (self.double_supply > 0 and bool(self.up[b]))
        if name == "media_remove":
            return self.money[p] >= D.MEDIA_REMOVE_PAYMENT and any(
                self.media[b][q] > 0 for q in range(self.n) if q != p
            )
        if name == "poll":
            return bool(self.poll_deck or self.poll_disc)
        if name == "rallies":
            return min(int(eff.split(":")[1]), D.MAX_RALLIES - self.rallies[b][p], self.rally_res[p]) > 0
        if name == "program":
            return True
        return True  # trend, votes, others_trend_down

    def _effect_choices(self, eff: str, p: int, b: int) -> list[Action]:
        """Parameter choices of an effect that needs them; empty for automatic effects."""
        if eff == "double":
            if self.dbl[b] >= 0:
                return [X.DBL_OFF]
            return [X.DBL_ON[c >> 1] for c in self.up[b]]
        if eff == "media_remove":
            out = []
            for q in range(self.n):
                if q != p and self.media[b][q] > 0:
                    out.append(X.MREMOVE[q][0])
                    if self.media_res[p] > 0:
                        out.append(X.MREMOVE[q][1])
            return out
        return []

    def _exec_actions(self, p: int) -> list[Action]:
        step = self.exec_step
        b = self.order[self.bi]
        if step == "pay":
            return [X.PAY, X.DECLINE]
        if step == "param":
            return self._effect_choices(self.exec_effect, p, b)
        if step == "second":
            pol = D.POLITICIANS[self.placed[b][self.pi][1]]
            return [X.SECOND[i] for i, e in enumerate(pol.secondary) if self._effect_possible(e, p, b)]
        return []

    # -------------------------------------------------------------------------------- apply

    def _apply(self, p: int, a: Action) -> None:
        ph = self.phase
        k, x = a.kind, a.args
        if ph == PARTY:
            self.party[p] = x[0]
            self._parties_t = tuple(self.party)
            self.emit("party_chosen", {"player": p, "party": x[0]})
            self.turn = p + 1
            if self.turn == self.n:
                self._setup_after_parties()
        elif ph == DRAFT:
            self.pending_pick[p] = x[0]
            self.waiting.remove(p)
            self.emit("draft_pick", {"player": p, "card": x[0]}, to=p)
            if not self.waiting:
                self._finish_draft_round()
        elif ph == PLATFORM:
            if k == "plat":
                self.plat_pending[p].append(x[0])
            else:
                self._finish_platform(p, x[0])
        elif ph == DEPLOY:
            self.deploy_choice[p] = a.id
            self.waiting.remove(p)
            self.emit("deployment_chosen", {"player": p, "scheme": x[0], "boards": list(x[1:])}, to=p)
            if not self.waiting:
                self._do_deployment()
        elif ph == BID:
            self.bids[p] = x[0] * 1000
            self.waiting.remove(p)
            self.emit("bid_secret", {"player": p, "amount": x[0] * 1000}, to=p)
            if not self.waiting:
                self._resolve_bids()
        elif ph == TIE:
            self._tie_step(p, a)
        elif ph == PROGRAM:
            self._program_step(p, a)
        elif ph == MEDIA:
            if k == "pass":
                self.passes += 1
                self.emit("media_pass", {"player": p})
            else:
                self.passes = 0
                b = x[0]
                self.money[p] -= D.MEDIA_COST
                self.media_res[p] -= 1
                self.media[b][p] += 1
                self.emit("media_bought", {"player": p, "board": b, "cost": D.MEDIA_COST})
            if self.passes >= self.n:
                self._start_rally()
            else:
                self.turn = (p + 1) % self.n
        elif ph == RALLY:
            if k == "done":
                self._next_rally_player()
            else:
                b, cnt = x
                cost = D.RALLY_COST[cnt]
                self.money[p] -= cost
                self.rally_res[p] -= cnt
                self.rallies[b][p] += cnt
                self.rally_mask |= 1 << b
                self.emit("rallies_bought", {"player": p, "board": b, "count": cnt, "cost": cost})
        elif ph == PLACE:
            if k == "pass":
                self.place_passed[p] = True
                self.emit("place_pass", {"player": p})
            else:
                pol, b = x
                self.placed[b].append([p, pol, 0])
                self.emit("politician_placed", {"player": p, "board": b})
                self.emit("politician_placed_own", {"player": p, "board": b, "politician": pol}, to=p)
            self._next_placer(p)
        elif ph == EXEC:
            self._exec_step(p, a)
        elif ph == INFLUENCE:
            b = self.order[self.bi]
            if k == "replace":
                issue, t = x
                old = next(c for c in self.up[b] if c >> 1 == issue)
                self.up[b][self.up[b].index(old)] = t
                self.op_display.remove(t)
                self.op_disc.append(old)
                self.emit("opinion_replaced", {"player": p, "board": b, "old": old, "new": t})
            else:
                self.emit("influence_pass", {"player": p, "board": b})
            self.bi += 1
        elif ph == POLL:
            self._poll_bid(p, a)
        elif ph == POLL_DECIDE:
            self._poll_decide(p, k == "publish")
        elif ph == CONVERT:
            b = self.conv_boards[0]
            if k == "convert":
                self._convert(b, p, x[0])
            else:
                self.emit("convert_pass", {"player": p, "board": b})
            self.queue.pop(0)
        elif ph == DONATION:
            if k == "donate":
                c, acc = x
                d = D.DONATIONS[c]
                self.don_used[p] |= 1 << c
                if acc:
                    self.money[p] += d.amount
                    self.base[p] = max(0, self.base[p] + d.accept_base)
                else:
                    self.base[p] = max(0, self.base[p] + d.refuse_base)
                self.emit("donation", {"player": p, "amount": d.amount, "accepted": bool(acc),
                                       "base_change": d.accept_base if acc else d.refuse_base})
            else:
                self.emit("donation_pass", {"player": p})
            self.queue.pop(0)
        self._advance()

    # ------------------------------------------------------------------------ draft and setup

    def _finish_draft_round(self) -> None:
        """一.6: everyone's secret pick is set aside, the rest passes to the left."""
        n = self.n
        for p in range(n):
            c = self.pending_pick[p]
            self.packets[p].remove(c)
            self.picks[p].append(c)
            self.pending_pick[p] = -1
        self.draft_round += 1
        if self.draft_round < 4:
            self.packets = [self.packets[(p - 1) % n] for p in range(n)]
            for p in range(n):
                self.emit("cards_received", {"player": p, "cards": sorted(self.packets[p])}, to=p)
            self.waiting = list(range(n))
            return
        self.emit("draft_done", {})
        for p in range(n):
            self.packets[p] = self.picks[p] + self.packets[p]
            self.picks[p] = []
            # Ruling: a hand that cannot form 5 distinct issues draws from the deck until it can.
            while len({c >> 1 for c in self.packets[p]}) < 5:
                c = self._draw_program()
                if c < 0:
                    # deck and discard are empty: take from the display instead (R3)
                    missing = [t for t in self.prog_display if t >> 1 not in {x >> 1 for x in self.packets[p]}]
                    if not missing:
                        break  # nothing left anywhere: the platform has as many issues as the cards allow
                    c = missing[0]
                    self.prog_display.remove(c)
                    self.emit("program_taken", {"player": p, "card": c, "from_deck": False})
                else:
                    self.emit("platform_extra_card", {"player": p, "card": c}, to=p)
                self.packets[p].append(c)
        self.phase = PLATFORM
        self.waiting = list(range(n))

    def _finish_platform(self, p: int, keep: int) -> None:
        self.waiting.remove(p)
        pool = list(self.packets[p])
        for c in self.plat_pending[p]:
            pool.remove(c)
        pool.remove(keep)
        self.hand[p] = [keep]
        self.packets[p] = []
        self.prog_disc.extend(pool)
        self.emit("platform_chosen", {"player": p}, to=None)
        if self.waiting:
            return
        for q in range(self.n):
            self.platform[q] = self.plat_pending[q]
            self.plat_pending[q] = []
            self.packets[q] = []
            self.emit("platform_revealed", {"player": q, "cards": list(self.platform[q])})
        self.phase = DEPLOY
        self.waiting = list(range(self.n))

    def _do_deployment(self) -> None:
        """一.8: all deployments are revealed and carried out at once."""
        for p in range(self.n):
            a = SPACE[self.deploy_choice[p]]
            scheme = D.SCHEMES[a.args[0]]
            for icon, b in zip(scheme, a.args[1:], strict=True):
                amt = D.ICON_AMOUNT[icon]
                if icon == "rally":
                    self.rallies[b][p] += amt
                    self.rally_res[p] -= amt
                elif icon == "trend":
                    self._add_trend(b, p, amt)
                elif icon == "media":
                    self.media[b][p] += amt
                    self.media_res[p] -= amt
                else:
                    self.votes[b][p] += amt
            self.emit("deployment", {"player": p, "scheme": a.args[0], "boards": list(a.args[1:])})
            self.deploy_choice[p] = -1
        self._start_round()

    # ------------------------------------------------------------------------------ rounds

    def _start_round(self) -> None:
        self.emit("round_started", {"round": self.round, "elections": [self.board_state[b] for b in
                                                                        self._election_boards(self.round)]})
        self.phase = BID
        self.bids = [-1] * self.n
        self.waiting = list(range(self.n))

    def _resolve_bids(self) -> None:
        """三.1: the secret bids are revealed; the highest pays; a tie goes to an open auction."""
        self.emit("bids_revealed", {"bids": list(self.bids)})
        best = max(self.bids)
        tied = [p for p in range(self.n) if self.bids[p] == best]
        if len(tied) == 1:
            self._set_first(tied[0], best)
            return
        # Ruling: the tied players bid openly, starting right of the previous first player, going right.
        self.tie_order = [(self.prev_first - 1 - i) % self.n for i in range(self.n)]
        self.tie_order = [p for p in self.tie_order if p in tied]
        self.tie_price = best
        self.tie_high = -1
        self.tie_idx = 0
        self.phase = TIE
        self.turn = self.tie_order[0]
        self.emit("tie_auction", {"players": list(self.tie_order), "price": best})

    def _tie_step(self, p: int, a: Action) -> None:
        if a.kind == "pass":
            self.emit("tie_pass", {"player": p})
            i = self.tie_order.index(p)
            self.tie_order.pop(i)
            self.tie_idx = i
        else:
            self.tie_price = a.args[0] * 1000
            self.tie_high = p
            self.emit("tie_bid", {"player": p, "amount": self.tie_price})
            self.tie_idx = self.tie_order.index(p) + 1
        if len(self.tie_order) == 1:
            self._set_first(self.tie_order[0], self.tie_price)
            return
        self.tie_idx %= len(self.tie_order)
        if self.tie_order[self.tie_idx] == self.tie_high:  # the high bidder does not bid against itself
            self.tie_idx = (self.tie_idx + 1) % len(self.tie_order)
        self.turn = self.tie_order[self.tie_idx]

    def _set_first(self, p: int, price: int) -> None:
        self.money[p] -= price
        self.first = p
        self.emit("first_player", {"player": p, "paid": price})
        self.prev_first = p
        self.prog_queue = self._order_from(p)
        self.prog_return = ""
        self._start_program(self.prog_queue.pop(0))

    def _start_program(self, p: int) -> None:
        self.phase = PROGRAM
        self.prog_player = p
        self.turn = p
        self.prog_step = "draw"
        self.prog_swaps = 0

    def _program_step(self, p: int, a: Action) -> None:
        """三.2: take deck + display (or wipe the display and take one), up to 2 swaps, hand to 1."""
        k, x = a.kind, a.args
        hand = self.hand[p]
        if k == "take":
            c = self._draw_program()
            if c >= 0:
                hand.append(c)
                self.emit("program_drawn", {"player": p, "card": c}, to=p)
            self.prog_display.remove(x[0])
            hand.append(x[0])
            self.emit("program_taken", {"player": p, "card": x[0], "from_deck": c >= 0})
            self.prog_step = "swap"
        elif k == "wipe":
            self.prog_disc.extend(self.prog_display)
            self.prog_display = []
            self._refill_display()
            self.emit("display_wiped", {"player": p, "display": list(self.prog_display)})
            self.prog_step = "wipe_pick" if self.prog_display else "swap"
        elif k == "pick":
            self.prog_display.remove(x[0])
            hand.append(x[0])
            self.emit("program_taken", {"player": p, "card": x[0], "from_deck": False})
            self.prog_step = "swap"
        elif k == "nodraw":
            self.prog_step = "swap"
        elif k == "swap":
            j, t = x
            old = self.platform[p][j]
            self.platform[p][j] = t
            hand.remove(t)
            hand.append(old)
            self.prog_swaps += 1
            self.emit("program_swapped", {"player": p, "old": old, "new": t})
        elif k == "done":
            self.prog_step = "discard"
        elif k == "discard":
            hand.remove(x[0])
            self.prog_disc.append(x[0])
            self.emit("program_discarded", {"player": p, "card": x[0]})
        if self.prog_step == "swap" and (self.prog_swaps >= 2 or not self._swap_actions(p)):
            self.prog_step = "discard"
        if self.prog_step == "discard" and len(hand) <= 1:
            self._refill_display()
            self.prog_step = ""
            if self.prog_return:
                self.phase = self.prog_return
                self.prog_return = ""
                self._exec_next()
            elif self.prog_queue:
                self._start_program(self.prog_queue.pop(0))
            else:
                self.phase = MEDIA
                self.passes = 0
                self.turn = self.first

    def _start_rally(self) -> None:
        self.phase = RALLY
        self.queue = self._order_from(self.first)
        self.turn = self.queue.pop(0)
        self.rally_mask = 0

    def _next_rally_player(self) -> None:
        if self.queue:
            self.turn = self.queue.pop(0)
            self.rally_mask = 0
            return
        self.phase = PLACE
        self.place_passed = [False] * self.n
        self.turn = self.first

    def _next_placer(self, p: int) -> None:
        for i in range(1, self.n + 1):
            q = (p + i) % self.n
            if not self.place_passed[q]:
                self.turn = q
                return
        self._start_exec()

    # ------------------------------------------------------------------- politicians (三.5, 三.6)

    def _start_exec(self) -> None:
        self.phase = EXEC
        self.order = self._round_order()
        self.excl = [0] * 4
        self.bi = 0
        self.pi = 0
        self.exec_step = ""
        self._exec_next()

    def _exec_next(self) -> None:
        """Move to the next politician needing a decision, resolving automatic ones."""
        while self.bi < len(self.order):
            b = self.order[self.bi]
            if self.pi >= len(self.placed[b]):
                self.bi += 1
                self.pi = 0
                continue
            entry = self.placed[b][self.pi]
            p, pol = entry[0], entry[1]
            pc = D.POLITICIANS[pol]
            if self.exec_step == "":
                if not entry[2]:
                    # 三.6: all politicians sent to a state are turned face up together
                    for e in self.placed[b]:
                        e[2] = 1
                        self.pol_used[e[0]] |= 1 << e[1]
                        self.emit("politician_revealed", {"player": e[0], "board": b, "politician": e[1],
                                                          "cost": D.POLITICIANS[e[1]].cost})
                if self.money[p] < pc.cost:
                    self.emit("politician_discarded", {"player": p, "board": b, "politician": pol,
                                                       "reason": "money"})
                    self.pi += 1
                    continue
                self.exec_step = "pay"
                self.turn = p
                return
            if self.exec_step == "main" and self._run_effect(pc.main, p, b, then="second"):
                return
            if self.exec_step == "second":
                options = [i for i, e in enumerate(pc.secondary) if self._effect_possible(e, p, b)]
                if not options:
                    self.emit("action_skipped", {"player": p, "board": b, "effect": "secondary"})
                    self._politician_done()
                    continue
                self.turn = p
                return
            if self.exec_step == "after":
                self._politician_done()
                continue
            return
        self.exec_step = ""
        self._start_influence()

    def _politician_done(self) -> None:
        self.pi += 1
        self.exec_step = ""

    def _run_effect(self, eff: str, p: int, b: int, then: str) -> bool:
        """Start an effect; ``then`` is the execution step that follows it. Returns True when the
        effect waits for a decision (its parameters, a program adjustment or a poll card)."""
        self.exec_step = then
        if not self._effect_possible(eff, p, b):
            self.emit("action_skipped", {"player": p, "board": b, "effect": eff})
            return False
        name = eff.split(":")[0]
        amount = int(eff.split(":")[1]) if ":" in eff else 1
        if name in ("double", "media_remove"):
            self.exec_effect = name
            self.exec_after = then
            self.exec_step = "param"
            self.turn = p
            return True
        if name == "trend":
            self._add_trend(b, p, amount)
            self.emit("trend_changed", {"player": p, "board": b, "change": amount, "trend": self.trend[b][p]})
        elif name == "votes":
            self.votes[b][p] += amount
            self.emit("votes_gained", {"player": p, "board": b, "votes": amount})
        elif name == "others_trend_down":
            for q in range(self.n):
                if q != p:
                    self._add_trend(b, q, -1)
            self.emit("others_trend_down", {"player": p, "board": b})
        elif name == "rallies":
            cnt = min(amount, D.MAX_RALLIES - self.rallies[b][p], self.rally_res[p])
            self.rallies[b][p] += cnt
            self.rally_res[p] -= cnt
            self.emit("free_rallies", {"player": p, "board": b, "count": cnt})
        elif name == "program":
            self.prog_return = EXEC
            self._start_program(p)
            return True
        elif name == "poll":
            self.excl[b] |= EXCL_POLL
            card = self._draw_poll()
            self.poll_card = card
            self.poll_board = b
            self.poll_return = EXEC
            self.emit("poll_free", {"player": p, "board": b, "card": card, "trend": list(D.POLLS[card])})
            self.phase = POLL_DECIDE
            self.turn = p
            return True
        return False

    def _draw_poll(self) -> int:
        if not self.poll_deck:
            self.poll_deck = self.poll_disc
            self.poll_disc = []
            self.rng.shuffle(self.poll_deck)
        return self.poll_deck.pop()

    def _exec_step(self, p: int, a: Action) -> None:
        b = self.order[self.bi]
        entry = self.placed[b][self.pi]
        pc = D.POLITICIANS[entry[1]]
        k, x = a.kind, a.args
        if self.exec_step == "pay":
            if k == "decline":
                self.emit("politician_discarded", {"player": p, "board": b, "politician": entry[1],
                                                   "reason": "declined"})
                self._politician_done()
                self._exec_next()
                return
            self.money[p] -= pc.cost
            self.emit("politician_paid", {"player": p, "board": b, "politician": entry[1], "cost": pc.cost})
            self.exec_step = "main"
            self._exec_next()
            return
        if self.exec_step == "second":
            if self._run_effect(pc.secondary[x[0]], p, b, then="after"):
                return
            self._exec_next()
            return
        if self.exec_step == "param":
            name = self.exec_effect
            if name == "double":
                self.excl[b] |= EXCL_DOUBLE
                if k == "dbl_off":
                    self.dbl[b] = -1
                    self.double_supply += 1
                    self.emit("double_removed", {"player": p, "board": b})
                else:
                    self.dbl[b] = x[0]
                    self.double_supply -= 1
                    self.emit("double_placed", {"player": p, "board": b, "issue": x[0]})
            elif name == "media_remove":
                self.excl[b] |= EXCL_MEDIA
                q, own = x
                self.money[p] -= D.MEDIA_REMOVE_PAYMENT
                self.money[q] += D.MEDIA_REMOVE_PAYMENT
                self.media[b][q] -= 1
                self.media_res[q] += 1
                if own:
                    self.media[b][p] += 1
                    self.media_res[p] -= 1
                self.emit("media_removed", {"player": p, "board": b, "target": q, "placed_own": bool(own),
                                            "paid": D.MEDIA_REMOVE_PAYMENT})
            self.exec_step = self.exec_after
            self.exec_effect = ""
            self._exec_next()

    # ------------------------------------------------------------------------ media influence (三.7)

    def _start_influence(self) -> None:
        self.phase = INFLUENCE
        self.order = self._round_order()
        self.bi = 0

    # ------------------------------------------------------------------------------ polls (三.8)

    def _start_polls(self) -> None:
        self.order = self._round_order()
        self.bi = 0
        self._next_poll()

    def _next_poll(self) -> None:
        while self.bi < len(self.order):
            b = self.order[self.bi]
            if not (self.poll_deck or self.poll_disc):
                self.bi += 1
                continue
            row = self.votes[b]
            best = max(row)
            self.poll_host = self._nearest_first([p for p in range(self.n) if row[p] == best])
            self.poll_card = self._draw_poll()
            self.poll_board = b
            self.poll_bidders = [q for q in self._order_from(self.first + 1) if q != self.poll_host]
            self.poll_high = 0
            self.poll_high_p = -1
            self.phase = POLL
            self.turn = self.poll_bidders[0]
            self.emit("poll_auction", {"board": b, "host": self.poll_host, "card": self.poll_card,
                                       "trend": list(D.POLLS[self.poll_card])})
            return
        self._start_convert()

    def _poll_bid(self, p: int, a: Action) -> None:
        """Ruling: round the table from left of the first player skipping the host, a pass is final;
        then the host may top the highest bid."""
        b = self.poll_board
        host_turn = p == self.poll_host
        if a.kind == "bid":
            self.poll_high = a.args[0] * 1000
            self.poll_high_p = p
            self.emit("poll_bid", {"player": p, "board": b, "amount": self.poll_high})
        else:
            self.emit("poll_pass", {"player": p, "board": b})
            if not host_turn:
                self.poll_bidders.remove(p)
        if host_turn:
            self._poll_won()
            return
        active = [q for q in self.poll_bidders if q != self.poll_high_p]
        if not active:
            self.turn = self.poll_host
            return
        # next active bidder clockwise after p
        for i in range(1, self.n + 1):
            q = (p + i) % self.n
            if q in active:
                self.turn = q
                return

    def _poll_won(self) -> None:
        b = self.poll_board
        w = self.poll_high_p
        if w < 0:
            self.poll_disc.append(self.poll_card)
            self.emit("poll_unsold", {"board": b})
            self.bi += 1
            self._next_poll()
            return
        self.money[w] -= self.poll_high
        self.emit("poll_won", {"player": w, "board": b, "paid": self.poll_high})
        self.poll_return = POLL
        self.phase = POLL_DECIDE
        self.turn = w

    def _poll_decide(self, p: int, publish: bool) -> None:
        """三.8: publish (own change positive; the media controller takes no decrease) or keep (+3 base)."""
        b = self.poll_board
        card = D.POLLS[self.poll_card]
        if publish:
            ctrl = self._controller(b)
            changes = {}
            for q in range(self.n):
                d = card[self.party[q]]
                if q == ctrl and d < 0:
                    d = 0
                self._add_trend(b, q, d)
                changes[q] = d
            self.emit("poll_published", {"player": p, "board": b, "changes": [changes[q] for q in range(self.n)],
                                         "trends": list(self.trend[b])})
        else:
            self.base[p] += D.POLL_KEEP_BASE
            self.emit("poll_kept", {"player": p, "board": b, "base_gain": D.POLL_KEEP_BASE, "base": self.base[p]})
        self.poll_disc.append(self.poll_card)
        self.poll_card = -1
        ret = self.poll_return
        self.poll_return = ""
        if ret == EXEC:
            self.phase = EXEC
            self._exec_next()
        else:
            self.bi += 1
            self._next_poll()

    # ---------------------------------------------------------------- conversion and election (三.9)

    def _start_convert(self) -> None:
        order = self._round_order()
        eb = self._election_boards(self.round)
        self.conv_boards = [b for b in reversed(order) if b not in eb] + eb
        self.phase = CONVERT
        self.queue = []
        self.conv_started = False
        self._next_convert()

    def _next_convert(self) -> None:
        """Non-election states in conversion order, each player from the first player deciding;
        the election states last, converted in full automatically (三.9.1)."""
        eb = self._election_boards(self.round)
        while self.conv_boards:
            b = self.conv_boards[0]
            if b in eb:
                for p in self._order_from(self.first):
                    if self.rallies[b][p] > 0:
                        self._convert(b, p, self.rallies[b][p])
                self.conv_boards.pop(0)
                continue
            if not self.conv_started:
                self.queue = [p for p in self._order_from(self.first) if self.rallies[b][p] >= 4]
                self.conv_started = True
            if self.queue:
                self.turn = self.queue[0]
                return
            self.conv_started = False
            self.conv_boards.pop(0)
        self._elections()

    def _convert(self, b: int, p: int, cubes: int) -> None:
        """(cubes + trend, at least 1) x (match, at least 1) votes (三.9.1)."""
        trend = self.trend[b][p]
        match, parts = self._match(p, b)
        votes = max(1, cubes + trend) * max(1, match)
        self.votes[b][p] += votes
        self.rallies[b][p] -= cubes
        self.rally_res[p] += cubes
        self.emit("votes_converted", {"player": p, "board": b, "state": self.board_state[b], "cubes": cubes,
                                      "trend": trend, "match": match, "match_parts": parts, "votes": votes,
                                      "total": self.votes[b][p]})

    def _elections(self) -> None:
        self.round_points = [0] * self.n
        for b in self._election_boards(self.round):
            self._election(b)
        self._after_elections()

    def _election(self, b: int) -> None:
        """三.9.2: table points from 5 votes; majority, coalition or plurality bonus; media presence."""
        n = self.n
        card = D.STATES[self.board_state[b]]
        v = self.votes[b]
        need = D.BONUS["majority_votes"]
        points = [card.points_for(v[p]) if v[p] >= D.BONUS["min_votes_for_points"] else 0 for p in range(n)]
        bonus = [0] * n
        winners: list[int] = []
        coalition: list[int] = []
        maj = [p for p in range(n) if v[p] >= need]
        if len(maj) == 1:
            bonus[maj[0]] = D.BONUS["single_majority"]
            winners = maj
        elif len(maj) > 1:
            for p in maj:
                bonus[p] = D.BONUS["multi_majority"]
            top = max(v[p] for p in maj)
            winners = [p for p in maj if v[p] == top]
        else:
            top = max(v)
            leader = self._nearest_first([p for p in range(n) if v[p] == top])
            cands = [q for q in range(n) if q != leader and v[leader] + v[q] >= need]
            if cands:
                lead_plat = set(self.platform[leader])
                best = max(len(lead_plat & set(self.platform[q])) for q in cands)
                partner = self._nearest_first([q for q in cands if len(lead_plat & set(self.platform[q])) == best])
                coalition = [leader, partner]
                for q in coalition:
                    bonus[q] = D.BONUS["coalition"]
                winners = list(coalition)
            elif top > 0:
                bonus[leader] = D.BONUS["plurality"]
                winners = [leader]
            # else: nobody has a vote, so nobody leads (ruling R32)
        en = self.elections_done
        ctrl = self._controller(b)  # decided before any marker leaves the state
        moved = []
        for p in winners:
            if self.media[b][p] > 0:
                self.media[b][p] -= 1
                self.presence[p].append(en)
                moved.append(p)
        if ctrl >= 0 and ctrl not in winners and self.media[b][ctrl] > 0:
            self.media[b][ctrl] -= 1
            self.presence[ctrl].append(en)
            moved.append(ctrl)
        for p in range(n):
            self.vp_elec[p] += points[p]
            self.vp_bonus[p] += bonus[p]
            self.round_points[p] += points[p]
        result = {
            "election": en + 1,
            "board": b,
            "state": self.board_state[b],
            "parties": list(self.party),  # seat -> party, so the lists below read per party too
            "votes": list(v),
            "points": points,
            "bonus": bonus,
            "winners": winners,
            "coalition": coalition,
            "media_presence": moved,
            "presence_value": D.MEDIA_PRESENCE[self.variant][en],
        }
        self.results.append(result)
        self.emit("election_result", result)
        self.elections_done += 1
        # 三.9.4: the state leaves the game with its markers; opinions go to the discard pile.
        self.op_disc.extend(self.up[b])
        self.op_disc.extend(self.down[b])
        self.up[b] = []
        self.down[b] = []
        if self.dbl[b] >= 0:
            self.dbl[b] = -1
            self.double_supply += 1
        for p in range(n):
            self.media_res[p] += self.media[b][p]
            self.rally_res[p] += self.rallies[b][p]
            self.media[b][p] = self.rallies[b][p] = self.trend[b][p] = self.votes[b][p] = 0
        self.placed[b] = []
        self.board_state[b] = -1
        # 四.8: after each of the first three elections a reserve state takes the empty board.
        if self.expanded and self.reserve and self.round <= 3:
            self.board_state[b] = self.reserve.pop()
            self.elec_round[b] = next(r for r, bb in ELECTIONS["expanded"][4:] if bb == b)
            self.down[b] = [self._draw_opinion() for _ in range(4)]
            self.emit("state_added", {"board": b, "state": self.board_state[b], "election_round": self.elec_round[b]})

    def _after_elections(self) -> None:
        if self.round in INCOME_ROUNDS[self.variant]:
            for p in range(self.n):
                gain = D.INCOME_PER_POINT * self.round_points[p] + D.INCOME_PER_BASE * self.base[p]
                self.money[p] += gain
                # Income follows from public numbers, so the event is public (money stays hidden).
                self.emit("income", {"player": p, "points": self.round_points[p], "base": self.base[p],
                                     "amount": gain})
        if self.round in DONATION_ROUNDS:
            self.phase = DONATION
            self.queue = self._order_from(self.first)
            self.turn = self.queue[0]
            return
        self._end_round()

    def _end_round(self) -> None:
        if self.round >= LAST_ROUND[self.variant]:
            self._final_scoring()
            return
        # 三.9.4: prepare the next round.
        self.round += 1
        for b in range(4):
            for e in self.placed[b]:
                self.pol_used[e[0]] |= 1 << e[1]
            self.placed[b] = []
        for b in self._round_order():
            self._reveal_to_target(b)
        self.prog_disc.extend(self.prog_display)
        self.prog_display = []
        self._refill_display()
        self._start_round()

    def _final_scoring(self) -> None:
        """五: election points, bonuses, media presence, party base, money rank."""
        n = self.n
        pres = D.MEDIA_PRESENCE[self.variant]
        money_pts = [0] * n
        levels = sorted(set(self.money), reverse=True)
        top = [p for p in range(n) if self.money[p] == levels[0]]
        for p in top:
            money_pts[p] = D.MONEY_RANK_POINTS[0]
        if len(top) == 1 and len(levels) > 1:
            for p in range(n):
                if self.money[p] == levels[1]:
                    money_pts[p] = D.MONEY_RANK_POINTS[1]
        self.final = []
        for p in range(n):
            comp = {
                "election_points": self.vp_elec[p],
                "election_bonus": self.vp_bonus[p],
                "media_presence": sum(pres[e] for e in self.presence[p]),
                "party_base": self.base[p],
                "money_rank": money_pts[p],
            }
            comp["total"] = sum(comp.values())
            self.final.append(comp)
        self.emit("final_scores", {"scores": [dict(s) for s in self.final], "money": list(self.money)})
        self.phase = OVER

    def _advance(self) -> None:
        """Run automatic steps until somebody must decide."""
        while True:
            ph = self.phase
            if ph == INFLUENCE:
                while self.bi < len(self.order):
                    b = self.order[self.bi]
                    c = self._controller(b)
                    if c >= 0 and self._replace_actions(b):
                        self.turn = c
                        return
                    self.bi += 1
                self._start_polls()
                continue
            if ph == CONVERT:
                self._next_convert()
                if self.phase == CONVERT:
                    return
                continue
            if ph == DONATION:
                if not self.queue:
                    self._end_round()
                    continue
                self.turn = self.queue[0]
                return
            return

    # ------------------------------------------------------------------------- illegal actions

    def _why_illegal(self, p: int, a: Action) -> str:
        """Name the rule an illegal action breaks, with the seed section (or ruling) it rests on."""
        ph = self.phase
        section, kinds = _PHASE_RULES.get(ph, ("", ()))
        what = a.text("en")
        if a.kind not in kinds:
            return (f"{what}: not a decision of the {ph} phase (seed 000 {section}); "
                    f"now player {p} decides one of: {', '.join(kinds)}")
        reason = _KIND_RULES.get(a.kind, "")
        return f"{what} is not allowed now: {reason}" if reason else f"{what} is not allowed now (seed 000 {section})"

    # ----------------------------------------------------------------------------- scoring

    def scores(self) -> list[dict[str, int]]:
        if self.final:
            return [dict(s) for s in self.final]
        pres = D.MEDIA_PRESENCE[self.variant]
        out = []
        for p in range(self.n):
            comp = {
                "election_points": self.vp_elec[p],
                "election_bonus": self.vp_bonus[p],
                "media_presence": sum(pres[e] for e in self.presence[p]),
                "party_base": self.base[p],
                "money_rank": 0,
            }
            comp["total"] = sum(comp.values())
            out.append(comp)
        return out

    # -------------------------------------------------------------------------- clone, equality

    def clone(self) -> DieMacher2019:
        new = DieMacher2019.__new__(DieMacher2019)
        d = new.__dict__
        for key, v in self.__dict__.items():
            d[key] = _copy(v)
        d["rng"] = self.rng.copy()
        d["_legal_player"] = -1
        d["_legal_step"] = -1
        d["_legal"] = []
        d["placed"] = [[e[:] for e in row] for row in self.placed]
        return new

    def _position_key(self) -> tuple[Any, ...]:
        items = []
        for key in sorted(self.__dict__):
            if key in _BASE_FIELDS or key == "results":
                continue
            items.append((key, _freeze(self.__dict__[key])))
        return tuple(items)

    def _event_renderer(self) -> Any:
        return render_event

    def _event_context(self) -> Any:
        return self._parties_t


    # -------------------------------------------------------------------------------- views

    def view(self, player: int | None) -> DieMacherView:
        from hustings.games.die_macher_2019.view import build_view

        return build_view(self, player)

    def resample(self, player: int | None, rng: random.Random | Rng) -> DieMacher2019:
        from hustings.games.die_macher_2019.view import resample

        return resample(self, player, rng)
