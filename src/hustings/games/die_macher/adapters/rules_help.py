"""The rules of Die Macher classic for each phase, short, in English, Simplified and Traditional Chinese.

Condensed from docs/rules/die-macher.md, without its seed sections and ruling ids (players read these); the
texts are ``help.<topic>`` in the game's catalog (``messages/<lang>.json``), one per phase as the view's
``phase`` names it. The game's ``rules_help`` adapter is :data:`RULES_HELP`: topic -> language -> text.
"""

from __future__ import annotations

from collections.abc import Mapping

from hustings.engine.i18n import help_topics
from hustings.games.die_macher import data as D
from hustings.games.die_macher.phases import Phase

#: the topics: every phase
TOPICS: tuple[str, ...] = tuple(p.value for p in Phase)
#: the topic shown for a phase that has none of its own
DEFAULT_TOPIC = "over"


def rules_for(phase: str, lang: str) -> str:
    """The rules of ``phase`` in ``lang``; the scoring rules for an unknown phase."""
    return D.CATALOG.text(f"help.{phase if phase in TOPICS else DEFAULT_TOPIC}", lang)


#: the ``rules_help`` adapter: topic -> language -> text
RULES_HELP: Mapping[str, Mapping[str, str]] = help_topics(D.CATALOG, TOPICS)
