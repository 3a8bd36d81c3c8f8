"""The Die Macher 2019 state (seed 000): its data fields, the helpers every phase shares, and the
dispatch of decisions through :data:`rules.table.PHASES`.

Every decision is one action; automatic bookkeeping runs until the next decision. Seats run clockwise in
increasing order: "left" is the next seat, "right" the previous. Section references (一.6, 三.8, ...) are
to seed ``000_39b850a45b3dc272.txt``; rulings are in ``rulings.md`` beside the package.
"""

from __future__ import annotations

from typing import Any, cast

from hustings.engine import Action, GameState, Rng
from hustings.engine.kit import clone_fields, freeze_nested, native_fields
from hustings.games.die_macher_2019.actions import GAME_ID, SPACE
from hustings.games.die_macher_2019.data import DATA, Data
from hustings.games.die_macher_2019.formulas import media_controller
from hustings.games.die_macher_2019.phases import ExecStep, ParamEffect, Phase, ProgStep, Return
from hustings.games.die_macher_2019.view_types import DieMacherView
from hustings.games.die_macher_2019.words.events import render_event

_SIMULTANEOUS = frozenset({Phase.DRAFT, Phase.PLATFORM, Phase.DEPLOY, Phase.BID})
_OVER = Phase.OVER


class DieMacher2019(GameState):
    GAME_ID = GAME_ID
    SPACE = SPACE
    EVENT_RENDERER = render_event

    #: the game's data (shared, immutable): :data:`data.DATA`, the printed game's, unless a variant is given
    data: Data

    def __init__(self, players: int | None = None, variant: str = "standard", seed: int = 0,
                 data: Data | None = None) -> None:
        if players is None:
            # an empty shell, to be filled by clone() or unpickling: the compiled build (docs/build.md) compiles this
            # class, and a compiled class's __new__ runs __init__ with no arguments
            return
        self._init_base({"players": players, "variant": variant}, seed)
        D = self.data = DATA if data is None else data
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
        self.phase = Phase.PARTY
        self.turn = 0
        self.waiting: list[int] = []
        # draft / platform / deployment
        self.packets: list[list[int]] = [[] for _ in range(n)]
        self.picks: list[list[int]] = [[] for _ in range(n)]
        self.pending_pick = [-1] * n
        self.draft_round = 0
        self.plat_pending: list[list[int]] = [[] for _ in range(n)]
        # a finished secret platform's leftover cards, face down until all platforms are revealed (R36)
        self.plat_discard: list[list[int]] = [[] for _ in range(n)]
        self.deploy_choice = [-1] * n
        # bids
        self.bids = [-1] * n
        self.tie_order: list[int] = []
        self.tie_price = 0
        self.tie_high = -1
        self.tie_idx = 0
        # program adjustment (also used by politicians)
        self.prog_player = -1
        self.prog_step = ProgStep.NONE
        self.prog_swaps = 0
        self.prog_queue: list[int] = []
        self.prog_return = Return.NONE
        # sequential phases
        self.passes = 0
        self.queue: list[int] = []
        self.rally_mask = 0
        self.place_passed = [False] * n
        # politician execution
        self.order: list[int] = []
        self.bi = 0
        self.pi = 0
        self.exec_step = ExecStep.NONE
        self.exec_effect = ParamEffect.NONE
        self.exec_after = ExecStep.NONE
        # polls
        self.poll_card = -1
        self.poll_host = -1
        self.poll_bidders: list[int] = []
        self.poll_high = 0
        self.poll_high_p = -1
        self.poll_board = -1
        self.poll_return = Return.NONE
        # per seat: cards in poll_disc that seat alone has seen (a free poll card kept secret, R35)
        self.poll_disc_private: list[list[int]] = [[] for _ in range(n)]
        # conversion
        self.conv_boards: list[int] = []
        self.conv_started = False
        # elections (三.9.2): boards still to hold this round, and the election waiting for the media
        # presence decisions (R14); its result is recorded once everybody entitled has decided
        self.elec_boards: list[int] = []
        self.pres_board = -1
        self.pres_points: list[int] = []
        self.pres_bonus: list[int] = []
        self.pres_winners: list[int] = []
        self.pres_coalition: list[int] = []
        self.pres_moved: list[int] = []
        self.final: list[dict[str, int]] = []
        self.emit("game_started", {"players": n, "variant": variant})
        self._settle()

    # ------------------------------------------------------------------------------- queries

    @property
    def num_players(self) -> int:
        return self.n

    # Plain attributes, not properties (as classic's): the engine and every caller read them several times a step,
    # and they change only when a decision is applied, so :meth:`_settle` sets them once, when the game waits again.
    current_players: tuple[int, ...] = ()
    is_over: bool = False

    def _settle(self) -> None:
        ph = self.phase
        if ph in _SIMULTANEOUS:
            self.current_players = tuple(self.waiting)
        elif ph == _OVER:
            self.current_players = ()
        else:
            self.current_players = (self.turn,)
        self.is_over = ph == _OVER

    # ------------------------------------------------------------------------------ dispatch

    def _legal_actions(self, p: int) -> list[Action]:
        return PHASES.rules[self.phase].legal(self, p)

    def _apply(self, p: int, a: Action) -> None:
        # the engine kit's dispatcher: the phase's apply, then automatic steps until somebody must decide
        PHASES.apply(self, p, a)
        self._settle()

    def _why_illegal(self, p: int, a: Action) -> str:
        return PHASES.why_illegal(self, p, a)

    # ------------------------------------------------------------------------ shared helpers

    def _order_from(self, start: int) -> list[int]:
        return [(start + i) % self.n for i in range(self.n)]

    def _nearest_first(self, players: list[int]) -> int:
        """Of several players, the first player or the one nearest clockwise after them."""
        return min(players, key=lambda p: (p - self.first) % self.n)

    def _election_boards(self, rnd: int) -> list[int]:
        return [b for r, b in self.data.ELECTIONS[self.variant] if r == rnd]

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
        return media_controller(self.media[b])

    def _add_trend(self, b: int, p: int, d: int) -> None:
        """Trend stays within -3..+3 (四.1, ruling R1)."""
        D = self.data
        self.trend[b][p] = max(D.TREND_MIN, min(D.TREND_MAX, self.trend[b][p] + d))

    # ----------------------------------------------------------------------------- scoring

    def scores(self) -> list[dict[str, int]]:
        return scoring.scores(self)

    # -------------------------------------------------------------------------- clone, equality

    def _clone_data(self, new: GameState) -> None:
        if _NATIVE:  # compiled: fields are slots, copied one by one (as fast as C can)
            _copy_fields(self, cast(DieMacher2019, new))
        else:  # interpreted: through __dict__, in C-level pipelines
            clone_fields(self, new, ("placed",))  # the politician entries are the only third level

    def _position_key(self) -> tuple[Any, ...]:
        items = []
        base = self.BASE_FIELDS
        for key in _NATIVE_FIELDS if _NATIVE else sorted(self.__dict__):
            if key in base or key in ("results", "data", "current_players", "is_over"):
                continue
            items.append((key, freeze_nested(getattr(self, key))))
        if self.data is not DATA:  # other data, another position (the data's digest: hashable, short)
            items.append(("data", self.data.digest()))
        return tuple(items)

    def __setstate__(self, d: dict[str, Any]) -> None:
        super().__setstate__(d)
        if "data" not in d:  # a state pickled before its data travelled with it
            self.data = DATA
        if "is_over" not in d:  # a state pickled while these were properties
            self._settle()

    def _event_context(self) -> Any:
        return self._parties_t

    # -------------------------------------------------------------------------------- views

    # Any: build_view checks it, on either build (a compiled signature of int | None would refuse another type
    # with a TypeError first)
    def view(self, player: Any) -> DieMacherView:
        return build_view(self, player)

    def shared_view(self, player: Any, shared: dict[str, Any]) -> DieMacherView:
        return build_view(self, player, shared)

    def _resample_hidden(self, new: DieMacher2019, player: int | None, rng: Rng) -> None:
        # the engine's resample() cloned ``new`` and replaced its seed, generator, history and log
        resample_hidden(self, new, player, rng)


