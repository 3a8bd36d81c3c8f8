"""The rules of Die Macher 2019 for each phase, short, in English, Simplified and Traditional Chinese.

Condensed from docs/rules/die-macher-2019.md; the texts are ``help.<topic>`` in the game's catalog
(``messages/<lang>.json``), one per phase as the view's ``phase`` names it. Each names the section it
condenses: the Chinese texts as seed 000 numbers it (``§三.8``), the English ones with the numeral mapped
(``rulebook §3.8``; ``ruling R7`` is rulings.md). The game's ``rules_help`` adapter is :data:`RULES_HELP`:
topic -> language -> text; an interface shows the topic of the phase in play, and the scoring rules
(``over``) otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from hustings.engine.i18n import REQUIRED_LANGS
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.phases import Phase

#: the topics: every phase
TOPICS: tuple[str, ...] = tuple(p.value for p in Phase)
#: the topic shown for a phase that has none of its own
DEFAULT_TOPIC = "over"


def rules_for(phase: str, lang: str) -> str:
    """The rules of ``phase`` in ``lang``; the scoring rules for an unknown phase."""
    return D.CATALOG.text(f"help.{phase if phase in TOPICS else DEFAULT_TOPIC}", lang)


class _Texts(Mapping[str, str]):
    """One topic: language -> text, read from the catalog when asked (never at import)."""

    def __init__(self, topic: str) -> None:
        self.topic = topic

    def __getitem__(self, lang: str) -> str:
        if lang not in REQUIRED_LANGS:
            raise KeyError(lang)
        return rules_for(self.topic, lang)

    def __iter__(self) -> Iterator[str]:
        return iter(REQUIRED_LANGS)

    def __len__(self) -> int:
        return len(REQUIRED_LANGS)


class _Help(Mapping[str, Mapping[str, str]]):
    def __init__(self) -> None:
        self._topics = {t: _Texts(t) for t in TOPICS}

    def __getitem__(self, topic: str) -> Mapping[str, str]:
        return self._topics[topic]

    def __iter__(self) -> Iterator[str]:
        return iter(self._topics)

    def __len__(self) -> int:
        return len(self._topics)


#: the ``rules_help`` adapter: topic -> language -> text
RULES_HELP: Mapping[str, Mapping[str, str]] = _Help()
