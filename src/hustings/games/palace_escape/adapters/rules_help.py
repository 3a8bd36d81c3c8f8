"""The rules of 逃出總統府 in short, in English, Simplified and Traditional Chinese (the ``rules_help`` adapter).

Condensed from docs/rules/palace-escape.md (seed 004 section 【單人遊戲步驟】 and the rulings, told in words: a
player sees no ruling ids or section numbers); the texts are the catalog's ``help.rules``. One topic, ``rules``:
the puzzle has one phase.
"""

from __future__ import annotations

from collections.abc import Mapping

from hustings.games.palace_escape.data import CATALOG, LANGS

#: topic -> language -> text (the shell shows the topic of the view's phase, else all topics)
RULES_HELP: Mapping[str, Mapping[str, str]] = {"rules": {lang: CATALOG.text("help.rules", lang) for lang in LANGS}}


def rules_text(lang: str) -> str:
    return CATALOG.text("help.rules", lang)
