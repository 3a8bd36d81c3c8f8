"""The action space of Die Macher 2019: every action the game can take, each with a stable id."""

from __future__ import annotations

from itertools import product

from hustings.engine import Action, ActionSpace
from hustings.games.die_macher_2019 import data as D

GAME_ID = "die-macher-2019"


def _t(lang: str, zh_hans: str, zh_hant: str, en: str) -> str:
    return zh_hans if lang == "zh-Hans" else zh_hant if lang == "zh-Hant" else en


def _board(b: int, lang: str) -> str:
    return _t(lang, f"版图{b + 1}", f"版圖{b + 1}", f"board {b + 1}")


def _money(k: int) -> str:
    return f"{k * 1000:,}€"


def describe(a: Action, lang: str) -> str:
    k, x = a.kind, a.args
    cn = D.card_name
    if k == "party":
        return _t(lang, "选择党派 ", "選擇政黨 ", "choose party ") + D.party_name(x[0], lang)
    if k == "draft":
        return _t(lang, "选牌：", "選牌：", "draft: ") + cn(x[0], lang)
    if k == "plat":
        return _t(lang, "纲领加入：", "政綱加入：", "platform: ") + cn(x[0], lang)
    if k == "keep":
        return _t(lang, "保留手牌：", "保留手牌：", "keep in hand: ") + cn(x[0], lang)
    if k == "deploy":
        icons = D.SCHEMES[x[0]]
        names = {
            "rally": _t(lang, "集会", "集會", "rallies"),
            "trend": _t(lang, "趋势", "趨勢", "trend"),
            "media": _t(lang, "媒体", "媒體", "media"),
            "votes": _t(lang, "选票", "選票", "votes"),
        }
        parts = ", ".join(f"{names[i]}→{_board(b, lang)}" for i, b in zip(icons, x[1:], strict=True))
        return _t(lang, f"部署方案{x[0] + 1}：", f"部署方案{x[0] + 1}：", f"deployment {x[0] + 1}: ") + parts
    if k == "bid":
        return _t(lang, "出价 ", "出價 ", "bid ") + _money(x[0])
    if k == "pass":
        return _t(lang, "放弃", "放棄", "pass")
    if k == "done":
        return _t(lang, "完成", "完成", "done")
    if k == "take":
        return _t(lang, "摸牌库顶并拿取展示区：", "摸牌庫頂並拿取展示區：", "draw from deck and take: ") + cn(x[0], lang)
    if k == "wipe":
        return _t(lang, "清空并刷新展示区", "清空並刷新展示區", "wipe and refill the display")
    if k == "pick":
        return _t(lang, "从新展示区拿取：", "從新展示區拿取：", "take from the new display: ") + cn(x[0], lang)
    if k == "nodraw":
        return _t(lang, "不拿牌", "不拿牌", "take no card")
    if k == "swap":
        return _t(lang, f"纲领第{x[0] + 1}张换成 ", f"政綱第{x[0] + 1}張換成 ", f"swap platform card {x[0] + 1} for ") + cn(
            x[1], lang
        )
    if k == "discard":
        return _t(lang, "弃掉：", "棄掉：", "discard: ") + cn(x[0], lang)
    if k == "media":
        return _t(lang, "购买媒体标记放在", "購買媒體標記放在", "buy a media marker for ") + _board(x[0], lang)
    if k == "rally":
        cost = D.RALLY_COST[x[1]]
        return _t(lang, f"在{_board(x[0], lang)}集会{x[1]}次（{cost:,}€）", f"在{_board(x[0], lang)}集會{x[1]}次（{cost:,}€）",
                  f"{x[1]} rallies in {_board(x[0], lang)} ({cost:,}€)")
    if k == "place":
        return _t(lang, "派遣", "派遣", "send ") + D.politician_name(x[0], lang) + " → " + _board(x[1], lang)
    if k == "pay":
        return _t(lang, "支付费用并行动", "支付費用並行動", "pay and act")
    if k == "decline":
        return _t(lang, "不支付（弃置政治家）", "不支付（棄置政治家）", "decline (discard the politician)")
    if k == "dbl_on":
        return _t(lang, "双倍标记放在 ", "雙倍標記放在 ", "double marker on ") + D.issue_name(x[0], lang)
    if k == "dbl_off":
        return _t(lang, "移除双倍标记", "移除雙倍標記", "remove the double marker")
    if k == "mremove":
        own = _t(lang, "，放入自己的标记", "，放入自己的標記", ", place own marker") if x[1] else ""
        return _t(lang, "移除媒体标记：玩家", "移除媒體標記：玩家", "remove a media marker of player ") + f"{x[0] + 1}{own}"
    if k == "second":
        return _t(lang, f"次要行动{x[0] + 1}", f"次要行動{x[0] + 1}", f"secondary action {x[0] + 1}")
    if k == "replace":
        return (_t(lang, "更换舆论：", "更換輿論：", "replace opinion: ") + D.issue_name(x[0], lang) + " → " + cn(x[1], lang))
    if k == "publish":
        return _t(lang, "公布民调", "公布民調", "publish the poll")
    if k == "keep_poll":
        return _t(lang, "不公布（党派基础+3）", "不公布（黨派基礎+3）", "keep the poll secret (+3 base)")
    if k == "convert":
        return _t(lang, f"转换{x[0]}个集会", f"轉換{x[0]}個集會", f"convert {x[0]} rallies")
    if k == "donate":
        d = D.DONATIONS[x[0]]
        if x[1]:
            return _t(lang, f"接受捐款{d.amount:,}€", f"接受捐款{d.amount:,}€", f"accept donation {d.amount:,}€")
        return _t(lang, f"拒绝捐款{d.amount:,}€", f"拒絕捐款{d.amount:,}€", f"refuse donation {d.amount:,}€")
    return f"{k}{x}"


