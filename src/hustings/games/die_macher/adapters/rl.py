"""Die Macher classic's RL adapter: ``view(p)`` as a flat vector, every value in ``[0, 1]`` (see docs/rl.md).

Its own layout, no hashing: every field of the view has its slots (one-hot, multi-hot, counts per card type,
amounts over a scale and clipped). Built only from the view (``games/die_macher/view.py``), so what the view
hides stays hidden: others' money, hands, starting sheets and bids encode as unknown, others' face-down
cabinet cards as placed but unidentified, a poll card only for its winner. Seats are absolute (seat 0 first,
seat p plays party p, ruling R1); ``you`` says which one observes, and the egocentric form
(``encoder_for(..., egocentric=True)``) rotates every per-seat block so that the observer's comes first.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import is_
from typing import Any

from hustings.games.die_macher import data as D
from hustings.games.die_macher.actions import SHEET1, SHEET2
from hustings.games.die_macher.phases import Phase
from hustings.games.die_macher.view import shared_parts, view_with
from hustings.rl.encoding import BlockMemo, Encoder, EncoderAdapter, SharedViews, Slots

GAME = "die-macher"
PHASES: tuple[str, ...] = tuple(Phase)
STEPS: tuple[str, ...] = ("", "discard", "swap", "media", "opinion")
EXCHANGE_KINDS: tuple[str, ...] = ("media", "majority")
RULES: tuple[tuple[str, str], ...] = (("money_rounds", "all_but_last"), ("secret_poll", "members"),
                                      ("member_score", "bonus"), ("donations", "before_setup"))
NT = D.NUM_TYPES
NB = D.NUM_SLOTS
NCAB = len(D.CABINET)
NDON = len(D.DONATIONS)
NSTATES = len(D.STATES)
NPOLLS = len(D.POLLS)
PLATFORM = D.PUBLIC_PROGRAM
SHEET1_INDEX = {a.id: i for i, a in enumerate(SHEET1)}
SHEET2_INDEX = {a.id: i for i, a in enumerate(SHEET2)}
POP_INDEX = D.POP_INDEX
POLL_MIN = min(min(o) for c in D.POLLS for o in c)
POLL_SPAN = max(max(o) for c in D.POLLS for o in c) - POLL_MIN

# Scales: an amount is divided by its scale and clipped to 1.
MONEY_SCALE = 100_000
MEMBERS_SCALE = 60
SEATS_SCALE = max(s.max_seats for s in D.STATES)
VOTES_SCALE = D.VOTE_CAP
CUBES_SCALE = 10
HAND_SCALE = 6
DOWN_SCALE = 4
TOTAL_SCALE = 400
OPINION_DECK = NT * D.OPINION_PER_STANCE
PROGRAM_DECK = NT * D.PROGRAM_PER_STANCE
# An upper bound on the decisions in one game, for OpenSpiel: the contract suite's step cap (random full games take
# a few hundred decisions; auctions rise by at least 1,000 up to the 120,000 cap of the action space).
MAX_GAME_LENGTH = 20_000


PLAYER_KEYS = ("money_known", "money", "members", "program", "hand_known", "hand", "hand_size", "cabinet_left",
               "donations_left", "donation", "media_supply", "cube_supply", "coalition_tiles", "seats",
               "sheet_written", "sheet", "bid_written", "bid", "poll_out", "in_coalition")
BOARD_KEYS = ("election", "state", "up", "down", "key_issue", "payout", "media", "cubes", "popularity", "votes",
              "arrival", "tiles", "coalitions", "cabinet", "controller")
SHEET2_AT = len(SHEET1)

_INV_SLOTS = 1.0 / D.MEDIA_SLOTS
_INV_CUBES = 1.0 / CUBES_SCALE
_INV_VOTES = 1.0 / VOTES_SCALE


def _frac(x: float, scale: float) -> float:
    v = x / scale
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


class DieMacherEncoder(Encoder):
    def __init__(self, players: int, variant: str) -> None:
        super().__init__(GAME, players, variant)
        n = players
        self.rounds = D.ROUNDS[variant]
        add = self.add
        self.o_phase = add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_step = add("step", len(STEPS), "one-hot sub-step: none, discard, swap, media, opinion")
        self.o_round = add("round", self.rounds + 1, f"one-hot round 0 (setup) to {self.rounds}")
        self.o_rules = add("rules", len(RULES), "1 where the game follows seed 003's reading: money_rounds "
                           "all_but_last, secret_poll members, member_score bonus, donations before_setup")
        self.o_you = add("you", n, "one-hot seat of the observer (all zero for a spectator)")
        self.o_current = add("current", n, "multi-hot seats that must act now")
        self.o_first = add("first", n, "one-hot start player")
        self.o_bid_winner = add("bid_winner", n, "one-hot winner of the start-player bids (zero for none)")
        self.o_vote_board = add("board", NB, "one-hot board that votes this round (zero for none)")
        start = self.size
        self.o_player: list[dict[str, int]] = []
        for q in range(n):
            pre = f"players[{q}]."
            self.o_player.append({
                "money_known": add(pre + "money_known", 1, "1 if the view shows this seat's money (own seat)"),
                "money": add(pre + "money", 1, f"money / {MONEY_SCALE:,}"),
                "members": add(pre + "members", 1, f"members / {MEMBERS_SCALE}"),
                "program": add(pre + "program", PLATFORM * NT,
                               f"{PLATFORM} public program slots in order, each one-hot over {NT} card types"),
                "hand_known": add(pre + "hand_known", 1, "1 if the view shows this seat's hand (own seat)"),
                "hand": add(pre + "hand", NT, f"hidden program cards per type / {D.HIDDEN_PROGRAM}"),
                "hand_size": add(pre + "hand_size", 1, f"hidden program cards / {HAND_SCALE}"),
                "cabinet_left": add(pre + "cabinet_left", NCAB, "multi-hot cabinet cards still in hand"),
                "donations_left": add(pre + "donations_left", NDON, "multi-hot donation cards still in hand"),
                "donation": add(pre + "donation", NDON + 2, "this round's donation: one-hot card, accepted, "
                                "face-down refusal of another seat"),
                "media_supply": add(pre + "media_supply", 1, f"media cubes in supply / {D.MEDIA_CUBES}"),
                "cube_supply": add(pre + "cube_supply", 1, f"rally cubes in supply / {D.RALLY_CUBES}"),
                "coalition_tiles": add(pre + "coalition_tiles", 1, f"coalition tiles in supply / {D.COALITION_TILES}"),
                "seats": add(pre + "seats", self.rounds, f"seats won per round / {SEATS_SCALE}"),
                "sheet_written": add(pre + "sheet_written", 2, "starting-sheet columns written"),
                "sheet": add(pre + "sheet", len(SHEET1) + len(SHEET2),
                             f"own starting sheet: one-hot of the {len(SHEET1)} first-column and {len(SHEET2)} "
                             "second-column choices"),
                "bid_written": add(pre + "bid_written", 1, "1 once the start-player bid is written"),
                "bid": add(pre + "bid", 2, f"own bid known (1), own bid / {MONEY_SCALE:,}"),
                "poll_out": add(pre + "poll_out", 1, "1 if out of the poll auction"),
                "in_coalition": add(pre + "in_coalition", 1, "1 if in a coalition this round"),
                "national_media": add(pre + "national_media", 1, f"national media cubes / {self.rounds}"),
            })
        per_player = (self.size - start) // n
        self.seats(start, per_player)
        self.o_board: list[dict[str, int]] = []
        for b in range(NB):
            pre = f"boards[{b}]."
            o = {
                "election": add(pre + "election", self.rounds + 1,
                                f"one-hot round of its election 1..{self.rounds}; slot 0: left the game"),
                "state": add(pre + "state", NSTATES, "one-hot state card (zero when none)"),
                "up": add(pre + "up", NT, f"face-up opinion cards per type / {D.OPINION_PER_STANCE}"),
                "down": add(pre + "down", 1, f"face-down opinion cards / {DOWN_SCALE}"),
                "key_issue": add(pre + "key_issue", D.NUM_ISSUES, "one-hot doubled issue"),
                "payout": add(pre + "payout", 2, "payout tile, no-coalition tile"),
                "media": add(pre + "media", n, f"media cubes per seat / {D.MEDIA_SLOTS}"),
                "cubes": add(pre + "cubes", n, f"rally cubes per seat / {CUBES_SCALE}"),
                "popularity": add(pre + "popularity", n * len(D.POP_TRACK),
                                  f"per seat, one-hot space on the popularity track {list(D.POP_TRACK)}"),
                "votes": add(pre + "votes", n, f"votes per seat / {VOTES_SCALE}"),
                "arrival": add(pre + "arrival", n, "per seat, 1 for the latest votes to arrive down to 0 for none "
                               "(rank of arrival / players)"),
                "tiles": add(pre + "coalition_tiles", n, "multi-hot seats with a coalition tile here"),
                "coalitions": add(pre + "coalitions", n * n, "per seat, multi-hot its coalition partners"),
                "cabinet": add(pre + "cabinet", n * (1 + NCAB),
                               f"per seat: cabinet card placed, one-hot over {NCAB} cards when the view names it"),
                "controller": add(pre + "controller", n, "one-hot seat controlling the media"),
            }
            self.o_board.append(o)
            for key in ("media", "cubes", "votes", "arrival", "tiles", "controller"):
                self.seats(o[key])
            self.seats(o["popularity"], len(D.POP_TRACK))
            self.seats(o["cabinet"], 1 + NCAB)
            for q in range(n):  # each seat's row of partners, and each partner column within it
                self.seats(o["coalitions"] + q * n)
            self.seats(o["coalitions"], n)
        self.o_nat_row = add("national_row", D.NATIONAL_SLOTS * (NT + 1),
                             f"{D.NATIONAL_SLOTS} national opinion slots: one-hot card type, secured")
        self.o_pool = add("exchange_pool", NT, f"exchange pool per type / {D.EXCHANGE_POOL}")
        self.o_decks = add("decks", 5, f"program deck / {PROGRAM_DECK}, opinion deck / {OPINION_DECK}, poll deck / "
                           f"{NPOLLS}, poll discards / {NPOLLS}, state deck / {NSTATES}")
        self.o_prog_disc = add("program_discards", NT, f"program discards per type / {D.PROGRAM_PER_STANCE}")
        self.o_op_disc = add("opinion_discards", NT, f"opinion discards per type / {D.OPINION_PER_STANCE}")
        self.o_polls_seen = add("polls_seen", NPOLLS, "multi-hot poll cards seen")
        self.o_tie = add("tie.players", n, "multi-hot seats in the tied start-player bids")
        self.o_tie_min = add("tie.minimum", 1, f"lowest bid of the tie / {MONEY_SCALE:,}")
        self.o_offer_from = add("offer.from", n, "one-hot seat offering a coalition")
        self.o_offer_to = add("offer.to", n, "one-hot seat asked")
        self.o_asked = add("coalition_asked", n * n, "per seat, multi-hot the seats it has asked")
        self.o_cab_actions = add("cabinet_actions", n * NB, "per seat, multi-hot boards whose cabinet card is still "
                                 "to act")
        self.o_poll_board = add("poll.board", NB, "one-hot board of the poll auction")
        self.o_poll_high = add("poll.high", 1, f"highest poll bid / {MONEY_SCALE:,}")
        self.o_poll_bidder = add("poll.bidder", n, "one-hot highest bidder")
        self.o_poll_card = add("poll.card", 1 + D.POLL_OPTIONS * D.NUM_PARTIES,
                               f"poll card known (winner only), then per option the spaces per party "
                               f"({POLL_MIN}..{POLL_MIN + POLL_SPAN} mapped to 0..1)")
        self.o_poll_roll = add("poll.roll", 1, "the secret poll's roll / 6 (zero for none)")
        self.o_exchange = add("exchange", n + NB, "the swap now: one-hot seat, one-hot board")
        self.o_exchange_kind = add("exchange_kind", len(EXCHANGE_KINDS), "one-hot: media, majority")
        self.o_powers = add("powers", n * 2, "per seat, the winners' powers left: media allowed / 1, opinions "
                            f"allowed / {D.NATIONAL_SLOTS}")
        self.o_opinions_left = add("opinions_left", 1, f"national opinions left to place / {D.NATIONAL_SLOTS}")
        self.o_rally_board = add("rally_board", NB, "one-hot board being rallied")
        self.o_convert_board = add("convert_board", NB, "one-hot board being converted")
        self.o_scores = add("scores", n, f"final totals per seat / {TOTAL_SCALE} (zero until the game is over)")
        self.seat_slices("you", "current", "first", "bid_winner", "tie.players", "offer.from", "offer.to",
                         "poll.bidder", "scores")
        for q in range(n):
            self.seats(self.o_asked + q * n)
        self.seats(self.o_asked, n)
        self.seats(self.o_cab_actions, NB)
        self.seats(self.o_exchange)
        self.seats(self.o_powers, 2)
        self._phase_index = {ph: i for i, ph in enumerate(PHASES)}
        self._step_index = {st: i for i, st in enumerate(STEPS)}
        # the national media cube count (written after the sheets, from its own list) stays out of a sheet's block
        self._player_memo = [BlockMemo(o["money_known"], o["in_coalition"] + 1) for o in self.o_player]
        self._board_memo = [BlockMemo(o["election"], o["controller"] + n) for o in self.o_board]
        # the same offsets as tuples in a fixed order, unpacked into locals by the writers (no look-up per slot)
        self._player_at = [tuple(o[k] for k in PLAYER_KEYS) for o in self.o_player]
        self._board_at = [tuple(o[k] for k in BOARD_KEYS) for o in self.o_board]
        # the tables in two memos around the deck counts, which change with most draws (one memo over all of them
        # missed on two views in five): the national row with the exchange pool, and the discards
        self._row_memo = BlockMemo(self.o_nat_row, self.o_decks)
        self._discards_memo = BlockMemo(self.o_prog_disc, self.o_polls_seen)
        # the rest, from the tie to the scores: auctions, offers and powers, unchanged in most steps (the polls seen,
        # a seat's own, are written before it: a block the seats' views share)
        self._tail_memo = BlockMemo(self.o_tie, self.o_scores + n)
        # the lists handed to those memos, kept while their items are the very objects of the view: a memo trusting
        # its views' identity (OpenSpiel's observer) then knows them without serialising, as views of one step built
        # around shared parts hand every seat the same items
        self._row: list[Any] = [None, None]
        self._discards: list[Any] = [None, None]
        self._tail: list[Any] = [None] * 12

    def fill(self, out: Slots, view: Mapping[str, Any]) -> None:
        n = self.players
        if view.get("game") != GAME or view.get("variant") != self.variant or len(view.get("players", ())) != n:
            raise ValueError(f"this encoder is for {GAME} {self.variant} with {n} players, not "
                             f"{view.get('game')} {view.get('variant')} with {len(view.get('players', ()))}")
        out[self.o_phase + self._phase_index[view["phase"]]] = 1.0
        out[self.o_step + self._step_index[view["step"]]] = 1.0
        rnd = view["round"]
        if 0 <= rnd <= self.rounds:
            out[self.o_round + rnd] = 1.0
        rules = view["rules"]
        for i, (rule, value) in enumerate(RULES):
            if rules[rule] == value:
                out[self.o_rules + i] = 1.0
        me = view["you"]
        if me is not None:
            out[self.o_you + me] = 1.0
        for q in view["current"]:
            out[self.o_current + q] = 1.0
        out[self.o_first + view["first"]] = 1.0
        if view["bid_winner"] >= 0:
            out[self.o_bid_winner + view["bid_winner"]] = 1.0
        if view["board"] >= 0:
            out[self.o_vote_board + view["board"]] = 1.0

        # a seat's sheet, a board and the decks are the same from step to step (and mostly from seat to seat):
        # their blocks come from the memos when the part is unchanged (BlockMemo), bit for bit what writing gives
        for q, pl in enumerate(view["players"]):
            memo = self._player_memo[q]
            key = memo.lookup(out, pl)
            if key is not None:
                self._fill_player(out, self._player_at[q], pl)
                memo.store(out, key, pl)
        for seat, _election in view["national_media"]:
            at = self.o_player[seat]["national_media"]
            out[at] = min(1.0, out[at] + 1.0 / self.rounds)
        for b, bd in enumerate(view["boards"]):
            memo = self._board_memo[b]
            key = memo.lookup(out, bd)
            if key is not None:
                self._fill_board(out, self._board_at[b], bd)
                memo.store(out, key, bd)
        row = self._row
        if row[0] is not view["national_row"] or row[1] is not view["exchange_pool"]:
            row = self._row = [view["national_row"], view["exchange_pool"]]
        key = self._row_memo.lookup(out, row)
        if key is not None:
            self._fill_row(out, *row)
            self._row_memo.store(out, key, row)
        decks = view["decks"]
        at = self.o_decks
        out[at] = _frac(decks["program"], PROGRAM_DECK)
        out[at + 1] = _frac(decks["opinion"], OPINION_DECK)
        out[at + 2] = _frac(decks["poll"], NPOLLS)
        out[at + 3] = _frac(decks["poll_discards"], NPOLLS)
        out[at + 4] = _frac(decks["state"], NSTATES)
        discards = self._discards
        if discards[0] is not decks["program_discards"] or discards[1] is not decks["opinion_discards"]:
            discards = self._discards = [decks["program_discards"], decks["opinion_discards"]]
        key = self._discards_memo.lookup(out, discards)
        if key is not None:
            self._fill_discards(out, *discards)
            self._discards_memo.store(out, key, discards)
        at = self.o_polls_seen
        for c in view["polls_seen"]:
            out[at + c] = 1.0
        tail = [view["tie"], view["offer"], view["coalition_asked"], view["cabinet_actions"], view["poll"],
                view["exchange"], view["exchange_kind"], view["powers"], view["opinions_left"], view["rally_board"],
                view["convert_board"], view["scores"]]
        if all(map(is_, tail, self._tail)):
            tail = self._tail
        else:
            self._tail = tail
        key = self._tail_memo.lookup(out, tail)
        if key is not None:
            self._fill_tail(out, *tail)
            self._tail_memo.store(out, key, tail)

    def _fill_tail(self, out: Slots, tie: Mapping[str, Any], offer: list[int],
                   coalition_asked: list[list[int]], cabinet_actions: list[list[int]], poll: Mapping[str, Any],
                   ex: list[int], kind: str, powers: list[list[int]], opinions_left: int, rally_board: int,
                   convert_board: int, scores: list[Mapping[str, Any]] | None) -> None:
        """Everything after the polls seen, to the final scores (one block: it changes in few steps)."""
        n = self.players
        for q in tie["players"]:
            out[self.o_tie + q] = 1.0
        out[self.o_tie_min] = _frac(tie["minimum"], MONEY_SCALE)
        if offer[0] >= 0:
            out[self.o_offer_from + offer[0]] = 1.0
        if offer[1] >= 0:
            out[self.o_offer_to + offer[1]] = 1.0
        for q, asked in enumerate(coalition_asked):
            for r in asked:
                out[self.o_asked + q * n + r] = 1.0
        for seat, board, _card in cabinet_actions:
            out[self.o_cab_actions + seat * NB + board] = 1.0
        if poll["board"] >= 0:
            out[self.o_poll_board + poll["board"]] = 1.0
        out[self.o_poll_high] = _frac(poll["high"], MONEY_SCALE)
        if poll["bidder"] >= 0:
            out[self.o_poll_bidder + poll["bidder"]] = 1.0
        card = poll["card"]
        if card is not None:
            at = self.o_poll_card
            out[at] = 1.0
            for i, option in enumerate(card):
                for party, spaces in enumerate(option):
                    out[at + 1 + i * D.NUM_PARTIES + party] = (spaces - POLL_MIN) / POLL_SPAN
        if poll["roll"] > 0:
            out[self.o_poll_roll] = _frac(poll["roll"], 6)
        if ex:
            out[self.o_exchange + ex[0]] = 1.0
            out[self.o_exchange + n + ex[1]] = 1.0
        if kind:
            out[self.o_exchange_kind + EXCHANGE_KINDS.index(kind)] = 1.0
        for seat, media_ok, opinions_ok in powers:
            out[self.o_powers + 2 * seat] = _frac(media_ok, 1)
            out[self.o_powers + 2 * seat + 1] = _frac(opinions_ok, D.NATIONAL_SLOTS)
        out[self.o_opinions_left] = _frac(opinions_left, D.NATIONAL_SLOTS)
        if rally_board >= 0:
            out[self.o_rally_board + rally_board] = 1.0
        if convert_board >= 0:
            out[self.o_convert_board + convert_board] = 1.0
        if scores is not None:
            for q, sc in enumerate(scores):
                out[self.o_scores + q] = _frac(sc["total"], TOTAL_SCALE)

    def _fill_row(self, out: Slots, national_row: list[Any], exchange_pool: list[int]) -> None:
        """The national row and the exchange pool (one block)."""
        for i, (t, secured) in enumerate(national_row[:D.NATIONAL_SLOTS]):
            out[self.o_nat_row + i * (NT + 1) + t] = 1.0
            out[self.o_nat_row + i * (NT + 1) + NT] = 1.0 if secured else 0.0
        for t in exchange_pool:
            out[self.o_pool + t] = min(1.0, out[self.o_pool + t] + 1.0 / D.EXCHANGE_POOL)

    def _fill_discards(self, out: Slots, program_discards: list[int], opinion_discards: list[int]) -> None:
        """The program and opinion discards per type (one block)."""
        for t in program_discards:
            out[self.o_prog_disc + t] = min(1.0, out[self.o_prog_disc + t] + 1.0 / D.PROGRAM_PER_STANCE)
        for t in opinion_discards:
            out[self.o_op_disc + t] = min(1.0, out[self.o_op_disc + t] + 1.0 / D.OPINION_PER_STANCE)

    def _fill_player(self, out: Slots, at: tuple[int, ...], pl: Mapping[str, Any]) -> None:
        # _frac inlined: x / scale clipped to [0, 1], written only when not zero (the buffer starts at zeros)
        (money_known, o_money, o_members, o_program, hand_known, o_hand, o_hand_size, o_cabinet, o_donations,
         o_donation, o_media, o_cubes, o_tiles, o_seats, o_written, o_sheet, o_bid_written, o_bid, o_poll_out,
         o_coalition) = at
        money = pl["money"]
        if money is not None:
            out[money_known] = 1.0
            if money > 0:
                v = money / MONEY_SCALE
                out[o_money] = v if v < 1.0 else 1.0
        x = pl["members"]
        if x > 0:
            v = x / MEMBERS_SCALE
            out[o_members] = v if v < 1.0 else 1.0
        for t in pl["program"][:PLATFORM]:
            out[o_program + t] = 1.0
            o_program += NT
        hand = pl["hand"]
        if hand is not None:
            out[hand_known] = 1.0
            for t in hand:
                v = out[o_hand + t] + 1.0 / D.HIDDEN_PROGRAM
                out[o_hand + t] = v if v < 1.0 else 1.0
        x = pl["hand_size"]
        if x > 0:
            v = x / HAND_SCALE
            out[o_hand_size] = v if v < 1.0 else 1.0
        for c in pl["cabinet_left"]:
            out[o_cabinet + c] = 1.0
        for c in pl["donations_left"]:
            out[o_donations + c] = 1.0
        don = pl["donation"]
        if don:
            if don[0] >= 0:
                out[o_donation + don[0]] = 1.0
                if don[1]:
                    out[o_donation + NDON] = 1.0
            else:
                out[o_donation + NDON + 1] = 1.0
        x = pl["media_supply"]
        if x > 0:
            v = x / D.MEDIA_CUBES
            out[o_media] = v if v < 1.0 else 1.0
        x = pl["cube_supply"]
        if x > 0:
            v = x / D.RALLY_CUBES
            out[o_cubes] = v if v < 1.0 else 1.0
        x = pl["coalition_tiles"]
        if x > 0:
            v = x / D.COALITION_TILES
            out[o_tiles] = v if v < 1.0 else 1.0
        for k in pl["seats"][:self.rounds]:
            if k > 0:
                v = k / SEATS_SCALE
                out[o_seats] = v if v < 1.0 else 1.0
            o_seats += 1
        sw = pl["sheet_written"]
        if sw[0]:
            out[o_written] = 1.0
        if sw[1]:
            out[o_written + 1] = 1.0
        sheet = pl["sheet"]
        if sheet is not None:
            if sheet[0] >= 0:
                out[o_sheet + SHEET1_INDEX[sheet[0]]] = 1.0
            if sheet[1] >= 0:
                out[o_sheet + SHEET2_AT + SHEET2_INDEX[sheet[1]]] = 1.0
        if pl["bid_written"]:
            out[o_bid_written] = 1.0
        bid = pl["bid"]
        if bid is not None:
            out[o_bid] = 1.0
            if bid > 0:
                v = bid / MONEY_SCALE
                out[o_bid + 1] = v if v < 1.0 else 1.0
        if pl["poll_out"]:
            out[o_poll_out] = 1.0
        if pl["in_coalition"]:
            out[o_coalition] = 1.0

    def _fill_board(self, out: Slots, at: tuple[int, ...], bd: Mapping[str, Any]) -> None:
        (o_election, o_state, o_up, o_down, o_key, o_payout, o_media, o_cubes, o_pop, o_votes, o_arrival, o_tiles,
         o_coalitions, o_cabinet, o_controller) = at
        n = self.players
        election = bd["election"]
        out[o_election + (election if election < self.rounds else self.rounds)] = 1.0
        if bd["state"] >= 0:
            out[o_state + bd["state"]] = 1.0
        for t in bd["up"]:
            v = out[o_up + t] + 1.0 / D.OPINION_PER_STANCE
            out[o_up + t] = v if v < 1.0 else 1.0
        x = bd["down"]
        if x > 0:
            v = x / DOWN_SCALE
            out[o_down] = v if v < 1.0 else 1.0
        if bd["key_issue"] >= 0:
            out[o_key + bd["key_issue"]] = 1.0
        if bd["payout"]:
            out[o_payout] = 1.0
        if bd["no_coalition"]:
            out[o_payout + 1] = 1.0
        if not election:
            return  # left the game: nothing more on it
        for x in bd["media"]:
            if x:
                out[o_media] = min(1.0, x * _INV_SLOTS)
            o_media += 1
        for x in bd["cubes"]:
            if x:
                out[o_cubes] = min(1.0, x * _INV_CUBES)
            o_cubes += 1
        npop = len(D.POP_TRACK)
        for x in bd["popularity"]:
            out[o_pop + POP_INDEX[x]] = 1.0
            o_pop += npop
        for x in bd["votes"]:
            if x:
                out[o_votes] = min(1.0, x * _INV_VOTES)
            o_votes += 1
        came = [(a, q) for q, a in enumerate(bd["arrival"]) if a > 0]
        if came:
            came.sort()
            for rank, (_a, q) in enumerate(came, 1):
                out[o_arrival + q] = rank / n
        for q in bd["coalition_tiles"]:
            out[o_tiles + q] = 1.0
        for group in bd["coalitions"]:
            for q in group:
                for r in group:
                    if q != r:
                        out[o_coalitions + q * n + r] = 1.0
        for seat, card in bd["cabinet"]:
            out[o_cabinet + seat * (1 + NCAB)] = 1.0
            if card >= 0:
                out[o_cabinet + seat * (1 + NCAB) + 1 + card] = 1.0
        if bd["controller"] >= 0:
            out[o_controller + bd["controller"]] = 1.0


def make_encoder(players: int, variant: str) -> DieMacherEncoder:
    return DieMacherEncoder(players, variant)


def max_game_length(players: int, variant: str) -> int:
    return MAX_GAME_LENGTH


#: the ``rl_encoder`` adapter
ENCODER = EncoderAdapter(factory=make_encoder, max_game_length=max_game_length,
                         views=SharedViews(shared_parts, view_with))
