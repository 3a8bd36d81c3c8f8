"""The rules of 選舉之戰 for each phase, short, in English, Simplified and Traditional Chinese.

Condensed from docs/rules/election-war.md (seed 004 sections in brackets); the texts are ``help.<topic>`` in the
game's catalog (``messages/<lang>.json``). The game's ``rules_help`` adapter is :data:`RULES_HELP`:
topic (a phase, as the view's ``phase`` names it) -> language -> text, read from the catalog when asked.
"""

from __future__ import annotations

from collections.abc import Mapping

from hustings.engine.i18n import help_topics
from hustings.games.election_war import data as D

#: the topics with a help text
TOPICS: tuple[str, ...] = ("declare", "play", "press", "discard", "over")


def rules_for(topic: str, lang: str) -> str:
    """The rules of ``topic`` in ``lang``; the count and end for an unknown topic."""
    return D.CATALOG.text(f"help.{topic if topic in TOPICS else 'over'}", lang)


#: the ``rules_help`` adapter: topic -> language -> text
RULES_HELP: Mapping[str, Mapping[str, str]] = help_topics(D.CATALOG, TOPICS)
