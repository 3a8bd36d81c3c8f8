"""The rules of Die Macher classic for each phase, short, in English, Simplified and Traditional Chinese.

Condensed from docs/rules/die-macher.md (seed 001 sections in brackets; rulings R-n in rulings.md); amounts
in DM. The ``rules_help`` adapter is :data:`RULES_HELP`: topic (a phase, as the view's ``phase`` names it)
-> language -> text.
"""

from __future__ import annotations

from collections.abc import Mapping

# phase -> (en, zh-Hans, zh-Hant)
RULES: dict[str, tuple[str, str, str]] = {
    "sheet": (
        "Starting sheet (§遊戲流程 1)\n• Secretly choose one combination from column 1 and one from column 2,\n"
        "  with the boards they apply to; all sheets are revealed together.",
        "起始状态表（§遊戲流程 1）\n• 秘密选择第一栏与第二栏各一个组合及其适用的选区；所有人一起公开。",
        "起始狀態表（§遊戲流程 1）\n• 秘密選擇第一欄與第二欄各一個組合及其適用的選區；所有人一起公開。",
    ),
    "bid": (
        "Start-player bid (2.i)\n• Secret bids; the highest pays and names the start player. Ties bid again\n"
        "  (not lower), then a die. All zero: a die, nobody pays.",
        "竞标起始玩家（2.i）\n• 秘密出价；最高者付款并指定起始玩家。平手者再标（不得更低），\n"
        "  仍平手则掷骰。全为0：掷骰，无人付款。",
        "競標起始玩家（2.i）\n• 秘密出價；最高者付款並指定起始玩家。平手者再標（不得更低），\n"
        "  仍平手則擲骰。全為0：擲骰，無人付款。",
    ),
    "platform": (
        "Platform meeting (2.ii)\n• Discard up to 3 hidden cards, draw back to 3, then replace at most one\n"
        "  public card; the 5 public cards keep 5 different issues.",
        "政见会议（2.ii）\n• 弃掉至多3张手牌，补到3张，再最多更换1张公开政见；5张公开政见议题各不相同。",
        "政見會議（2.ii）\n• 棄掉至多3張手牌，補到3張，再最多更換1張公開政見；5張公開政見議題各不相同。",
    ),
    "cab_place": (
        "Shadow cabinet (2.iii)\n• In turn, place cards face down, at most one per board; they are revealed\n"
        "  and paid together, then each gives one action. A telephone places a coalition tile.",
        "影子内阁（2.iii）\n• 轮流盖放，每个选区至多一张；一起翻开并付款，每张执行一个行动。电话符号放置同盟小卡。",
        "影子內閣（2.iii）\n• 輪流蓋放，每個選區至多一張；一起翻開並付款，每張執行一個行動。電話符號放置同盟小卡。",
    ),
    "coalition": (
        "Coalitions (2.iv)\n• Parties with a coalition tile on the election board: offer (2 identical\n"
        "  program cards; the partner may decline) or force (3). One coalition per party; none in the last round.",
        "缔结同盟（2.iv）\n• 在选举选区有同盟小卡的政党：提议（2张相同政见，\n"
        "  对方可拒绝）或强制（3张）。每党一个同盟；最后一回合不能同盟。",
        "締結同盟（2.iv）\n• 在選舉選區有同盟小卡的政黨：提議（2張相同政見，\n"
        "  對方可拒絕）或強制（3張）。每黨一個同盟；最後一回合不能同盟。",
    ),
    "media": (
        "Media (2.v)\n• 4,000 a cube, 5 spaces a board; pass and come back; ends when all pass.\n"
        "  Then each board's media controller may swap one opinion with the exchange pool.",
        "购买媒体（2.v）\n• 每个4,000，每区5格；可放弃后再买；全部放弃即结束。\n"
        "  之后各区媒体控制者可与交换池换一张民意。",
        "購買媒體（2.v）\n• 每個4,000，每區5格；可放棄後再買；全部放棄即結束。\n"
        "  之後各區媒體控制者可與交換池換一張民意。",
    ),
    "rally": (
        "Rallies (2.vi)\n• 1,000 each; at most 4 per board a round and 10 cubes of a party on a board.",
        "组织集会（2.vi）\n• 每个1,000；每回合每区至多4个，每党每区至多10个。",
        "組織集會（2.vi）\n• 每個1,000；每回合每區至多4個，每黨每區至多10個。",
    ),
    "poll_bid": (
        "Polls (2.vii)\n• One auction per board from the election board; bids above 0; a pass is final.\n"
        "  The winner publishes 1-2 options (media controller immune to losses) or keeps it secret: 2 dice members.",
        "竞标民调（2.vii）\n• 从选举选区起每区一次；出价大于0；放弃即退出。\n"
        "  得标者公开1-2个选项（媒体控制者不受负面影响），或不公开：掷2骰得党员。",
        "競標民調（2.vii）\n• 從選舉選區起每區一次；出價大於0；放棄即退出。\n"
        "  得標者公開1-2個選項（媒體控制者不受負面影響），或不公開：擲2骰得黨員。",
    ),
    "convert": (
        "Vote conversion (2.viii)\n• From the last board backwards (not the election board), with 5+ cubes:\n"
        "  votes = cubes x max(0.5, popularity + coincidence); key issue twice; cap 50.",
        "转换选票（2.viii）\n• 从最后的选区倒序（跳过选举选区），\n"
        "  有5个以上方块才可转换：选票=方块×max(0.5, 民望+巧合评级)；\n"
        "  关键议题双倍；上限50。",
        "轉換選票（2.viii）\n• 從最後的選區倒序（跳過選舉選區），\n"
        "  有5個以上方塊才可轉換：選票=方塊×max(0.5, 民望+巧合評級)；\n"
        "  關鍵議題雙倍；上限50。",
    ),
    "national": (
        "Winners' powers (3.iii)\n• Clear win: 1 media cube + up to 2 opinions to the national board; short head:\n"
        "  1 + 1 (tied losers 1 media cube); coalition: 1 + 1 each. Same card secures, opposite replaces.",
        "胜利者的权力（3.iii）\n• 单独获胜：1个媒体方块＋至多2张民意到国家图板；\n"
        "  同票险胜：1＋1（同票落败者1个媒体方块）；\n"
        "  同盟：各1＋1。同样民意确保，相反民意取代。",
        "勝利者的權力（3.iii）\n• 單獨獲勝：1個媒體方塊＋至多2張民意到國家圖板；\n"
        "  同票險勝：1＋1（同票落敗者1個媒體方塊）；\n"
        "  同盟：各1＋1。同樣民意確保，相反民意取代。",
    ),
    "donation": (
        "Donations (4.iii)\n• Accept: the money, lose the highest die in members. Refuse (face down): gain\n"
        "  the dice total; the largest refusal alone gains 3 dice more.",
        "政治献金（4.iii）\n• 接受：得钱，失去最大骰数的党员。拒绝（盖放）\n"
        "  ：得骰子总和的党员；唯一最大拒绝者再掷3骰。",
        "政治獻金（4.iii）\n• 接受：得錢，失去最大骰數的黨員。拒絕（蓋放）\n"
        "  ：得骰子總和的黨員；唯一最大拒絕者再擲3骰。",
    ),
    "over": (
        "Scoring (§遊戲結束)\n• Seats + national media points + members bonus (10 / 6) + national opinions\n"
        "  matching your program (+5 each secured one). Most points wins.",
        "计分（§遊戲結束）\n• 席次＋国家媒体分＋党员奖励（10/6）\n"
        "  ＋与全国民意相符的政见分（确保的每张+5）。最高分获胜。",
        "計分（§遊戲結束）\n• 席次＋國家媒體分＋黨員獎勵（10/6）\n"
        "  ＋與全國民意相符的政見分（確保的每張+5）。最高分獲勝。",
    ),
}
RULES["tie"] = RULES["bid"]
RULES["first"] = RULES["bid"]
RULES["cab_exec"] = RULES["cab_place"]
RULES["answer"] = RULES["coalition"]
RULES["exchange"] = RULES["media"]
RULES["poll_decide"] = RULES["poll_bid"]

_INDEX = {"en": 0, "zh-Hans": 1, "zh-Hant": 2}
RULES_HELP: Mapping[str, Mapping[str, str]] = {
    phase: {lang: texts[i] for lang, i in _INDEX.items()} for phase, texts in RULES.items()
}
