"""House rules of Die Macher classic (issue 29): what a group may change, with bounds, and how a variant's data is
checked (:mod:`hustings.engine.house`). The four options where seeds 001 and 003 differ are house rules by the
same paths (``money_rounds=all_but_last``). The number of rounds changes what the RL encoder's fixed layout
assumes (a one-hot round, seats per round), so learners refuse it; nothing here changes the action space itself."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hustings.engine.basics import JSON
from hustings.engine.house import HouseRules, Setting
from hustings.games.die_macher.data import (
    CABINET,
    DATA,
    DONATIONS,
    MEDIA_POINTS,
    NATIONAL_POINTS,
    Data,
    cabinet_name,
    validate,
)
from hustings.games.die_macher.options import OPTIONS

_CABINET_KEYS = tuple(c.key for c in CABINET)
_DONATION_IDS = tuple(str(d.index) for d in DONATIONS)


def _words(en: str, de: str, hans: str, hant: str) -> dict[str, str]:
    return {"en": en, "de": de, "zh-Hans": hans, "zh-Hant": hant}



#: the options where seeds 001 and 003 differ (options.py), in a line each
_OPTION_WORDS: dict[str, dict[str, str]] = {
    "money_rounds": _words(
        "after which rounds money comes: all_but_last_two (seed 003) or all_but_last (seed 001)",
        "nach welchen Runden Geld kommt: all_but_last_two (Seed 003) oder all_but_last (Seed 001)",
        "哪些回合后发钱：all_but_last_two（种子 003）或 all_but_last（种子 001）",
        "哪些回合後發錢：all_but_last_two（種子 003）或 all_but_last（種子 001）"),
    "secret_poll": _words(
        "a secret poll's special dice: split (seed 001) or members (seed 003)",
        "Sonderwürfel einer geheimen Umfrage: split (Seed 001) oder members (Seed 003)",
        "秘密民调的特殊骰：split（种子 001）或 members（种子 003）",
        "秘密民調的特殊骰：split（種子 001）或 members（種子 003）"),
    "member_score": _words(
        "members at the end: count_and_bonus (a point a member and the bonus) or bonus (the bonus only)",
        "Mitglieder am Ende: count_and_bonus (ein Punkt je Mitglied und Bonus) oder bonus (nur der Bonus)",
        "终局党员：count_and_bonus（每名党员一分加奖励）或 bonus（只有奖励）",
        "終局黨員：count_and_bonus（每名黨員一分加獎勵）或 bonus（只有獎勵）"),
    "donations": _words(
        "when donations come: after_setup (seed 001) or before_setup (seed 003)",
        "wann Spenden kommen: after_setup (Seed 001) oder before_setup (Seed 003)",
        "捐款时机：after_setup（种子 001）或 before_setup（种子 003）",
        "捐款時機：after_setup（種子 001）或 before_setup（種子 003）"),
}

SETTINGS: tuple[Setting, ...] = (
    Setting("rounds.full", "int", _words(
        "rounds (elections) of the full game", "Runden (Wahlen) des vollen Spiels",
        "完整版的回合（选举）数", "完整版的回合（選舉）數"),
        target="ROUNDS.full", minimum=3, maximum=len(MEDIA_POINTS), changes_encoding=True),
    Setting("rounds.short", "int", _words(
        "rounds (elections) of the short game", "Runden (Wahlen) des kurzen Spiels",
        "短版的回合（选举）数", "短版的回合（選舉）數"),
        target="ROUNDS.short", minimum=3, maximum=len(MEDIA_POINTS), changes_encoding=True),
    Setting("start_money", "int", _words(
        "money each party starts with", "Startgeld jeder Partei", "各党派的起始资金", "各黨派的起始資金"),
        target="START_MONEY", maximum=100_000, minimum=0, step=1000),
    Setting("start_members", "int", _words(
        "party members each party starts with", "Parteimitglieder zu Beginn", "各党派的起始党员数",
        "各黨派的起始黨員數"),
        target="START_MEMBERS", minimum=0, maximum=30),
    Setting("income_per_seat", "int", _words(
        "income per seat won", "Einkommen je gewonnenem Sitz", "每个议席的收入", "每個議席的收入"),
        target="INCOME_PER_SEAT", maximum=10_000, minimum=0, step=1000),
    Setting("income_per_member", "int", _words(
        "income per party member", "Einkommen je Parteimitglied", "每名党员的收入", "每名黨員的收入"),
        target="INCOME_PER_MEMBER", maximum=10_000, minimum=0, step=1000),
    Setting("media_cost", "int", _words(
        "cost of a media cube", "Kosten eines Medienwürfels", "媒体方块的费用", "媒體方塊的費用"),
        target="MEDIA_COST", maximum=20_000, minimum=0, step=1000),
    Setting("rally_cost", "int", _words(
        "cost of a rally", "Kosten einer Kundgebung", "集会的费用", "集會的費用"),
        target="RALLY_COST", maximum=10_000, minimum=1000, step=1000),  # money // cost: rallies affordable
    Setting("cabinet_media_payment", "int", _words(
        "what a cabinet card's media action pays", "Zahlung der Medienaktion einer Schattenkabinettskarte",
        "影子内阁卡媒体行动的支付", "影子內閣卡媒體行動的支付"),
        target="CABINET_MEDIA_PAYMENT", maximum=20_000, minimum=0, step=1000),
    Setting("members_bonus", "ints", _words(
        "end bonus for the most and second most members", "Schlussbonus für die meisten und zweitmeisten Mitglieder",
        "党员最多与次多者的终局奖励", "黨員最多與次多者的終局獎勵"),
        target="MEMBERS_BONUS", minimum=0, maximum=50, min_items=2, max_items=2),
    Setting("secured_bonus", "int", _words(
        "bonus points of a secured national opinion", "Bonuspunkte einer gesicherten Bundesmeinung",
        "确保的全国民意的奖励分", "確保的全國民意的獎勵分"),
        target="SECURED_BONUS", minimum=0, maximum=30),
    Setting("media_points", "ints", _words(
        "points of national media per election", "Punkte der Bundesmedien je Wahl", "每次选举全国媒体的分数",
        "每次選舉全國媒體的分數"),
        target="MEDIA_POINTS", minimum=0, maximum=100, min_items=len(MEDIA_POINTS), max_items=len(MEDIA_POINTS)),
    Setting("national_points", "ints", _words(
        "points of the national opinion slots", "Punkte der Bundesmeinungsfelder", "全国民意格的分数",
        "全國民意格的分數"),
        target="NATIONAL_POINTS", minimum=0, maximum=50, min_items=len(NATIONAL_POINTS),
        max_items=len(NATIONAL_POINTS)),
    Setting("convert_minimum", "int", _words(
        "fewest media cubes a conversion needs", "Mindestzahl Medienwürfel einer Umwandlung", "转换所需最少媒体方块",
        "轉換所需最少媒體方塊"),
        target="CONVERT_MINIMUM", minimum=1, maximum=20),
    Setting("cabinet.<id>.cost", "int", _words(
        "cabinet card <id>: its cost", "Schattenkabinettskarte <id>: ihre Kosten", "影子内阁卡 <id>：费用",
        "影子內閣卡 <id>：費用"),
        target="CABINET.<id>.cost", ids=_CABINET_KEYS, maximum=100_000, minimum=0, step=1000),
    Setting("donations.<id>.amount", "int", _words(
        "donation card <id>: its amount", "Spendenkarte <id>: ihr Betrag", "捐款卡 <id>：金额", "捐款卡 <id>：金額"),
        target="DONATIONS.<id>.amount", ids=_DONATION_IDS, maximum=100_000, minimum=0, step=1000),
    *(Setting(name, "choice", _OPTION_WORDS[name], option=name, default=opt.default, choices=opt.values)
      for name, opt in OPTIONS.items()),
)


def check(d: Data, players: int, variant: str, options: Mapping[str, JSON]) -> None:
    """The variant must keep every shape the rules rely on (data.validate): enough state cards and media points
    for the rounds."""
    try:
        validate(d)
    except ValueError as e:
        raise ValueError(f"these house rules cannot be played: {str(e).removeprefix('game.json: ')}") from None


def _printed() -> Any:
    return DATA


def name_of(path: str, ident: str, lang: str) -> str:
    """A card's name for people: a cabinet card by its name, a donation card by its amount."""
    if path.startswith("cabinet."):
        return cabinet_name(_CABINET_KEYS.index(ident), lang)
    return f"{DONATIONS[int(ident)].amount:,}"


HOUSE = HouseRules("die-macher", SETTINGS, _printed, check=check, name_of=name_of)

__all__ = ["HOUSE", "SETTINGS", "check", "name_of"]
