"""Every catalog is complete: each key in en, zh-Hans and zh-Hant with the same placeholders; German names.

The catalogs are the shared interface words (src/hustings/messages) and each game's (games/<id>/messages).
"""

from __future__ import annotations

import re

import pytest

from hustings.engine.i18n import REQUIRED_LANGS, Catalog
from hustings.games.die_macher_2019 import data as D
from hustings.messages import SHARED

CATALOGS: dict[str, Catalog] = {"shared": SHARED, "die-macher-2019": D.CATALOG}

# Chinese characters (CJK ideographs, CJK punctuation, full-width forms): none may appear in English.
_CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
# Simplified-only characters (their traditional forms differ) and traditional-only ones; a curated list of
# the words these games use, so the check is cheap and has no false positives.
_SIMPLIFIED_ONLY = set(
    "这们国选举党议会计划钱经过开关发现时间问题见长门东车马为对说话请让认设记论语读谁调资费购买卖态势变换转边"
    "应该实际总结个专业两临义乐书争亚产亲仅从传伤价众优劳区华单卫历压县参双叙号吗听启员响团园围图场块坏报"
    "声处备够头夺奋学宁实审对导将尽层岁岛币师带帮广庆废异弃张弹强归录当恶惊惯愿战户扩扫抢护择拥换据损摄旧显"
    "杀杂权条来极构枪标树样检楼欢毕气汉没泽洁测济涨满灭灯灵点热爱状独献环电画疗监盖盘矿码础确种积称稳穷竞笔"
    "签简类纲纳纸组练线终给绝统继绩续绿缓缩网罗罚职联脑脸节荐获营蓝虑虽补袭装观规视览觉触订讨训讯讲许访证评"
    "识诉词译试诚详误诸课谈谋谓谢贝负贡财责贤败货质贪贫贯贴贵贺赋赌赏赔赖赛赞赠赢趋跃践踪轨轮软轻载较辅辆辉"
    "输辞达迁运还进远违连迟适递遗邮邻释鉴针钟钢铁银链销锁错键镇镜闭闲阅队阳阴阵阶际陆陈险随隐难静页顶项顺须"
    "顾预领频额风飞饭馆驱验骑鸟鸡鸣麦黄齐龙"
)
_TRADITIONAL_ONLY = set(
    "這們國選舉黨議會計劃錢經過開關發現時間問題見長門東車馬為對說話請讓認設記論語讀誰調資費購買賣態勢變換轉邊"
    "應該實際總結個專業兩義樂書爭亞產親僅從傳傷價眾優勞區華單衛歷壓縣參雙號嗎聽啟員響團園圍圖場塊壞報聲處備夠"
    "頭奪奮學寧實審導將盡層歲島幣師帶幫廣慶廢異棄張彈強歸錄當惡驚慣願戰戶擴掃搶護擇擁據損攝舊顯殺雜權條來極構"
    "槍標樹樣檢樓歡畢氣漢沒澤潔測濟漲滿滅燈靈點熱愛狀獨獻環電畫療監蓋盤礦碼礎確種積稱穩窮競筆簽簡類綱納紙組練"
    "線終給絕統繼績續綠緩縮網羅罰職聯腦臉節薦獲營藍慮雖補襲裝觀規視覽覺觸訂討訓訊講許訪證評識訴詞譯試誠詳誤諸"
    "課談謀謂謝貝負貢財責賢敗貨質貪貧貫貼貴賀賦賭賞賠賴賽贊贈贏趨躍踐蹤軌輪軟輕載較輔輛輝輸辭達遷運還進遠違連"
    "遲適遞遺郵鄰釋鑒針鐘鋼鐵銀鏈銷鎖錯鍵鎮鏡閉閒閱隊陽陰陣階際陸陳險隨隱難靜頁頂項順須顧預領頻額風飛飯館驅驗"
    "騎鳥雞鳴麥黃齊龍"
)


def test_the_character_lists_do_not_overlap() -> None:
    assert not _SIMPLIFIED_ONLY & _TRADITIONAL_ONLY


@pytest.mark.parametrize("name", CATALOGS)
def test_every_key_in_every_required_language(name: str) -> None:
    cat = CATALOGS[name]
    keys = {lang: cat.keys(lang, own=True) for lang in REQUIRED_LANGS}
    assert keys["en"], f"{name}: empty catalog"
    for lang in REQUIRED_LANGS:
        assert keys[lang] == keys["en"], (
            f"{name}/{lang}.json: missing {sorted(keys['en'] - keys[lang])}, extra {sorted(keys[lang] - keys['en'])}"
        )


