"""The rules of Die Macher classic for each phase, short, in English, Simplified and Traditional Chinese.

Condensed from docs/rules/die-macher.md (seed 001 sections in brackets); the texts are ``help.<topic>`` in
the game's catalog (``messages/<lang>.json``), one per phase as the view's ``phase`` names it. The game's
``rules_help`` adapter is :data:`RULES_HELP`: topic -> language -> text.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from hustings.engine.i18n import REQUIRED_LANGS
from hustings.games.die_macher import data as D
from hustings.games.die_macher.phases import Phase

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


RULES_HELP: Mapping[str, Mapping[str, str]] = {topic: _Texts(topic) for topic in TOPICS}
