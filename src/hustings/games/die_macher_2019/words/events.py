"""Event messages of Die Macher 2019, rendered on demand (never on the hot path) from the game's catalog.

The words are in ``messages/<lang>.json`` under ``event.<type>``; this module only computes the fields:
player labels (seats by the names people chose, when the words are asked with them), board and state names,
cards, money, and lists assembled from catalog fragments (``part.*``). :func:`render_event` is the rules' event
renderer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from hustings.engine.words import Voice
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.words.names import board_label, effect_text, money

_CATALOG = D.CATALOG


class _Ctx:
    def __init__(self, data: dict[str, Any], lang: str, parties: Sequence[int], voice: Voice | None) -> None:
        self.d = data
        self.lang = lang
        self.parties = parties
        self.voice = voice

    def t(self, key: str, **fields: Any) -> str:
        return _CATALOG.text(key, self.lang, **fields)

    def join(self, items: Iterable[str], sep: str = "part.sep") -> str:
        return self.t(sep).join(items)

    def seat(self, p: int) -> str:
        chosen = self.voice.seat_name(p) if self.voice is not None else None
        return chosen if chosen is not None else self.t("seat", n=p + 1)

    def pl_of(self, p: int) -> str:
        """A player as "P2(SPD)" once parties are chosen, else "P2"."""
        party = self.parties[p] if 0 <= p < len(self.parties) else -1
        if party < 0:
            return self.seat(p)
        return self.t("part.player", seat=self.seat(p), party=D.party_name(party, self.lang))

    def pl(self, key: str = "player") -> str:
        return self.pl_of(self.d[key])

    def board(self, key: str = "board") -> str:
        return board_label(self.d[key], self.lang)

    def st(self, key: str = "state") -> str:
        return D.state_name(self.d[key], self.lang)

    def card(self, key: str = "card") -> str:
        return D.card_name(self.d[key], self.lang)

    def cards(self, key: str = "cards") -> str:
        return self.join(D.card_name(x, self.lang) for x in self.d[key])

    def states(self, key: str) -> str:
        return self.join(D.state_name(s, self.lang) for s in self.d[key])

    def amount(self, key: str = "amount") -> str:
        return money(self.d[key])

    def signed(self, names: Iterable[str], values: Iterable[int]) -> str:
        return self.join(self.t("part.signed", name=n, value=v) for n, v in zip(names, values, strict=False))

    def ev(self, type_: str, **fields: Any) -> str:
        return self.t(f"event.{type_}", **fields)


def _election(c: _Ctx) -> str:
    d = c.d
    rows = c.join(
        (c.t("part.election_row", who=c.pl_of(p), votes=v, points=d["points"][p], bonus=d["bonus"][p])
         for p, v in enumerate(d["votes"])),
        "part.row_sep",
    )
    return c.ev("election_result", n=d["election"], state=c.st(), rows=rows,
                winners=c.join(c.pl_of(p) for p in d["winners"]),
                coalition=c.t("part.coalition") if d["coalition"] else "")


def _final(c: _Ctx) -> str:
    rows = c.join((c.t("part.final_row", who=c.pl_of(p), **{k: s[k] for k in (
        "total", "election_points", "election_bonus", "media_presence", "party_base", "money_rank")})
        for p, s in enumerate(c.d["scores"])), "part.row_sep")
    return c.ev("final_scores", rows=rows)


def _converted(c: _Ctx) -> str:
    d = c.d
    return c.ev("votes_converted", who=c.pl(), state=c.st(), cubes=d["cubes"], trend=d["trend"],
                rt=max(1, d["cubes"] + d["trend"]), match=max(1, d["match"]), votes=d["votes"], total=d["total"])


def _deployment(c: _Ctx) -> str:
    # what went where, as the deploy action words it: "votes→board 1, trend→board 2, ..."
    items = (c.t("part.deploy_item", icon=c.t(f"deploy_icon.{icon}"), board=board_label(b, c.lang))
             for icon, b in zip(D.SCHEMES[c.d["scheme"]], c.d["boards"], strict=True))
    return c.ev("deployment", who=c.pl(), scheme=c.d["scheme"] + 1, parts=c.join(items))


def _poll_trends(c: _Ctx, key: str) -> str:
    # poll cards list one trend figure per party, in party order
    return c.signed((D.party_name(k, c.lang) for k in range(D.NUM_PARTIES)), c.d[key])


def _changes(c: _Ctx) -> str:
    # one trend change per player, in seat order
    return c.signed((c.pl_of(p) for p in range(len(c.d["changes"]))), c.d["changes"])


def _who(type_: str) -> Callable[[_Ctx], str]:
    return lambda c: c.ev(type_, who=c.pl())


def _who_board(type_: str) -> Callable[[_Ctx], str]:
    return lambda c: c.ev(type_, who=c.pl(), board=c.board())


def _fixed(type_: str) -> Callable[[_Ctx], str]:
    return lambda c: c.ev(type_)


_R: dict[str, Callable[[_Ctx], str]] = {
    "game_started": lambda c: c.ev("game_started", players=c.d["players"], variant=c.t(f"variant.{c.d['variant']}")),
    "party_chosen": lambda c: c.ev("party_chosen", seat=c.seat(c.d["player"]),
                                   party=D.party_name(c.d["party"], c.lang)),
    "priority": _who("priority"),
    "states_drawn": lambda c: c.ev("states_drawn", states=c.states("boards")),
    "opinion_revealed": lambda c: c.ev("opinion_revealed", state=c.st(), card=c.card()),
    "opinion_duplicate": lambda c: c.ev("opinion_duplicate", board=c.board(), card=c.card()),
    "cards_dealt": lambda c: c.ev("cards_dealt", cards=c.cards()),
    "cards_received": lambda c: c.ev("cards_received", cards=c.cards()),
    "draft_pick": lambda c: c.ev("draft_pick", card=c.card()),
    "draft_done": _fixed("draft_done"),
    "platform_extra_card": lambda c: c.ev("platform_extra_card", card=c.card()),
    "platform_chosen": _who("platform_chosen"),
    "platform_revealed": lambda c: c.ev("platform_revealed", who=c.pl(), cards=c.cards()),
    "deployment_chosen": lambda c: c.ev("deployment_chosen", scheme=c.d["scheme"] + 1),
    "deployment": _deployment,
    "round_started": lambda c: c.ev("round_started", round=c.d["round"], states=c.states("elections")),
    "bid_secret": lambda c: c.ev("bid_secret", amount=c.amount()),
    "bids_revealed": lambda c: c.ev("bids_revealed", bids=c.join(
        c.t("part.amount_of", who=c.pl_of(p), amount=money(v)) for p, v in enumerate(c.d["bids"]))),
    "tie_auction": lambda c: c.ev("tie_auction", players=c.join(c.pl_of(p) for p in c.d["players"])),
    "tie_bid": lambda c: c.ev("tie_bid", who=c.pl(), amount=c.amount()),
    "tie_pass": _who("tie_pass"),
    "first_player": lambda c: c.ev("first_player", who=c.pl(), amount=c.amount("paid")),
    "program_drawn": lambda c: c.ev("program_drawn", card=c.card()),
    "program_taken": lambda c: c.ev("program_taken_deck" if c.d["from_deck"] else "program_taken",
                                    who=c.pl(), card=c.card()),
    "display_wiped": _who("display_wiped"),
    "program_reshuffled": _fixed("program_reshuffled"),
    "program_swapped": lambda c: c.ev("program_swapped", who=c.pl(), old=c.card("old"), new=c.card("new")),
    "program_discarded": lambda c: c.ev("program_discarded", who=c.pl(), card=c.card()),
    "media_bought": _who_board("media_bought"),
    "media_pass": _who("media_pass"),
    "rallies_bought": lambda c: c.ev("rallies_bought", who=c.pl(), board=c.board(), count=c.d["count"],
                                     cost=c.amount("cost")),
    "politician_placed": _who_board("politician_placed"),
    "politician_placed_own": lambda c: c.ev("politician_placed_own",
                                            politician=D.politician_name(c.d["politician"], c.lang)),
    "place_pass": _who("place_pass"),
    "politician_revealed": lambda c: c.ev("politician_revealed", who=c.pl(), board=c.board(),
                                          politician=D.politician_name(c.d["politician"], c.lang)),
    "politician_paid": lambda c: c.ev("politician_paid", who=c.pl(), cost=c.amount("cost")),
    "politician_discarded": lambda c: c.ev("politician_discarded", who=c.pl(), reason=c.t(f"reason.{c.d['reason']}")),
    "action_skipped": lambda c: c.ev("action_skipped", who=c.pl(), effect=effect_text(c.d["effect"], c.lang)),
    "trend_changed": lambda c: c.ev("trend_changed", who=c.pl(), board=c.board(), trend=c.d["trend"]),
    "votes_gained": lambda c: c.ev("votes_gained", who=c.pl(), board=c.board(), votes=c.d["votes"]),
    "others_trend_down": _who_board("others_trend_down"),
    "free_rallies": lambda c: c.ev("free_rallies", who=c.pl(), board=c.board(), count=c.d["count"]),
    "double_placed": lambda c: c.ev("double_placed", who=c.pl(), board=c.board(),
                                    issue=D.issue_name(c.d["issue"], c.lang)),
    "double_removed": _who_board("double_removed"),
    "media_removed": lambda c: c.ev("media_removed", who=c.pl(), board=c.board(), amount=c.amount("paid"),
                                    target=c.pl_of(c.d["target"])),
    "opinion_replaced": lambda c: c.ev("opinion_replaced", who=c.pl(), board=c.board(), old=c.card("old"),
                                       new=c.card("new")),
    "influence_pass": _who("influence_pass"),
    "poll_auction": lambda c: c.ev("poll_auction", board=c.board(), host=c.pl_of(c.d["host"]),
                                   trend=_poll_trends(c, "trend")),
    "poll_bid": lambda c: c.ev("poll_bid", who=c.pl(), amount=c.amount()),
    "poll_pass": _who("poll_pass"),
    "poll_unsold": _fixed("poll_unsold"),
    "poll_won": lambda c: c.ev("poll_won", who=c.pl(), amount=c.amount("paid")),
    "poll_free": lambda c: c.ev("poll_free", who=c.pl(), trend=_poll_trends(c, "trend")),
    "poll_published": lambda c: c.ev("poll_published", who=c.pl(), changes=_changes(c)),
    "poll_kept": lambda c: c.ev("poll_kept", who=c.pl(), gain=c.d["base_gain"]),
    "votes_converted": _converted,
    "convert_pass": _who("convert_pass"),
    "presence_moved": lambda c: c.ev("presence_moved", who=c.pl(), state=c.st(), value=c.d["value"]),
    "presence_kept": lambda c: c.ev("presence_kept", who=c.pl(), state=c.st()),
    "election_result": _election,
    "state_added": lambda c: c.ev("state_added", state=c.st()),
    "income": lambda c: c.ev("income", who=c.pl(), amount=c.amount(), points=c.d["points"], base=c.d["base"]),
    "donation": lambda c: c.ev("donation_accepted" if c.d["accepted"] else "donation_refused", who=c.pl(),
                               amount=c.amount(), change=c.d["base_change"]),
    "donation_pass": _who("donation_pass"),
    "final_scores": _final,
}

EVENT_TYPES: frozenset[str] = frozenset(_R)
"""Every event type this module renders (tests check the game emits no other)."""


def render_event(event: Any, lang: str, parties: Sequence[int] | None, voice: Voice | None = None) -> str:
    """The event's message in ``lang`` (``Event.message``), seats by the names in ``voice`` when given."""
    fn = _R.get(event.type)
    if fn is None:
        return str(event.type)
    return fn(_Ctx(dict(event.data), lang, parties or (), voice))
