"""Every word of Die Macher classic (the ``words`` adapter, :data:`WORDS`): names of seats, parties, states,
issues, cards and cabinet cards (German names as printed available); action labels, structured; event messages
with the names people chose; explanations of every number on the table; the rules of each phase and how to win;
in English, Simplified and Traditional Chinese. The texts are in this folder's catalog (``messages/<lang>.json``);
no interface kit is imported here.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from hustings.engine import Action, Event
from hustings.engine.words import CatalogWords, Explanation, Label, Marks, View, Voice
from hustings.games.die_macher import data as D
from hustings.games.die_macher.phases import Phase
from hustings.games.die_macher.words import explain, labels
from hustings.games.die_macher.words.events import render_event
from hustings.games.die_macher.words.names import Names, speaker

#: the rules topics: every phase; the scoring rules (``over``) for any other
TOPICS: tuple[str, ...] = tuple(p.value for p in Phase)


class DieMacherWords(CatalogWords):
    def __init__(self) -> None:
        super().__init__(D.CATALOG, TOPICS, "over")

    def names(self, voice: Voice) -> Mapping[str, Any]:
        """Names indexed as the view's numbers (what the browser table draws), the starting-sheet choices by
        action id (the view keeps this seat's sheet as action ids), the scoring numbers the page needs for
        "points so far", and the popularity track."""
        from hustings.games.die_macher.actions import SPACE  # the action space's texts are these words

        lang = voice.lang
        if voice.style == "local":
            printed = {
                "parties": [D.party_name(p, lang) for p in range(D.NUM_PARTIES)],
                "issues": [D.issue_name(i, lang) for i in range(D.NUM_ISSUES)],
                "cards": [D.card_name(t, lang) for t in range(D.NUM_TYPES)],
                "states": [D.state_name(s, lang) for s in range(len(D.STATES))],
                "cabinet": [D.cabinet_name(c, lang) for c in range(len(D.CABINET))],
            }
        else:  # German names as printed ("de"), or both
            n = Names(lang, voice.style)
            printed = {
                "parties": [n.party(p) for p in range(D.NUM_PARTIES)],
                "issues": [n.issue(i) for i in range(D.NUM_ISSUES)],
                "cards": [n.card(t) for t in range(D.NUM_TYPES)],
                "states": [n.state(s) for s in range(len(D.STATES))],
                "cabinet": [n.cabinet(c) for c in range(len(D.CABINET))],
            }
        return {
            **printed,
            "sheet": {str(a.id): a.text(lang) for a in (SPACE[i] for i in range(len(SPACE)))
                      if a.kind in ("sheet1", "sheet2")},
            "scoring": {"media_points": list(D.MEDIA_POINTS), "national_points": list(D.NATIONAL_POINTS),
                        "secured_bonus": D.SECURED_BONUS, "members_bonus": list(D.MEMBERS_BONUS)},
            # the popularity track's values from the top (003 §2): a value's space is its place here
            "track": list(D.POP_TRACK),
            # what the board drawing needs besides names: which state and party each number is (the layout's keys)
            "state_codes": [s.id for s in D.STATES],
            "party_ids": list(D.PARTY_IDS),
            "board": {"media_slots": D.MEDIA_SLOTS, "vote_cap": D.VOTE_CAP, "cube_spaces": D.RALLY_SPACES},
        }

    def title(self, kind: str, lang: str) -> str:
        """What actions of ``kind`` do: the terminal's step-by-step heading ``tui.kind.<kind>`` ("" for none)."""
        key = f"tui.kind.{kind}"
        return D.CATALOG.text(key, lang) if D.CATALOG.has(key, "en") else ""

    def label(self, action: Action, view: View, voice: Voice) -> Label:
        m = Marks(action)
        return m.label(labels.label_text(action, view, speaker(voice), m), self.title(action.kind, voice.lang))

    def label_key(self, kind: str, view: View) -> Hashable | None:
        return labels.label_key(kind, view)

    def event_text(self, event: Event, voice: Voice) -> str:
        return render_event(event, voice.lang, event.context, voice)

    def explanations(self, view: View, events: Sequence[Event], voice: Voice) -> list[Explanation]:
        return explain.explanations(view, events, voice)


#: the ``words`` adapter
WORDS = DieMacherWords()
