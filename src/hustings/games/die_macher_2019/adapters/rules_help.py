"""The rules of Die Macher 2019 for each phase, short, in English, Simplified and Traditional Chinese.

Condensed from docs/rules/die-macher-2019.md; the texts are ``help.<topic>`` in the game's catalog
(``messages/<lang>.json``), one per phase as the view's ``phase`` names it. Each names the section it
condenses: the Chinese texts as seed 000 numbers it (``§三.8``), the English ones with the numeral mapped
(``rulebook §3.8``; ``ruling R7`` is rulings.md). The game's ``rules_help`` adapter is :data:`RULES_HELP`:
topic -> language -> text; an interface shows the topic of the phase in play, and the scoring rules
(``over``) otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping

from hustings.engine.i18n import help_topics
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.phases import Phase

#: the topics: every phase
TOPICS: tuple[str, ...] = tuple(p.value for p in Phase)
#: the topic shown for a phase that has none of its own
DEFAULT_TOPIC = "over"


def rules_for(phase: str, lang: str) -> str:
    """The rules of ``phase`` in ``lang``; the scoring rules for an unknown phase."""
    return D.CATALOG.text(f"help.{phase if phase in TOPICS else DEFAULT_TOPIC}", lang)


#: the ``rules_help`` adapter: topic -> language -> text
RULES_HELP: Mapping[str, Mapping[str, str]] = help_topics(D.CATALOG, TOPICS)
