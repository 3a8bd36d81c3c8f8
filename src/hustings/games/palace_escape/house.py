"""House rules of 逃出總統府 (issue 29): the puzzle's options as house rules (:mod:`hustings.engine.house`). Its
grid, cards and cells define the deals the solver knows, so they stay as printed; the capture reading, the action
limit and the deal's difficulty may change. None of them changes the action space."""

from __future__ import annotations

from typing import Any

from hustings.engine.house import HouseRules, Setting
from hustings.games.palace_escape.data import DATA, MAX_ACTIONS
from hustings.games.palace_escape.solver import READINGS


def _words(en: str, hans: str, hant: str) -> dict[str, str]:
    return {"en": en, "zh-Hans": hans, "zh-Hant": hant}


SETTINGS: tuple[Setting, ...] = (
    Setting("capture", "choice", _words(
        "hard mode's capture rule: which swap that leaves the president beside the protester loses",
        "困难模式的抓捕规则：哪种让总统与抗议者相邻的交换会输",
        "困難模式的抓捕規則：哪種讓總統與抗議者相鄰的交換會輸"),
        option="capture", default=READINGS[0], choices=READINGS,
        choice_words={READINGS[0]: _words("only the president's own swap", "只有总统自己的交换", "只有總統自己的交換"),
                      READINGS[1]: _words("any swap", "任何交换", "任何交換")}),
    Setting("max_actions", "int", _words(
        "the game is lost after this many actions (swaps, hints, undos)",
        "超过这么多次行动（交换、提示、悔步）即告失败",
        "超過這麼多次行動（交換、提示、悔步）即告失敗"),
        option="max_actions", default=MAX_ACTIONS, minimum=1, maximum=100_000),
    Setting("difficulty", "int", _words(
        "the shortest escape of the deal, in moves (default: any deal)",
        "牌局的最短逃脱步数（默认：任意牌局）",
        "牌局的最短逃脫步數（預設：任意牌局）"),
        option="difficulty", default=None, minimum=1, maximum=40),
)


def _printed() -> Any:
    return DATA


HOUSE = HouseRules("palace-escape", SETTINGS, _printed)

__all__ = ["HOUSE", "SETTINGS"]
