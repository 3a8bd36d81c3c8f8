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



#: the options where seeds 001 and 003 differ (options.py), in a line each, and their choices in words (people read
#: these; the choices' ids are what --set writes)
_OPTION_WORDS: dict[str, dict[str, str]] = {
    "money_rounds": _words(
        "after which rounds income and donations come",
        "nach welchen Runden Einkommen und Spenden kommen",
        "哪些回合后发放收入与捐款",
        "哪些回合後發放收入與捐款"),
    "secret_poll": _words(
        "where a secret poll's two special dice go",
        "wohin die zwei Sonderwürfel einer geheimen Umfrage gehen",
        "秘密民调的两颗特殊骰放到哪里",
        "秘密民調的兩顆特殊骰放到哪裡"),
    "member_score": _words(
        "what party members score at the end",
        "was Parteimitglieder am Ende zählen",
        "终局时党员如何计分",
        "終局時黨員如何計分"),
    "donations": _words(
        "when donations come",
        "wann Spenden kommen",
        "捐款何时发放",
        "捐款何時發放"),
}

_CHOICE_WORDS: dict[str, dict[str, dict[str, str]]] = {
    "money_rounds": {
        "all_but_last_two": _words("after every round but the last two", "nach jeder Runde außer den letzten zwei",
                                   "除最后两回合外的每回合之后", "除最後兩回合外的每回合之後"),
        "all_but_last": _words("after every round but the last", "nach jeder Runde außer der letzten",
                               "除最后一回合外的每回合之后", "除最後一回合外的每回合之後"),
    },
    "secret_poll": {
        "split": _words("shared between popularity and members", "geteilt zwischen Beliebtheit und Mitgliedern",
                        "分给声望与党员", "分給聲望與黨員"),
        "members": _words("all to members", "alle zu den Mitgliedern", "全部给党员", "全部給黨員"),
    },
    "member_score": {
        "count_and_bonus": _words("a point a member and the bonus", "ein Punkt je Mitglied und der Bonus",
                                  "每名党员一分加奖励", "每名黨員一分加獎勵"),
        "bonus": _words("the bonus only", "nur der Bonus", "只有奖励", "只有獎勵"),
    },
    "donations": {
        "after_setup": _words("after the next round is set up", "nachdem die nächste Runde aufgebaut ist",
                              "下一回合布置好之后", "下一回合布置好之後"),
        "before_setup": _words("before the next round is set up", "bevor die nächste Runde aufgebaut ist",
                               "下一回合布置之前", "下一回合布置之前"),
    },
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
    *(Setting(name, "choice", _OPTION_WORDS[name], option=name, default=opt.default, choices=opt.values,
              choice_words=_CHOICE_WORDS[name])
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
