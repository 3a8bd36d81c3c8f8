"""Card set of 選舉之戰 (seed 004), loaded once from ``data/*.json`` and checked at import.

Cards are small ints: a role card is its index in ``ROLES``, a district card its index in ``DISTRICTS``, a news
card its *design* index in ``NEWS`` (identical copies share a design, so hands and decks are lists of designs).
Names are not in the data: each card has an id whose words are in ``messages/<lang>.json`` (:data:`CATALOG`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from importlib import resources
from typing import Any

from hustings.engine.events import freeze
from hustings.engine.i18n import Catalog
from hustings.engine.kit import GameData

_PKG = "hustings.games.election_war"


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files(_PKG).joinpath(f"data/{name}").read_text("utf-8"))
    return data


_GAME = _load("game.json")
# the game's own words only: rules import nothing of hustings but the engine (interfaces chain the shared words)
CATALOG: Catalog = Catalog.from_package(_PKG, "words/messages")  # the words layer's catalog
NAME_LANGS: tuple[str, ...] = ("en", "zh-Hans", "zh-Hant")

ROWS: int = _GAME["rows"]
HAND_SIZE: int = _GAME["hand_size"]
DEAL: dict[str, int] = _GAME["deal"]
LEVEL_MIN: int = _GAME["level_min"]
LEVEL_MAX: int = _GAME["level_max"]
STRENGTH_MIN: int = _GAME["strength_min"]
ALL_LOSE_IF_TIED: int = _GAME["all_lose_if_tied"]
PARTIES: list[str] = _GAME["parties"]
CITIES: list[str] = _GAME["cities"]
FRAMES: list[str] = list(_GAME["frames"])
RANK_OF_FRAME: dict[str, str] = _GAME["frames"]
WINDS: list[str] = _GAME["winds"]
STOP_WIND: str = _GAME["stop_wind"]
MAX_PLAYERS = 15
MIN_PLAYERS = 2


@dataclass(frozen=True, slots=True)
class Role:
    index: int
    id: str
    frame: int  # index in FRAMES
    level: int
    strength: int
    party: int  # index in PARTIES
    vote_share: int  # tenths of a percent


@dataclass(frozen=True, slots=True)
class District:
    index: int
    id: str
    city: int  # index in CITIES
    council: int


@dataclass(frozen=True, slots=True)
class News:
    index: int
    id: str
    effect: str
    amount: int
    wind: int  # index in WINDS
    die: int
    count: int

    @property
    def stops(self) -> bool:
        """爆: carrying out this card's effect ends the playing (seed 004 3-2)."""
        return WINDS[self.wind] == STOP_WIND


ROLES: list[Role] = [
    Role(i, r["id"], FRAMES.index(r["frame"]), r["level"], r["strength"], PARTIES.index(r["party"]), r["vote_share"])
    for i, r in enumerate(_load("roles.json")["roles"])
]
DISTRICTS: list[District] = [
    District(i, d["id"], CITIES.index(d["city"]), d["council"])
    for i, d in enumerate(_load("districts.json")["districts"])
]
NEWS: list[News] = [
    News(i, c["id"], c["effect"], c["amount"], WINDS.index(c["wind"]), c["die"], c["count"])
    for i, c in enumerate(_load("news.json")["news"])
]
NUM_NEWS = len(NEWS)
# per design: its fields as plain tuples, for the hot path
NEWS_DIE: tuple[int, ...] = tuple(c.die for c in NEWS)
NEWS_STOPS: tuple[bool, ...] = tuple(c.stops for c in NEWS)
ROLES_BY_FRAME: list[list[int]] = [[r.index for r in ROLES if r.frame == f] for f in range(len(FRAMES))]
DEAL_BY_FRAME: list[int] = [DEAL[f] for f in FRAMES]
ROLES_PER_PLAYER = sum(DEAL_BY_FRAME)
NEWS_DECK: list[int] = [c.index for c in NEWS for _ in range(c.count)]

EFFECTS = frozenset({"withdraw", "strength", "level", "draw", "discard", "protect"})


@dataclass(frozen=True, slots=True)
class Mini:
    """The small two-player game for exact tools (option ``mini``, game.json "mini"): fixed districts, small role
    piles dealt by frame, a short news deck that is never reshuffled, small hands."""

    players: int
    districts: tuple[int, ...]  # the rows, top to bottom
    roles_by_frame: tuple[tuple[int, ...], ...]  # the role piles per frame
    deal_by_frame: tuple[int, ...]  # role cards per player per frame
    news: tuple[int, ...]  # the news deck (designs)
    hand_size: int

    @property
    def rows(self) -> int:
        return len(self.districts)


_MINI = _GAME["mini"]
MINI = Mini(
    players=_MINI["players"],
    districts=tuple(_MINI["districts"]),
    roles_by_frame=tuple(tuple(_MINI["roles"].get(f, ())) for f in FRAMES),
    deal_by_frame=tuple(_MINI["deal"][f] for f in FRAMES),
    news=tuple(_MINI["news"]),
    hand_size=_MINI["hand_size"],
)


def role_name(card: int, lang: str) -> str:
    return CATALOG.text(f"role.{ROLES[card].id}", lang)


def party_name(party: int, lang: str) -> str:
    return CATALOG.text(f"party.{PARTIES[party]}", lang)


def city_name(city: int, lang: str) -> str:
    return CATALOG.text(f"city.{CITIES[city]}", lang)


def news_name(design: int, lang: str) -> str:
    return CATALOG.text(f"news.{NEWS[design].id}", lang)


def rank_name(frame: int, lang: str) -> str:
    return CATALOG.text(f"rank.{RANK_OF_FRAME[FRAMES[frame]]}", lang)


