"""Names of 選舉之戰: seats (by the names people chose, else "P1"), districts, role and news cards with their
figures, effects, phases, vote shares, and a seat's candidate on this round's row."""

from __future__ import annotations

from hustings.engine.words import View, Voice
from hustings.games.election_war import data as D

_CATALOG = D.CATALOG


def seat_name(p: int, lang: str, voice: Voice | None = None) -> str:
    """Seat ``p``: the name its person chose, else "P3"."""
    chosen = voice.seat_name(p) if voice is not None else None
    return chosen if chosen is not None else _CATALOG.text("seat", lang, n=p + 1)


def phase_name(phase: str, lang: str) -> str:
    key = f"phase.{phase}"
    return _CATALOG.text(key, lang) if _CATALOG.has(key) else phase


def district_name(district: int, lang: str) -> str:
    d = D.DISTRICTS[district]
    return _CATALOG.text("part.district", lang, city=D.city_name(d.city, lang), council=d.council)


def role_label(card: int, lang: str) -> str:
    """A role card with its figures: "Lin Yunfan (mayor, Tide Party, level 3, strength 7, 41.2%)"."""
    r = D.ROLES[card]
    return _CATALOG.text("part.role", lang, name=D.role_name(card, lang), rank=D.rank_name(r.frame, lang),
                         party=D.party_name(r.party, lang), level=r.level, strength=r.strength,
                         share=f"{r.vote_share // 10}.{r.vote_share % 10}")


def news_label(design: int, lang: str) -> str:
    """A news card with its die, wind and effect: "Gaffe [die 1, breeze: strength -1]"."""
    c = D.NEWS[design]
    return _CATALOG.text("part.news", lang, name=D.news_name(design, lang), die=c.die,
                         wind=_CATALOG.text(f"wind.{D.WINDS[c.wind]}", lang), effect=effect_text(design, lang))


def effect_text(design: int, lang: str) -> str:
    c = D.NEWS[design]
    key = c.effect if c.effect not in ("strength", "level") else f"{c.effect}_{'up' if c.amount > 0 else 'down'}"
    return _CATALOG.text(f"effect.{key}", lang, n=abs(c.amount))


def share(tenths: int) -> str:
    """A vote share in tenths of a percent: "41.2%"."""
    return f"{tenths // 10}.{tenths % 10}%"


def candidate_line(view: View, q: int, voice: Voice) -> str:
    """Seat ``q``'s candidate on this round's row, with its current figures (the seat alone before the reveal)."""
    lang = voice.lang
    r = int(view["round"])
    c = view["candidates"][r][q] if r < len(view["rows"]) else None
    if c is None or c["card"] is None:
        return seat_name(q, lang, voice)
    return _CATALOG.text("tui.candidate", lang, who=seat_name(q, lang, voice), name=D.role_name(int(c["card"]), lang),
                         party=D.party_name(int(c["party"]), lang), level=c["level"], strength=c["strength"],
                         share=share(int(c["vote_share"])))
