"""Event messages of Die Macher 2019 in zh-Hans, zh-Hant and en, rendered on demand (never on the hot path)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hustings.games.die_macher_2019 import data as D


def _t(lang: str, hans: str, hant: str, en: str) -> str:
    return hans if lang == "zh-Hans" else hant if lang == "zh-Hant" else en


def _eur(v: int) -> str:
    return f"{v:,}€"


class _Ctx:
    def __init__(self, data: dict[str, Any], lang: str, parties: Sequence[int]) -> None:
        self.d = data
        self.lang = lang
        self.parties = parties

    def pl(self, key: str = "player") -> str:
        p = self.d[key]
        party = self.parties[p] if 0 <= p < len(self.parties) else -1
        seat = _t(self.lang, f"玩家{p + 1}", f"玩家{p + 1}", f"P{p + 1}")
        return f"{seat}({D.party_name(party, self.lang)})" if party >= 0 else seat

    def pl_of(self, p: int) -> str:
        party = self.parties[p] if 0 <= p < len(self.parties) else -1
        seat = _t(self.lang, f"玩家{p + 1}", f"玩家{p + 1}", f"P{p + 1}")
        return f"{seat}({D.party_name(party, self.lang)})" if party >= 0 else seat

    def st(self, key: str = "state") -> str:
        return D.state_name(self.d[key], self.lang)

    def card(self, key: str = "card") -> str:
        return D.card_name(self.d[key], self.lang)


def _election(c: _Ctx) -> str:
    d, lang = c.d, c.lang
    parts = []
    for p, v in enumerate(d["votes"]):
        parts.append(
            _t(lang, f"{c.pl_of(p)} {v}票 {d['points'][p]}分+{d['bonus'][p]}",
               f"{c.pl_of(p)} {v}票 {d['points'][p]}分+{d['bonus'][p]}",
               f"{c.pl_of(p)} {v} votes {d['points'][p]} pts +{d['bonus'][p]}")
        )
    winners = ", ".join(c.pl_of(p) for p in d["winners"])
    coal = ""
    if d["coalition"]:
        coal = _t(lang, "（联盟）", "（聯盟）", " (coalition)")
    head = _t(lang, f"第{d['election']}场选举 {D.state_name(d['state'], lang)}：",
              f"第{d['election']}場選舉 {D.state_name(d['state'], lang)}：",
              f"Election {d['election']}, {D.state_name(d['state'], lang)}: ")
    win = _t(lang, f"；获胜：{winners}{coal}", f"；獲勝：{winners}{coal}", f"; winners: {winners}{coal}")
    return head + "; ".join(parts) + win


def _final(c: _Ctx) -> str:
    lang = c.lang
    rows = []
    for p, s in enumerate(c.d["scores"]):
        rows.append(
            _t(lang,
               f"{c.pl_of(p)} 总分{s['total']}（选举{s['election_points']}+奖励{s['election_bonus']}"
               f"+媒体{s['media_presence']}+基础{s['party_base']}+资金{s['money_rank']}）",
               f"{c.pl_of(p)} 總分{s['total']}（選舉{s['election_points']}+獎勵{s['election_bonus']}"
               f"+媒體{s['media_presence']}+基礎{s['party_base']}+資金{s['money_rank']}）",
               f"{c.pl_of(p)} total {s['total']} (elections {s['election_points']} + bonus "
               f"{s['election_bonus']} + media {s['media_presence']} + base {s['party_base']} "
               f"+ money {s['money_rank']})")
        )
    return _t(lang, "最终得分：", "最終得分：", "Final scores: ") + "; ".join(rows)


def _converted(c: _Ctx) -> str:
    d, lang = c.d, c.lang
    rt = max(1, d["cubes"] + d["trend"])
    m = max(1, d["match"])
    return _t(lang,
              f"{c.pl()} 在{c.st()}转换{d['cubes']}个集会：({d['cubes']}+趋势{d['trend']})×匹配{m} = {d['votes']}票"
              f"（共{d['total']}）",
              f"{c.pl()} 在{c.st()}轉換{d['cubes']}個集會：({d['cubes']}+趨勢{d['trend']})×匹配{m} = {d['votes']}票"
              f"（共{d['total']}）",
              f"{c.pl()} converts {d['cubes']} rallies in {c.st()}: ({d['cubes']} + trend {d['trend']} = {rt}) "
              f"x match {m} = {d['votes']} votes (total {d['total']})")


def _board_state(c: _Ctx) -> str:
    return _t(c.lang, f"版图{c.d['board'] + 1}", f"版圖{c.d['board'] + 1}", f"board {c.d['board'] + 1}")


_R: dict[str, Callable[[_Ctx], str]] = {
    "game_started": lambda c: _t(c.lang, f"《德国大选》开始：{c.d['players']}名玩家", f"《德國大選》開始：{c.d['players']}名玩家",
                                 f"Die Macher 2019 starts: {c.d['players']} players ({c.d['variant']})"),
    "party_chosen": lambda c: _t(c.lang, f"玩家{c.d['player'] + 1}选择{D.party_name(c.d['party'], c.lang)}",
                                 f"玩家{c.d['player'] + 1}選擇{D.party_name(c.d['party'], c.lang)}",
                                 f"P{c.d['player'] + 1} chooses {D.party_name(c.d['party'], c.lang)}"),
    "priority": lambda c: _t(c.lang, f"初始优先玩家：{c.pl()}", f"初始優先玩家：{c.pl()}", f"Initial priority: {c.pl()}"),
    "states_drawn": lambda c: _t(c.lang, "联邦州（按选举顺序）：", "聯邦州（按選舉順序）：", "States in election order: ")
    + ", ".join(D.state_name(s, c.lang) for s in c.d["boards"]),
    "opinion_revealed": lambda c: _t(c.lang, f"{c.st()}翻开舆论：{c.card()}", f"{c.st()}翻開輿論：{c.card()}",
                                     f"{c.st()} reveals opinion {c.card()}"),
    "opinion_duplicate": lambda c: _t(c.lang, f"{_board_state(c)}舆论议题重复，弃掉{c.card()}",
                                      f"{_board_state(c)}輿論議題重複，棄掉{c.card()}",
                                      f"{_board_state(c)}: duplicate issue, {c.card()} discarded"),
    "cards_dealt": lambda c: _t(c.lang, "你获得纲领牌：", "你獲得政綱牌：", "You are dealt: ")
    + ", ".join(D.card_name(x, c.lang) for x in c.d["cards"]),
    "cards_received": lambda c: _t(c.lang, "你收到：", "你收到：", "You receive: ")
    + ", ".join(D.card_name(x, c.lang) for x in c.d["cards"]),
    "draft_pick": lambda c: _t(c.lang, f"你选了{c.card()}", f"你選了{c.card()}", f"You draft {c.card()}"),
    "draft_done": lambda c: _t(c.lang, "选牌结束", "選牌結束", "Draft finished"),
    "platform_extra_card": lambda c: _t(c.lang, f"补抽{c.card()}", f"補抽{c.card()}", f"You draw {c.card()} to complete a platform"),
    "platform_chosen": lambda c: _t(c.lang, f"{c.pl()}定好了纲领", f"{c.pl()}定好了政綱", f"{c.pl()} has chosen a platform"),
    "platform_revealed": lambda c: _t(c.lang, f"{c.pl()}的纲领：", f"{c.pl()}的政綱：", f"{c.pl()} platform: ")
    + ", ".join(D.card_name(x, c.lang) for x in c.d["cards"]),
    "deployment_chosen": lambda c: _t(c.lang, f"你选择了部署方案{c.d['scheme'] + 1}", f"你選擇了部署方案{c.d['scheme'] + 1}",
                                      f"You choose deployment {c.d['scheme'] + 1}"),
    "deployment": lambda c: _t(c.lang, f"{c.pl()}部署方案{c.d['scheme'] + 1}", f"{c.pl()}部署方案{c.d['scheme'] + 1}",
                               f"{c.pl()} deploys scheme {c.d['scheme'] + 1} on boards "
                               + ", ".join(str(b + 1) for b in c.d["boards"])),
    "round_started": lambda c: _t(c.lang, f"第{c.d['round']}轮开始", f"第{c.d['round']}輪開始", f"Round {c.d['round']} begins")
    + " — " + ", ".join(D.state_name(s, c.lang) for s in c.d["elections"]),
    "bid_secret": lambda c: _t(c.lang, f"你秘密出价{_eur(c.d['amount'])}", f"你秘密出價{_eur(c.d['amount'])}",
                               f"You secretly bid {_eur(c.d['amount'])}"),
    "bids_revealed": lambda c: _t(c.lang, "先手出价公开：", "先手出價公開：", "First-player bids: ")
    + ", ".join(f"{c.pl_of(p)} {_eur(v)}" for p, v in enumerate(c.d["bids"])),
    "tie_auction": lambda c: _t(c.lang, "出价平局，公开竞价", "出價平局，公開競價", "Tied bids: open auction between ")
    + ", ".join(c.pl_of(p) for p in c.d["players"]),
    "tie_bid": lambda c: _t(c.lang, f"{c.pl()}加价到{_eur(c.d['amount'])}", f"{c.pl()}加價到{_eur(c.d['amount'])}",
                            f"{c.pl()} raises to {_eur(c.d['amount'])}"),
    "tie_pass": lambda c: _t(c.lang, f"{c.pl()}放弃", f"{c.pl()}放棄", f"{c.pl()} drops out"),
    "first_player": lambda c: _t(c.lang, f"{c.pl()}支付{_eur(c.d['paid'])}成为先手", f"{c.pl()}支付{_eur(c.d['paid'])}成為先手",
                                 f"{c.pl()} pays {_eur(c.d['paid'])} and is first player"),
    "program_drawn": lambda c: _t(c.lang, f"你从牌库摸到{c.card()}", f"你從牌庫摸到{c.card()}", f"You draw {c.card()}"),
    "program_taken": lambda c: _t(c.lang, f"{c.pl()}拿取{c.card()}", f"{c.pl()}拿取{c.card()}", f"{c.pl()} takes {c.card()}")
    + (_t(c.lang, "并摸一张牌", "並摸一張牌", " and draws from the deck") if c.d["from_deck"] else ""),
    "display_wiped": lambda c: _t(c.lang, f"{c.pl()}刷新展示区", f"{c.pl()}刷新展示區", f"{c.pl()} wipes the display"),
    "program_reshuffled": lambda c: _t(c.lang, "纲领弃牌堆洗成新牌库", "政綱棄牌堆洗成新牌庫", "Program discards reshuffled"),
    "program_swapped": lambda c: _t(c.lang, f"{c.pl()}以{c.card('new')}替换{c.card('old')}",
                                    f"{c.pl()}以{c.card('new')}替換{c.card('old')}",
                                    f"{c.pl()} swaps {c.card('old')} for {c.card('new')}"),
    "program_discarded": lambda c: _t(c.lang, f"{c.pl()}弃掉{c.card()}", f"{c.pl()}棄掉{c.card()}", f"{c.pl()} discards {c.card()}"),
    "media_bought": lambda c: _t(c.lang, f"{c.pl()}在{_board_state(c)}购买媒体标记", f"{c.pl()}在{_board_state(c)}購買媒體標記",
                                 f"{c.pl()} buys a media marker in {_board_state(c)}"),
    "media_pass": lambda c: _t(c.lang, f"{c.pl()}不买媒体", f"{c.pl()}不買媒體", f"{c.pl()} passes (media)"),
    "rallies_bought": lambda c: _t(c.lang, f"{c.pl()}在{_board_state(c)}组织{c.d['count']}次集会（{_eur(c.d['cost'])}）",
                                   f"{c.pl()}在{_board_state(c)}組織{c.d['count']}次集會（{_eur(c.d['cost'])}）",
                                   f"{c.pl()} holds {c.d['count']} rallies in {_board_state(c)} ({_eur(c.d['cost'])})"),
    "politician_placed": lambda c: _t(c.lang, f"{c.pl()}在{_board_state(c)}派遣一名政治家（背面朝上）",
                                      f"{c.pl()}在{_board_state(c)}派遣一名政治家（背面朝上）",
                                      f"{c.pl()} sends a politician face down to {_board_state(c)}"),
    "politician_placed_own": lambda c: _t(c.lang, f"你派遣{D.politician_name(c.d['politician'], c.lang)}",
                                          f"你派遣{D.politician_name(c.d['politician'], c.lang)}",
                                          f"You send {D.politician_name(c.d['politician'], c.lang)}"),
    "place_pass": lambda c: _t(c.lang, f"{c.pl()}不再派遣", f"{c.pl()}不再派遣", f"{c.pl()} stops sending politicians"),
    "politician_revealed": lambda c: _t(c.lang, f"{c.pl()}的{D.politician_name(c.d['politician'], c.lang)}在{_board_state(c)}亮出",
                                        f"{c.pl()}的{D.politician_name(c.d['politician'], c.lang)}在{_board_state(c)}亮出",
                                        f"{c.pl()} reveals {D.politician_name(c.d['politician'], c.lang)} in {_board_state(c)}"),
    "politician_paid": lambda c: _t(c.lang, f"{c.pl()}支付{_eur(c.d['cost'])}", f"{c.pl()}支付{_eur(c.d['cost'])}",
                                    f"{c.pl()} pays {_eur(c.d['cost'])}"),
    "politician_discarded": lambda c: _t(c.lang, f"{c.pl()}的政治家被弃置", f"{c.pl()}的政治家被棄置",
                                         f"{c.pl()}'s politician is discarded ({c.d['reason']})"),
    "action_skipped": lambda c: _t(c.lang, f"{c.pl()}的行动无法执行：{c.d['effect']}", f"{c.pl()}的行動無法執行：{c.d['effect']}",
                                   f"{c.pl()} cannot perform {c.d['effect']}"),
    "trend_changed": lambda c: _t(c.lang, f"{c.pl()}在{_board_state(c)}趋势变为{c.d['trend']}",
                                  f"{c.pl()}在{_board_state(c)}趨勢變為{c.d['trend']}",
                                  f"{c.pl()} trend in {_board_state(c)} is now {c.d['trend']}"),
    "votes_gained": lambda c: _t(c.lang, f"{c.pl()}在{_board_state(c)}获得{c.d['votes']}票",
                                 f"{c.pl()}在{_board_state(c)}獲得{c.d['votes']}票",
                                 f"{c.pl()} gains {c.d['votes']} votes in {_board_state(c)}"),
    "others_trend_down": lambda c: _t(c.lang, f"{c.pl()}使{_board_state(c)}其他党派趋势-1",
                                      f"{c.pl()}使{_board_state(c)}其他黨派趨勢-1",
                                      f"{c.pl()} lowers every other party's trend in {_board_state(c)}"),
    "free_rallies": lambda c: _t(c.lang, f"{c.pl()}在{_board_state(c)}免费获得{c.d['count']}个集会",
                                 f"{c.pl()}在{_board_state(c)}免費獲得{c.d['count']}個集會",
                                 f"{c.pl()} places {c.d['count']} free rallies in {_board_state(c)}"),
    "double_placed": lambda c: _t(c.lang, f"{c.pl()}在{_board_state(c)}的{D.issue_name(c.d['issue'], c.lang)}放置双倍标记",
                                  f"{c.pl()}在{_board_state(c)}的{D.issue_name(c.d['issue'], c.lang)}放置雙倍標記",
                                  f"{c.pl()} doubles {D.issue_name(c.d['issue'], c.lang)} in {_board_state(c)}"),
    "double_removed": lambda c: _t(c.lang, f"{c.pl()}移除{_board_state(c)}的双倍标记", f"{c.pl()}移除{_board_state(c)}的雙倍標記",
                                   f"{c.pl()} removes the double marker in {_board_state(c)}"),
    "media_removed": lambda c: _t(c.lang, f"{c.pl()}付{_eur(c.d['paid'])}移除{c.pl_of(c.d['target'])}在{_board_state(c)}的媒体标记",
                                  f"{c.pl()}付{_eur(c.d['paid'])}移除{c.pl_of(c.d['target'])}在{_board_state(c)}的媒體標記",
                                  f"{c.pl()} pays {_eur(c.d['paid'])} to remove a media marker of "
                                  f"{c.pl_of(c.d['target'])} in {_board_state(c)}"),
    "opinion_replaced": lambda c: _t(c.lang, f"{c.pl()}在{_board_state(c)}以{c.card('new')}替换{c.card('old')}",
                                     f"{c.pl()}在{_board_state(c)}以{c.card('new')}替換{c.card('old')}",
                                     f"{c.pl()} replaces {c.card('old')} with {c.card('new')} in {_board_state(c)}"),
    "influence_pass": lambda c: _t(c.lang, f"{c.pl()}不更换舆论", f"{c.pl()}不更換輿論", f"{c.pl()} keeps the opinions"),
    "poll_auction": lambda c: _t(c.lang, f"{_board_state(c)}民调拍卖，主持者{c.pl_of(c.d['host'])}，趋势{c.d['trend']}",
                                 f"{_board_state(c)}民調拍賣，主持者{c.pl_of(c.d['host'])}，趨勢{c.d['trend']}",
                                 f"Poll auction in {_board_state(c)}, host {c.pl_of(c.d['host'])}, trends {c.d['trend']}"),
    "poll_bid": lambda c: _t(c.lang, f"{c.pl()}出价{_eur(c.d['amount'])}", f"{c.pl()}出價{_eur(c.d['amount'])}",
                             f"{c.pl()} bids {_eur(c.d['amount'])}"),
    "poll_pass": lambda c: _t(c.lang, f"{c.pl()}放弃", f"{c.pl()}放棄", f"{c.pl()} passes"),
    "poll_unsold": lambda c: _t(c.lang, "无人出价，民调作废", "無人出價，民調作廢", "Nobody bids; the poll is discarded"),
    "poll_won": lambda c: _t(c.lang, f"{c.pl()}以{_eur(c.d['paid'])}获得民调", f"{c.pl()}以{_eur(c.d['paid'])}獲得民調",
                             f"{c.pl()} wins the poll for {_eur(c.d['paid'])}"),
    "poll_free": lambda c: _t(c.lang, f"{c.pl()}免费获得民调{c.d['trend']}", f"{c.pl()}免費獲得民調{c.d['trend']}",
                              f"{c.pl()} takes a free poll {c.d['trend']}"),
    "poll_published": lambda c: _t(c.lang, f"{c.pl()}公布民调，趋势变化{c.d['changes']}", f"{c.pl()}公布民調，趨勢變化{c.d['changes']}",
                                   f"{c.pl()} publishes the poll: trend changes {c.d['changes']}"),
    "poll_kept": lambda c: _t(c.lang, f"{c.pl()}不公布民调，党派基础+{c.d['base_gain']}",
                              f"{c.pl()}不公布民調，黨派基礎+{c.d['base_gain']}",
                              f"{c.pl()} keeps the poll: party base +{c.d['base_gain']}"),
    "votes_converted": _converted,
    "convert_pass": lambda c: _t(c.lang, f"{c.pl()}不转换", f"{c.pl()}不轉換", f"{c.pl()} does not convert"),
    "election_result": _election,
    "state_added": lambda c: _t(c.lang, f"备用州{c.st()}加入", f"備用州{c.st()}加入", f"Reserve state {c.st()} joins"),
    "income": lambda c: _t(c.lang, f"{c.pl()}收入{_eur(c.d['amount'])}（{c.d['points']}分+基础{c.d['base']}）",
                           f"{c.pl()}收入{_eur(c.d['amount'])}（{c.d['points']}分+基礎{c.d['base']}）",
                           f"{c.pl()} earns {_eur(c.d['amount'])} ({c.d['points']} points + base {c.d['base']}, "
                           "1,000€ each)"),
    "donation": lambda c: (_t(c.lang, f"{c.pl()}接受捐款{_eur(c.d['amount'])}", f"{c.pl()}接受捐款{_eur(c.d['amount'])}",
                              f"{c.pl()} accepts a {_eur(c.d['amount'])} donation")
                           if c.d["accepted"] else
                           _t(c.lang, f"{c.pl()}拒绝捐款{_eur(c.d['amount'])}", f"{c.pl()}拒絕捐款{_eur(c.d['amount'])}",
                              f"{c.pl()} refuses a {_eur(c.d['amount'])} donation"))
    + f" ({c.d['base_change']:+d})",
    "donation_pass": lambda c: _t(c.lang, f"{c.pl()}不处理捐款", f"{c.pl()}不處理捐款", f"{c.pl()} takes no donation card"),
    "final_scores": _final,
}


def render_event(event: Any, lang: str, parties: Sequence[int] | None) -> str:
    fn = _R.get(event.type)
    if fn is None:
        return str(event.type)
    return fn(_Ctx(dict(event.data), lang, parties or ()))
