"""Issue 14, what confused a newcomer: a choice says what it costs and does before it is made (seed 000 三.3
media price, 三.9.3 donations' party base, 三.6 a forced main action, 三.9.1 votes of a conversion, 三.7 the
match after replacing an opinion, 三.9.2 media presence), and explain titles each income with its round."""

from __future__ import annotations

import pytest

from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.actions import A
from hustings.games.die_macher_2019.adapters.tui import Renderer
from hustings.games.die_macher_2019.formulas import conversion_votes, match
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import DieMacher2019

from .conftest import PLAT, con, play_until, pro, round_at, started

LANGS = ("en", "zh-Hans", "zh-Hant")


def test_media_purchase_shows_its_price() -> None:
    """seed 000 三.3: a media marker costs 5,000 €; the choice says so in every language."""
    s = round_at(Phase.MEDIA, first=0)
    view = s.view(0)
    for lang in LANGS:
        text = Renderer(lang).describe(A("media", 1), view)
        assert f"{D.MEDIA_COST:,}€" in text, text


def test_donation_choices_show_their_effect_on_party_base() -> None:
    """seed 000 三.9.3: accepting or refusing a donation changes the party base; both choices say by how much,
    and the step-by-step card list shows both effects before the card is chosen."""
    s = round_at(Phase.MEDIA, first=0)
    view = s.view(0)
    ui = Renderer("en")
    for c, d in enumerate(D.DONATIONS):
        assert ui.describe(A("donate", c, 1), view).endswith(f"(party base {d.accept_base:+d})")
        assert ui.describe(A("donate", c, 0), view).endswith(f"(party base {d.refuse_base:+d})")
        label = ui.tree_label("donate", 0, (), c, view)
        assert f"base {d.accept_base:+d}" in label and f"base {d.refuse_base:+d}" in label
    for lang in ("zh-Hans", "zh-Hant"):
        assert f"{D.DONATIONS[0].accept_base:+d}" in Renderer(lang).describe(A("donate", 0, 1), view)


def _converting() -> DieMacher2019:
    s = round_at(Phase.PLACE, first=0)
    s.rallies[1] = [6, 0, 0, 0]
    s.rally_res[0] -= 6
    s.trend[1][0] = 1
    play_until(s, lambda t: t.phase == Phase.CONVERT and t.current_players == (0,))
    return s


def test_convert_says_how_many_votes_it_gives() -> None:
    """seed 000 三.9.1: votes = max(1, cubes + trend) × max(1, match); `convert N rallies` shows the result."""
    s = _converting()
    view = s.view(0)
    b = view["convert_board"]
    bd = view["boards"][b]
    m = match(view["players"][0]["platform"], bd["opinions"], bd["double"])[0]
    for k in (4, 5, 6):
        votes = conversion_votes(k, bd["trend"][0], m)
        text = Renderer("en").describe(A("convert", k), view)
        assert text.startswith(f"convert {k} rallies → {votes} votes"), text
        assert f"{votes}" in Renderer("zh-Hans").describe(A("convert", k), view)


def test_replacing_an_opinion_shows_each_partys_match_change() -> None:
    """seed 000 三.7: the replacement card's choice shows, per party, its match in the state now → after."""
    s = round_at(Phase.MEDIA, first=0)
    b = 1
    s.platform[0] = list(PLAT)  # pro on issues 0-4
    s.platform[1] = [con(0), con(1), con(2), con(3), con(4)]
    s.up[b] = [pro(0), pro(5)]
    s.dbl[b] = -1
    view = dict(s.view(0))
    view["influence_board"] = b
    ui = Renderer("en")
    text = ui.describe(A("replace", 0, con(0)), view)  # education pro -> contra
    p0, p1 = ui.who(view, 0), ui.who(view, 1)
    assert f"{p0} +1→-1" in text and f"{p1} -1→+1" in text, text
    label = ui.tree_label("replace", 1, (0,), con(0), view)
    assert f"{p0} +1→-1" in label


def test_a_forced_main_action_that_hurts_its_owner_is_warned_before_paying() -> None:
    """seed 000 三.6, 四.2: a politician whose main action is the double marker must remove the marker when
    one lies in the state; when that lowers the owner's match, `pay` says so before the money goes."""
    s = round_at(Phase.MEDIA, first=0)
    b = 1
    s.platform[0] = list(PLAT)
    s.up[b] = [pro(0), pro(1)]
    s.dbl[b] = 0  # doubled: education, which seat 0 supports
    view = dict(s.view(0))
    backbencher = next(pol for pol in D.POLITICIANS if pol.main == "double")
    view["politician_turn"] = {"board": b, "player": 0, "politician": backbencher.index, "step": "pay",
                               "effect": ""}
    text = Renderer("en").describe(A("pay"), view)
    assert "⚠" in text and "+3→+2" in text, text
    for lang in ("zh-Hans", "zh-Hant"):
        assert "⚠" in Renderer(lang).describe(A("pay"), view)
    s.platform[0] = [con(0), pro(1), pro(2), pro(3), pro(4)]  # now the removal helps: a note, no warning
    view["players"] = s.view(0)["players"]
    text = Renderer("en").describe(A("pay"), view)
    assert "⚠" not in text and "-1→+0" in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_media_presence_choice_and_situation(lang: str) -> None:
    """seed 000 三.9.2 (R14): the presence question names the state, the points and who decides."""
    s = round_at(Phase.PLACE, first=0)
    s.votes[0] = [60, 0, 0, 0]
    s.media[0] = [1, 0, 0, 0]
    s.media_res[0] = 3
    play_until(s, lambda t: t.phase == Phase.PRESENCE)
    view = s.view(0)
    ui = Renderer(lang)
    value = D.MEDIA_PRESENCE["standard"][0]
    assert f"{value}" in ui.describe(A("presence"), view)
    situation = ui.situation(view).plain
    assert ui.who(view, 0) in situation and f"{value}" in situation
    assert ui.describe(A("keep_marker"), view)


def test_explain_titles_each_income_with_its_round_once() -> None:
    """Issue 14 bug 11: after several rounds every seat has one income item per round, titled with it."""
    s = started(4, seed=3)
    play_until(s, lambda t: t.round == 3 and t.phase == Phase.BID)
    view = s.view(0)
    items = Renderer("en").explanations(view, list(s.events(0)))
    titles = [e.title for e in items if e.title.startswith("Income of ")]
    assert len(titles) == len(set(titles)) == 2 * 4
    for p in range(4):
        who = Renderer("en").who(view, p)
        assert any(t.startswith(f"Income of {who} after round 1:") for t in titles)
        assert any(t.startswith(f"Income of {who} after round 2:") for t in titles)
    assert titles[0].split(" after round ")[1].startswith("2")  # the latest round first
