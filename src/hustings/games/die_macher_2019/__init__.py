"""Die Macher, Spielworxx 2019 edition (seed 000): standard game (4 elections) and expanded (7)."""

from hustings.engine import GameSpec
from hustings.games.die_macher_2019.actions import SPACE
from hustings.games.die_macher_2019.data import PARTIES
from hustings.games.die_macher_2019.rules import DieMacher2019

#: bump when the same (options, seed, actions) could play out differently (rules, data or generator)
RULES_VERSION = "2"


def _make(players: int, variant: str, seed: int) -> DieMacher2019:
    return DieMacher2019(players=players, variant=variant, seed=seed)


SPEC = GameSpec(
    id="die-macher-2019",
    title={"en": "Die Macher (2019)", "zh-Hans": "德国大选（2019版）", "zh-Hant": "德國大選（2019版）",
           "de": "Die Macher (2019)"},
    factory=_make,
    variants=("standard", "expanded"),
    min_players=3,
    max_players=5,
    default_variant="standard",
    sides=[{k: v for k, v in party.items() if k != "color"} for party in PARTIES],
    score_labels={
        "election_points": {"en": "elections", "zh-Hans": "选举得分", "zh-Hant": "選舉得分", "de": "Wahlen"},
        "election_bonus": {"en": "bonus", "zh-Hans": "获胜奖励", "zh-Hant": "獲勝獎勵", "de": "Bonus"},
        "media_presence": {"en": "media", "zh-Hans": "媒体存在", "zh-Hant": "媒體存在", "de": "Medien"},
        "party_base": {"en": "party base", "zh-Hans": "党派基础", "zh-Hant": "黨派基礎", "de": "Parteibasis"},
        "money_rank": {"en": "money", "zh-Hans": "剩余资金", "zh-Hant": "剩餘資金", "de": "Geld"},
        "total": {"en": "total", "zh-Hans": "总分", "zh-Hant": "總分", "de": "Summe"},
    },
    rules_version=RULES_VERSION,
    space=SPACE,
    outcome="ranked",
    adapters={"schema": "hustings.games.die_macher_2019.schema:SCHEMA"},
)

__all__ = ["RULES_VERSION", "SPEC", "DieMacher2019"]
