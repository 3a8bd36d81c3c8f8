"""The rules of 選舉之戰 for each phase, short, in English, Simplified and Traditional Chinese.

Condensed from docs/rules/election-war.md (seed 004 sections in brackets). The game's ``rules_help`` adapter is
:data:`RULES_HELP`: topic (a phase, as the view's ``phase`` names it) -> language -> text.
"""

from __future__ import annotations

from collections.abc import Mapping

# phase -> (en, zh-Hans, zh-Hant)
RULES: dict[str, tuple[str, str, str]] = {
    "declare": (
        "Declaring candidacy (2.)\n"
        "• Everyone at the same time places one role card face down on each row, top to bottom.\n"
        "• When nobody holds a role card, all cards are turned face up.",
        "表态参选（2.）\n• 所有玩家同时把角色卡面朝下放到每一行，由上到下。\n• 当所有玩家手中没有角色卡时，全部翻面。",
        "表態參選（2.）\n• 所有玩家同時把角色卡面朝下放到每一行，由上到下。\n• 當所有玩家手中沒有角色卡時，全部翻面。",
    ),
    "play": (
        "Campaign (3-1, 3-2)\n"
        "• You drew up to six news cards. Play them one at a time on a candidate of this round's row.\n"
        "• Wind check (note 1): the top news card's die must reach the target's level.\n"
        "• On success the target's owner may call a press conference (the same check) to clear the name;\n"
        "  otherwise the effect happens. A BOOM (爆) card ends your playing once carried out.",
        "竞选（3-1、3-2）\n• 已补满六张新闻卡。逐张对本轮这一行的候选人使用。\n"
        "• 风向判定（注1）：翻开牌库顶的新闻卡，点数大于或等于目标等级即成功。\n"
        "• 成功时目标的玩家可召开记者会（同样的判定）澄清；否则执行效果。「爆」的效果执行后停止使用新闻卡。",
        "競選（3-1、3-2）\n• 已補滿六張新聞卡。逐張對本輪這一行的候選人使用。\n"
        "• 風向判定（註1）：翻開牌庫頂的新聞卡，點數大於或等於目標等級即成功。\n"
        "• 成功時目標的玩家可召開記者會（同樣的判定）澄清；否則執行效果。「爆」的效果執行後停止使用新聞卡。",
    ),
    "press": (
        "Press conference (3-2)\n• A news card on your candidate passed its wind check. Call a press conference: a\n"
        "  wind check of your own; success clears the name. Decline, or fail, and the effect happens.",
        "记者会（3-2）\n• 对你候选人的新闻卡判定成功。召开记者会：再做一次风向判定，成功即澄清；\n"
        "  不召开或失败则执行效果。",
        "記者會（3-2）\n• 對你候選人的新聞卡判定成功。召開記者會：再做一次風向判定，成功即澄清；\n"
        "  不召開或失敗則執行效果。",
    ),
    "discard": (
        "Discard (3-3)\n• Discard the news cards you do not want, then keep the rest for the next rounds.",
        "舍弃（3-3）\n• 舍弃不想要的新闻卡，其余留到之后的回合。",
        "捨棄（3-3）\n• 捨棄不想要的新聞卡，其餘留到之後的回合。",
    ),
    "over": (
        "Count and end (4., note 2, 5.)\n"
        "• Each row: the strongest candidate still standing wins; equal strength in one party knocks all out,\n"
        "  across parties the lower vote share goes. The winner's owner takes the winner's card, and the council\n"
        "  card if the strength reaches the council's, else after a successful wind check.\n"
        "• One card, one vote. A sole top player wins; two share the win; three or more tied: everyone loses.",
        "开票与宣布当选（4.、注2、5.）\n"
        "• 每行：没有退选且战斗力最高者当选；同党同战斗力全部出局，不同党则得票率低者出局。当选人的玩家取得角色卡；"
        "战斗力达到议会者一并取得议员卡，否则风向判定成功才取得。\n"
        "• 一张卡一票。最高票者独得「鬼岛之王」；两人同票共同获胜；三人以上同票全部落败。",
        "開票與宣佈當選（4.、註2、5.）\n"
        "• 每行：沒有退選且戰鬥力最高者當選；同黨同戰鬥力全部出局，不同黨則得票率低者出局。當選人的玩家取得角色卡；"
        "戰鬥力達到議會者一併取得議員卡，否則風向判定成功才取得。\n"
        "• 一張卡一票。最高票者獨得「鬼島之王」；兩人同票同時獲勝；三人以上同票全部輸掉。",
    ),
}

_INDEX = {"en": 0, "zh-Hans": 1, "zh-Hant": 2}

#: the ``rules_help`` adapter: topic -> language -> text
RULES_HELP: Mapping[str, Mapping[str, str]] = {
    phase: {lang: texts[i] for lang, i in _INDEX.items()} for phase, texts in RULES.items()
}
