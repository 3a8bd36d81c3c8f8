"""What one seat (or a spectator, ``None``) may know of a Die Macher classic game, built from scratch.

Hidden from a seat: other seats' money (every payment is public, but the table keeps it private as in the
2019 edition) and hidden program cards, the decks' order and the face-down opinions, face-down cabinet cards,
unrevealed starting sheets and bids, a poll card it has not won, and a donation card played face down."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, cast

from hustings.engine.progress import IGNORE, Others, Spec, progress_part
from hustings.games.die_macher.data import NUM_SLOTS, PARTY_IDS
from hustings.games.die_macher.formulas import media_controller
from hustings.games.die_macher.phases import ExchangeKind, NationalStep, Phase, PlatformStep
from hustings.games.die_macher.view_types import (
    BoardView,
    DieMacherView,
    ElectionResult,
    ExchangeKindName,
    PhaseName,
    PlayerView,
    PollView,
    RulesView,
    ScoreView,
    StepName,
    Variant,
)

if TYPE_CHECKING:
    from hustings.games.die_macher.rules.state import DieMacher


# Plain-str names of the enum values a view carries (a dict lookup is cheaper than str() of an enum member).
_NAMES: dict[object, str] = {x: str(x) for e in (Phase, PlatformStep, NationalStep, ExchangeKind) for x in e}
_NAMES[""] = ""
_list_copy = list.copy


def build_view(s: DieMacher, me: int | None) -> DieMacherView:
    # Hot path (every ISMCTS rollout step of a client bot, every table refresh): every state list read once into a
    # local, list copies by slicing, no comprehension frames; the values are those of docs/rules/die-macher.md's view,
    # fresh lists throughout (tests/rl/test_shared_views.py holds them equal to view_with's, the golden playthroughs to
    # what they were).
    n = s.n
    money, hand, don_choice, don_left, sheet, bids = s.money, s.hand, s.don_choice, s.don_left, s.sheet, s.bids
    members, prog, cab_left, media_sup, cube_sup = s.members, s.prog, s.cab_left, s.media_sup, s.cube_sup
    tile_sup, seats, poll_out, in_coal = s.tile_sup, s.seats, s.poll_out, s.in_coal
    players: list[PlayerView] = []
    for p in range(n):
        mine = p == me
        choice = don_choice[p]
        if choice:
            left = don_left[p] + [choice[0]] if not choice[1] and not mine else don_left[p][:]
            left.sort()
            donation = [choice[0], choice[1]] if mine or choice[1] else [-1, 0]
        else:
            left = sorted(don_left[p])
            donation = []
        sh = sheet[p]
        bid = bids[p]
        hp = hand[p]
        players.append({
            "party": p,  # index into the spec's sides (ruling R1: seat p plays party p)
            "party_id": PARTY_IDS[p],
            "money": money[p] if mine else None,
            "members": members[p],
            "program": prog[p][:],
            "hand": sorted(hp) if mine else None,
            "hand_size": len(hp),
            "cabinet_left": sorted(cab_left[p]),
            "donations_left": left,
            "donation": donation,
            "media_supply": media_sup[p],
            "cube_supply": cube_sup[p],
            "coalition_tiles": tile_sup[p],
            "seats": seats[p][:],
            "sheet_written": [sh[0] >= 0, sh[1] >= 0],
            "sheet": sh[:] if mine else None,
            "bid_written": bid >= 0,
            "bid": bid * 1000 if mine and bid >= 0 else None,
            "poll_out": poll_out[p] != 0,
            "in_coalition": in_coal[p] != 0,
        })
    boards: list[BoardView] = []
    elec, media, coal, cab, state, up, down, dbl = s.elec, s.media, s.coal, s.cab, s.state, s.up, s.down, s.dbl
    cubes, pop, votes, arrive, tiles, payout, nocoal = s.cubes, s.pop, s.votes, s.arrive, s.tiles, s.payout, s.nocoal
    for b in range(NUM_SLOTS):
        pairs = coal[b]
        on = cab[b]
        mb = media[b]
        e = elec[b]
        boards.append({
            "election": e,
            "state": state[b],
            "up": up[b][:],
            "down": len(down[b]),
            "key_issue": dbl[b],
            "media": mb[:],
            "cubes": cubes[b][:],
            "popularity": pop[b][:],
            "votes": votes[b][:],
            "arrival": arrive[b][:],
            "coalition_tiles": tiles[b][:],
            "coalitions": [pairs[i:i + 2] for i in range(0, len(pairs), 2)] if pairs else [],
            "cabinet": [[c[0], c[1] if c[2] or c[0] == me else -1] for c in on] if on else [],
            "payout": payout[b] != 0,
            "no_coalition": nocoal[b] != 0,
            "controller": media_controller(mb) if e else -1,
        })
    phase = s.phase
    bi = s.bi
    todo = s.boards_todo
    deciding_poll = phase is Phase.POLL_DECIDE and s.turn == me
    polling = phase is Phase.POLL_BID or phase is Phase.POLL_DECIDE
    offered = s.offered
    results = s.results
    return {
        "game": "die-macher",
        "variant": cast(Variant, s.variant),
        "rules": cast(RulesView, {"money_rounds": s.money_rounds, "secret_poll": s.secret_poll,
                                  "member_score": s.member_score, "donations": s.donations}),
        "you": me,
        "round": s.round,
        "rounds": s.rounds,
        "phase": cast(PhaseName, _NAMES[phase]),
        "step": cast(StepName, _NAMES[s.step]),
        "current": list(s.current_players),
        "first": s.first,
        "board": s.cur_board(),
        "players": players,
        "boards": boards,
        # C-level copies of the inner lists (no comprehension frame on every view)
        "national_media": [*map(_list_copy, s.nat_media)],
        "national_row": [*map(_list_copy, s.nat_row)],
        "exchange_pool": s.pool[:],
        "decks": {"program": len(s.prog_deck), "program_discards": s.prog_disc[:], "opinion": len(s.op_deck),
                  "opinion_discards": s.op_disc[:], "poll": len(s.poll_deck), "poll_discards": len(s.poll_disc),
                  "state": len(s.state_deck)},
        "polls_seen": sorted(s.poll_seen[me]) if me is not None else [],
        "tie": {"players": s.tie_players[:], "minimum": s.tie_min * 1000},
        "bid_winner": s.chooser,
        "offer": [s.offer_from, s.offer_to],
        # each seat's bitmask of seats asked, as a list of the seats (a table, not a loop over the bits)
        "coalition_asked": [*map(list, map(_SEATS_OF.__getitem__, offered))] if any(offered) else [[] for _ in offered],
        "cabinet_actions": [*map(_list_copy, s.exec_list[bi:])] if phase is Phase.CAB_EXEC else [],
        "poll": {"board": todo[bi] if polling else -1,
                 "high": s.poll_high * 1000, "bidder": s.poll_high_p,
                 "card": [*map(list, s.data.POLLS[s.poll_card])] if deciding_poll else None,
                 "roll": s.poll_roll},
        "exchange": s.ex_list[bi][:] if phase is Phase.EXCHANGE else [],
        "exchange_kind": cast(ExchangeKindName, _NAMES[s.ex_kind]),
        "powers": [*map(_list_copy, s.nat_list)], "opinions_left": s.nat_left,
        # fresh lists: a view shares nothing with the state (results are kept, never edited, by the state)
        "results": [*map(_result, results)] if results else [],
        "rally_board": todo[bi] if phase is Phase.RALLY else -1,
        "convert_board": todo[bi] if phase is Phase.CONVERT else -1,
        "scores": [*map(_score, s.final)] if s.final else None,
    }


#: the seats in each bitmask of seats (a coalition offer's ``offered``), in seat order
_SEATS_OF: tuple[tuple[int, ...], ...] = tuple(tuple(q for q in range(8) if m >> q & 1) for m in range(256))


def _score(r: dict[str, int]) -> ScoreView:
    return cast(ScoreView, dict(r))


# ---------------------------------------------------------------------- several seats' views of one state at once
# OpenSpiel's rl_environment asks every seat's information-state tensor at every step: n views of one state, most of
# whose parts no seat's secret is in. shared_parts builds those once; view_with assembles a seat's view around them.
# The views it gives are equal to build_view's (tests/rl/test_shared_views.py) but share those parts with each other:
# read-only, for the RL adapter's encoders, never handed to a player or a client.

class SharedParts(NamedTuple):
    step: int  # the state's step count when built (the parts are of that step only)
    others: list[PlayerView]  # seat p as every other seat sees it
    boards: list[BoardView]  # each board as a seat owning none of its face-down cabinet cards sees it
    hidden: list[tuple[int, ...]]  # per board, the seats owning a face-down cabinet card there
    hiding: frozenset[int]  # the seats owning a face-down cabinet card on any board (asked once per view)
    poll: PollView  # the poll auction without its card (only the deciding winner sees the card)
    head: tuple[Any, ...]  # game, variant, rules, round, rounds, phase, step, current, first, board
    tail: tuple[Any, ...]  # the values of the keys after "boards" in build_view's order, but polls_seen and poll


# _player_view and _board_view repeat build_view's loop bodies on purpose: calling them from build_view cost 4.8 % more
# instructions a view (callgrind, 300 classic views); tests/rl/test_shared_views.py holds the two equal.
def _player_view(s: DieMacher, p: int, mine: bool) -> PlayerView:
    choice = s.don_choice[p]
    if choice:
        left = s.don_left[p] + [choice[0]] if not choice[1] and not mine else s.don_left[p][:]
        left.sort()
        donation = [choice[0], choice[1]] if mine or choice[1] else [-1, 0]
    else:
        left = sorted(s.don_left[p])
        donation = []
    sh = s.sheet[p]
    bid = s.bids[p]
    return {
        "party": p,
        "party_id": PARTY_IDS[p],
        "money": s.money[p] if mine else None,
        "members": s.members[p],
        "program": s.prog[p][:],
        "hand": sorted(s.hand[p]) if mine else None,
        "hand_size": len(s.hand[p]),
        "cabinet_left": sorted(s.cab_left[p]),
        "donations_left": left,
        "donation": donation,
        "media_supply": s.media_sup[p],
        "cube_supply": s.cube_sup[p],
        "coalition_tiles": s.tile_sup[p],
        "seats": s.seats[p][:],
        "sheet_written": [sh[0] >= 0, sh[1] >= 0],
        "sheet": sh[:] if mine else None,
        "bid_written": bid >= 0,
        "bid": bid * 1000 if mine and bid >= 0 else None,
        "poll_out": bool(s.poll_out[p]),
        "in_coalition": bool(s.in_coal[p]),
    }


def _board_view(s: DieMacher, b: int, me: int | None) -> BoardView:
    media = s.media[b]
    pairs = s.coal[b]
    cab = s.cab[b]
    return {
        "election": s.elec[b],
        "state": s.state[b],
        "up": s.up[b][:],
        "down": len(s.down[b]),
        "key_issue": s.dbl[b],
        "media": media[:],
        "cubes": s.cubes[b][:],
        "popularity": s.pop[b][:],
        "votes": s.votes[b][:],
        "arrival": s.arrive[b][:],
        "coalition_tiles": s.tiles[b][:],
        "coalitions": [pairs[i:i + 2] for i in range(0, len(pairs), 2)] if pairs else [],
        "cabinet": [[e[0], e[1] if e[2] or e[0] == me else -1] for e in cab] if cab else [],
        "payout": bool(s.payout[b]),
        "no_coalition": bool(s.nocoal[b]),
        "controller": media_controller(media) if s.elec[b] else -1,
    }


def shared_parts(s: DieMacher) -> SharedParts:
    """The parts of a view that are the same for every seat (see above)."""
    phase = s.phase
    bi = s.bi
    polling = phase is Phase.POLL_BID or phase is Phase.POLL_DECIDE
    offered = s.offered
    n = s.n
    head = ("die-macher", s.variant,
            {"money_rounds": s.money_rounds, "secret_poll": s.secret_poll, "member_score": s.member_score,
             "donations": s.donations},
            s.round, s.rounds, _NAMES[phase], _NAMES[s.step], list(s.current_players), s.first, s.cur_board())
    tail = ([*map(_list_copy, s.nat_media)], [*map(_list_copy, s.nat_row)], s.pool[:],
            {"program": len(s.prog_deck), "program_discards": s.prog_disc[:], "opinion": len(s.op_deck),
             "opinion_discards": s.op_disc[:], "poll": len(s.poll_deck), "poll_discards": len(s.poll_disc),
             "state": len(s.state_deck)},
            {"players": s.tie_players[:], "minimum": s.tie_min * 1000},
            s.chooser, [s.offer_from, s.offer_to],
            [[q for q in range(n) if offered[p] >> q & 1] if offered[p] else [] for p in range(n)],
            [e[:] for e in s.exec_list[bi:]] if phase is Phase.CAB_EXEC else [],
            s.ex_list[bi][:] if phase is Phase.EXCHANGE else [], _NAMES[s.ex_kind], [*map(_list_copy, s.nat_list)],
            s.nat_left, [_result(r) for r in s.results],
            s.boards_todo[bi] if phase is Phase.RALLY else -1, s.boards_todo[bi] if phase is Phase.CONVERT else -1,
            [cast(ScoreView, dict(r)) for r in s.final] if s.final else None)
    poll: PollView = {"board": s.boards_todo[bi] if polling else -1, "high": s.poll_high * 1000,
                      "bidder": s.poll_high_p, "card": None, "roll": s.poll_roll}
    hidden = [tuple(e[0] for e in s.cab[b] if not e[2]) for b in range(NUM_SLOTS)]
    return SharedParts(
        s.step_count,
        [_player_view(s, p, False) for p in range(n)],
        [_board_view(s, b, None) for b in range(NUM_SLOTS)],
        hidden, frozenset(q for h in hidden for q in h), poll, head, tail)


def view_with(s: DieMacher, me: int | None, parts: SharedParts) -> DieMacherView:
    """``me``'s view, equal to ``build_view(s, me)``, built around ``parts`` (``shared_parts(s)`` of this very
    step): it shares them with every other view built from them, so it is read-only."""
    if parts.step != s.step_count:
        raise ValueError(f"shared view parts of step {parts.step} for a state at step {s.step_count}")
    players = parts.others
    if me is not None:
        players = players[:]
        players[me] = _player_view(s, me, True)
    boards = parts.boards
    if me in parts.hiding:
        boards = [_board_view(s, b, me) if me in h else boards[b] for b, h in enumerate(parts.hidden)]
    poll = parts.poll
    if s.phase is Phase.POLL_DECIDE and s.turn == me:
        poll = {**poll, "card": [list(o) for o in s.data.POLLS[s.poll_card]]}
    game, variant, rules, rnd, rounds, phase, step, current, first, board = parts.head
    (national_media, national_row, pool, decks, tie, bid_winner, offer, asked, cabinet_actions, exchange,
     exchange_kind, powers, opinions_left, results, rally_board, convert_board, scores) = parts.tail
    # build_view's keys in its order
    return {
        "game": game, "variant": variant, "rules": rules, "you": me, "round": rnd, "rounds": rounds, "phase": phase,
        "step": step, "current": current, "first": first, "board": board, "players": players, "boards": boards,
        "national_media": national_media, "national_row": national_row, "exchange_pool": pool, "decks": decks,
        "polls_seen": sorted(s.poll_seen[me]) if me is not None else [], "tie": tie, "bid_winner": bid_winner,
        "offer": offer, "coalition_asked": asked, "cabinet_actions": cabinet_actions, "poll": poll,
        "exchange": exchange, "exchange_kind": exchange_kind, "powers": powers, "opinions_left": opinions_left,
        "results": results, "rally_board": rally_board, "convert_board": convert_board, "scores": scores,
    }


def _result(r: dict[str, Any]) -> ElectionResult:
    # the keys of rules.election's result, in its order; the lists copied
    return {"round": r["round"], "board": r["board"], "state": r["state"], "votes": r["votes"][:],
            "seats": r["seats"][:], "coalitions": r["coalitions"][:], "winners": r["winners"][:],
            "kind": r["kind"], "tied": r["tied"][:]}


#: what only shows the others' progress in the steps everyone acts in at once (the secret starting sheet, 001
#: §遊戲流程 1; the start-player bids and their tie, 2.i): who is still to act, who has written a sheet column or a
#: bid. Sheets and bids stay hidden until the last one, whose act reveals them all and moves the game on (a new
#: decision). The decision adapter (the table's stale-step rule) compares the rest, the seat's own sheet, bid and
#: money included
_WRITING: Spec = {"current": IGNORE, "players": Others({"sheet_written": IGNORE, "bid_written": IGNORE})}
PROGRESS: dict[str, Spec] = {"sheet": _WRITING, "bid": _WRITING, "tie": _WRITING}
decision_part = progress_part(PROGRESS)


def bot_view(s: DieMacher, me: int | None) -> dict[str, Any]:
    """The part of :func:`build_view` the heuristic reads (``adapters.bot``), for ISMCTS rollouts on a search
    bot's own determinization: a pruned copy of the full view (every key it has holds the full view's value,
    tests/die_macher/test_bot.py), at a fraction of the cost. Never handed to a client."""
    boards = []
    media = s.media
    for b in range(NUM_SLOTS):
        boards.append({
            "election": s.elec[b], "state": s.state[b], "up": s.up[b][:], "key_issue": s.dbl[b],
            "media": media[b][:], "cubes": s.cubes[b][:], "popularity": s.pop[b][:], "votes": s.votes[b][:],
            "cabinet": [[e[0], e[1] if e[2] or e[0] == me else -1] for e in s.cab[b]],
        })
    phase = s.phase
    bi = s.bi
    money, hand = s.money, s.hand
    return {
        "you": me,
        "round": s.round,
        "phase": _NAMES[phase],
        "board": s.cur_board(),
        "players": [{"money": money[p] if p == me else None, "program": prog[:],
                     "hand": sorted(hand[p]) if p == me else None} for p, prog in enumerate(s.prog)],
        "boards": boards,
        "cabinet_actions": [e[:] for e in s.exec_list[bi:]] if phase is Phase.CAB_EXEC else [],
        "poll": {"board": s.boards_todo[bi] if phase is Phase.POLL_BID or phase is Phase.POLL_DECIDE else -1,
                 "card": [list(o) for o in s.data.POLLS[s.poll_card]] if phase is Phase.POLL_DECIDE and s.turn == me
                 else None, "roll": s.poll_roll},
        "exchange": s.ex_list[bi][:] if phase is Phase.EXCHANGE else [],
        "rally_board": s.boards_todo[bi] if phase is Phase.RALLY else -1,
        "convert_board": s.boards_todo[bi] if phase is Phase.CONVERT else -1,
    }
