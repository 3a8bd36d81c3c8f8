"""The browser table's renderer for 選舉之戰 (renderer.js beside this file) and the names it draws.

``FOLDER`` is the ``web`` adapter; ``names(lang)`` is the ``web_data`` adapter: role, news and district labels
indexed as the view's numbers, from the game's own text functions.
"""

from __future__ import annotations

from pathlib import Path

from hustings.games.election_war import data as D
from hustings.games.election_war import text as T

FOLDER = str(Path(__file__).parent)


def names(lang: str) -> dict[str, list[str]]:
    return {
        "parties": [D.party_name(p, lang) for p in range(len(D.PARTIES))],
        "roles": [D.role_name(r, lang) for r in range(len(D.ROLES))],
        "role_labels": [T.role_label(r, lang) for r in range(len(D.ROLES))],
        "news": [D.news_name(n, lang) for n in range(D.NUM_NEWS)],
        "news_labels": [T.news_label(n, lang) for n in range(D.NUM_NEWS)],
        "districts": [T.district_name(d, lang) for d in range(len(D.DISTRICTS))],
        "frames": [D.rank_name(f, lang) for f in range(len(D.FRAMES))],
    }
