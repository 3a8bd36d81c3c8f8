"""Every word of Die Macher 2019 (the ``words`` adapter, :data:`WORDS`): names of seats, parties, states, issues,
cards and politicians (German names as printed available); action labels, structured; event messages with the
names people chose; explanations of every number on the table; the rules of each phase and how to win; in
English, Simplified and Traditional Chinese. The texts are in this folder's catalog (``messages/<lang>.json``);
no interface kit is imported here.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from hustings.engine import Action, Event
from hustings.engine.words import CatalogWords, Explanation, Label, Marks, View, Voice
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.words import explain, labels
from hustings.games.die_macher_2019.words.events import render_event
from hustings.games.die_macher_2019.words.names import Names, speaker

#: the rules topics: every phase; the scoring rules (``over``) for any other
TOPICS: tuple[str, ...] = tuple(p.value for p in Phase)


class DieMacher2019Words(CatalogWords):
    def __init__(self) -> None:
        super().__init__(D.CATALOG, TOPICS, "over")

    def names(self, voice: Voice) -> Mapping[str, Any]:
        """Names indexed as the view's numbers (what the browser table draws)."""
        n = Names(voice.lang, voice.style)  # German names as printed with the "de" or "both" style
        return {
            "parties": [n.party(p) for p in range(D.NUM_PARTIES)],
            "issues": [n.issue(i) for i in range(D.NUM_ISSUES)],
            "cards": [n.card(t) for t in range(D.NUM_TYPES)],
            "states": [n.state(s) for s in range(len(D.STATES))],
            "politicians": [n.politician(p) for p in range(len(D.POLITICIANS))],
            # what the board drawing needs besides names: which state and party each number is (the layout's
            # keys), and the sizes of the tracks and rows it draws
            "state_codes": [s.id for s in D.STATES],
            "party_ids": [p["id"] for p in D.PARTIES],
            "board": {"trend": [D.TREND_MIN, D.TREND_MAX], "media_slots": D.MEDIA_SLOTS,
                      "max_rallies": D.MAX_RALLIES},
        }

    def title(self, kind: str, lang: str) -> str:
        """What actions of ``kind`` do: the terminal's step-by-step heading ``tui.kind_<kind>`` ("" for none)."""
        key = f"tui.kind_{kind}"
        return D.CATALOG.text(key, lang) if D.CATALOG.has(key, "en") else ""

    def label(self, action: Action, view: View, voice: Voice) -> Label:
        s = speaker(voice)
        if action.kind == "deploy":
            return labels.deploy_label(action, view, s, self.title("deploy", voice.lang))
        m = Marks(action)
        return m.label(labels.label_text(action, view, s, m), self.title(action.kind, voice.lang))

    def label_key(self, kind: str, view: View) -> Hashable | None:
        return labels.label_key(kind, view)

    def parts_key(self, kind: str, view: View) -> Hashable | None:
        return labels.parts_key(kind, view)

    def arg_texts(self, kind: str, view: View, voice: Voice) -> Mapping[str, Mapping[int, str]]:
        return labels.arg_texts(kind, view, speaker(voice))

    def event_text(self, event: Event, voice: Voice) -> str:
        return render_event(event, voice.lang, event.context, voice)

    def explanations(self, view: View, events: Sequence[Event], voice: Voice) -> list[Explanation]:
        return explain.explanations(view, events, voice)

    def event_explanations(self, view: View, events: Sequence[Event], index: int, voice: Voice) -> list[Explanation]:
        return explain.event_explanations(view, events, index, voice)


#: the ``words`` adapter
WORDS = DieMacher2019Words()
