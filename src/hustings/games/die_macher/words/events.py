"""Event messages of Die Macher classic, rendered on demand (never on the hot path) from the game's catalog.

The words are in ``messages/<lang>.json`` under ``event.<type>``; this module turns the event's data into
fields: seats become party names (with the name a person chose for the seat, when the words are asked with it:
"Anna (SPD)"), boards "board 2", cards "Euro: sofort", amounts "4,000 DM". :func:`render_event` is the rules'
event renderer.
"""

from __future__ import annotations

from typing import Any

from hustings.engine.words import Voice
from hustings.games.die_macher import data as D

_CATALOG = D.CATALOG

EVENT_TYPES: tuple[str, ...] = (
    "program_dealt", "hand_dealt", "board_prepared", "game_started", "sheet_written", "sheet_revealed",
    "round_started", "bid_written", "die_rolled", "bids_revealed", "bid_won", "start_player",
    "program_reshuffled", "program_rejected", "program_discarded", "program_drawn", "program_drawn_cards",
    "program_swapped",
    "opinion_rejected", "opinion_revealed", "cabinet_placed", "cabinet_placed_card", "cabinet_revealed",
    "coalition_tile", "cabinet_votes", "popularity", "key_issue", "key_issue_removed", "cabinet_media",
    "coalition_offered", "coalition_formed", "coalition_declined", "media_bought", "opinion_exchanged",
    "rallies", "poll_auction", "poll_pass", "poll_bid", "poll_unsold", "poll_won", "poll_seen", "poll_secret_roll",
    "poll_secret",
    "poll_published", "converted", "election", "national_media", "national_opinion", "members_gained",
    "income", "donation_accepted", "donation_refused", "donation_refused_card", "donation_revealed",
    "donation_bonus", "board_removed", "game_over",
)

_SEAT_KEYS = frozenset({"seat", "by", "to", "from"})
_CARD_KEYS = frozenset({"card", "out", "old"})
_MONEY_KEYS = frozenset({"amount", "paid", "cost"})


def money(v: int) -> str:
    return f"{v:,} DM"


def party(p: int, lang: str) -> str:
    return D.party_name(p, lang) if 0 <= p < D.NUM_PARTIES else "-"


def seat_name(p: int, lang: str, voice: Voice | None = None) -> str:
    """Seat ``p`` (its party): "SPD", or "Anna (SPD)" with the name a person chose for it."""
    chosen = voice.seat_name(p) if voice is not None else None
    return party(p, lang) if chosen is None else f"{chosen} ({party(p, lang)})"


def phase_name(phase: str, lang: str) -> str:
    key = f"phase.{phase}"
    return _CATALOG.text(key, lang) if _CATALOG.has(key) else phase


def poll_option(option: Any, lang: str) -> str:
    """A poll card's option: the spaces each party's marker moves ("SPD up 1 space, FDP down 1 space")."""
    return _sep(lang).join(f"{party(p, lang)} {D.move_label(c, lang)}" for p, c in enumerate(option) if c) or "0"


def _sep(lang: str) -> str:
    return _CATALOG.text("part.sep", lang)


def _fields(data: Any, lang: str, voice: Voice | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in data.items():
        if k in _SEAT_KEYS and isinstance(v, int):
            out[k] = seat_name(v, lang, voice)
        elif k == "board" and isinstance(v, int):
            out[k] = _CATALOG.text("part.board", lang, n=v + 1)
        elif k in _CARD_KEYS and isinstance(v, int):
            out[k] = D.card_name(v, lang) if v >= 0 else "-"
        elif k == "state" and isinstance(v, int):
            out[k] = D.state_name(v, lang) if v >= 0 else "-"
        elif k == "issue" and isinstance(v, int):
            out[k] = D.issue_name(v, lang) if v >= 0 else "-"
        elif k in _MONEY_KEYS and isinstance(v, int):
            out[k] = money(v)
        elif k in ("cards", "up") and isinstance(v, list | tuple):
            out[k] = _sep(lang).join(D.card_name(c, lang) for c in v) or "-"
        elif k == "rolls" and isinstance(v, list | tuple):
            out[k] = _sep(lang).join(str(x) for x in v) or "-"
        else:
            out[k] = v
    return out


def render_event(event: Any, lang: str, ctx: Any, voice: Voice | None = None) -> str:
    """The event's message in ``lang`` (``Event.message``), seats by the names in ``voice`` when given."""
    d = event.data
    f = _fields(d, lang, voice)

    def who(p: int) -> str:
        return seat_name(p, lang, voice)

    t = event.type
    sep = _sep(lang)
    if t == "cabinet_revealed" or t == "cabinet_placed_card":
        f["card"] = D.cabinet_name(d["cabinet"], lang)
    elif t == "sheet_written":
        from hustings.games.die_macher.actions import SPACE

        f["choice"] = SPACE[d["action"]].text(lang)
    elif t == "sheet_revealed":
        from hustings.games.die_macher.actions import SPACE

        f["choice"] = sep.join(SPACE[a].text(lang) for a in d["actions"])
    elif t == "bids_revealed":
        f["bids"] = sep.join(f"{who(p)} {money(v)}" for p, v in d["bids"])
    elif t == "die_rolled":
        f["rolls"] = sep.join(f"{who(p)} {v}" for p, v in d["rolls"])
    elif t == "coalition_formed":
        f["seats"] = " + ".join(who(p) for p in d["seats"])
    elif t in ("donation_accepted", "donation_revealed", "donation_refused_card"):
        f["card"] = money(D.DONATIONS[d["donation"]].amount)
    elif t == "poll_published":
        f["changes"] = sep.join(f"{party(p, lang)} {D.move_label(c, lang)} → {D.pop_value(v)}"
                                for p, (c, v) in enumerate(zip(d["changes"], d["popularity"], strict=True)) if c)
        f["changes"] = f["changes"] or D.move_label(0, lang)
    elif t == "poll_seen":
        f["options"] = " / ".join(poll_option(o, lang) for o in d["options"])
    elif t == "popularity" or t == "poll_secret":
        if t == "poll_secret" and not d["spaces"]:
            return _CATALOG.text("part.secret_members", lang, **f)  # all of the dice went to members
        f["move"] = D.move_label(d["spaces"], lang)
        f["value"] = D.pop_label(d["popularity"], lang)
    elif t == "national_opinion":
        f["how"] = _CATALOG.text(f"how.{d['how']}", lang)
    elif t == "opinion_exchanged":
        f["why"] = _CATALOG.text(f"why.{d['why']}", lang)
    elif t == "election":
        f["state"] = D.state_name(d["state"], lang)
        f["result"] = sep.join(f"{who(p)} {v}/{s}" for p, (v, s) in enumerate(zip(d["votes"], d["seats"],
                                                                                         strict=True)))
        f["winners"] = " + ".join(who(p) for p in d["winners"]) or "-"
        f["kind"] = _CATALOG.text(f"win.{d['kind']}", lang)
    elif t == "game_over":
        f["scores"] = sep.join(f"{who(p)} {row['total']}" for p, row in enumerate(d["scores"]))
    elif t == "game_started":
        f["variant"] = _CATALOG.text(f"variant.{d['variant']}", lang)
    return _CATALOG.text(f"event.{t}", lang, **f)
