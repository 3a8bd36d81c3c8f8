"""What a player may see of Die Macher 2019 (the view's shape is in ``view_types``).

Hidden from a player: others' money, hand cards, draft cards, secret platforms, secret bids, secret
deployments, face-down politicians and free poll cards they kept (ruling R35). Hidden from everyone:
face-down opinion cards, every deck's order, reserve states. States re-dealt consistently with a view are
made in ``resample`` (``_passed_on`` is re-exported here for older imports).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from hustings.engine.progress import IGNORE, Others, Spec, progress_part
from hustings.games.die_macher_2019.formulas import media_controller
from hustings.games.die_macher_2019.phases import Phase, Return
from hustings.games.die_macher_2019.resample import _passed_on
from hustings.games.die_macher_2019.view_types import (
    BoardView,
    DieMacherView,
    DraftView,
    ElectionResult,
    PlayerView,
    PollPilesView,
    ScoreView,
)

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules import DieMacher2019

# Enum members looked up once: a class attribute lookup per comparison is a tenth of a view's cost.
_BID = Phase.BID
_CONVERT = Phase.CONVERT
_DEPLOY = Phase.DEPLOY
_DRAFT = Phase.DRAFT
_EXEC = Phase.EXEC
_INFLUENCE = Phase.INFLUENCE
_OVER = Phase.OVER
_PLACE = Phase.PLACE
_PLATFORM = Phase.PLATFORM
_POLL = Phase.POLL
_POLL_DECIDE = Phase.POLL_DECIDE
_PRESENCE = Phase.PRESENCE
_PROGRAM = Phase.PROGRAM
_RALLY = Phase.RALLY
_TIE = Phase.TIE
_RETURN_EXEC = Return.EXEC


def _counts(cards: list[int], types: int) -> list[int]:
    out = [0] * types
    for c in cards:
        out[c] += 1
    return out


def build_view(s: DieMacher2019, player: Any, shared: dict[str, Any] | None = None) -> DieMacherView:
    """What ``player`` may know (None: a spectator), as fresh JSON data. ``player`` is checked here (typed Any: a
    compiled signature of int | None would refuse another type with a TypeError before the check named it).

    Every list and dict in the view is built here or copied (one level of slicing is enough: the state
    holds flat lists of ints), so a caller editing the view can never rewrite the state. With ``shared`` (a
    caller that asks for every seat's view at each step, :meth:`GameState.shared_view`), what every seat sees
    alike is built once a step and kept in it, the same objects in every seat's view, and from one step to the
    next while they stay equal: such views are read-only.
    """
    D = s.data
    n = s.n
    if player is not None and (isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n):
        raise ValueError(f"unknown player {player!r}: players are 0..{n - 1}, or None for a spectator")
    me = player
    if shared is None:
        players, boards, common = _public(s, me)
    else:
        if shared.get("state") is not s or shared.get("step") != s.step_count:
            _share(s, shared)
        players, boards, common = shared["players"], shared["boards"], shared["common"]
        if me is not None:
            players = players[:]
            players[me] = _player(s, me, True, s.phase == _OVER)
            placed = s.placed
            if any(q == me and not revealed for b in range(D.NUM_BOARDS) for q, _, revealed in placed[b]):
                boards = [_board(s, b, me) if any(q == me and not r for q, _, r in placed[b]) else boards[b]
                          for b in range(D.NUM_BOARDS)]
    ph = s.phase
    polls = common["polls"]
    if polls is None:  # others' secret poll cards in the discard pile: what this seat never saw is hidden
        seen = sorted(s.poll_disc)
        unseen = _unseen_poll_discards(s, me)
        polls = {"deck_size": len(s.poll_deck), "discard": _minus(seen, unseen), "discard_hidden": len(unseen)}
    v: DieMacherView = {
        "game": s.GAME_ID,
        "variant": "expanded" if s.expanded else "standard",
        "players_count": n,
        "you": me,
        "round": s.round,
        "phase": ph,
        "current_players": common["current_players"],
        "first_player": s.first,
        "players": players,
        "boards": boards,
        "program": common["program"],
        "opinion": common["opinion"],
        "polls": polls,
        "reserve_states": len(s.reserve),
        "double_markers_left": s.double_supply,
        "elections_done": s.elections_done,
        "results": common["results"],
        "scores": common["scores"],
    }
    if ph in (_DRAFT, _PLATFORM) and me is not None:
        draft: DraftView = {
            "packet": sorted(s.packets[me]),
            "picks": sorted(s.picks[me]),
            "pending_pick": s.pending_pick[me],
            "platform_chosen": s.plat_pending[me][:],
            "round": s.draft_round,
        }
        if ph == _PLATFORM:
            draft["set_aside"] = sorted(s.plat_discard[me])  # face down until the reveal (R36)
        v["draft"] = draft
    if ph == _DEPLOY and me is not None:
        v["deployment_choice"] = s.deploy_choice[me]
    if ph == _BID:
        v["bids_submitted"] = [s.bids[p] >= 0 for p in range(n)]
        if me is not None:
            v["your_bid"] = s.bids[me]
    if ph == _TIE:
        v["tie"] = {"players": s.tie_order[:], "price": s.tie_price, "high": s.tie_high}
    if ph == _PROGRAM or s.prog_step:
        v["program_turn"] = {"player": s.prog_player, "step": s.prog_step, "swaps": s.prog_swaps}
    if ph == _RALLY:
        v["rally_boards_done"] = [b for b in range(D.NUM_BOARDS) if s.rally_mask >> b & 1]
    if ph == _PLACE:
        v["place_passed"] = s.place_passed[:]
    if ph == _EXEC and s.bi < len(s.order):
        b = s.order[s.bi]
        if s.pi < len(s.placed[b]):
            q, pol, _ = s.placed[b][s.pi]
            v["politician_turn"] = {"board": b, "player": q, "politician": pol, "step": s.exec_step,
                                    "effect": s.exec_effect}
    if ph in (_POLL, _POLL_DECIDE) and s.poll_card >= 0:
        free = s.poll_return == _RETURN_EXEC  # a politician's free card (三.6), not an auction (三.8)
        shown = not free or me == s.turn
        card = s.poll_card if shown else None
        auction = not free  # a free card has no auction: the auction fields would be the last one's
        v["poll"] = {"board": s.poll_board, "card": card, "trend": list(D.POLLS[s.poll_card]) if shown else None,
                     "host": s.poll_host if ph == _POLL else None,
                     "high_bid": s.poll_high if auction else 0,
                     "high_bidder": s.poll_high_p if auction else -1,
                     "bidders": s.poll_bidders[:] if auction else [], "free": free}
    if ph == _INFLUENCE and s.bi < len(s.order):
        v["influence_board"] = s.order[s.bi]
    if ph == _CONVERT and s.conv_boards:
        v["convert_board"] = s.conv_boards[0]
    if ph == _PRESENCE:
        b = s.pres_board
        v["presence"] = {"board": b, "state": s.board_state[b], "deciders": s.queue[:],
                         "value": D.MEDIA_PRESENCE[s.variant][s.elections_done]}
    return v


#: per size, the set bits of a mask: a seat's used politicians and donations change a few times a game, and listing
#: them bit by bit was a third of a view's cost
_BITS: dict[int, dict[int, tuple[int, ...]]] = {}


_NO_BITS: dict[int, tuple[int, ...]] = {}


def _bits(mask: int, size: int) -> list[int]:
    """The set bits of ``mask`` below ``size``, ascending, as a fresh list."""
    known = _BITS.get(size)
    if known is None:
        known = _BITS[size] = {}
    hit = known.get(mask)
    if hit is None:
        if len(known) >= 4096:  # bounded: masks are few in practice
            known.clear()
        hit = known[mask] = tuple([i for i in range(size) if mask >> i & 1])
    return [*hit]


def _player(s: DieMacher2019, p: int, mine: bool, over: bool) -> PlayerView:
    D = s.data
    return {
        "seat": p,
        "party": s.party[p],
        "money": s.money[p] if mine or over else None,
        "base": s.base[p],
        "media_reserve": s.media_res[p],
        "rally_reserve": s.rally_res[p],
        "platform": s.platform[p][:],
        "hand": sorted(s.hand[p]) if mine else None,
        "hand_size": len(s.hand[p]),
        "politicians_used": _bits(s.pol_used[p], len(D.POLITICIANS)),
        "donations_used": _bits(s.don_used[p], len(D.DONATIONS)),
        "media_presence": s.presence[p][:],
        "election_points": s.vp_elec[p],
        "election_bonus": s.vp_bonus[p],
    }


def _players(s: DieMacher2019, me: int | None, over: bool) -> list[PlayerView]:
    """Every seat's part, as :func:`_player` builds one (the state's lists read once for all seats: this runs on
    every view)."""
    D = s.data
    npol, ndon = len(D.POLITICIANS), len(D.DONATIONS)
    party, money, base, media_res, rally_res = s.party, s.money, s.base, s.media_res, s.rally_res
    platform, hand, pol_used, don_used = s.platform, s.hand, s.pol_used, s.don_used
    presence, vp_elec, vp_bonus = s.presence, s.vp_elec, s.vp_bonus
    pols, dons = _BITS.get(npol, _NO_BITS), _BITS.get(ndon, _NO_BITS)  # _bits's caches, read inline
    out: list[PlayerView] = []
    for p in range(s.n):
        mine = p == me
        out.append({
            "seat": p,
            "party": party[p],
            "money": money[p] if mine or over else None,
            "base": base[p],
            "media_reserve": media_res[p],
            "rally_reserve": rally_res[p],
            "platform": platform[p][:],
            "hand": sorted(hand[p]) if mine else None,
            "hand_size": len(hand[p]),
            "politicians_used": [*pols[pol_used[p]]] if pol_used[p] in pols else _bits(pol_used[p], npol),
            "donations_used": [*dons[don_used[p]]] if don_used[p] in dons else _bits(don_used[p], ndon),
            "media_presence": presence[p][:],
            "election_points": vp_elec[p],
            "election_bonus": vp_bonus[p],
        })
    return out


def _board(s: DieMacher2019, b: int, me: int | None) -> BoardView:
    st = s.board_state[b]
    active = st >= 0
    placed = s.placed[b]
    return {
        "board": b,
        "state": st,
        "active": active,
        "election_round": s.elec_round[b] if active else None,
        "opinions": s.up[b][:],
        "hidden_opinions": len(s.down[b]),
        "double": s.dbl[b],
        "media": s.media[b][:],
        "media_controller": media_controller(s.media[b]) if active else -1,
        "rallies": s.rallies[b][:],
        "trend": s.trend[b][:],
        "votes": s.votes[b][:],
        "politicians": [
            {"player": q, "politician": pol if (revealed or q == me) else None, "revealed": bool(revealed)}
            for q, pol, revealed in placed
        ] if placed else [],
    }


def _boards(s: DieMacher2019, me: int | None) -> list[BoardView]:
    """Every board as :func:`_board` builds one (the state's lists read once for all boards: this runs on every
    view)."""
    board_state, elec_round, up, down, dbl = s.board_state, s.elec_round, s.up, s.down, s.dbl
    media, rallies, trend, votes, placed = s.media, s.rallies, s.trend, s.votes, s.placed
    out: list[BoardView] = []
    for b in range(s.data.NUM_BOARDS):
        st = board_state[b]
        active = st >= 0
        pl = placed[b]
        m = media[b]
        out.append({
            "board": b,
            "state": st,
            "active": active,
            "election_round": elec_round[b] if active else None,
            "opinions": up[b][:],
            "hidden_opinions": len(down[b]),
            "double": dbl[b],
            "media": m[:],
            "media_controller": media_controller(m) if active else -1,
            "rallies": rallies[b][:],
            "trend": trend[b][:],
            "votes": votes[b][:],
            "politicians": [
                {"player": q, "politician": pol if (revealed or q == me) else None, "revealed": bool(revealed)}
                for q, pol, revealed in pl
            ] if pl else [],
        })
    return out


def _public(s: DieMacher2019, me: int | None) -> tuple[list[PlayerView], list[BoardView], dict[str, Any]]:
    """The players, the boards as ``me`` sees them, and the parts of the view every seat sees alike (``polls``
    None when others' secret poll cards lie in the discard pile: then it is each seat's own)."""
    D = s.data
    over = s.phase == _OVER  # at the end money is counted openly (the money ranks score, 五.5)
    players = _players(s, me, over)
    boards = _boards(s, me)
    polls: PollPilesView | None = None
    if not any(s.poll_disc_private):
        polls = {"deck_size": len(s.poll_deck), "discard": sorted(s.poll_disc), "discard_hidden": 0}
    nt = D.NUM_TYPES
    common: dict[str, Any] = {
        "current_players": list(s.current_players),
        "program": {"display": s.prog_display[:], "deck_size": len(s.prog_deck), "discard": _counts(s.prog_disc, nt)},
        "opinion": {"display": s.op_display[:], "deck_size": len(s.op_deck), "discard": _counts(s.op_disc, nt)},
        "polls": polls,
        # results hold flat lists of ints: copying each one makes the history the view's own
        "results": [_result(r) for r in s.results],
        "scores": cast("list[ScoreView]", s.scores()) if over else None,
    }
    return players, boards, common


def _share(s: DieMacher2019, shared: dict[str, Any]) -> None:
    """The public parts of the views of ``s``'s step into ``shared``, each one kept from the step before while it
    is equal (so that comparing one step's view with the last is quick where nothing changed)."""
    players, boards, common = _public(s, None)
    if shared.get("players") is not None:
        players = [new if new != old else old for new, old in zip(players, shared["players"], strict=False)]
        boards = [new if new != old else old for new, old in zip(boards, shared["boards"], strict=False)]
        old_common = shared["common"]
        common = {k: v if v != old_common.get(k) else old_common[k] for k, v in common.items()}
    shared.update(state=s, step=s.step_count, players=players, boards=boards, common=common)


#: what only shows the others' progress in the steps everyone acts in at once (the draft and platform 一.6, the
#: deployment 一.8, the secret bids 三.1): who is still to act, who has bid, and in the platform step who has kept
#: their card (their hand size turns 1). Picks, platforms, deployments and bids stay hidden until the last one,
#: whose act reveals them and moves the game on (a new decision). The decision adapter (the table's stale-step
#: rule) compares the rest, the seat's own packet, picks, choices and bid included
PROGRESS: dict[str, Spec] = {
    "draft": {"current_players": IGNORE},
    "platform": {"current_players": IGNORE, "players": Others({"hand_size": IGNORE})},
    "deploy": {"current_players": IGNORE},
    "bid": {"current_players": IGNORE, "bids_submitted": Others(IGNORE)},
}
decision_part = progress_part(PROGRESS)


def _result(r: dict[str, Any]) -> ElectionResult:
    # every list copied: the election history must not be editable through a view (issue 9.4)
    return {
        "election": r["election"],
        "board": r["board"],
        "state": r["state"],
        "parties": r["parties"][:],
        "votes": r["votes"][:],
        "points": r["points"][:],
        "bonus": r["bonus"][:],
        "winners": r["winners"][:],
        "coalition": r["coalition"][:],
        "media_presence": r["media_presence"][:],
        "presence_value": r["presence_value"],
    }


def _unseen_poll_discards(s: DieMacher2019, me: int | None) -> list[int]:
    """Poll cards in the discard pile that ``me`` never saw: others' free cards kept secret (R35)."""
    out: list[int] = []
    for q, cards in enumerate(s.poll_disc_private):
        if q != me:
            out += cards
    return out


def _minus(cards: list[int], gone: list[int]) -> list[int]:
    out = cards[:]
    for c in gone:
        out.remove(c)
    return out


__all__ = ["_passed_on", "build_view", "decision_part"]
