"""Names of Die Macher 2019: seats (by the names people chose, else "P1") and their parties, boards, parties,
states, issues, cards and politicians in a name style (the interface language, German as printed, or both),
phases, politicians' effects and money."""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache
from typing import Any

from hustings.engine.words import PrintedNames, View, Voice
from hustings.games.die_macher_2019 import data as D

_CATALOG = D.CATALOG


def money(v: int) -> str:
    """An amount in euros as the game prints it: 12,000€."""
    return f"{v:,}€"


def phase_name(phase: str, lang: str) -> str:
    """The name of a phase (``view["phase"]``) in ``lang``; an unknown phase is shown as its id."""
    key = f"phase.{phase}"
    return _CATALOG.text(key, lang) if _CATALOG.has(key) else phase


def step_name(phase: str, step: str, lang: str) -> str:
    """The name of a step inside the program or the politician phase ("" for none)."""
    key = f"phase_step.{phase}.{step}"
    return _CATALOG.text(key, lang) if step and _CATALOG.has(key) else ""


def effect_text(effect: str, lang: str) -> str:
    """A politician's effect (``"votes:3"``, ``"double"``, ...) in words; an unknown effect is shown as is."""
    name, _, amount = effect.partition(":")
    key = f"effect.{name}"
    if not _CATALOG.has(key):
        return effect
    n = int(amount) if amount.isdigit() else 1
    return _CATALOG.text(key, lang, n=n, amount=money(D.MEDIA_REMOVE_PAYMENT))


def board_label(board: int, lang: str) -> str:
    """A board (0-based) as players see it: "board 2", "版图2"."""
    return _CATALOG.text("part.board", lang, n=board + 1)


class Names(PrintedNames):
    """Names of parties, states, issues, cards and politicians from the game's catalog: in the interface
    language (``local``), in German as printed on the cards (``de``), or both."""

    def __init__(self, lang: str, style: str = "local") -> None:
        super().__init__(_CATALOG, lang, style)

    def party(self, k: int) -> str:
        return self.pick(f"party.{D.PARTIES[k]['id']}") if 0 <= k < len(D.PARTIES) else "?"

    def party_short(self, k: int) -> str:
        return self.one(f"party.{D.PARTIES[k]['id']}") if 0 <= k < len(D.PARTIES) else "—"

    def party_abbr(self, k: int) -> str:
        """At most 6 cells: for the narrow columns of the boards."""
        return self.one(f"party_abbr.{D.PARTIES[k]['id']}")

    def state(self, s: int) -> str:
        return self.pick(f"state.{D.STATES[s].id}") if s >= 0 else "—"

    def issue(self, i: int) -> str:
        return self.pick(f"issue.{D.ISSUES[i]['id']}")

    def stance(self, t: int) -> str:
        return self.pick(f"stance.{D.ISSUES[t >> 1]['id']}.{'contra' if t & 1 else 'pro'}")

    def card(self, t: int) -> str:
        if self.style == "both":
            local, german = Names(self.lang), Names(self.lang, "de")
            a, b = local.card(t), german.card(t)
            return a if a == b else f"{a} ({b})"
        return _CATALOG.text("part.card", "de" if self.style == "de" else self.lang, issue=self.issue(t >> 1),
                             stance=self.stance(t))

    def card_short(self, t: int) -> str:
        """The issue's short name, "+" for the pro stance (more, yes), "−" for the contra stance."""
        return self.one(f"issue_short.{D.ISSUES[t >> 1]['id']}") + ("−" if t & 1 else "+")

    def politician(self, pol: int) -> str:
        return self.pick(f"politician.{D.POLITICIANS[pol].key}")

    def politician_short(self, pol: int) -> str:
        """One name only (the boards' politician line)."""
        return self.one(f"politician.{D.POLITICIANS[pol].key}")


class Speaker:
    """The names of one table in one voice: seats by the names people chose, each with its party once chosen
    ("P1 SPD"), boards with their states, and everything :class:`Names` names."""

    def __init__(self, voice: Voice) -> None:
        self.voice = voice
        self.lang = voice.lang
        self.n = Names(voice.lang, voice.style)
        #: words worded once per voice (labels ask for the same board and icon names hundreds of times a round)
        self.memo: dict[Hashable, Any] = {}

    def t(self, key: str, **fields: object) -> str:
        return _CATALOG.text(key, self.lang, **fields)

    def seat(self, p: int) -> str:
        chosen = self.voice.seat_name(p)
        return chosen if chosen is not None else self.t("seat", n=p + 1)

    def who(self, view: View, p: int) -> str:
        party = view["players"][p]["party"]
        return f"{self.seat(p)} {self.n.party_short(party)}" if party >= 0 else self.seat(p)

    def board_name(self, view: View, b: int) -> str:
        st = view["boards"][b]["state"]
        key = ("board", b, st)
        found: str | None = self.memo.get(key)
        if found is None:
            label = self.t("tui.board", n=b + 1)
            found = self.memo[key] = f"{label} {self.n.state(st)}" if st >= 0 else label
        return found

    def icon(self, icon: str) -> str:
        key = ("icon", icon)
        found: str | None = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self.t(f"tui.icon_{icon}")
        return found


def scores_so_far(view: View) -> list[int]:
    """Each seat's score as it stands (the final scores once known)."""
    if view.get("scores"):
        return [s["total"] for s in view["scores"]]
    values = [r["presence_value"] for r in view["results"]]
    out = []
    for pl in view["players"]:
        pres = sum(values[e] for e in pl["media_presence"] if e < len(values))
        out.append(pl["election_points"] + pl["election_bonus"] + pres + pl["base"])
    return out


@lru_cache(maxsize=256)
def speaker(voice: Voice) -> Speaker:
    """The speaker of ``voice``, made once (labels ask for it for every action)."""
    return Speaker(voice)
