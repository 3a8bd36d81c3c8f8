"""What one seat (or a spectator, ``None``) may know of 選舉之戰, built from scratch (never a stripped dump)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from hustings.engine.progress import IGNORE, Each, Others, Spec, progress_part
from hustings.games.election_war.phases import Phase
from hustings.games.election_war.view_types import CandidateView, CheckView, PhaseName, ResultView, RowView, View

if TYPE_CHECKING:
    from hustings.games.election_war.data import Data
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


# Most of a view is the candidates (a dict per seat per row), and a row's candidates change rarely: only the round's
# row, when a news card is carried out, and every row once at the reveal and at the count. So each row's candidate
# dicts are kept, per game data, under the values they are built from (content, not the state: a clone, a sample or
# a test that edits a state's fields finds what is right for it), and a view hands out copies: every dict it
# returns is fresh and holds only scalars, so nothing a caller does to it reaches the kept ones or the state.
_MEMO_ROWS = 1024  # rows kept per game data (a 4p game makes some 60 different ones); then it starts afresh
_MEMO_DATA = 8  # game data kept (the printed game's and house-rules variants)
_Memo = dict[tuple[Any, ...], list[Any]]
_memos: dict[int, tuple[Data, _Memo]] = {}
_copy: Callable[[Any], Any] = dict.copy


def _memo_of(D: Data) -> _Memo:
    got = _memos.get(id(D))
    if got is not None and got[0] is D:  # the entry holds D, so no other data can have its id meanwhile
        return got[1]
    if len(_memos) >= _MEMO_DATA:
        _memos.clear()
    memo: _Memo = {}
    _memos[id(D)] = (D, memo)
    return memo


def candidates_view(s: ElectionWar, player: int | None) -> list[list[CandidateView]]:
    """Every row's candidates as :func:`candidate_view` gives them, from the memo when a row was seen before."""
    memo = _memo_of(s.data)
    # before the reveal a row shows what one viewer may see (their own cards face up); after it, the same to all
    seen = -2 if s.revealed else -1 if player is None else player
    n = s.n
    out: list[list[CandidateView]] = []
    cand, strength, level, status, protected = s.cand, s.strength, s.level, s.status, s.protected
    for r in range(s.nrows):
        # the row's five lists laid end to end: each has n entries, so the key tells them apart
        key = (seen, *cand[r], *strength[r], *level[r], *status[r], *protected[r])
        kept = memo.get(key)
        if kept is None:
            kept = [candidate_view(s, r, q, player) for q in range(n)]
            if len(memo) >= _MEMO_ROWS:
                memo.clear()
            memo[key] = kept
        out.append(list(map(_copy, kept)))  # fresh dicts of scalars: one C-level copy each
    return out


def rows_view(s: ElectionWar) -> list[RowView]:
    """The district cards on the table (fixed for the game), copied from the memo like the candidates."""
    memo = _memo_of(s.data)
    key = ("rows", *s.rows)
    kept = memo.get(key)
    if kept is None:
        D = s.data
        kept = [{"row": r, "district": d, "city": D.DISTRICTS[d].city, "council": D.DISTRICTS[d].council}
                for r, d in enumerate(s.rows)]
        if len(memo) >= _MEMO_ROWS:
            memo.clear()
        memo[key] = kept
    return list(map(_copy, kept))


def build_view(s: ElectionWar, player: int | None) -> dict[str, Any]:
    n = s.n
    rows = rows_view(s)
    ph = s.phase
    playing = ph is Phase.PLAY or ph is Phase.PRESS or ph is Phase.DISCARD
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
        "candidates": candidates_view(s, player),
        "role_hand": list(s.role_hand[player]) if player is not None else None,
        "role_hand_sizes": list(map(len, s.role_hand)),
        "hand": list(s.hands[player]) if player is not None else None,
        "hand_sizes": list(map(len, s.hands)),
        "deck": len(s.deck),
        "discard": list(s.discard),
        "pending": {"card": s.pending[0], "target": s.pending[1]} if s.pending else None,
        "won": [{"roles": list(w), "districts": list(d)} for w, d in zip(s.won_roles, s.won_districts, strict=True)],
        "votes": s.votes(),
        "results": [_result(res) for res in s.results],
    }
    return cast(dict[str, Any], view)  # the typed dict is the dict: no copy


#: what only shows the others' progress in the declaration (2.), where everyone places a card face down at once:
#: who is still to act, how many role cards each holds, whose candidates are placed. Every card stays hidden until
#: the last one turns them all up (a new phase: a new decision). The decision adapter (the table's stale-step
#: rule) compares the rest, the seat's own hand and candidates included
PROGRESS: dict[str, Spec] = {
    "declare": {"to_act": IGNORE, "role_hand_sizes": Others(IGNORE), "candidates": Each(Others({"placed": IGNORE}))},
}
decision_part = progress_part(PROGRESS)
