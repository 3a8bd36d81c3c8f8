"""The rules of 逃出總統府 in short, in English, Simplified and Traditional Chinese (the ``rules_help`` adapter).

Condensed from docs/rules/palace-escape.md; seed 004 section 【單人遊戲步驟】 steps in brackets, rulings as R1….
One topic, ``rules``: the puzzle has one phase.
"""

from __future__ import annotations

from collections.abc import Mapping

_EN = (
    "Escape from the Presidential Palace (seed 004, solo game)\n"
    "• 3x3 grid: you are the President, dealt top left; 2 mayors, 3 legislators and 3 councillors fill the\n"
    "  other cells at random (step 1). Only deals that can be solved are dealt (R5).\n"
    "• A move swaps two cards side by side (up, down, left, right; never diagonally) whose ranks are\n"
    "  neighbours: President-Mayor, Mayor-Legislator, Legislator-Councillor (step 2, R1).\n"
    "• You win when the President reaches the bottom-right cell, Ketagalan Boulevard (step 3).\n"
    "• Hard mode: the protesters replace one councillor and swap only with councillors. If after any move\n"
    "  the President stands beside the protesters (sharing an edge), you are caught and lose (step 4, R2-R4).\n"
    "• Par is the shortest escape of the deal. Hints show the next move of a shortest escape; undo takes\n"
    "  back a move; both are counted (R8-R10). After 200 actions the protesters take the palace (R7)."
)

_HANT = (
    "逃出總統府（種子 004，單人遊戲）\n"
    "• 九宮格：你是總統，固定放在左上；二張市長、三張立委、三張議員隨機放在其餘位置（步驟1）。\n"
    "  只發有解的牌局（R5）。\n"
    "• 每一步交換兩張上下左右相鄰（不能斜走）且等級相鄰的卡：總統⇄市長、市長⇄立委、立委⇄議員（步驟2，R1）。\n"
    "• 總統移到右下角凱達格蘭大道即逃出成功（步驟3）。\n"
    "• 困難模式：鄉民卡取代一張議員卡，只能與議員交換。任何一步之後總統與鄉民並排（上下左右相鄰），\n"
    "  即被抓到，遊戲失敗（步驟4，R2-R4）。\n"
    "• 標準步數是這局的最短逃脫步數。提示顯示最短路線的下一步；悔棋收回一步；兩者都會計數（R8-R10）。\n"
    "  200 個行動之後鄉民佔領總統府（R7）。"
)

_HANS = (
    "逃出总统府（种子 004，单人游戏）\n"
    "• 九宫格：你是总统，固定放在左上；二张市长、三张立委、三张议员随机放在其余位置（步骤1）。\n"
    "  只发有解的牌局（R5）。\n"
    "• 每一步交换两张上下左右相邻（不能斜走）且等级相邻的卡：总统⇄市长、市长⇄立委、立委⇄议员（步骤2，R1）。\n"
    "• 总统移到右下角凯达格兰大道即逃出成功（步骤3）。\n"
    "• 困难模式：乡民卡取代一张议员卡，只能与议员交换。任何一步之后总统与乡民并排（上下左右相邻），\n"
    "  即被抓到，游戏失败（步骤4，R2-R4）。\n"
    "• 标准步数是这局的最短逃脱步数。提示显示最短路线的下一步；悔棋收回一步；两者都会计数（R8-R10）。\n"
    "  200 个行动之后乡民占领总统府（R7）。"
)

#: topic -> language -> text (the shell shows the topic of the view's phase, else all topics)
RULES_HELP: Mapping[str, Mapping[str, str]] = {"rules": {"en": _EN, "zh-Hans": _HANS, "zh-Hant": _HANT}}


def rules_text(lang: str) -> str:
    texts = RULES_HELP["rules"]
    return texts.get(lang, texts["en"])
