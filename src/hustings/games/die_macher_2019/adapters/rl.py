"""Die Macher 2019's RL adapter: the observation encoding: ``view(p)`` as a flat vector (see docs/rl.md).

Built only from the view (``games/die_macher_2019/view.py``), so what the view hides stays hidden: others'
money and hands encode as unknown, face-down politicians of others as placed but unidentified, secret
bids and deployments of others not at all. Seats are absolute (seat 0 first); ``you`` says which one is
the observer. Every value is in ``[0, 1]``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.phases import Phase
from hustings.rl.encoding import BlockMemo, Encoder, EncoderAdapter, Slots

GAME = "die-macher-2019"

_PRESENCE_MAX = max(max(v) for v in D.MEDIA_PRESENCE.values())
PHASES: tuple[str, ...] = tuple(Phase)  # the one-hot order of the phase slice: the seed's order

ROUNDS = 6  # round 0 (setup) to 5 (the last round of the expanded game)
ELECTION_ROUNDS = 5  # a board's election round, 1 to 5
DRAFT_ROUNDS = 4
PLATFORM_SIZE = 5
PROGRAM_STEPS = ("draw", "swap", "wipe_pick", "discard")
EXEC_STEPS = ("pay", "main", "param", "second", "after")
EXEC_EFFECTS = ("double", "media_remove")

# Scales: an amount is divided by its scale and clipped to 1.
MONEY_SCALE = 100_000
BASE_SCALE = 50
POINTS_SCALE = 150
BONUS_SCALE = 100
TOTAL_SCALE = 300
VOTES_SCALE = 100
HAND_SCALE = 8
HIDDEN_OPINIONS_SCALE = 8

NT = D.NUM_TYPES
NPOL = len(D.POLITICIANS)
NDON = len(D.DONATIONS)
NSTATES = len(D.STATES)
NPOLLS = len(D.POLLS)
PROGRAM_CARDS = NT * D.PROGRAM_PER_TYPE
OPINION_CARDS = D.NUM_ISSUES * sum(D.OPINION_PER_ISSUE)
OPINION_PER_TYPE = max(D.OPINION_PER_ISSUE)
TREND_SPAN = D.TREND_MAX - D.TREND_MIN
POLL_MIN = min(min(c) for c in D.POLLS)
POLL_SPAN = max(max(c) for c in D.POLLS) - POLL_MIN

# An upper bound on the decisions in one game, for OpenSpiel (see docs/rl.md): auctions dominate (bids
# ascend by at least 1,000 up to the 400,000 cap, so at most 401 raises each, one tie auction and up to four
# polls per round); everything else is bounded by cards, markers and politicians. It equals the contract
# suite's step cap, beyond which a random game is reported as a loop.
MAX_GAME_LENGTH = 20_000


_INV_SLOTS = 1.0 / D.MEDIA_SLOTS
_INV_RALLIES = 1.0 / D.MAX_RALLIES
_INV_TREND = 1.0 / TREND_SPAN
_INV_VOTES = 1.0 / VOTES_SCALE


def _frac(x: float, scale: float) -> float:
    v = x / scale
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


class DieMacher2019Encoder(Encoder):
    def __init__(self, players: int, variant: str) -> None:
        super().__init__(GAME, players, variant)
        n = players
        self.elections = len(D.MEDIA_PRESENCE[variant])
        self.media_markers = D.MEDIA_MARKERS[variant]
        add = self.add
        self.o_phase = add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_round = add("round", ROUNDS, "one-hot round 0 (setup) to 5")
        self.o_you = add("you", n, "one-hot seat of the observer (all zero for a spectator)")
        self.o_current = add("current_players", n, "multi-hot seats that must act now")
        self.o_first = add("first_player", n, "one-hot seat of the first player")
        self.o_player: list[dict[str, int]] = []
        for q in range(n):
            pre = f"players[{q}]."
            self.o_player.append({
                "party": add(pre + "party", D.NUM_PARTIES, "one-hot party (all zero before the choice)"),
                "money_known": add(pre + "money_known", 1, "1 if the view shows this seat's money (own seat)"),
                "money": add(pre + "money", 1, f"money / {MONEY_SCALE:,}"),
                "base": add(pre + "base", 1, f"party base / {BASE_SCALE}"),
                "media_reserve": add(pre + "media_reserve", 1, "media markers in reserve / markers per player"),
                "rally_reserve": add(pre + "rally_reserve", 1, f"rally cubes in reserve / {D.RALLY_CUBES}"),
                "platform": add(pre + "platform", PLATFORM_SIZE * NT,
                                f"{PLATFORM_SIZE} platform slots in order, each one-hot over {NT} card types"),
                "hand_known": add(pre + "hand_known", 1, "1 if the view shows this seat's hand (own seat)"),
                "hand": add(pre + "hand", NT, f"hand cards per type / {D.PROGRAM_PER_TYPE}"),
                "hand_size": add(pre + "hand_size", 1, f"hand size / {HAND_SCALE}"),
                "politicians_used": add(pre + "politicians_used", NPOL, "multi-hot politicians out of the game"),
                "donations_used": add(pre + "donations_used", NDON, "multi-hot donation cards used"),
                "media_presence": add(pre + "media_presence", self.elections,
                                      "multi-hot elections where this seat gained media presence"),
                "election_points": add(pre + "election_points", 1, f"election points / {POINTS_SCALE}"),
                "election_bonus": add(pre + "election_bonus", 1, f"election bonus points / {BONUS_SCALE}"),
            })
        self.o_board: list[dict[str, int]] = []
        for b in range(D.NUM_BOARDS):
            pre = f"boards[{b}]."
            self.o_board.append({
                "state": add(pre + "state", NSTATES, "one-hot state card on the board (zero when empty)"),
                "active": add(pre + "active", 1, "1 if a state is on the board"),
                "election_round": add(pre + "election_round", ELECTION_ROUNDS, "one-hot round of its election"),
                "opinions": add(pre + "opinions", NT, f"face-up opinion cards per type / {OPINION_PER_TYPE}"),
                "hidden_opinions": add(pre + "hidden_opinions", 1,
                                       f"face-down opinion cards / {HIDDEN_OPINIONS_SCALE}"),
                "double": add(pre + "double", D.NUM_ISSUES, "one-hot issue under the double marker"),
                "media": add(pre + "media", n, f"media markers per seat / {D.MEDIA_SLOTS}"),
                "media_controller": add(pre + "media_controller", n, "one-hot seat controlling the media"),
                "rallies": add(pre + "rallies", n, f"rally cubes per seat / {D.MAX_RALLIES}"),
                "trend": add(pre + "trend", n, f"trend per seat, ({D.TREND_MIN}..{D.TREND_MAX}) mapped to 0..1"),
                "votes": add(pre + "votes", n, f"votes per seat / {VOTES_SCALE}"),
                "pol_placed": add(pre + "politician_placed", n, "1 per seat with a politician on the board"),
                "pol_revealed": add(pre + "politician_revealed", n, "1 per seat whose politician is face up"),
                "pol": add(pre + "politician", n * NPOL,
                           f"per seat, one-hot over {NPOL} politicians when the view names it"),
            })
        self.o_prog_display = add("program.display", NT, f"program display cards per type / {D.PROGRAM_PER_TYPE}")
        self.o_prog_deck = add("program.deck_size", 1, f"program deck size / {PROGRAM_CARDS}")
        self.o_prog_disc = add("program.discard", NT, f"program discard per type / {D.PROGRAM_PER_TYPE}")
        self.o_op_display = add("opinion.display", NT, f"opinion display cards per type / {OPINION_PER_TYPE}")
        self.o_op_deck = add("opinion.deck_size", 1, f"opinion deck size / {OPINION_CARDS}")
        self.o_op_disc = add("opinion.discard", NT, f"opinion discard per type / {OPINION_PER_TYPE}")
        self.o_poll_deck = add("polls.deck_size", 1, f"poll deck size / {NPOLLS}")
        self.o_poll_disc = add("polls.discard", NPOLLS, "multi-hot poll cards in the discard pile")
        self.o_misc = add("misc", 3, "reserve states / 3, double markers left / supply, elections done / elections")
        self.o_scores = add("scores", n, f"final totals per seat / {TOTAL_SCALE} (zero until the game is over)")
        # phase-specific parts of the view
        self.o_draft_packet = add("draft.packet", NT, f"own draft packet per type / {D.PROGRAM_PER_TYPE}")
        self.o_draft_picks = add("draft.picks", NT, f"own draft picks per type / {D.PROGRAM_PER_TYPE}")
        self.o_draft_pending = add("draft.pending_pick", NT, "one-hot own secret pick of this draft round")
        self.o_draft_plat = add("draft.platform_chosen", PLATFORM_SIZE * NT,
                                "own secret platform so far, slots in order, one-hot card type")
        self.o_draft_round = add("draft.round", DRAFT_ROUNDS, "one-hot draft round")
        self.o_deploy = add("deployment_chosen", 1, "1 once the observer chose its secret deployment")
        self.o_bids = add("bids_submitted", n, "multi-hot seats that submitted their secret bid")
        self.o_your_bid = add("your_bid", 2, f"own bid submitted (1), own bid / {MONEY_SCALE:,}")
        self.o_tie_players = add("tie.players", n, "multi-hot seats still in the tie auction")
        self.o_tie_price = add("tie.price", 1, f"tie auction price / {MONEY_SCALE:,}")
        self.o_tie_high = add("tie.high", n, "one-hot high bidder of the tie auction")
        self.o_prog_player = add("program_turn.player", n, "one-hot seat adjusting its program")
        self.o_prog_step = add("program_turn.step", len(PROGRAM_STEPS), "one-hot: " + ", ".join(PROGRAM_STEPS))
        self.o_prog_swaps = add("program_turn.swaps", 1, "swaps made / 2")
        self.o_rally_done = add("rally_boards_done", D.NUM_BOARDS, "multi-hot boards rallied in this turn")
        self.o_place_passed = add("place_passed", n, "multi-hot seats that stopped placing politicians")
        self.o_pt_board = add("politician_turn.board", D.NUM_BOARDS, "one-hot board of the acting politician")
        self.o_pt_player = add("politician_turn.player", n, "one-hot its seat")
        self.o_pt_pol = add("politician_turn.politician", NPOL, "one-hot the politician")
        self.o_pt_step = add("politician_turn.step", len(EXEC_STEPS), "one-hot: " + ", ".join(EXEC_STEPS))
        self.o_pt_effect = add("politician_turn.effect", len(EXEC_EFFECTS),
                               "one-hot effect waiting for a choice: " + ", ".join(EXEC_EFFECTS))
        self.o_poll_board = add("poll.board", D.NUM_BOARDS, "one-hot board of the poll")
        self.o_poll_card = add("poll.card", NPOLLS, "one-hot poll card")
        self.o_poll_trend = add("poll.trend", D.NUM_PARTIES,
                                f"the card's trend per party, ({POLL_MIN}..{POLL_MIN + POLL_SPAN}) mapped to 0..1")
        self.o_poll_host = add("poll.host", n, "one-hot host of the poll auction")
        self.o_poll_high = add("poll.high_bid", 1, f"highest bid / {MONEY_SCALE:,}")
        self.o_poll_high_p = add("poll.high_bidder", n, "one-hot highest bidder")
        self.o_poll_bidders = add("poll.bidders", n, "multi-hot seats still bidding")
        self.o_influence = add("influence_board", D.NUM_BOARDS, "one-hot board whose media controller decides")
        self.o_convert = add("convert_board", D.NUM_BOARDS, "one-hot board being converted")
        self.o_presence = add("presence.board", D.NUM_BOARDS, "one-hot board whose election asks for media presence")
        self.o_presence_value = add("presence.value", 1, f"points of that media-presence space / {_PRESENCE_MAX}")
        self._phase_index = {ph: i for i, ph in enumerate(PHASES)}
        self._player_memo = [BlockMemo(o["party"], o["election_bonus"] + 1) for o in self.o_player]
        self._board_memo = [BlockMemo(o["state"], o["pol"] + n * NPOL) for o in self.o_board]
        self._tail_memo = BlockMemo(self.o_prog_display, self.o_scores + n)
        # the per-seat blocks, for the egocentric form
        self.seats(self.o_player[0]["party"], (self.o_board[0]["state"] - self.o_player[0]["party"]) // n)
        for o in self.o_board:
            for key in ("media", "media_controller", "rallies", "trend", "votes", "pol_placed", "pol_revealed"):
                self.seats(o[key])
            self.seats(o["pol"], NPOL)
        self.seat_slices("you", "current_players", "first_player", "scores", "bids_submitted", "tie.players",
                         "tie.high", "program_turn.player", "place_passed", "politician_turn.player", "poll.host",
                         "poll.high_bidder", "poll.bidders")

    # ------------------------------------------------------------------------------------ encode

    def fill(self, out: Slots, view: Mapping[str, Any]) -> None:
        n = self.players
        if view.get("game") != GAME or view.get("players_count") != n or view.get("variant") != self.variant:
            raise ValueError(
                f"this encoder is for {GAME} {self.variant} with {n} players, not "
                f"{view.get('game')} {view.get('variant')} with {view.get('players_count')}"
            )
        phase = view["phase"]
        if phase not in self._phase_index:
            raise ValueError(f"{GAME} encoder: unknown phase {phase!r} (update PHASES)")
        out[self.o_phase + self._phase_index[phase]] = 1.0
        rnd = view["round"]
        if 0 <= rnd < ROUNDS:
            out[self.o_round + rnd] = 1.0
        me = view["you"]
        if me is not None:
            out[self.o_you + me] = 1.0
        for q in view["current_players"]:
            out[self.o_current + q] = 1.0
        out[self.o_first + view["first_player"]] = 1.0

        # a seat's sheet and a board are the same from step to step (and mostly from seat to seat): their blocks
        # come from the memos when the part is unchanged (BlockMemo), bit for bit what writing them gives
        for q, info in enumerate(view["players"]):
            memo = self._player_memo[q]
            key = memo.lookup(out, info)
            if key is not None:
                self._fill_player(out, self.o_player[q], info)
                memo.store(out, key, info)
        for b, bd in enumerate(view["boards"]):
            memo = self._board_memo[b]
            key = memo.lookup(out, bd)
            if key is not None:
                self._fill_board(out, self.o_board[b], bd)
                memo.store(out, key, bd)
        memo = self._tail_memo
        tail = [view["program"], view["opinion"], view["polls"], view["reserve_states"], view["double_markers_left"],
                view["elections_done"], view["scores"]]
        key = memo.lookup(out, tail)
        if key is not None:
            self._fill_tail(out, *tail)
            memo.store(out, key, tail)

        draft = view.get("draft")
        if draft is not None:
            _counts(out, self.o_draft_packet, draft["packet"], D.PROGRAM_PER_TYPE)
            _counts(out, self.o_draft_picks, draft["picks"], D.PROGRAM_PER_TYPE)
            if draft["pending_pick"] >= 0:
                out[self.o_draft_pending + draft["pending_pick"]] = 1.0
            _slots(out, self.o_draft_plat, draft["platform_chosen"])
            if 0 <= draft["round"] < DRAFT_ROUNDS:
                out[self.o_draft_round + draft["round"]] = 1.0
        choice = view.get("deployment_choice")
        if choice is not None and choice >= 0:
            out[self.o_deploy] = 1.0
        submitted = view.get("bids_submitted")
        if submitted is not None:
            for q, done in enumerate(submitted):
                if done:
                    out[self.o_bids + q] = 1.0
        your_bid = view.get("your_bid")
        if your_bid is not None and your_bid >= 0:
            out[self.o_your_bid] = 1.0
            out[self.o_your_bid + 1] = _frac(your_bid, MONEY_SCALE)
        tie = view.get("tie")
        if tie is not None:
            for q in tie["players"]:
                out[self.o_tie_players + q] = 1.0
            out[self.o_tie_price] = _frac(tie["price"], MONEY_SCALE)
            if tie["high"] >= 0:
                out[self.o_tie_high + tie["high"]] = 1.0
        pt = view.get("program_turn")
        if pt is not None:
            if pt["player"] >= 0:
                out[self.o_prog_player + pt["player"]] = 1.0
            _one_of(out, self.o_prog_step, PROGRAM_STEPS, pt["step"])
            out[self.o_prog_swaps] = _frac(pt["swaps"], 2)
        for b in view.get("rally_boards_done", ()):
            out[self.o_rally_done + b] = 1.0
        passed = view.get("place_passed")
        if passed is not None:
            for q, done in enumerate(passed):
                if done:
                    out[self.o_place_passed + q] = 1.0
        pol_turn = view.get("politician_turn")
        if pol_turn is not None:
            out[self.o_pt_board + pol_turn["board"]] = 1.0
            out[self.o_pt_player + pol_turn["player"]] = 1.0
            if pol_turn["politician"] is not None:
                out[self.o_pt_pol + pol_turn["politician"]] = 1.0
            _one_of(out, self.o_pt_step, EXEC_STEPS, pol_turn["step"])
            _one_of(out, self.o_pt_effect, EXEC_EFFECTS, pol_turn["effect"])
        poll = view.get("poll")
        if poll is not None:
            out[self.o_poll_board + poll["board"]] = 1.0
            if poll["card"] is not None:  # None: another seat's free card, unseen (ruling R35)
                out[self.o_poll_card + poll["card"]] = 1.0
                for i, t in enumerate(poll["trend"]):
                    out[self.o_poll_trend + i] = _frac(t - POLL_MIN, POLL_SPAN)
            if poll["host"] is not None and poll["host"] >= 0:
                out[self.o_poll_host + poll["host"]] = 1.0
            out[self.o_poll_high] = _frac(poll["high_bid"], MONEY_SCALE)
            if poll["high_bidder"] >= 0:
                out[self.o_poll_high_p + poll["high_bidder"]] = 1.0
            for q in poll["bidders"]:
                out[self.o_poll_bidders + q] = 1.0
        ib = view.get("influence_board")
        if ib is not None:
            out[self.o_influence + ib] = 1.0
        cb = view.get("convert_board")
        if cb is not None:
            out[self.o_convert + cb] = 1.0
        pres = view.get("presence")
        if pres is not None:  # the media presence question (三.9.2, R14)
            out[self.o_presence + pres["board"]] = 1.0
            out[self.o_presence_value] = _frac(pres["value"], _PRESENCE_MAX)


    def _fill_tail(self, out: Slots, prog: Mapping[str, Any], op: Mapping[str, Any], polls: Mapping[str, Any],
                   reserve_states: int, double_markers_left: int, elections_done: int,
                   scores: Sequence[Mapping[str, Any]] | None) -> None:
        """The decks, discards and counters after the boards (one block: o_prog_display to the scores)."""
        _counts(out, self.o_prog_display, prog["display"], D.PROGRAM_PER_TYPE)
        out[self.o_prog_deck] = _frac(prog["deck_size"], PROGRAM_CARDS)
        _scaled(out, self.o_prog_disc, prog["discard"], D.PROGRAM_PER_TYPE)
        _counts(out, self.o_op_display, op["display"], OPINION_PER_TYPE)
        out[self.o_op_deck] = _frac(op["deck_size"], OPINION_CARDS)
        _scaled(out, self.o_op_disc, op["discard"], OPINION_PER_TYPE)
        out[self.o_poll_deck] = _frac(polls["deck_size"], NPOLLS)
        for c in polls["discard"]:
            out[self.o_poll_disc + c] = 1.0
        out[self.o_misc] = _frac(reserve_states, 3)
        out[self.o_misc + 1] = _frac(double_markers_left, D.DOUBLE_MARKERS)
        out[self.o_misc + 2] = _frac(elections_done, self.elections)
        if scores is not None:
            for q, sc in enumerate(scores):
                out[self.o_scores + q] = _frac(sc["total"], TOTAL_SCALE)

    def _fill_player(self, out: Slots, o: dict[str, int], info: Mapping[str, Any]) -> None:
        if info["party"] >= 0:
            out[o["party"] + info["party"]] = 1.0
        if info["money"] is not None:
            out[o["money_known"]] = 1.0
            out[o["money"]] = _frac(info["money"], MONEY_SCALE)
        out[o["base"]] = _frac(info["base"], BASE_SCALE)
        out[o["media_reserve"]] = _frac(info["media_reserve"], self.media_markers)
        out[o["rally_reserve"]] = _frac(info["rally_reserve"], D.RALLY_CUBES)
        _slots(out, o["platform"], info["platform"])
        if info["hand"] is not None:
            out[o["hand_known"]] = 1.0
            _counts(out, o["hand"], info["hand"], D.PROGRAM_PER_TYPE)
        out[o["hand_size"]] = _frac(info["hand_size"], HAND_SCALE)
        for i in info["politicians_used"]:
            out[o["politicians_used"] + i] = 1.0
        for i in info["donations_used"]:
            out[o["donations_used"] + i] = 1.0
        for e in info["media_presence"]:
            if e < self.elections:
                out[o["media_presence"] + e] = 1.0
        out[o["election_points"]] = _frac(info["election_points"], POINTS_SCALE)
        out[o["election_bonus"]] = _frac(info["election_bonus"], BONUS_SCALE)

    def _fill_board(self, out: Slots, o: dict[str, int], bd: Mapping[str, Any]) -> None:
        n = self.players
        if bd["state"] >= 0:
            out[o["state"] + bd["state"]] = 1.0
        if bd["active"]:
            out[o["active"]] = 1.0
        er = bd["election_round"]
        if er is not None and 1 <= er <= ELECTION_ROUNDS:
            out[o["election_round"] + er - 1] = 1.0
        _counts(out, o["opinions"], bd["opinions"], OPINION_PER_TYPE)
        out[o["hidden_opinions"]] = _frac(bd["hidden_opinions"], HIDDEN_OPINIONS_SCALE)
        if bd["double"] >= 0:
            out[o["double"] + bd["double"]] = 1.0
        om, ora, otr, ovo = o["media"], o["rallies"], o["trend"], o["votes"]
        media, rallies, trend, votes = bd["media"], bd["rallies"], bd["trend"], bd["votes"]
        for q in range(n):  # _frac inlined: this loop runs 4n times per view
            if media[q]:
                v = media[q] * _INV_SLOTS
                out[om + q] = v if v < 1.0 else 1.0
            if rallies[q]:
                v = rallies[q] * _INV_RALLIES
                out[ora + q] = v if v < 1.0 else 1.0
            v = (trend[q] - D.TREND_MIN) * _INV_TREND
            out[otr + q] = 0.0 if v < 0.0 else v if v < 1.0 else 1.0
            if votes[q]:
                v = votes[q] * _INV_VOTES
                out[ovo + q] = v if v < 1.0 else 1.0
        if bd["media_controller"] >= 0:
            out[o["media_controller"] + bd["media_controller"]] = 1.0
        for pl in bd["politicians"]:
            q = pl["player"]
            out[o["pol_placed"] + q] = 1.0
            if pl["revealed"]:
                out[o["pol_revealed"] + q] = 1.0
            if pl["politician"] is not None:
                out[o["pol"] + q * NPOL + pl["politician"]] = 1.0


def _counts(out: Slots, at: int, cards: Sequence[int], per_type: int) -> None:
    step = 1.0 / per_type
    for c in cards:
        v = out[at + c] + step
        out[at + c] = v if v < 1.0 else 1.0


def _scaled(out: Slots, at: int, counts: Sequence[int], per_type: int) -> None:
    for i, k in enumerate(counts):
        if k:
            out[at + i] = _frac(k, per_type)


def _slots(out: Slots, at: int, cards: Sequence[int]) -> None:
    for j, c in enumerate(cards[:PLATFORM_SIZE]):
        out[at + j * NT + c] = 1.0


def _one_of(out: Slots, at: int, names: Sequence[str], value: str) -> None:
    if value:
        out[at + names.index(value)] = 1.0


def _max_game_length(players: int, variant: str) -> int:
    return MAX_GAME_LENGTH


#: the adapter ``SPEC.adapters["rl_encoder"]`` names
ENCODER = EncoderAdapter(factory=DieMacher2019Encoder, max_game_length=_max_game_length)
