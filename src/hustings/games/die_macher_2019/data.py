"""Game data of Die Macher 2019, loaded once from ``data/game.json``.

Card types are small ints: a program or opinion card of issue ``i`` and stance ``s`` (0 pro,
1 contra) has type ``2 * i + s``. Values the seed does not print are marked placeholder in the JSON.

Names are not in the data file: parties, issues, states and politicians carry ids there, and their names in
every language are in the game's message catalog ``messages/<lang>.json`` (:data:`CATALOG`, see docs/i18n.md).
The ``*_name`` helpers below read it; the name mappings on PARTIES, ISSUES, STATES and POLITICIANS are built
from it once at import for callers that still index them by language.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from importlib import resources
from typing import Any

from hustings.engine.events import freeze
from hustings.engine.i18n import Catalog
from hustings.engine.kit import GameData

_RAW: dict[str, Any] = json.loads(
    resources.files("hustings.games.die_macher_2019").joinpath("data/game.json").read_text("utf-8")
)

# The game's messages (names, phases, events, actions). Rules import only the engine, so the chain to the
# shared interface words is made by the interfaces (the terminal adapter chains it), never here.
CATALOG: Catalog = Catalog.from_package("hustings.games.die_macher_2019", "words/messages")
# Languages the name mappings below carry (German: the printed names).
NAME_LANGS: tuple[str, ...] = ("de", "en", "zh-Hans", "zh-Hant")


def _names(key: str) -> dict[str, str]:
    return {lang: CATALOG.text(key, lang) for lang in NAME_LANGS}


NUM_ISSUES = 7
NUM_TYPES = 2 * NUM_ISSUES
NUM_PARTIES = 5
NUM_BOARDS = 4


def issue_of(card_type: int) -> int:
    return card_type >> 1


def stance_of(card_type: int) -> int:
    return card_type & 1


@dataclass(frozen=True)
class StateCard:
    index: int
    id: str  # ISO 3166-2:DE code: the key of its name, state.<id>
    names: dict[str, str]
    size: str  # "large" | "small"
    max_points: int
    table: tuple[tuple[int, int], ...]  # (minimum votes, points), ascending

    def points_for(self, votes: int) -> int:
        pts = 0
        for need, p in self.table:
            if votes >= need:
                pts = p
        return pts


@dataclass(frozen=True)
class Politician:
    index: int
    key: str
    names: dict[str, str]
    cost: int
    expanded_only: bool
    main: str
    secondary: tuple[str, ...]


@dataclass(frozen=True)
class Donation:
    amount: int
    accept_base: int
    refuse_base: int


PARTIES: list[dict[str, str]] = [{**p, **_names(f"party.{p['id']}")} for p in _RAW["parties"]]
ISSUES: list[dict[str, Any]] = [
    {
        **i,
        **_names(f"issue.{i['id']}"),
        "pro": _names(f"stance.{i['id']}.pro"),
        "contra": _names(f"stance.{i['id']}.contra"),
    }
    for i in _RAW["issues"]
]
START_MONEY: int = _RAW["start_money"]
START_BASE: int = _RAW["start_base"]
RALLY_CUBES: int = _RAW["rally_cubes"]
MEDIA_MARKERS: dict[str, int] = _RAW["media_markers"]
MEDIA_COST: int = _RAW["media_cost"]
MEDIA_SLOTS: int = _RAW["media_slots_per_state"]
RALLY_COST: list[int] = _RAW["rally_cost"]
MAX_RALLIES: int = _RAW["max_rallies_per_state"]
DOUBLE_MARKERS: int = _RAW["double_markers"]
TREND_MIN: int = _RAW["trend_min"]
TREND_MAX: int = _RAW["trend_max"]
OPINION_PER_ISSUE: tuple[int, int] = (
    _RAW["opinion_cards_per_issue"]["pro"],
    _RAW["opinion_cards_per_issue"]["contra"],
)
PROGRAM_PER_TYPE: int = _RAW["program_cards_per_stance"]
STATES: list[StateCard] = [
    StateCard(
        i,
        s["id"],
        _names(f"state.{s['id']}"),
        s["size"],
        s["max_points"],
        tuple((int(a), int(b)) for a, b in s["points_table"]),
    )
    for i, s in enumerate(_RAW["states"])
]
POLLS: list[tuple[int, ...]] = [tuple(c["trend"]) for c in _RAW["polls"]["cards"]]
POLL_KEEP_BASE: int = _RAW["polls"]["keep_base_gain"]
SCHEMES: list[list[str]] = _RAW["deployment_schemes"]["schemes"]
ICON_AMOUNT: dict[str, int] = _RAW["deployment_schemes"]["icons"]
MEDIA_PRESENCE: dict[str, list[int]] = {
    k: v for k, v in _RAW["media_presence"].items() if k in ("standard", "expanded")
}
DONATIONS: list[Donation] = [Donation(d["amount"], d["accept_base"], d["refuse_base"]) for d in _RAW["donations"]]
BONUS: dict[str, int] = _RAW["election_bonus"]
MONEY_RANK_POINTS: list[int] = _RAW["money_rank_points"]
POLITICIANS: list[Politician] = [
    Politician(
        i,
        p["key"],
        _names(f"politician.{p['key']}"),
        p["cost"],
        p["expanded_only"],
        p["main"],
        tuple(p["secondary"]),
    )
    for i, p in enumerate(_RAW["politicians"])
]
MEDIA_REMOVE_PAYMENT: int = _RAW["media_remove_payment"]
INCOME_PER_POINT: int = _RAW["income"]["per_point"]
INCOME_PER_BASE: int = _RAW["income"]["per_base"]

# The election calendar (seed 000 一.3, 三.9.3, 四.7, 四.8; rulings R13, R30): elections as (round, board) in
# election order (一.3 and 四.8).
ELECTIONS: dict[str, list[tuple[int, int]]] = {
    "standard": [(1, 0), (2, 1), (3, 2), (4, 3)],
    "expanded": [(1, 0), (2, 1), (3, 2), (4, 3), (4, 0), (5, 1), (5, 2)],
}
LAST_ROUND: dict[str, int] = {"standard": 4, "expanded": 5}
# Income after the elections of these rounds (三.9.3; expanded: ruling R13).
INCOME_ROUNDS: dict[str, tuple[int, ...]] = {"standard": (1, 2, 3), "expanded": (1, 2, 3, 4)}
DONATION_ROUNDS: tuple[int, ...] = (1, 2, 3)

# Bids, auctions: the largest amount the action space offers, in thousands (a ruling: nobody nears it).
MAX_BID_K = 400


def party_name(party: int, lang: str) -> str:
    return CATALOG.text(f"party.{PARTIES[party]['id']}", lang)


def issue_name(issue: int, lang: str) -> str:
    return CATALOG.text(f"issue.{ISSUES[issue]['id']}", lang)


def stance_name(card_type: int, lang: str) -> str:
    side = "contra" if stance_of(card_type) else "pro"
    return CATALOG.text(f"stance.{ISSUES[issue_of(card_type)]['id']}.{side}", lang)


def card_name(card_type: int, lang: str) -> str:
    return CATALOG.text("part.card", lang, issue=issue_name(issue_of(card_type), lang),
                        stance=stance_name(card_type, lang))


def state_name(state: int, lang: str) -> str:
    return CATALOG.text(f"state.{STATES[state].id}", lang)


def politician_name(pol: int, lang: str) -> str:
    return CATALOG.text(f"politician.{POLITICIANS[pol].key}", lang)


EFFECTS = frozenset({"double", "trend", "votes", "media_remove", "program", "poll", "others_trend_down", "rallies"})
_NEEDS_AMOUNT = frozenset({"votes", "rallies"})


def _validate_names() -> None:
    """Fail at import, naming the entry, when an edited data file names something without words."""
    named = [("party", [p["id"] for p in PARTIES]), ("issue", [i["id"] for i in ISSUES]),
             ("state", [st.id for st in STATES]), ("politician", [pol.key for pol in POLITICIANS])]
    for kind, ids in named:
        if len(set(ids)) != len(ids):
            raise ValueError(f"game.json: two {kind} entries share an id: {ids}")
        for ident in ids:
            if not CATALOG.has(f"{kind}.{ident}", "en"):
                raise ValueError(f"game.json: {kind} {ident!r} has no name {kind}.{ident} in messages/en.json")
    order = _RAW["polls"]["party_order"]
    if order != [p["id"] for p in PARTIES]:
        raise ValueError("game.json: polls.party_order must list the parties in the order of 'parties'")


def validate(D: Data) -> None:
    """Raise ValueError naming the entry when data (the printed file at import, or a house-rules variant) breaks a
    shape the rules rely on."""
    for pol in D.POLITICIANS:
        for eff in (pol.main, *pol.secondary):
            name, _, amount = eff.partition(":")
            if name not in EFFECTS:
                raise ValueError(f"game.json: politician {pol.key!r} has unknown effect {eff!r}")
            if name in _NEEDS_AMOUNT and not amount.isdigit():
                raise ValueError(f"game.json: politician {pol.key!r} effect {eff!r} needs an amount, e.g. votes:3")
        if len(pol.secondary) != 2:
            raise ValueError(f"game.json: politician {pol.key!r} needs exactly 2 secondary actions")
    for card in D.POLLS:
        if len(card) != NUM_PARTIES:
            raise ValueError(f"game.json: every poll card needs {NUM_PARTIES} trend figures, got {list(card)}")
    for st in D.STATES:
        rows = [v for v, _ in st.table]
        if rows != sorted(rows) or any(p > st.max_points for _, p in st.table):
            raise ValueError(f"game.json: the points table of {st.id} must ascend and stay within max_points")
    if sum(s.size == "large" for s in D.STATES) < 2 or sum(s.size == "small" for s in D.STATES) < 2 \
            or len(D.STATES) < 7:
        raise ValueError("game.json: needs at least 2 large and 2 small states, 7 in all (expanded game)")
    if len(D.RALLY_COST) != D.MAX_RALLIES + 1:
        raise ValueError(f"game.json: rally_cost needs a cost for 0 to {D.MAX_RALLIES} rallies")
    for v, marks in D.MEDIA_PRESENCE.items():
        if len(marks) < len(D.ELECTIONS[v]):
            raise ValueError(f"game.json: media_presence.{v} needs a value for each of its "
                             f"{len(D.ELECTIONS[v])} elections")


@dataclass(frozen=True, slots=True)
class Data(GameData):
    """The data the rules read, as one immutable object a state carries (``state.data``) and shares with its clones
    and samples: two states with different data play side by side in one process. Lists and dicts are read-only
    (:class:`hustings.engine.FrozenDict`, ``FrozenList``); :meth:`GameData.replace` makes a variant, and the
    default :data:`DATA` pickles by reference."""

    BONUS: dict[str, int]
    DONATIONS: list[Donation]
    DONATION_ROUNDS: tuple[int, ...]
    DOUBLE_MARKERS: int
    ELECTIONS: dict[str, list[tuple[int, int]]]
    ICON_AMOUNT: dict[str, int]
    INCOME_PER_BASE: int
    INCOME_PER_POINT: int
    INCOME_ROUNDS: dict[str, tuple[int, ...]]
    LAST_ROUND: dict[str, int]
    MAX_BID_K: int
    MAX_RALLIES: int
    MEDIA_COST: int
    MEDIA_MARKERS: dict[str, int]
    MEDIA_PRESENCE: dict[str, list[int]]
    MEDIA_REMOVE_PAYMENT: int
    MEDIA_SLOTS: int
    MONEY_RANK_POINTS: list[int]
    NUM_BOARDS: int
    NUM_ISSUES: int
    NUM_PARTIES: int
    NUM_TYPES: int
    OPINION_PER_ISSUE: tuple[int, int]
    POLITICIANS: list[Politician]
    POLLS: list[tuple[int, ...]]
    POLL_KEEP_BASE: int
    PROGRAM_PER_TYPE: int
    RALLY_COST: list[int]
    RALLY_CUBES: int
    SCHEMES: list[list[str]]
    START_BASE: int
    START_MONEY: int
    STATES: list[StateCard]
    TREND_MAX: int
    TREND_MIN: int

    def __reduce__(self) -> Any:
        if self is DATA:
            return (_default_data, ())
        return (Data, tuple(getattr(self, f.name) for f in fields(self)))


def _default_data() -> Data:
    return DATA


#: the printed game's data (every state's unless it is given other data)
DATA = Data(**{f.name: freeze(globals()[f.name]) for f in fields(Data)})
_validate_names()
validate(DATA)
