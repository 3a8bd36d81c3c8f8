"""What one seat (or a spectator, ``None``) may know of 選舉之戰, built from scratch (never a stripped dump)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from hustings.engine.progress import IGNORE, Each, Others, Spec, progress_part
from hustings.games.election_war.phases import Phase
from hustings.games.election_war.view_types import CandidateView, CheckView, PhaseName, ResultView, RowView, View

if TYPE_CHECKING:
    from hustings.games.election_war.rules.state import ElectionWar


def candidate_view(s: ElectionWar, r: int, q: int, player: int | None) -> CandidateView:
    D = s.data
    card = s.cand[r][q]
    shown = card >= 0 and (s.revealed or q == player)
    role = D.ROLES[card] if shown else None
    live = s.revealed  # figures change only after the reveal
    return {
        "seat": q,
        "placed": card >= 0,
        "card": card if shown else None,
        "frame": role.frame if role else None,
        "party": role.party if role else None,
        "vote_share": role.vote_share if role else None,
        "strength": (s.strength[r][q] if live else role.strength) if role else None,
        "level": (s.level[r][q] if live else role.level) if role else None,
        "status": s.status[r][q],
        "protected": bool(s.protected[r][q]),
    }


def _result(res: dict[str, Any]) -> ResultView:
    chk = res["check"]
    check: CheckView | None = None
    if chk is not None:
        check = {"card": chk["card"], "die": chk["die"], "level": chk["level"], "success": chk["success"]}
    return {
        "row": res["row"],
        "district": res["district"],
        "winner": res["winner"],
        "card": res.get("card"),
        "strength": res.get("strength"),
        "council": res["council"],
        "took_district": res["took_district"],
        "check": check,
        "knocked": [list(k) for k in res["knocked"]],
    }


def build_view(s: ElectionWar, player: int | None) -> dict[str, Any]:
    D = s.data
    n = s.n
    rows: list[RowView] = [
        {"row": r, "district": d, "city": D.DISTRICTS[d].city, "council": D.DISTRICTS[d].council}
        for r, d in enumerate(s.rows)
    ]
    playing = s.phase in (Phase.PLAY, Phase.PRESS, Phase.DISCARD)
    view: View = {
        "game": s.GAME_ID,
        "you": player,
        "players": n,
        "phase": cast(PhaseName, str(s.phase)),  # the enum's values are the Literal's
        "round": s.round,
        "first": s.first,
        "turn": s.turn if playing else None,
        "to_act": list(s.current_players),
        "rows": rows,
        "candidates": [[candidate_view(s, r, q, player) for q in range(n)] for r in range(s.nrows)],
        "role_hand": list(s.role_hand[player]) if player is not None else None,
        "role_hand_sizes": [len(h) for h in s.role_hand],
        "hand": list(s.hands[player]) if player is not None else None,
        "hand_sizes": [len(h) for h in s.hands],
        "deck": len(s.deck),
        "discard": list(s.discard),
        "pending": {"card": s.pending[0], "target": s.pending[1]} if s.pending else None,
        "won": [{"roles": list(s.won_roles[p]), "districts": list(s.won_districts[p])} for p in range(n)],
        "votes": s.votes(),
        "results": [_result(res) for res in s.results],
    }
    return dict(view)


#: what only shows the others' progress in the declaration (2.), where everyone places a card face down at once:
#: who is still to act, how many role cards each holds, whose candidates are placed. Every card stays hidden until
#: the last one turns them all up (a new phase: a new decision). The decision adapter (the table's stale-step
#: rule) compares the rest, the seat's own hand and candidates included
PROGRESS: dict[str, Spec] = {
    "declare": {"to_act": IGNORE, "role_hand_sizes": Others(IGNORE), "candidates": Each(Others({"placed": IGNORE}))},
}
decision_part = progress_part(PROGRESS)