def _deploy_assignments(scheme: list[str]) -> list[tuple[int, ...]]:
    """Boards per icon; repeated icons go to different boards, listed once (ascending)."""
    out = []
    for boards in product(range(D.NUM_BOARDS), repeat=len(scheme)):
        ok = True
        for i in range(len(scheme)):
            for j in range(i + 1, len(scheme)):
                if scheme[i] == scheme[j] and boards[i] >= boards[j]:
                    ok = False
        if ok:
            out.append(boards)
    return out


def build_space() -> ActionSpace:
    sp = ActionSpace(GAME_ID, describe)
    for k in range(D.NUM_PARTIES):
        sp.add("party", k)
    for kind in ("draft", "plat", "keep", "take", "pick", "discard"):
        for t in range(D.NUM_TYPES):
            sp.add(kind, t)
    for s, scheme in enumerate(D.SCHEMES):
        for boards in _deploy_assignments(scheme):
            sp.add("deploy", s, *boards)
    for k in range(D.MAX_BID_K + 1):
        sp.add("bid", k)
    for kind in ("pass", "done", "wipe", "nodraw", "pay", "decline", "dbl_off", "publish", "keep_poll"):
        sp.add(kind)
    for j in range(5):
        for t in range(D.NUM_TYPES):
            sp.add("swap", j, t)
    for b in range(D.NUM_BOARDS):
        sp.add("media", b)
    for b in range(D.NUM_BOARDS):
        for k in range(1, D.MAX_RALLIES + 1):
            sp.add("rally", b, k)
    for pol in range(len(D.POLITICIANS)):
        for b in range(D.NUM_BOARDS):
            sp.add("place", pol, b)
    for i in range(D.NUM_ISSUES):
        sp.add("dbl_on", i)
    for q in range(D.NUM_PARTIES):
        for own in (0, 1):
            sp.add("mremove", q, own)
    for i in range(2):
        sp.add("second", i)
    for i in range(D.NUM_ISSUES):
        for t in range(D.NUM_TYPES):
            sp.add("replace", i, t)
    for k in range(4, D.MAX_RALLIES + 1):
        sp.add("convert", k)
    for c in range(len(D.DONATIONS)):
        for acc in (0, 1):
            sp.add("donate", c, acc)
    return sp


SPACE = build_space()
A = SPACE.get
DEPLOY_ACTIONS: list[Action] = [a for a in SPACE.actions if a.kind == "deploy"]
BIDS: list[Action] = [SPACE.get("bid", k) for k in range(D.MAX_BID_K + 1)]
PASS = A("pass")
DONE = A("done")

# Direct tables for the hot path (legal-action generation avoids building lookup keys).
PARTY = [A("party", k) for k in range(D.NUM_PARTIES)]
DRAFT = [A("draft", t) for t in range(D.NUM_TYPES)]
PLAT = [A("plat", t) for t in range(D.NUM_TYPES)]
KEEP = [A("keep", t) for t in range(D.NUM_TYPES)]
TAKE = [A("take", t) for t in range(D.NUM_TYPES)]
PICK = [A("pick", t) for t in range(D.NUM_TYPES)]
DISCARD = [A("discard", t) for t in range(D.NUM_TYPES)]
SWAP = [[A("swap", j, t) for t in range(D.NUM_TYPES)] for j in range(5)]
MEDIA = [A("media", b) for b in range(D.NUM_BOARDS)]
RALLY = [[A("rally", b, k) if k else PASS for k in range(D.MAX_RALLIES + 1)] for b in range(D.NUM_BOARDS)]
PLACE = [[A("place", pol, b) for b in range(D.NUM_BOARDS)] for pol in range(len(D.POLITICIANS))]
REPLACE = [[A("replace", i, t) for t in range(D.NUM_TYPES)] for i in range(D.NUM_ISSUES)]
CONVERT = [A("convert", k) if k >= 4 else PASS for k in range(D.MAX_RALLIES + 1)]
DONATE = [[A("donate", c, acc) for acc in (0, 1)] for c in range(len(D.DONATIONS))]
SECOND = [A("second", i) for i in range(2)]
NODRAW, WIPE, PAY, DECLINE = A("nodraw"), A("wipe"), A("pay"), A("decline")
DBL_OFF, PUBLISH, KEEP_POLL = A("dbl_off"), A("publish"), A("keep_poll")
DBL_ON = [A("dbl_on", i) for i in range(D.NUM_ISSUES)]
MREMOVE = [[A("mremove", q, own) for own in (0, 1)] for q in range(D.NUM_PARTIES)]