def _validate_names() -> None:
    """Fail at import, naming the entry, when an edited data file names a card without words."""
    for kind, ids in (("party", PARTIES), ("city", CITIES), ("role", [r.id for r in ROLES]),
                      ("news", [c.id for c in NEWS])):
        for ident in ids:
            if not CATALOG.has(f"{kind}.{ident}", "en"):
                raise ValueError(f"election-war data: {kind} {ident!r} has no name {kind}.{ident} in messages/en.json")


def validate(D: Data, players: int = MAX_PLAYERS) -> None:
    """Raise ValueError naming the entry when data (the printed files at import, or a house-rules variant) breaks
    a shape the rules rely on, for games of up to ``players`` seats."""
    for kind, ids in (("role", [r.id for r in D.ROLES]), ("district", [d.id for d in D.DISTRICTS]),
                      ("news", [c.id for c in D.NEWS])):
        if len(set(ids)) != len(ids):
            raise ValueError(f"election-war data: two {kind} cards share an id")
    if D.ROWS != 6 or len(set(D.FRAMES)) != len(D.FRAMES) or len(D.DEAL_BY_FRAME) != len(D.FRAMES) \
            or sum(D.DEAL_BY_FRAME) != D.ROWS:
        raise ValueError("election-war game.json: six rows, and the deal per frame must add up to one card a row")
    for f, frame in enumerate(D.FRAMES):
        need = D.DEAL_BY_FRAME[f] * players
        if len(D.ROLES_BY_FRAME[f]) < need:
            raise ValueError(f"election-war roles.json: {players} players need {need} {frame} role cards")
    shares = [r.vote_share for r in D.ROLES]
    if len(set(shares)) != len(shares):
        raise ValueError("election-war roles.json: vote shares must differ (註2 breaks ties across parties by them)")
    for r in D.ROLES:
        if not (D.LEVEL_MIN <= r.level <= D.LEVEL_MAX) or r.strength < D.STRENGTH_MIN:
            raise ValueError(f"election-war roles.json: {r.id} has a level outside {D.LEVEL_MIN}..{D.LEVEL_MAX} or "
                             "a negative strength")
    cities = {d.city for d in D.DISTRICTS}
    if len(cities) < D.ROWS:
        raise ValueError(f"election-war districts.json: needs district cards of at least {D.ROWS} different cities")
    for c in D.NEWS:
        if c.effect not in EFFECTS:
            raise ValueError(f"election-war news.json: {c.id} has unknown effect {c.effect!r}")
        if c.count < 1 or not (1 <= c.die <= D.LEVEL_MAX):
            raise ValueError(f"election-war news.json: {c.id} needs a count of at least 1 and a die of "
                             f"1..{D.LEVEL_MAX}")
        if c.effect in ("draw", "discard") and c.amount < 1:
            raise ValueError(f"election-war news.json: {c.id} ({c.effect}) needs an amount of at least 1")
    m = D.MINI
    if sum(m.deal_by_frame) != m.rows or len({D.DISTRICTS[d].city for d in m.districts}) != m.rows:
        raise ValueError("election-war game.json mini: one role card a row, districts of different cities")
    for f, pile in enumerate(m.roles_by_frame):
        if any(D.ROLES[c].frame != f for c in pile) or len(pile) < m.deal_by_frame[f] * m.players:
            raise ValueError(f"election-war game.json mini: the {D.FRAMES[f]} pile needs enough {D.FRAMES[f]} role "
                             "cards")
    if any(D.NEWS[t].effect == "discard" for t in m.news):
        raise ValueError("election-war game.json mini: no discard effects (their random pick would be chance "
                         "beyond the deal)")
    # hands hold at most HAND_SIZE after drawing; the deck must outlast every hand being full
    if len(D.NEWS_DECK) <= D.HAND_SIZE * players:
        raise ValueError(f"election-war news.json: {players} full hands need more than "
                         f"{D.HAND_SIZE * players} news cards")


@dataclass(frozen=True, slots=True)
class Data(GameData):
    """The data the rules read, as one immutable object a state carries (``state.data``) and shares with its clones
    and samples: two states with different data play side by side in one process. Lists and dicts are read-only
    (:class:`hustings.engine.FrozenDict`, ``FrozenList``); :meth:`GameData.replace` makes a variant (derived fields,
    ``NEWS_DIE`` and the like, are the variant's to keep consistent), and the default :data:`DATA` pickles by
    reference. Names, words and the action space's shape stay module constants: they are not rules."""

    ALL_LOSE_IF_TIED: int
    DEAL_BY_FRAME: list[int]
    DISTRICTS: list[District]
    FRAMES: list[str]
    HAND_SIZE: int
    LEVEL_MAX: int
    LEVEL_MIN: int
    MINI: Mini
    NEWS: list[News]
    NEWS_DECK: list[int]
    NEWS_DIE: tuple[int, ...]
    NEWS_STOPS: tuple[bool, ...]
    ROLES: list[Role]
    ROLES_BY_FRAME: list[list[int]]
    ROWS: int
    STRENGTH_MIN: int

    def __reduce__(self) -> Any:
        if self is DATA:
            return (_default_data, ())
        return (Data, tuple(getattr(self, f.name) for f in fields(self)))


def _default_data() -> Data:
    return DATA


#: the printed game's data (every state's unless it is given other data)
DATA = Data(**{f.name: freeze(globals()[f.name]) for f in fields(Data)})
if set(DEAL) != set(FRAMES):
    raise ValueError("election-war game.json: the deal names each frame once")
_validate_names()
validate(DATA)
