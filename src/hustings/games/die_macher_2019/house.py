"""House rules of Die Macher 2019 (issue 29): what a group may change, with bounds, and how a variant's data is
checked (:mod:`hustings.engine.house`). The card values the project had to design (docs/data/die-macher-2019.md)
are here for owners of the printed game to correct: politicians' costs, the election bonuses, media presence,
income and money. None of them changes the action space or the RL encoder's layout."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hustings.engine.basics import JSON
from hustings.engine.house import HouseRules, Setting
from hustings.games.die_macher_2019.data import (
    DATA,
    DONATIONS,
    MAX_RALLIES,
    MEDIA_PRESENCE,
    MONEY_RANK_POINTS,
    POLITICIANS,
    Data,
    politician_name,
    validate,
)

_POLITICIANS = tuple(p.key for p in POLITICIANS)
_DONATION_IDS = tuple(str(i) for i in range(len(DONATIONS)))


def _words(en: str, de: str, hans: str, hant: str) -> dict[str, str]:
    return {"en": en, "de": de, "zh-Hans": hans, "zh-Hant": hant}


def _money(path: str, target: str, maximum: int, words: dict[str, str], ids: tuple[str, ...] = ()) -> Setting:
    return Setting(path, "int", words, target=target, minimum=0, maximum=maximum, step=1000, ids=ids)


def _bonus(key: str, minimum: int, maximum: int, words: dict[str, str]) -> Setting:
    return Setting(f"bonus.{key}", "int", words, target=f"BONUS.{key}", minimum=minimum, maximum=maximum)


SETTINGS: tuple[Setting, ...] = (
    _money("start_money", "START_MONEY", 200_000, _words(
        "money each party starts with", "Startgeld jeder Partei", "各党派的起始资金", "各黨派的起始資金")),
    Setting("start_base", "int", _words(
        "party base each party starts with", "Parteibasis zu Beginn", "各党派的起始基本盘", "各黨派的起始基本盤"),
        target="START_BASE", minimum=0, maximum=30),
    Setting("rally_cubes", "int", _words(
        "rally cubes each party has", "Kundgebungswürfel jeder Partei", "各党派的集会方块数", "各黨派的集會方塊數"),
        target="RALLY_CUBES", minimum=1, maximum=40),
    Setting("media_markers.standard", "int", _words(
        "media markers of a party (standard game)", "Medienmarker einer Partei (Standardspiel)",
        "党派的媒体标记数（标准版）", "黨派的媒體標記數（標準版）"),
        target="MEDIA_MARKERS.standard", minimum=0, maximum=10),
    Setting("media_markers.expanded", "int", _words(
        "media markers of a party (expanded game)", "Medienmarker einer Partei (erweitertes Spiel)",
        "党派的媒体标记数（扩充版）", "黨派的媒體標記數（擴充版）"),
        target="MEDIA_MARKERS.expanded", minimum=0, maximum=10),
    _money("media_cost", "MEDIA_COST", 30_000, _words(
        "cost of a media marker", "Kosten eines Medienmarkers", "媒体标记的费用", "媒體標記的費用")),
    Setting("rally_cost", "ints", _words(
        "cost of 0, 1, 2, ... rallies in a state", "Kosten von 0, 1, 2, ... Kundgebungen in einem Land",
        "在一州举行 0、1、2……场集会的费用", "在一州舉行 0、1、2……場集會的費用"),
        target="RALLY_COST", minimum=0, maximum=100_000, step=1000, min_items=MAX_RALLIES + 1,
        max_items=MAX_RALLIES + 1),
    Setting("double_markers", "int", _words(
        "double markers in the supply", "Verdopplungsmarker im Vorrat", "供应区的加倍标记数", "供應區的加倍標記數"),
        target="DOUBLE_MARKERS", minimum=0, maximum=10),
    Setting("poll_keep_base", "int", _words(
        "party base gained by keeping a poll", "Parteibasis für das Behalten einer Umfrage", "保留民调获得的基本盘",
        "保留民調獲得的基本盤"),
        target="POLL_KEEP_BASE", minimum=0, maximum=10),
    _bonus("single_majority", 0, 50, _words(
        "election bonus of a single party's majority", "Wahlbonus der absoluten Mehrheit einer Partei",
        "单一党派过半的选举奖励", "單一黨派過半的選舉獎勵")),
    _bonus("multi_majority", 0, 50, _words(
        "election bonus of a shared majority", "Wahlbonus einer geteilten Mehrheit", "共同过半的选举奖励",
        "共同過半的選舉獎勵")),
    _bonus("coalition", 0, 50, _words(
        "election bonus of a coalition partner", "Wahlbonus eines Koalitionspartners", "联合执政伙伴的选举奖励",
        "聯合執政夥伴的選舉獎勵")),
    _bonus("plurality", 0, 50, _words(
        "election bonus of the most votes without a majority", "Wahlbonus der meisten Stimmen ohne Mehrheit",
        "未过半的最高票选举奖励", "未過半的最高票選舉獎勵")),
    _bonus("majority_votes", 1, 100, _words(
        "votes a majority needs", "Stimmen für eine Mehrheit", "过半所需票数", "過半所需票數")),
    _bonus("min_votes_for_points", 0, 50, _words(
        "fewest votes that score a state's points", "Mindeststimmen für die Punkte eines Landes",
        "取得州分数所需最少票数", "取得州分數所需最少票數")),
    Setting("money_rank_points", "ints", _words(
        "end points for the most and second most money", "Schlusspunkte für das meiste und zweitmeiste Geld",
        "资金最多与次多者的终局分", "資金最多與次多者的終局分"),
        target="MONEY_RANK_POINTS", minimum=0, maximum=30, min_items=len(MONEY_RANK_POINTS),
        max_items=len(MONEY_RANK_POINTS)),
    Setting("media_presence.standard", "ints", _words(
        "points of the media-presence spaces (standard game)", "Punkte der Medienpräsenzfelder (Standardspiel)",
        "媒体曝光格的分数（标准版）", "媒體曝光格的分數（標準版）"),
        target="MEDIA_PRESENCE.standard", minimum=0, maximum=30, min_items=len(MEDIA_PRESENCE["standard"]),
        max_items=len(MEDIA_PRESENCE["standard"])),
    Setting("media_presence.expanded", "ints", _words(
        "points of the media-presence spaces (expanded game)", "Punkte der Medienpräsenzfelder (erweitertes Spiel)",
        "媒体曝光格的分数（扩充版）", "媒體曝光格的分數（擴充版）"),
        target="MEDIA_PRESENCE.expanded", minimum=0, maximum=30, min_items=len(MEDIA_PRESENCE["expanded"]),
        max_items=len(MEDIA_PRESENCE["expanded"])),
    _money("media_remove_payment", "MEDIA_REMOVE_PAYMENT", 30_000, _words(
        "what removing another party's media marker pays it", "Zahlung für das Entfernen eines fremden Medienmarkers",
        "移除他党媒体标记付给对方的金额", "移除他黨媒體標記付給對方的金額")),
    _money("income.per_point", "INCOME_PER_POINT", 10_000, _words(
        "income per point won in the round", "Einkommen je in der Runde gewonnenem Punkt", "本回合每得一分的收入",
        "本回合每得一分的收入")),
    _money("income.per_base", "INCOME_PER_BASE", 10_000, _words(
        "income per party base", "Einkommen je Parteibasis", "每点基本盘的收入", "每點基本盤的收入")),
    _money("politicians.<id>.cost", "POLITICIANS.<id>.cost", 50_000, _words(
        "politician <id>: cost", "Politiker <id>: Kosten", "政治人物 <id>：费用", "政治人物 <id>：費用"),
        ids=_POLITICIANS),
    _money("donations.<id>.amount", "DONATIONS.<id>.amount", 100_000, _words(
        "donation <id>: amount", "Spende <id>: Betrag", "捐款 <id>：金额", "捐款 <id>：金額"), ids=_DONATION_IDS),
    Setting("states.<id>.max_points", "int", _words(
        "state <id>: its most points (also picks the start board)", "Land <id>: Höchstpunkte (wählt auch das "
        "Startbrett)", "州 <id>：最高分（也决定起始板块）", "州 <id>：最高分（也決定起始板塊）"),
        target="STATES.<id>.max_points", ids=tuple(s.id for s in DATA.STATES), minimum=0, maximum=60),
)


def check(d: Data, players: int, variant: str, options: Mapping[str, JSON]) -> None:
    """The variant must keep every shape the rules rely on (data.validate): a state's table within its most
    points, bonuses that make sense."""
    try:
        validate(d)
    except ValueError as e:
        raise ValueError(f"these house rules cannot be played: {str(e).removeprefix('game.json: ')}") from None
    b = d.BONUS
    if b["min_votes_for_points"] > b["majority_votes"]:
        raise ValueError("these house rules cannot be played: bonus.min_votes_for_points must not exceed "
                         "bonus.majority_votes")


def _printed() -> Any:
    return DATA


def name_of(path: str, ident: str, lang: str) -> str:
    """What an id stands for, for people: a politician or a state by name, a donation by its amount."""
    if path.startswith("politicians."):
        return politician_name(_POLITICIANS.index(ident), lang)
    if path.startswith("states."):
        return next(s for s in DATA.STATES if s.id == ident).names.get(lang) or ident
    return f"{DONATIONS[int(ident)].amount:,}"


HOUSE = HouseRules("die-macher-2019", SETTINGS, _printed, check=check, name_of=name_of)

__all__ = ["HOUSE", "SETTINGS", "check", "name_of"]