@pytest.mark.parametrize("name", CATALOGS)
def test_same_placeholders_in_every_language(name: str) -> None:
    cat = CATALOGS[name]
    for key in cat.keys("en", own=True):
        en = cat.placeholders(key, "en")
        for lang in (*REQUIRED_LANGS, *(x for x in cat.languages(own=True) if x not in REQUIRED_LANGS)):
            if cat.has(key, lang):
                assert cat.placeholders(key, lang) == en, f"{name}/{lang}.json: {key} uses other placeholders"


@pytest.mark.parametrize("name", CATALOGS)
def test_optional_languages_add_no_unknown_keys(name: str) -> None:
    cat = CATALOGS[name]
    for lang in cat.languages(own=True):
        extra = cat.keys(lang, own=True) - cat.keys("en", own=True)
        assert not extra, f"{name}/{lang}.json has keys English lacks: {sorted(extra)}"


@pytest.mark.parametrize("name", CATALOGS)
def test_no_chinese_in_english_and_no_empty_text(name: str) -> None:
    cat = CATALOGS[name]
    for key in cat.keys("en", own=True):
        en = cat.template(key, "en")
        assert en is not None and not _CJK.search(en), f"{name}/en.json: {key} = {en!r}"
        for lang in REQUIRED_LANGS:
            assert cat.template(key, lang), f"{name}/{lang}.json: {key} is empty"


@pytest.mark.parametrize("name", CATALOGS)
def test_no_simplified_characters_in_traditional_and_back(name: str) -> None:
    cat = CATALOGS[name]
    for key in cat.keys("en", own=True):
        hant, hans = cat.template(key, "zh-Hant") or "", cat.template(key, "zh-Hans") or ""
        wrong = set(hant) & _SIMPLIFIED_ONLY
        assert not wrong, f"{name}/zh-Hant.json: {key} = {hant!r} has simplified {''.join(sorted(wrong))}"
        wrong = set(hans) & _TRADITIONAL_ONLY
        assert not wrong, f"{name}/zh-Hans.json: {key} = {hans!r} has traditional {''.join(sorted(wrong))}"


def test_german_names_of_parties_issues_states_and_politicians() -> None:
    """The printed (German) names, seed 000 and docs/data: every party, issue (with both stances), state
    and politician, and the score labels."""
    own = D.CATALOG.keys("de", own=True)
    need = {f"party.{p['id']}" for p in D.PARTIES}
    need |= {f"issue.{i['id']}" for i in D.ISSUES}
    need |= {f"stance.{i['id']}.{s}" for i in D.ISSUES for s in ("pro", "contra")}
    need |= {f"state.{s.id}" for s in D.STATES}
    need |= {f"politician.{p.key}" for p in D.POLITICIANS}
    need |= {k for k in D.CATALOG.keys("en", own=True) if k.startswith("score.")}
    assert not need - own, sorted(need - own)
    assert D.party_name(3, "de") == "Grüne" and D.issue_name(3, "de") == "Innere Sicherheit"
    assert D.card_name(1, "de") == "Bildung: weniger" and D.state_name(0, "de") == "Nordrhein-Westfalen"


def test_names_are_distinct_within_a_language() -> None:
    for lang in (*REQUIRED_LANGS, "de"):
        for kind, count, fn in (("party", D.NUM_PARTIES, D.party_name), ("issue", D.NUM_ISSUES, D.issue_name),
                                ("state", len(D.STATES), D.state_name),
                                ("politician", len(D.POLITICIANS), D.politician_name),
                                ("card", D.NUM_TYPES, D.card_name)):
            names = [fn(i, lang) for i in range(count)]
            assert len(set(names)) == count, f"{kind} names repeat in {lang}: {names}"


def test_export_for_the_browser_is_flat_and_complete() -> None:
    for lang in REQUIRED_LANGS:
        flat = D.CATALOG.export(lang)
        assert set(flat) == D.CATALOG.keys("en")
        assert all(isinstance(v, str) for v in flat.values())
        assert flat["event.media_bought"] == D.CATALOG.template("event.media_bought", lang)
        assert flat["seat"] == SHARED.template("seat", lang)
