"""The Die Macher classic state (seeds 001 and 003): its data fields, the helpers every phase shares, and
the dispatch of decisions through :data:`rules.table.PHASES`.

Every decision is one action; automatic bookkeeping runs until the next decision. Seats run clockwise in
increasing order. Seat ``p`` plays party ``p`` (CDU/CSU, SPD, FDP, Die Linke, Grüne; ruling R1). The four
board slots hold the elections in turn: ``elec[b]`` is the election a slot holds (0 once it left the game).
Section references are to seed ``001_526827792dc02765.txt`` unless they name 003; rulings are R1, R2, ...
in ``rulings.md``.
"""

from __future__ import annotations

from typing import Any, cast

from hustings.engine import Action, GameState, Rng
from hustings.engine.kit import clone_fields, freeze_nested, native_fields
from hustings.games.die_macher.actions import GAME_ID, SPACE
from hustings.games.die_macher.data import DATA, Data
from hustings.games.die_macher.formulas import coincidence, media_controller
from hustings.games.die_macher.options import OPTIONS, resolve
from hustings.games.die_macher.phases import Phase
from hustings.games.die_macher.view_types import DieMacherView
from hustings.games.die_macher.words.events import render_event

_SHEET, _BID, _TIE, _OVER = Phase.SHEET, Phase.BID, Phase.TIE, Phase.OVER