#: the state's fields when this module is compiled (docs/build.md: slots, not a __dict__), sorted as sorted(__dict__)
#: is for an interpreted state; () when interpreted
_NATIVE_FIELDS = native_fields(DieMacher2019)
_NATIVE = bool(_NATIVE_FIELDS)


def _copy_fields(s: DieMacher2019, new: DieMacher2019) -> None:
    """Every field of ``s`` that is not the engine's into ``new``: what :func:`clone_fields` does through __dict__,
    written out for the compiled class (tests/engine/test_native_states.py checks that both copy the same fields the
    same way)."""
    new._parties_t = s._parties_t
    new.bi = s.bi
    new.conv_started = s.conv_started
    new.current_players = s.current_players
    new.data = s.data
    new.double_supply = s.double_supply
    new.draft_round = s.draft_round
    new.elections_done = s.elections_done
    new.exec_after = s.exec_after
    new.exec_effect = s.exec_effect
    new.exec_step = s.exec_step
    new.expanded = s.expanded
    new.first = s.first
    new.is_over = s.is_over
    new.n = s.n
    new.passes = s.passes
    new.phase = s.phase
    new.pi = s.pi
    new.poll_board = s.poll_board
    new.poll_card = s.poll_card
    new.poll_high = s.poll_high
    new.poll_high_p = s.poll_high_p
    new.poll_host = s.poll_host
    new.poll_return = s.poll_return
    new.pres_board = s.pres_board
    new.prev_first = s.prev_first
    new.prog_player = s.prog_player
    new.prog_return = s.prog_return
    new.prog_step = s.prog_step
    new.prog_swaps = s.prog_swaps
    new.rally_mask = s.rally_mask
    new.round = s.round
    new.tie_high = s.tie_high
    new.tie_idx = s.tie_idx
    new.tie_price = s.tie_price
    new.turn = s.turn
    new.variant = s.variant
    new.base = s.base[:]
    new.bids = s.bids[:]
    new.board_state = s.board_state[:]
    new.conv_boards = s.conv_boards[:]
    new.dbl = s.dbl[:]
    new.deploy_choice = s.deploy_choice[:]
    new.don_used = s.don_used[:]
    new.down = [x[:] for x in s.down]
    new.elec_boards = s.elec_boards[:]
    new.elec_round = s.elec_round[:]
    new.excl = s.excl[:]
    new.final = s.final[:]
    new.hand = [x[:] for x in s.hand]
    new.media = [x[:] for x in s.media]
    new.media_res = s.media_res[:]
    new.money = s.money[:]
    new.op_deck = s.op_deck[:]
    new.op_disc = s.op_disc[:]
    new.op_display = s.op_display[:]
    new.order = s.order[:]
    new.packets = [x[:] for x in s.packets]
    new.party = s.party[:]
    new.pending_pick = s.pending_pick[:]
    new.picks = [x[:] for x in s.picks]
    new.place_passed = s.place_passed[:]
    new.placed = [[y[:] for y in x] for x in s.placed]
    new.plat_discard = [x[:] for x in s.plat_discard]
    new.plat_pending = [x[:] for x in s.plat_pending]
    new.platform = [x[:] for x in s.platform]
    new.pol_used = s.pol_used[:]
    new.poll_bidders = s.poll_bidders[:]
    new.poll_deck = s.poll_deck[:]
    new.poll_disc = s.poll_disc[:]
    new.poll_disc_private = [x[:] for x in s.poll_disc_private]
    new.pres_bonus = s.pres_bonus[:]
    new.pres_coalition = s.pres_coalition[:]
    new.pres_moved = s.pres_moved[:]
    new.pres_points = s.pres_points[:]
    new.pres_winners = s.pres_winners[:]
    new.presence = [x[:] for x in s.presence]
    new.prog_deck = s.prog_deck[:]
    new.prog_disc = s.prog_disc[:]
    new.prog_display = s.prog_display[:]
    new.prog_queue = s.prog_queue[:]
    new.queue = s.queue[:]
    new.rallies = [x[:] for x in s.rallies]
    new.rally_res = s.rally_res[:]
    new.reserve = s.reserve[:]
    new.results = s.results[:]
    new.round_points = s.round_points[:]
    new.state_pool = s.state_pool[:]
    new.tie_order = s.tie_order[:]
    new.trend = [x[:] for x in s.trend]
    new.up = [x[:] for x in s.up]
    new.votes = [x[:] for x in s.votes]
    new.vp_bonus = s.vp_bonus[:]
    new.vp_elec = s.vp_elec[:]
    new.waiting = s.waiting[:]


# The phase modules import this module for the state type only; the table needs them all, so it is
# imported last.
# imported here, not in the methods: an import statement costs about a microsecond on every view
from hustings.games.die_macher_2019.resample import resample_hidden  # noqa: E402
from hustings.games.die_macher_2019.rules import scoring  # noqa: E402
from hustings.games.die_macher_2019.rules.table import PHASES  # noqa: E402
from hustings.games.die_macher_2019.view import build_view  # noqa: E402
