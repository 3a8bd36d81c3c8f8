"""Names of Die Macher classic: seats (by the names people chose, else "P1") with their parties, boards with their
states, parties, states, issues, cards and cabinet cards in a name style (the interface language, German as
printed, or both)."""

from __future__ import annotations

from functools import lru_cache

from hustings.engine.words import PrintedNames, View, Voice
from hustings.games.die_macher import data as D

_CATALOG = D.CATALOG


class Names(PrintedNames):
    """Names of parties, states, issues and cards: in the interface language (``local``), in German as
    printed on the cards (``de``), or both."""

    def __init__(self, lang: str, style: str = "local") -> None:
        super().__init__(_CATALOG, lang, style)

    def party(self, p: int) -> str:
        return self.pick(f"party.{D.PARTY_IDS[p]}") if 0 <= p < D.NUM_PARTIES else "—"

    def party_short(self, p: int) -> str:
        return self.one(f"party.{D.PARTY_IDS[p]}") if 0 <= p < D.NUM_PARTIES else "—"

    def state(self, s: int) -> str:
        return self.pick(f"state.{D.STATES[s].id}") if s >= 0 else "—"

    def issue(self, i: int) -> str:
        return self.pick(f"issue.{D.ISSUE_IDS[i]}") if i >= 0 else "—"

    def card(self, t: int) -> str:
        """A program or opinion card: "Euro: now" (German: "Euro: sofort")."""
        if t < 0:
            return "—"
        iid, side = D.ISSUE_IDS[t >> 1], "contra" if t & 1 else "pro"
        lang = "de" if self.style == "de" else self.lang
        local = f"{_CATALOG.text(f'issue.{iid}', lang)}: {_CATALOG.text(f'stance.{iid}.{side}', lang)}"
        if self.style == "both":
            german = f"{_CATALOG.text(f'issue.{iid}', 'de')}: {_CATALOG.text(f'stance.{iid}.{side}', 'de')}"
            return local if german == local else f"{local} ({german})"
        return local

    def cabinet(self, c: int) -> str:
        return self.pick(f"cabinet.{D.CABINET[c].key}")


class Speaker:
    """The names of one table in one voice: seats by the names people chose ("P1 SPD"), boards with their
    states, and everything :class:`Names` names."""

    def __init__(self, voice: Voice) -> None:
        self.voice = voice
        self.lang = voice.lang
        self.n = Names(voice.lang, voice.style)

    def t(self, key: str, **fields: object) -> str:
        return _CATALOG.text(key, self.lang, **fields)

    def seat(self, p: int) -> str:
        chosen = self.voice.seat_name(p)
        return chosen if chosen is not None else self.t("seat", n=p + 1)

    def who(self, view: View, p: int) -> str:
        return f"{self.seat(p)} {self.n.party_short(p)}"

    def board_name(self, view: View, b: int) -> str:
        """"Board 2 · Hesse" (the slot and its state card)."""
        st = view["boards"][b]["state"]
        label = self.t("tui.board", n=b + 1)
        return f"{label} · {self.n.state(st)}" if st >= 0 and view["boards"][b]["election"] else label


@lru_cache(maxsize=256)
def speaker(voice: Voice) -> Speaker:
    """The speaker of ``voice``, made once (labels ask for it for every action)."""
    return Speaker(voice)