class DieMacher(GameState):
    GAME_ID = GAME_ID
    SPACE = SPACE
    EVENT_RENDERER = render_event

    #: the game's data (shared, immutable): :data:`data.DATA`, the printed game's, unless a variant is given
    data: Data

    def __init__(self, players: int | None = None, variant: str = "full", seed: int = 0, data: Data | None = None,
                 **options: Any) -> None:
        if players is None:
            # an empty shell, to be filled by clone() or unpickling: the compiled build (docs/build.md) compiles this
            # class, and a compiled class's __new__ runs __init__ with no arguments
            return
        D = self.data = DATA if data is None else data
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise ValueError(f"unknown die-macher option {unknown[0]!r}; options: {', '.join(OPTIONS)}")
        values, chosen = resolve(options)
        self._init_base({"players": players, "variant": variant, **chosen}, seed)
        # the readings where seeds 001 and 003 differ (options.py; rulings R2, R13, R15, R24)
        self.money_rounds = values["money_rounds"]
        self.secret_poll = values["secret_poll"]
        self.member_score = values["member_score"]
        self.donations = values["donations"]
        n = players
        self.n = n
        self.variant = variant
        self.short = variant == "short"
        self.rounds = D.ROUNDS[variant]
        self.round = 1
        self.first = 0
        # per seat
        self.money = [D.START_MONEY] * n
        self.members = [D.START_MEMBERS] * n
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.prog: list[list[int]] = [[] for _ in range(n)]
        self.cab_left: list[list[int]] = [[] for _ in range(n)]
        self.don_left: list[list[int]] = [[] for _ in range(n)]
        self.media_sup = [D.MEDIA_CUBES] * n
        self.cube_sup = [D.RALLY_CUBES] * n
        self.tile_sup = [D.COALITION_TILES] * n
        self.seats: list[list[int]] = [[0] * self.rounds for _ in range(n)]
        # national board (001 §遊戲配件 3.ii): media cubes [seat, election]; opinion row [card, secured]
        self.nat_media: list[list[int]] = []
        self.nat_row: list[list[int]] = []
        # decks: a list's end is its top; the first ``*_known`` cards at the bottom were seen by all
        self.prog_deck: list[int] = []
        self.prog_known = 0
        self.prog_disc: list[int] = []
        self.op_deck: list[int] = []
        self.op_known = 0
        self.op_disc: list[int] = []
        self.pool: list[int] = []  # the exchange pool, face up (001 §遊戲準備)
        self.poll_deck: list[int] = []
        self.poll_disc: list[int] = []
        self.poll_seen: list[list[int]] = [[] for _ in range(n)]  # discarded poll cards each seat has seen
        self.state_deck: list[int] = []
        self.state_disc: list[int] = []
        # board slots
        S = D.NUM_SLOTS
        self.elec = [0] * S
        self.state = [-1] * S
        self.up: list[list[int]] = [[] for _ in range(S)]
        self.down: list[list[int]] = [[] for _ in range(S)]
        self.dbl = [-1] * S
        self.media: list[list[int]] = [[0] * n for _ in range(S)]
        self.cubes: list[list[int]] = [[0] * n for _ in range(S)]
        self.pop: list[list[int]] = [[D.POP_START] * n for _ in range(S)]  # the value of each marker's space
        self.votes: list[list[int]] = [[0] * n for _ in range(S)]
        self.arrive: list[list[int]] = [[0] * n for _ in range(S)]
        self.tiles: list[list[int]] = [[] for _ in range(S)]
        self.coal: list[list[int]] = [[] for _ in range(S)]  # flat pairs: [p, q, p2, q2]
        self.cab: list[list[list[int]]] = [[] for _ in range(S)]  # [seat, card, revealed]
        self.payout = [0] * S
        self.nocoal = [0] * S
        self.clock = 0  # arrival order of vote markers (001 2.viii: the later one on top)
        self.results: list[dict[str, Any]] = []
        # flow
        self.phase = Phase.SHEET
        self.turn = 0
        self.waiting: list[int] = []
        self.queue: list[int] = []
        self.qi = 0
        self.step = ""
        self.count = 0
        self.passes = 0
        # secret choices (hidden until revealed)
        self.sheet: list[list[int]] = [[-1, -1] for _ in range(n)]  # action ids
        self.bids = [-1] * n
        self.tie_min = 0
        self.tie_players: list[int] = []
        self.chooser = -1
        self.don_choice: list[list[int]] = [[] for _ in range(n)]  # [card, accept]
        # phase cursors
        self.boards_todo: list[int] = []
        self.bi = 0
        self.exec_list: list[list[int]] = []  # [seat, board, card]
        self.offered = [0] * n
        self.offer_from = -1
        self.offer_to = -1
        self.in_coal = [0] * n
        self.poll_card = -1
        self.poll_high = 0
        self.poll_high_p = -1
        self.poll_out = [0] * n
        self.poll_roll = -1  # the dice of a poll kept secret, while its winner shares them (001 2.vii)
        self.ex_kind = ""
        self.ex_list: list[list[int]] = []  # [seat, board]
        self.nat_list: list[list[int]] = []  # [seat, media allowed, opinions allowed]
        self.nat_left = 0
        self.final: list[dict[str, int]] = []
        setup.setup(self)
        self._settle()

    # ------------------------------------------------------------------------------- queries

    @property
    def num_players(self) -> int:
        return self.n

    # Plain attributes, not properties: the engine and every caller read them several times a step, and they
    # change only when a decision is applied, so :meth:`_settle` sets them once, when the game waits again.
    current_players: tuple[int, ...] = ()
    is_over: bool = False

    def _settle(self) -> None:
        ph = self.phase
        if ph is _SHEET or ph is _BID or ph is _TIE:
            self.current_players = tuple(self.waiting)
        elif ph is _OVER:
            self.current_players = ()
        else:
            self.current_players = (self.turn,)
        self.is_over = ph is _OVER

    # ------------------------------------------------------------------------------ dispatch

    def _legal_actions(self, p: int) -> list[Action]:
        return PHASES.rules[self.phase].legal(self, p)

    def _apply(self, p: int, a: Action) -> None:
        # the engine kit's dispatcher: the phase's apply, then automatic steps until somebody must decide
        PHASES.apply(self, p, a)
        self._settle()

    def run(self) -> None:
        """Automatic steps until somebody must decide: each phase's ``advance`` either finds its next
        decision (and returns True) or moves the game on to another phase."""
        PHASES.run(self)
        self._settle()

    def _why_illegal(self, p: int, a: Action) -> str:
        return PHASES.why_illegal(self, p, a)

    # ------------------------------------------------------------------------ shared helpers

    def order_from(self, start: int) -> list[int]:
        return [(start + i) % self.n for i in range(self.n)]

    def board_of(self, election: int) -> int:
        D = self.data
        for b in range(D.NUM_SLOTS):
            if self.elec[b] == election:
                return b
        return -1

    def cur_board(self) -> int:
        return self.board_of(self.round)

    def active_boards(self) -> list[int]:
        """Slots in play, in election order."""
        # elections in play differ, so (election, slot) pairs sort as the slots by election; the D.NUM_SLOTS = 4
        # pairs written out (no zip, no comprehension) cost about half as much
        e = self.elec
        pairs = [(e[0], 0), (e[1], 1), (e[2], 2), (e[3], 3)]
        pairs.sort()
        out = []
        for x, b in pairs:
            if x:
                out.append(b)
        return out

    def die(self) -> int:
        """One of the two special dice (001 §遊戲配件; faces are placeholders)."""
        D = self.data
        return D.DIE_FACES[self.rng.randrange(len(D.DIE_FACES))]

    def draw_program(self) -> int:
        if not self.prog_deck:
            # Ruling R9: an empty program deck is rebuilt from the shuffled discard pile.
            self.prog_deck, self.prog_disc = self.prog_disc, []
            self.rng.shuffle(self.prog_deck)
            self.prog_known = 0
            self.emit("program_reshuffled", {"cards": len(self.prog_deck)})
        if not self.prog_deck:
            return -1
        c = self.prog_deck.pop()
        self.prog_known = min(self.prog_known, len(self.prog_deck))
        return c

    def draw_opinion(self) -> int:
        if not self.op_deck:
            self.op_deck, self.op_disc = self.op_disc, []  # ruling R9
            self.rng.shuffle(self.op_deck)
            self.op_known = 0
        if not self.op_deck:
            return -1
        c = self.op_deck.pop()
        self.op_known = min(self.op_known, len(self.op_deck))
        return c

    def opinion_to_bottom(self, c: int) -> None:
        """A drawn opinion repeating or opposing a face-up one goes under the deck, seen by all (§遊戲準備)."""
        self.op_deck.insert(0, c)
        self.op_known += 1

    def reveal_opinion(self, b: int) -> None:
        """Turn one face-down opinion of board ``b`` up; a card repeating or opposing a face-up issue goes
        under the deck and a new one is drawn, face up (001 4.i.4)."""
        if not self.down[b]:
            return
        c = self.down[b].pop()
        tries = len(self.op_deck) + len(self.op_disc) + 1
        issues = {x >> 1 for x in self.up[b]}
        while (c >> 1) in issues:
            self.opinion_to_bottom(c)
            self.emit("opinion_rejected", {"board": b, "card": c})
            tries -= 1
            c = self.draw_opinion() if tries > 0 else -1
            if c < 0:
                return
        self.up[b].append(c)
        self.emit("opinion_revealed", {"board": b, "card": c})

    def controller(self, b: int) -> int:
        return media_controller(self.media[b])

    def coinc(self, b: int, p: int) -> int:
        return coincidence(self.prog[p], self.up[b], self.dbl[b])

    def add_pop(self, b: int, p: int, spaces: int) -> int:
        """Move party ``p``'s popularity marker on board ``b`` by ``spaces`` (up if positive), stopping at the
        ends of the track (003 §2; 001 2.iii); returns the spaces it moved."""
        D = self.data
        old = self.pop[b][p]
        new = D.pop_move(old, spaces)
        self.pop[b][p] = new
        return D.POP_INDEX[old] - D.POP_INDEX[new]

    def add_votes(self, b: int, p: int, v: int) -> None:
        """Votes are capped at 50. A marker that reaches a new total arrives later (on top) for ties; a
        marker already on 50 that stays there does not move, so it stays under the later ones (001 2.viii;
        003 I)."""
        D = self.data
        old = self.votes[b][p]
        new = min(D.VOTE_CAP, old + v)
        if new == old:
            return
        self.votes[b][p] = new
        self.clock += 1
        self.arrive[b][p] = self.clock

    def money_round(self) -> bool:
        """Whether income and donations follow this round: rounds 1-5 of 7 and 1-3 of the short game (003 L,
        ruling R13), or every round but the last with the option ``money_rounds="all_but_last"`` (001
        §遊戲概要 2.2)."""
        last = self.rounds - 1 if self.money_rounds == "all_but_last" else self.rounds - 2
        return self.round <= last

    def exchange_ok(self, b: int, out: int, new: int) -> bool:
        """A swap may not bring in an issue already face up on the board, the swapped card's included; a
        doubled card cannot be swapped (ruling R3)."""
        if out not in self.up[b] or (out >> 1) == self.dbl[b]:
            return False
        return all((x >> 1) != (new >> 1) for x in self.up[b])

    # ----------------------------------------------------------------------------- scoring

    def scores(self) -> list[dict[str, int]]:
        return scoring.scores(self)

    # -------------------------------------------------------------------------- clone, equality

    def _clone_data(self, new: GameState) -> None:
        if _NATIVE:  # compiled: fields are slots, copied one by one (as fast as C can)
            _copy_fields(self, cast(DieMacher, new))
        else:  # interpreted: through __dict__, in C-level pipelines
            clone_fields(self, new, ("cab",))  # the one third level

    def _position_key(self) -> tuple[Any, ...]:
        items = []
        base = self.BASE_FIELDS
        for key in _NATIVE_FIELDS if _NATIVE else sorted(self.__dict__):
            if key in base or key in ("results", "final", "current_players", "is_over", "data"):
                continue
            items.append((key, freeze_nested(getattr(self, key))))
        if self.data is not DATA:  # other data, another position (the data's digest: hashable, short)
            items.append(("data", self.data.digest()))
        return tuple(items)

    def __setstate__(self, d: dict[str, Any]) -> None:
        super().__setstate__(d)
        if "data" not in d:  # a state pickled before its data travelled with it
            self.data = DATA

    def _event_context(self) -> Any:
        return self.n

    # -------------------------------------------------------------------------------- views

    def view(self, player: Any) -> DieMacherView:  # Any: checked here, on either build
        return build_view(self, self.check_player(player, allow_none=True))

    def shared_view(self, player: Any, shared: dict[str, Any]) -> DieMacherView:
        # the table core asks every seat's view at every step: what no seat's secret is in is built once a step
        # (view.shared_parts) and every seat's view is assembled around it (view_with), read-only as the engine says
        me = self.check_player(player, allow_none=True)
        parts = shared.get("parts")
        if parts is None or shared.get("state") is not self or parts.step != self.step_count:
            parts = shared_parts(self)
            shared["parts"] = parts
            shared["state"] = self
        return view_with(self, me, parts)

    def _resample_hidden(self, new: Any, player: int | None, rng: Rng) -> None:
        resample_hidden(self, new, player, rng)


