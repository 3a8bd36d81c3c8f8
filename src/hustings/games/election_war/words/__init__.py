"""Every word of 選舉之戰 (the ``words`` adapter, :data:`WORDS`): names of seats, parties, roles, news cards
and districts; action labels, structured; event messages with the names people chose; explanations of the
numbers on the table; the rules of each phase and how to win; in English, Simplified and Traditional Chinese.
The texts are in this folder's catalog (``messages/<lang>.json``); no interface kit is imported here.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from hustings.engine import Action, Event
from hustings.engine.words import CatalogWords, Explanation, Label, Marks, View, Voice
from hustings.games.election_war import data as D
from hustings.games.election_war.words import labels
from hustings.games.election_war.words.events import render_event
from hustings.games.election_war.words.explain import Explainer
from hustings.games.election_war.words.names import district_name, effect_text, news_label, role_label

#: the rules topics (phases with a help text); the count and the end for any other phase
TOPICS: tuple[str, ...] = ("declare", "play", "press", "discard", "over")


class ElectionWarWords(CatalogWords):
    def __init__(self) -> None:
        super().__init__(D.CATALOG, TOPICS, "over")

    def names(self, voice: Voice) -> Mapping[str, Any]:
        lang = voice.lang
        return {
            "parties": [D.party_name(p, lang) for p in range(len(D.PARTIES))],
            "roles": [D.role_name(r, lang) for r in range(len(D.ROLES))],
            "role_labels": [role_label(r, lang) for r in range(len(D.ROLES))],
            "news": [D.news_name(n, lang) for n in range(D.NUM_NEWS)],
            "news_labels": [news_label(n, lang) for n in range(D.NUM_NEWS)],
            "districts": [district_name(d, lang) for d in range(len(D.DISTRICTS))],
            "frames": [D.rank_name(f, lang) for f in range(len(D.FRAMES))],
            # what the browser's board draws on each card, by index: a role card's [frame, level, strength, party,
            # vote share in tenths of a percent]; a news card's [die, wind] and its effect in words
            "role_cards": [[r.frame, r.level, r.strength, r.party, r.vote_share] for r in D.ROLES],
            "news_cards": [[c.die, c.wind] for c in D.NEWS],
            "effects": [effect_text(n, lang) for n in range(D.NUM_NEWS)],
            "wind_ids": list(D.WINDS),
            "winds": [D.CATALOG.text(f"wind.{w}", lang) for w in D.WINDS],
            "party_ids": list(D.PARTIES),
            "rank_ids": [D.RANK_OF_FRAME[f] for f in D.FRAMES],
            "cities": [D.city_name(c, lang) for c in range(len(D.CITIES))],
        }

    def label(self, action: Action, view: View, voice: Voice) -> Label:
        m = Marks(action)
        return m.label(labels.label_text(action, view, voice, m), self.title(action.kind, voice.lang))

    def label_key(self, kind: str, view: View) -> Hashable | None:
        return labels.label_key(kind, view)

    def event_text(self, event: Event, voice: Voice) -> str:
        return render_event(event, voice.lang, None, voice)

    def explanations(self, view: View, events: Sequence[Event], voice: Voice) -> list[Explanation]:
        return Explainer(view, voice).run(events)


#: the ``words`` adapter
WORDS = ElectionWarWords()
