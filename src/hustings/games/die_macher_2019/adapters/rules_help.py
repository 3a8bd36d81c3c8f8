"""The rules of Die Macher 2019 for each phase, short, in English, Simplified and Traditional Chinese.

Condensed from docs/rules/die-macher-2019.md (seed sections in brackets); amounts are in euros. The game's
``rules_help`` adapter is :data:`RULES_HELP`: topic (a phase, as the view's ``phase`` names it) -> language
-> text; an interface shows the topic of the phase in play, and the scoring rules (``over``) otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping

# phase -> (en, zh-Hans, zh-Hant)
RULES: dict[str, tuple[str, str, str]] = {
    "party": (
        "Choosing parties (§一.1)\n"
        "• In seat order from P1, each player chooses a party; each party can be chosen once.\n"
        "• Everyone starts with 20 rally cubes, 4 media markers (5 expanded), the standard politicians,\n"
        "  3 donation cards, 30,000€, party base 10, and trend 0 and 0 votes everywhere.",
        "选择党派（§一.1）\n"
        "• 从玩家1起按座位顺序各选一个党派，每个党派只能被选一次。\n"
        "• 每人起始：20个集会方块、4个媒体标记（扩展版5个）、标准政治家、3张捐款卡、30,000€、党派基础10，\n"
        "  各州趋势0、票数0。",
        "選擇政黨（§一.1）\n"
        "• 從玩家1起按座位順序各選一個政黨，每個政黨只能被選一次。\n"
        "• 每人起始：20個集會方塊、4個媒體標記（擴展版5個）、標準政治家、3張捐款卡、30,000€、黨派基礎10，\n"
        "  各州趨勢0、票數0。",
    ),
    "draft": (
        "Draft of party programs (§一.6)\n"
        "• Everyone is dealt 7 program cards. Four times, all pick one card at the same time and in secret,\n"
        "  then pass the rest of the packet to the left.\n"
        "• A card is an issue with a stance: pro (+) or contra (−).",
        "纲领选牌（§一.6）\n"
        "• 每人发7张纲领牌。共4次：所有人同时秘密选一张，再把剩下的牌传给左边的玩家。\n"
        "• 每张牌是一个议题加一个立场：支持（+）或反对（−）。",
        "政綱選牌（§一.6）\n"
        "• 每人發7張政綱牌。共4次：所有人同時秘密選一張，再把剩下的牌傳給左邊的玩家。\n"
        "• 每張牌是一個議題加一個立場：支持（+）或反對（−）。",
    ),
    "platform": (
        "Platform (§一.6)\n"
        "• From your 4 picks and the 3 cards left over, choose 5 cards of 5 different issues, one at a time.\n"
        "  Only cards that keep the platform completable are offered.\n"
        "• Then keep 1 card in hand; the rest is discarded. Platforms stay secret until everyone is done,\n"
        "  then they are public for the whole game.",
        "纲领（§一.6）\n"
        "• 从4张已选牌和剩下的3张中，逐张选出5张不同议题的牌。只提供仍能凑成完整纲领的牌。\n"
        "• 然后保留1张手牌，其余弃掉。所有人选完前纲领保密，之后整局公开。",
        "政綱（§一.6）\n"
        "• 從4張已選牌和剩下的3張中，逐張選出5張不同議題的牌。只提供仍能湊成完整政綱的牌。\n"
        "• 然後保留1張手牌，其餘棄掉。所有人選完前政綱保密，之後整局公開。",
    ),
    "deploy": (
        "Starting deployment (§一.8)\n"
        "• Everyone chooses a scheme in secret and a board for each of its icons; a repeated icon goes to\n"
        "  different boards. All deployments are then revealed and carried out.\n"
        "• rally: 3 cubes · trend: +1 · media: 1 marker · votes: +6 in that state.",
        "初始部署（§一.8）\n"
        "• 每人秘密选择一个方案，并为每个图标选一个版图；重复的图标须放在不同版图。之后同时公开并执行。\n"
        "• 集会：3个方块 · 趋势：+1 · 媒体：1个标记 · 选票：该州+6票。",
        "初始部署（§一.8）\n"
        "• 每人秘密選擇一個方案，並為每個圖示選一個版圖；重複的圖示須放在不同版圖。之後同時公開並執行。\n"
        "• 集會：3個方塊 · 趨勢：+1 · 媒體：1個標記 · 選票：該州+6票。",
    ),
    "bid": (
        "First player (§三.1)\n"
        "• Everyone bids in secret, from 0 up to their money, in steps of 1,000€.\n"
        "• The highest bidder pays and becomes first player. Tied highest bids go to an open auction.",
        "先手（§三.1）\n"
        "• 所有人秘密出价，0到自己的资金，以1,000€为单位。\n"
        "• 最高者支付出价并成为先手。最高出价平局时进行公开竞价。",
        "先手（§三.1）\n"
        "• 所有人秘密出價，0到自己的資金，以1,000€為單位。\n"
        "• 最高者支付出價並成為先手。最高出價平局時進行公開競價。",
    ),
    "tie": (
        "Tie auction (§三.1, R7)\n"
        "• The tied players bid openly in turn, starting right of the previous first player.\n"
        "• Pass (final) or bid more than the current price. The last one left pays the price and is first player.",
        "平局竞价（§三.1，R7）\n"
        "• 平局的玩家从上一轮先手的右边开始轮流公开出价。\n"
        "• 放弃（不可再出价）或出价高于当前价格。最后留下者支付价格并成为先手。",
        "平局競價（§三.1，R7）\n"
        "• 平局的玩家從上一輪先手的右邊開始輪流公開出價。\n"
        "• 放棄（不可再出價）或出價高於目前價格。最後留下者支付價格並成為先手。",
    ),
    "program": (
        "Party program (§三.2)\n"
        "• Take: the top deck card plus one display card, or wipe the display and take one new card, or nothing.\n"
        "• Swap up to 2 times a hand card for a platform card, keeping 5 different issues; end with “done”.\n"
        "• Discard down to 1 hand card. The display is refilled after each player.",
        "调整纲领（§三.2）\n"
        "• 拿牌：牌库顶一张加展示区一张；或清空刷新展示区再拿一张新牌；或不拿。\n"
        "• 最多交换2次：手牌换纲领牌，纲领须保持5个不同议题；以“完成”结束。\n"
        "• 弃到只剩1张手牌。每位玩家之后补满展示区。",
        "調整政綱（§三.2）\n"
        "• 拿牌：牌庫頂一張加展示區一張；或清空刷新展示區再拿一張新牌；或不拿。\n"
        "• 最多交換2次：手牌換政綱牌，政綱須保持5個不同議題；以「完成」結束。\n"
        "• 棄到只剩1張手牌。每位玩家之後補滿展示區。",
    ),
    "media": (
        "Media (§三.3)\n"
        "• In turn from the first player, buy one media marker for 5,000€ into a state with a free space\n"
        "  (5 per state), or pass. The phase ends when everyone passes in a row.\n"
        "• Strictly the most markers in a state = media control (media influence, presence points).",
        "媒体（§三.3）\n"
        "• 从先手起轮流：花5,000€在有空位的州（每州5格）买一个媒体标记，或放弃。所有人连续放弃时结束。\n"
        "• 在某州标记严格最多者控制该州媒体（媒体影响、媒体存在分）。",
        "媒體（§三.3）\n"
        "• 從先手起輪流：花5,000€在有空位的州（每州5格）買一個媒體標記，或放棄。所有人連續放棄時結束。\n"
        "• 在某州標記嚴格最多者控制該州媒體（媒體影響、媒體存在分）。",
    ),
    "rally": (
        "Rallies (§三.4)\n"
        "• One turn each from the first player: buy cubes in several states, once per state, then “done”.\n"
        "• Price per state: 1:1,000 2:2,000 3:3,000 4:5,000 5:7,000 6:10,000 7:15,000 8:20,000€.\n"
        "• At most 8 cubes of yours in a state; 20 cubes in all. Cubes give votes only when converted.",
        "集会（§三.4）\n"
        "• 从先手起每人一个回合：可在多个州各买一次集会方块，然后“完成”。\n"
        "• 每州价格：1个1,000、2个2,000、3个3,000、4个5,000、5个7,000、6个10,000、7个15,000、8个20,000€。\n"
        "• 每州最多8个自己的方块；总共20个。方块只在转换时变成选票。",
        "集會（§三.4）\n"
        "• 從先手起每人一個回合：可在多個州各買一次集會方塊，然後「完成」。\n"
        "• 每州價格：1個1,000、2個2,000、3個3,000、4個5,000、5個7,000、6個10,000、7個15,000、8個20,000€。\n"
        "• 每州最多8個自己的方塊；總共20個。方塊只在轉換時變成選票。",
    ),
    "place": (
        "Shadow cabinet (§三.5)\n"
        "• In turn from the first player, send one politician face down to a state, or pass (final this round).\n"
        "• At most one of your politicians per state; each politician once per game. Costs are paid on reveal.",
        "影子内阁（§三.5）\n"
        "• 从先手起轮流：派一名政治家背面朝上到某州，或放弃（本轮不再派遣）。\n"
        "• 每州最多一名自己的政治家；每名政治家每局只用一次。费用在翻开时支付。",
        "影子內閣（§三.5）\n"
        "• 從先手起輪流：派一名政治家背面朝上到某州，或放棄（本輪不再派遣）。\n"
        "• 每州最多一名自己的政治家；每名政治家每局只用一次。費用在翻開時支付。",
    ),
    "exec": (
        "Politicians act (§三.6)\n"
        "• State by state in round order; all politicians in a state are revealed together.\n"
        "• The owner pays the cost or declines (the politician is discarded).\n"
        "• Then the main action, then one of two secondary actions. Double marker, media removal and the free\n"
        "  poll are exclusive: once per state per round. An impossible main action is skipped.",
        "政治家行动（§三.6）\n"
        "• 按本轮顺序逐州进行；同一州的政治家同时翻开。\n"
        "• 拥有者支付费用或放弃（政治家被弃置）。\n"
        "• 然后执行主要行动，再从两个次要行动中选一个。双倍标记、移除媒体、免费民调是独占行动：每州每轮一次。\n"
        "  无法执行的主要行动被跳过。",
        "政治家行動（§三.6）\n"
        "• 按本輪順序逐州進行；同一州的政治家同時翻開。\n"
        "• 擁有者支付費用或放棄（政治家被棄置）。\n"
        "• 然後執行主要行動，再從兩個次要行動中選一個。雙倍標記、移除媒體、免費民調是獨占行動：每州每輪一次。\n"
        "  無法執行的主要行動被跳過。",
    ),
    "influence": (
        "Media influence (§三.7)\n"
        "• The media controller of each state may replace one face-up opinion with a display card of an issue\n"
        "  not face up there, or pass. The card under the double marker cannot be replaced.",
        "媒体影响（§三.7）\n"
        "• 每州的媒体控制者可用展示区中该州未出现议题的牌替换一张翻开的舆论，或放弃。双倍标记下的牌不可替换。",
        "媒體影響（§三.7）\n"
        "• 每州的媒體控制者可用展示區中該州未出現議題的牌替換一張翻開的輿論，或放棄。雙倍標記下的牌不可替換。",
    ),
    "poll": (
        "Poll auctions (§三.8)\n"
        "• The player with the most votes in the state hosts. The others bid in turn from left of the first\n"
        "  player; a pass is final; the first bid is at least 1,000€. Then the host may top the bid or pass.\n"
        "• The winner pays the bank and decides: publish (only if the card is positive for their party; all\n"
        "  trends change by the card) or keep it secret (party base +3).",
        "民调拍卖（§三.8）\n"
        "• 该州票数最多者主持。其他人从先手左边起轮流出价；放弃后不可再出价；首次出价至少1,000€。\n"
        "  最后主持者可加价或放弃。\n"
        "• 得标者付款给银行并决定：公布（仅当该卡对自己党派为正；所有趋势按卡改变）或不公布（党派基础+3）。",
        "民調拍賣（§三.8）\n"
        "• 該州票數最多者主持。其他人從先手左邊起輪流出價；放棄後不可再出價；首次出價至少1,000€。\n"
        "  最後主持者可加價或放棄。\n"
        "• 得標者付款給銀行並決定：公布（僅當該卡對自己政黨為正；所有趨勢按卡改變）或不公布（黨派基礎+3）。",
    ),
    "poll_decide": (
        "Poll decision (§三.8)\n"
        "• Publish: every party's trend in the state changes by its figure (within −3..+3; the media controller\n"
        "  takes no decrease). Offered only if your party's figure is positive.\n"
        "• Keep it secret: your party base +3.",
        "民调决定（§三.8）\n"
        "• 公布：该州每个党派的趋势按卡上数字改变（限−3..+3；媒体控制者不受减少）。仅当自己党派的数字为正时可选。\n"
        "• 不公布：党派基础+3。",
        "民調決定（§三.8）\n"
        "• 公布：該州每個政黨的趨勢按卡上數字改變（限−3..+3；媒體控制者不受減少）。僅當自己政黨的數字為正時可選。\n"
        "• 不公布：黨派基礎+3。",
    ),
    "convert": (
        "Conversion and election (§三.9)\n"
        "• In states not voting, players with 4+ cubes may convert 4 up to all of them (or pass).\n"
        "  In the election state all cubes convert automatically.\n"
        "• Votes = max(1, cubes + trend) × max(1, match). Match: +1 per platform card with the same stance as a\n"
        "  face-up opinion, −1 for the opposite stance, doubled under the double marker.\n"
        "• Election: ≥5 votes score the state's table. One party ≥50: +12; several ≥50: +10 each; otherwise a\n"
        "  coalition reaching 50: +7 each; otherwise the leader +5. Winners (and the media controller) move a\n"
        "  marker to media presence.",
        "转换与选举（§三.9）\n"
        "• 非选举州：有4个以上方块者可转换4个到全部（或放弃）。选举州：所有方块自动转换。\n"
        "• 选票 = max(1, 方块+趋势) × max(1, 匹配)。匹配：纲领牌与翻开舆论立场相同+1，相反−1，双倍标记下×2。\n"
        "• 选举：≥5票按该州分数表得分。唯一≥50票：+12；多个≥50：各+10；否则联盟达50：各+7；否则领先者+5。\n"
        "  获胜者（及媒体控制者）移一个标记到媒体存在。",
        "轉換與選舉（§三.9）\n"
        "• 非選舉州：有4個以上方塊者可轉換4個到全部（或放棄）。選舉州：所有方塊自動轉換。\n"
        "• 選票 = max(1, 方塊+趨勢) × max(1, 匹配)。匹配：政綱牌與翻開輿論立場相同+1，相反−1，雙倍標記下×2。\n"
        "• 選舉：≥5票按該州分數表得分。唯一≥50票：+12；多個≥50：各+10；否則聯盟達50：各+7；否則領先者+5。\n"
        "  獲勝者（及媒體控制者）移一個標記到媒體存在。",
    ),
    "donation": (
        "Income and donations (§三.9.3)\n"
        "• Income after rounds 1-3: 1,000€ per table point this round plus 1,000€ per point of party base.\n"
        "• In turn from the first player: accept an unused donation card (money, base down), refuse it\n"
        "  (base up), or pass. 10,000€: −1/+1 · 20,000€: −2/+3 · 30,000€: −3/+5.",
        "收入与捐款（§三.9.3）\n"
        "• 第1-3轮后收入：本轮每个选举得分1,000€，加每点党派基础1,000€。\n"
        "• 从先手起轮流：接受一张未用的捐款卡（得钱，基础下降）、拒绝（基础上升）或放弃。\n"
        "  10,000€：−1/+1 · 20,000€：−2/+3 · 30,000€：−3/+5。",
        "收入與捐款（§三.9.3）\n"
        "• 第1-3輪後收入：本輪每個選舉得分1,000€，加每點黨派基礎1,000€。\n"
        "• 從先手起輪流：接受一張未用的捐款卡（得錢，基礎下降）、拒絕（基礎上升）或放棄。\n"
        "  10,000€：−1/+1 · 20,000€：−2/+3 · 30,000€：−3/+5。",
    ),
    "over": (
        "End and scoring (§五)\n"
        "• Total = election points + bonuses + media presence + party base + money rank\n"
        "  (6 for the most money; 3 for the next, only when one player alone has the most).\n"
        "• The highest total wins; a tie is a shared win.",
        "终局计分（§五）\n"
        "• 总分 = 选举得分 + 获胜奖励 + 媒体存在 + 党派基础 + 资金排名（最多者6分；仅当唯一最多时次多者3分）。\n"
        "• 总分最高者获胜；平局共同获胜。",
        "終局計分（§五）\n"
        "• 總分 = 選舉得分 + 獲勝獎勵 + 媒體存在 + 黨派基礎 + 資金排名（最多者6分；僅當唯一最多時次多者3分）。\n"
        "• 總分最高者獲勝；平局共同獲勝。",
    ),
}

_INDEX = {"en": 0, "zh-Hans": 1, "zh-Hant": 2}

#: the ``rules_help`` adapter: topic -> language -> text
RULES_HELP: Mapping[str, Mapping[str, str]] = {
    phase: {lang: texts[i] for lang, i in _INDEX.items()} for phase, texts in RULES.items()
}
#: the topic shown for a phase that has none of its own
DEFAULT_TOPIC = "over"


def rules_for(phase: str, lang: str) -> str:
    """The rules of ``phase`` in ``lang``; the scoring rules for an unknown phase."""
    texts = RULES.get(phase, RULES[DEFAULT_TOPIC])
    return texts[_INDEX.get(lang, 0)]
