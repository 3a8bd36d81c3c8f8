"""What one seat (or a spectator, ``None``) may know of a Die Macher classic game, built from scratch.

Hidden from a seat: other seats' money (every payment is public, but the table keeps it private as in the
2019 edition) and hidden program cards, the decks' order and the face-down opinions, face-down cabinet cards,
unrevealed starting sheets and bids, a poll card it has not won, and a donation card played face down."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from hustings.games.die_macher import data as D
from hustings.games.die_macher.phases import Phase
from hustings.games.die_macher.view_types import (
    BoardView,
    DieMacherView,
    ElectionResult,
    ExchangeKindName,
    PhaseName,
    PlayerView,
    ScoreView,
    StepName,
    Variant,
)

if TYPE_CHECKING:
    from hustings.games.die_macher.rules.state import DieMacher


def build_view(s: DieMacher, me: int | None) -> DieMacherView:
    n = s.n
    players: list[PlayerView] = []
    for p in range(n):
        mine = p == me
        choice = s.don_choice[p]
        hidden_refusal = bool(choice) and not choice[1] and not mine
        don_left = sorted(s.don_left[p] + ([choice[0]] if hidden_refusal else []))
        players.append({
            "party": p,  # index into the spec's sides (ruling R1: seat p plays party p)
            "party_id": D.PARTY_IDS[p],
            "money": s.money[p] if mine else None,
            "members": s.members[p],
            "program": list(s.prog[p]),
            "hand": sorted(s.hand[p]) if mine else None,
            "hand_size": len(s.hand[p]),
            "cabinet_left": sorted(s.cab_left[p]),
            "donations_left": don_left,
            "donation": ([choice[0], choice[1]] if choice and (mine or choice[1]) else ([-1, 0] if choice else [])),
            "media_supply": s.media_sup[p],
            "cube_supply": s.cube_sup[p],
            "coalition_tiles": s.tile_sup[p],
            "seats": list(s.seats[p]),
            "sheet_written": [x >= 0 for x in s.sheet[p]],
            "sheet": list(s.sheet[p]) if mine else None,
            "bid_written": s.bids[p] >= 0,
            "bid": s.bids[p] * 1000 if mine and s.bids[p] >= 0 else None,
            "poll_out": bool(s.poll_out[p]),
            "in_coalition": bool(s.in_coal[p]),
        })
    boards: list[BoardView] = []
    for b in range(D.NUM_SLOTS):
        boards.append({
            "election": s.elec[b],
            "state": s.state[b],
            "up": list(s.up[b]),
            "down": len(s.down[b]),
            "key_issue": s.dbl[b],
            "media": list(s.media[b]),
            "cubes": list(s.cubes[b]),
            "popularity": list(s.pop[b]),
            "votes": list(s.votes[b]),
            "arrival": list(s.arrive[b]),
            "coalition_tiles": list(s.tiles[b]),
            "coalitions": [list(s.coal[b][i:i + 2]) for i in range(0, len(s.coal[b]), 2)],
            "cabinet": [[e[0], e[1] if e[2] or e[0] == me else -1] for e in s.cab[b]],
            "payout": bool(s.payout[b]),
            "no_coalition": bool(s.nocoal[b]),
            "controller": s.controller(b) if s.elec[b] else -1,
        })
    deciding_poll = s.phase == Phase.POLL_DECIDE and s.turn == me
    return {
        "game": "die-macher",
        "variant": cast(Variant, s.variant),
        "you": me,
        "round": s.round,
        "rounds": s.rounds,
        "phase": cast(PhaseName, str(s.phase)),
        "step": cast(StepName, str(s.step)),
        "current": list(s.current_players),
        "first": s.first,
        "board": s.cur_board(),
        "players": players,
        "boards": boards,
        "national_media": [list(x) for x in s.nat_media],
        "national_row": [list(x) for x in s.nat_row],
        "exchange_pool": list(s.pool),
        "decks": {"program": len(s.prog_deck), "program_discards": list(s.prog_disc), "opinion": len(s.op_deck),
                  "opinion_discards": list(s.op_disc), "poll": len(s.poll_deck), "poll_discards": len(s.poll_disc),
                  "state": len(s.state_deck)},
        "polls_seen": sorted(s.poll_seen[me]) if me is not None else [],
        "tie": {"players": list(s.tie_players), "minimum": s.tie_min * 1000},
        "bid_winner": s.chooser,
        "offer": [s.offer_from, s.offer_to],
        "coalition_asked": [[q for q in range(n) if s.offered[p] >> q & 1] for p in range(n)],
        "cabinet_actions": [list(e) for e in s.exec_list[s.bi:]] if s.phase == Phase.CAB_EXEC else [],
        "poll": {"board": s.boards_todo[s.bi] if s.phase in (Phase.POLL_BID, Phase.POLL_DECIDE) else -1,
                 "high": s.poll_high * 1000, "bidder": s.poll_high_p,
                 "card": [list(o) for o in D.POLLS[s.poll_card]] if deciding_poll else None},
        "exchange": list(s.ex_list[s.bi]) if s.phase == Phase.EXCHANGE else [],
        "exchange_kind": cast(ExchangeKindName, str(s.ex_kind)),
        "powers": [list(x) for x in s.nat_list], "opinions_left": s.nat_left,
        # fresh lists: a view shares nothing with the state (results are kept, never edited, by the state)
        "results": [cast(ElectionResult, {k: list(v) if isinstance(v, list) else v for k, v in r.items()})
                    for r in s.results],
        "rally_board": s.boards_todo[s.bi] if s.phase == Phase.RALLY else -1,
        "convert_board": s.boards_todo[s.bi] if s.phase == Phase.CONVERT else -1,
        "scores": [cast(ScoreView, dict(r)) for r in s.final] if s.final else None,
    }
