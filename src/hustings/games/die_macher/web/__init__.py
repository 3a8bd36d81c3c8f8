"""The browser table's renderer for Die Macher classic (renderer.js beside this file) and the names it draws.

``FOLDER`` is the ``web`` adapter; ``names(lang)`` is the ``web_data`` adapter: labels indexed as the view's
numbers, from the game's own text functions, the starting-sheet choices by action id (the view keeps this
seat's sheet as action ids), the scoring numbers the page needs for "points so far", and the popularity
track.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hustings.games.die_macher import data as D

FOLDER = str(Path(__file__).parent)


def names(lang: str) -> dict[str, Any]:
    from hustings.games.die_macher.actions import SPACE

    return {
        "parties": [D.party_name(p, lang) for p in range(D.NUM_PARTIES)],
        "issues": [D.issue_name(i, lang) for i in range(D.NUM_ISSUES)],
        "cards": [D.card_name(t, lang) for t in range(D.NUM_TYPES)],
        "states": [D.state_name(s, lang) for s in range(len(D.STATES))],
        "cabinet": [D.cabinet_name(c, lang) for c in range(len(D.CABINET))],
        "sheet": {str(a.id): a.text(lang) for a in (SPACE[i] for i in range(len(SPACE)))
                  if a.kind in ("sheet1", "sheet2")},
        "scoring": {"media_points": list(D.MEDIA_POINTS), "national_points": list(D.NATIONAL_POINTS),
                    "secured_bonus": D.SECURED_BONUS, "members_bonus": list(D.MEMBERS_BONUS)},
        # the popularity track's values from the top (003 §2): a value's space is its place here
        "track": list(D.POP_TRACK),
    }