#: the state's fields when this module is compiled (docs/build.md: slots, not a __dict__), sorted as sorted(__dict__)
#: is for an interpreted state; () when interpreted
_NATIVE_FIELDS = native_fields(DieMacher)
_NATIVE = bool(_NATIVE_FIELDS)


def _copy_fields(s: DieMacher, new: DieMacher) -> None:
    """Every field of ``s`` that is not the engine's into ``new``: what :func:`clone_fields` does through __dict__,
    written out for the compiled class (tests/engine/test_native_states.py checks that both copy the same fields the
    same way)."""
    new.bi = s.bi
    new.chooser = s.chooser
    new.clock = s.clock
    new.count = s.count
    new.current_players = s.current_players
    new.data = s.data
    new.donations = s.donations
    new.ex_kind = s.ex_kind
    new.first = s.first
    new.is_over = s.is_over
    new.member_score = s.member_score
    new.money_rounds = s.money_rounds
    new.n = s.n
    new.nat_left = s.nat_left
    new.offer_from = s.offer_from
    new.offer_to = s.offer_to
    new.op_known = s.op_known
    new.passes = s.passes
    new.phase = s.phase
    new.poll_card = s.poll_card
    new.poll_high = s.poll_high
    new.poll_high_p = s.poll_high_p
    new.poll_roll = s.poll_roll
    new.prog_known = s.prog_known
    new.qi = s.qi
    new.round = s.round
    new.rounds = s.rounds
    new.secret_poll = s.secret_poll
    new.short = s.short
    new.step = s.step
    new.tie_min = s.tie_min
    new.turn = s.turn
    new.variant = s.variant
    new.arrive = [x[:] for x in s.arrive]
    new.bids = s.bids[:]
    new.boards_todo = s.boards_todo[:]
    new.cab = [[y[:] for y in x] for x in s.cab]
    new.cab_left = [x[:] for x in s.cab_left]
    new.coal = [x[:] for x in s.coal]
    new.cube_sup = s.cube_sup[:]
    new.cubes = [x[:] for x in s.cubes]
    new.dbl = s.dbl[:]
    new.don_choice = [x[:] for x in s.don_choice]
    new.don_left = [x[:] for x in s.don_left]
    new.down = [x[:] for x in s.down]
    new.elec = s.elec[:]
    new.ex_list = [x[:] for x in s.ex_list]
    new.exec_list = [x[:] for x in s.exec_list]
    new.final = s.final[:]
    new.hand = [x[:] for x in s.hand]
    new.in_coal = s.in_coal[:]
    new.media = [x[:] for x in s.media]
    new.media_sup = s.media_sup[:]
    new.members = s.members[:]
    new.money = s.money[:]
    new.nat_list = [x[:] for x in s.nat_list]
    new.nat_media = [x[:] for x in s.nat_media]
    new.nat_row = [x[:] for x in s.nat_row]
    new.nocoal = s.nocoal[:]
    new.offered = s.offered[:]
    new.op_deck = s.op_deck[:]
    new.op_disc = s.op_disc[:]
    new.payout = s.payout[:]
    new.poll_deck = s.poll_deck[:]
    new.poll_disc = s.poll_disc[:]
    new.poll_out = s.poll_out[:]
    new.poll_seen = [x[:] for x in s.poll_seen]
    new.pool = s.pool[:]
    new.pop = [x[:] for x in s.pop]
    new.prog = [x[:] for x in s.prog]
    new.prog_deck = s.prog_deck[:]
    new.prog_disc = s.prog_disc[:]
    new.queue = s.queue[:]
    new.results = s.results[:]
    new.seats = [x[:] for x in s.seats]
    new.sheet = [x[:] for x in s.sheet]
    new.state = s.state[:]
    new.state_deck = s.state_deck[:]
    new.state_disc = s.state_disc[:]
    new.tie_players = s.tie_players[:]
    new.tile_sup = s.tile_sup[:]
    new.tiles = [x[:] for x in s.tiles]
    new.up = [x[:] for x in s.up]
    new.votes = [x[:] for x in s.votes]
    new.waiting = s.waiting[:]


# imported here, not in the methods: an import statement costs about a microsecond on every view
from hustings.games.die_macher.resample import resample_hidden  # noqa: E402
from hustings.games.die_macher.rules import scoring, setup  # noqa: E402
from hustings.games.die_macher.rules.table import PHASES  # noqa: E402
from hustings.games.die_macher.view import build_view, shared_parts, view_with  # noqa: E402
