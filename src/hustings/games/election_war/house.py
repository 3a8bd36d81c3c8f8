"""House rules of 選舉之戰 (issue 29): what a group may change, with bounds, and how a variant's data is derived
and checked (:mod:`hustings.engine.house`). None of them changes the action space: actions name card designs,
seats and rows, and these settings change only numbers on the cards and in the count. The tie rule changes what
the RL adapter tells learners (whether everyone may lose), so learners refuse that one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hustings.engine.basics import JSON
from hustings.engine.events import freeze
from hustings.engine.house import HouseRules, Setting
from hustings.games.election_war.data import (
    DATA,
    DISTRICTS,
    MAX_PLAYERS,
    NEWS,
    ROLES,
    Data,
    city_name,
    news_name,
    role_name,
    validate,
)

_NEWS_IDS = tuple(c.id for c in NEWS)
_ROLE_IDS = tuple(r.id for r in ROLES)
_DISTRICT_IDS = tuple(d.id for d in DISTRICTS)


def _words(en: str, hans: str, hant: str) -> dict[str, str]:
    return {"en": en, "zh-Hans": hans, "zh-Hant": hant}


SETTINGS: tuple[Setting, ...] = (
    Setting("all_lose_if_tied", "int", _words(
        "how many players tied for the most votes make everyone lose (16: never)",
        "最高票并列达到几人时全体落败（16：永不）",
        "最高票並列達到幾人時全體落敗（16：永不）"),
        # the RL adapter tells learners from the printed value whether everyone may lose (adapters/rl.py)
        target="ALL_LOSE_IF_TIED", minimum=2, maximum=MAX_PLAYERS + 1, changes_encoding=True),
    Setting("hand_size", "int", _words(
        "news cards a hand holds after drawing",
        "抽牌后手中新闻卡的张数",
        "抽牌後手中新聞卡的張數"),
        target="HAND_SIZE", minimum=1, maximum=12),
    Setting("news.<id>.amount", "int", _words(
        "news card <id>: how much its effect adds or takes (draw and discard at least 1)",
        "新闻卡 <id>：效果增减的数值（抽牌与弃牌至少 1）",
        "新聞卡 <id>：效果增減的數值（抽牌與棄牌至少 1）"),
        target="NEWS.<id>.amount", ids=_NEWS_IDS, minimum=-6, maximum=6),
    Setting("news.<id>.die", "int", _words(
        "news card <id>: its die face (the level it reaches)",
        "新闻卡 <id>：骰面（达到的等级）",
        "新聞卡 <id>：骰面（達到的等級）"),
        target="NEWS.<id>.die", ids=_NEWS_IDS, minimum=1, maximum=6),
    Setting("news.<id>.count", "int", _words(
        "news card <id>: copies in the deck",
        "新闻卡 <id>：牌堆中的张数",
        "新聞卡 <id>：牌堆中的張數"),
        target="NEWS.<id>.count", ids=_NEWS_IDS, minimum=1, maximum=20),
    Setting("roles.<id>.level", "int", _words(
        "role card <id>: its level",
        "角色卡 <id>：等级",
        "角色卡 <id>：等級"),
        target="ROLES.<id>.level", ids=_ROLE_IDS, minimum=1, maximum=6),
    Setting("roles.<id>.strength", "int", _words(
        "role card <id>: its strength",
        "角色卡 <id>：实力",
        "角色卡 <id>：實力"),
        target="ROLES.<id>.strength", ids=_ROLE_IDS, minimum=0, maximum=30),
    Setting("roles.<id>.vote_share", "int", _words(
        "role card <id>: its vote share in tenths of a percent (shares must differ)",
        "角色卡 <id>：得票率，以千分之一计（各卡须不同）",
        "角色卡 <id>：得票率，以千分之一計（各卡須不同）"),
        target="ROLES.<id>.vote_share", ids=_ROLE_IDS, minimum=1, maximum=1000),
    Setting("districts.<id>.council", "int", _words(
        "district card <id>: the council strength a winner needs to take it without a check",
        "议员卡 <id>：当选者免检定取得所需的议会实力",
        "議員卡 <id>：當選者免檢定取得所需的議會實力"),
        target="DISTRICTS.<id>.council", ids=_DISTRICT_IDS, minimum=0, maximum=30),
    Setting("mini", "bool", _words(
        "the small two-player game for exact tools",
        "供精确工具用的双人小局",
        "供精確工具用的雙人小局"),
        option="mini", default=False),
)


def finish(d: Data) -> Data:
    """Recompute what the rules read from the cards in a faster form (the deck, die faces, stop flags)."""
    news = d.NEWS
    return d.replace(
        NEWS_DIE=tuple(c.die for c in news),
        NEWS_STOPS=tuple(c.stops for c in news),
        NEWS_DECK=freeze([c.index for c in news for _ in range(c.count)]),
    )


def check(d: Data, players: int, variant: str, options: Mapping[str, JSON]) -> None:
    """The variant must keep every shape the rules rely on at this many players (data.validate)."""
    try:
        validate(d, players)
    except ValueError as e:
        raise ValueError(f"these house rules cannot be played: {str(e).removeprefix('election-war ')}") from None


def _printed() -> Any:
    return DATA


def name_of(path: str, ident: str, lang: str) -> str:
    """A card's name for people (never its id): news and role cards by name, a district by its city and number."""
    kind = path.partition(".")[0]
    if kind == "news":
        return news_name(_NEWS_IDS.index(ident), lang)
    if kind == "roles":
        return role_name(_ROLE_IDS.index(ident), lang)
    d = DISTRICTS[_DISTRICT_IDS.index(ident)]
    return f"{city_name(d.city, lang)} {ident.rpartition('_')[2]}"


HOUSE = HouseRules("election-war", SETTINGS, _printed, finish, check, name_of)

__all__ = ["HOUSE", "SETTINGS", "check", "finish", "name_of"]
