"""Die Macher classic's terminal renderer (issue 10; the game's ``tui`` adapter): its entries cover exactly
the legal actions, every phase draws in every language and naming style, the explanations add up (votes =
cubes x max(0.5, popularity + coincidence), 001 2.viii; seats from the ladder; income 001 3.v; money), every
phase has its rules help, and nothing private reaches another seat's screen."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from rich.console import Console

import hustings
from hustings.engine import Action, get_spec
from hustings.games.die_macher import data as D
from hustings.games.die_macher.adapters.tui import PHASES, Renderer
from hustings.games.die_macher.words import TOPICS, WORDS
from hustings.games.die_macher.words.explain import score_parts
from hustings.tui import ui_for
from hustings.tui.choices import TreeModel
from hustings.tui.renderer import GameRenderer

GAME = "die-macher"
LANGS = ("en", "zh-Hans", "zh-Hant")

RULES_HELP = WORDS.rules_help()


def rules_for(phase: str, lang: str) -> str:
    """The rules text of ``phase`` from the game's words."""
    got = WORDS.rules(phase, lang)
    assert got is not None
    return got[1]


def rendered(renderable: Any) -> str:
    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def _random_states(seed: int, players: int, variant: str) -> list[hustings.GameState]:
    """Snapshots of one random game, one per step."""
    rng = random.Random(seed)
    state = hustings.make(GAME, players=players, variant=variant, seed=seed)
    out = [state.clone()]
    while not state.is_over:
        p = state.current_players[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
        out.append(state.clone())
    return out


@pytest.fixture(scope="module")
def game_states() -> list[hustings.GameState]:
    return _random_states(31, 4, "full") + _random_states(32, 3, "short") + _random_states(33, 5, "full")


def _every_completion(model: TreeModel) -> list[Action]:
    if model.complete:
        return [model.action()]
    out = []
    for v in model.options():
        model.choose(v)
        out += _every_completion(model)
        model.back()
    return out


def test_entries_cover_exactly_the_legal_actions(game_states: list[hustings.GameState]) -> None:
    ui = Renderer("en")
    seen_modes: set[str] = set()
    for state in game_states[::4]:
        for p in state.current_players:
            legal = state.legal_actions(p)
            view = state.view(p)
            reachable: list[Action] = []
            for e in ui.entries(view, legal):
                seen_modes.add(e.mode)
                assert e.label
                if e.mode == "tree":
                    reachable += _every_completion(TreeModel(e.actions))
                    kind = e.actions[0].kind
                    assert ui.tree_step(kind, 0, (), view)
                    assert ui.tree_label(kind, 0, (), e.actions[0].args[0], view)
                else:
                    reachable += list(e.actions)
                assert all(a in legal for a in e.actions)
            assert sorted(a.id for a in reachable) == sorted(a.id for a in legal)
    assert seen_modes == {"action", "amount", "tree"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_phase_draws_in_every_language_and_style(game_states: list[hustings.GameState], lang: str) -> None:
    phases: set[str] = set()
    firsts: dict[tuple[str, str], hustings.GameState] = {}  # the first state of each phase and variant
    for state in game_states:
        view = state.view(None)
        firsts.setdefault((view["variant"], view["phase"]), state)
    for names in ("local", "de", "both"):
        ui = Renderer(lang, names)
        for state in firsts.values():
            cur = state.current_players
            for viewer in (None, cur[-1] if cur else 0):
                view = state.view(viewer)
                phases.add(view["phase"])
                text = rendered(ui.status(view, cur[0] if cur else None, viewer, [None] * state.num_players))
                panels = ui.panels(view)
                assert [p.key for p in panels] == ["board-0", "board-1", "board-2", "board-3", "parties", "national"]
                for panel in panels:
                    text += panel.title + rendered(panel.body) + panel.subtitle
                text += rendered(ui.private_panel(view)) + rendered(ui.situation(view))
                assert "{" not in text and "tui." not in text, text
                if viewer is None:
                    assert "Your money" not in text
                    continue
                for a in state.legal_actions(viewer)[:40]:
                    assert ui.describe(a, view)
    assert phases >= set(PHASES) - {"tie", "answer"}


def test_the_board_shows_the_doubled_key_issue_and_the_seats_the_votes_give() -> None:
    """001 2.viii: the key (doubled) issue counts twice; the seats column reads the state card's ladder."""
    state = hustings.make(GAME, players=4, seed=5)
    view = state.view(0)
    view["boards"][0]["key_issue"] = view["boards"][0]["up"][0] >> 1
    view["boards"][0]["votes"][1] = 30
    ui = Renderer("en")
    title, body = ui.board(view, 0)
    text = rendered(body)
    assert "◆" in text and "×2" in text
    card = D.STATES[view["boards"][0]["state"]]
    assert title.endswith(ui.n.state(card.index))
    assert f"up to {card.max_seats} seats" in text
    row = next(line for line in text.splitlines() if line.startswith("SPD"))
    assert row.split()[-2:] == ["30", str(card.seats(30))]


def test_explanations_account_for_votes_seats_income_and_money(game_states: list[hustings.GameState]) -> None:
    ui = Renderer("en")
    for state in game_states[::40]:
        for viewer in (None, 0):
            view = state.view(viewer)
            items = ui.explanations(view, state.events(viewer))
            titles = [e.title for e in items]
            assert all(titles)
            for b, bd in enumerate(view["boards"]):
                for p, votes in enumerate(bd["votes"] if bd["election"] else []):
                    if votes:
                        item = next(e for e in items if e.title == f"Votes of {ui.who(view, p)} on "
                                    f"{ui.board_name(view, b)}: {votes}")
                        signed = [line for line in item.lines if line[:1] in "+-"]
                        assert sum(int(line.split()[0]) for line in signed) == votes, item
            if viewer is not None:
                money = next(e for e in items if e.title.startswith("Your money"))
                have = view["players"][0]["money"]
                assert money.lines[-1] == f"= {have:,} DM"
                total = D.START_MONEY + sum(int(line.split(" DM")[0].replace(",", ""))
                                            for line in money.lines[1:-1])
                assert total == have
            for p, pl in enumerate(view["players"]):
                members = next(e for e in items if e.title == f"Members of {ui.who(view, p)}: {pl['members']}")
                assert members.lines[-1] == f"= {pl['members']}"
    final = game_states[-1]
    view = final.view(None)
    items = ui.explanations(view, final.events(None))
    election = next(e for e in items if e.title.startswith("Election 1: "))
    first = final.events(None)
    result = next(e.data for e in first if e.type == "election")
    card = D.STATES[result["state"]]
    v0 = result["votes"][0]
    assert f"{v0} votes → {card.seats(v0)} of {card.max_seats} seats" in election.lines[0]
    income = next(e for e in items if e.title.startswith("Income of "))
    assert any(" seats × 1,000 DM = " in line for line in income.lines)
    for p, sc in enumerate(final.scores()):
        score = next(e for e in items if e.title.startswith(f"Score of {ui.who(view, p)}: "))
        assert score.title.endswith(f": {sc['total']}") and score.lines[-1] == f"= {sc['total']}"


def test_a_converted_vote_line_names_cubes_popularity_and_coincidence(game_states: list[hustings.GameState]) -> None:
    """001 2.viii: votes = cubes x max(0.5, popularity + coincidence), rounded down."""
    ui = Renderer("en")
    checked = 0
    for state in game_states:
        events = state.events(None)
        if not events or events[-1].type != "converted" or state.view(None)["phase"] != "convert":
            continue
        conv = events[-1].data
        view = state.view(None)
        factor = max(1, 2 * (conv["popularity"] + conv["coincidence"])) / 2
        assert int(conv["cubes"] * factor) == conv["votes"]
        line = (f"+{conv['votes']} = {conv['cubes']} cubes × max(0.5, popularity {D.pop_value(conv['popularity'])} + "
                f"coincidence {conv['coincidence']:+d}) = {conv['cubes']} × {factor:g}, rounded down")
        title = f"Votes of {ui.who(view, conv['seat'])} on {ui.board_name(view, conv['board'])}: "
        item = next(e for e in ui.explanations(view, events) if e.title.startswith(title))
        assert any(x.startswith(line) for x in item.lines), item
        checked += 1
    assert checked >= 1


def test_explanations_account_for_popularity_in_spaces(game_states: list[hustings.GameState]) -> None:
    """003 §2: a marker's place is a space with its value; the explanation lists the moves, in spaces, from the
    starting space to it, and the board shows the value."""
    ui = Renderer("en")
    checked = 0
    for state in game_states[::25]:
        view = state.view(None)
        items = ui.explanations(view, state.events(None))
        for b, bd in enumerate(view["boards"]):
            if not bd["election"]:
                continue
            text = rendered(ui.board(view, b)[1])
            for p, value in enumerate(bd["popularity"]):
                label = D.pop_label(value, "en")
                item = next((e for e in items if e.title == f"Popularity of {ui.who(view, p)} on "
                             f"{ui.board_name(view, b)}: {label}"), None)
                if item is None:
                    assert value == D.POP_START
                    continue
                assert item.lines[0] == "starts on 0 (space 3 of 5 from the top)" and item.lines[-2] == f"= {label}"
                moved = 0
                for line in item.lines[1:-2]:
                    m = re.match(r"(up|down) (\d+) spaces? ", line)
                    assert m, line
                    moved += int(m[2]) * (1 if m[1] == "up" else -1)
                assert D.POP_INDEX[D.POP_START] - moved == D.POP_INDEX[value], item
                row = next(line for line in text.splitlines() if line.startswith(ui.n.party_short(p)[:6]))
                assert D.pop_value(value) in row.split()
                checked += 1
    assert checked >= 5


def test_poll_options_and_a_secret_roll_read_as_spaces() -> None:
    """001 2.vii: a poll's options move markers by spaces; a secret poll's dice are shared between spaces and
    members (ruling R2): the winner's screen says so."""
    state = hustings.make(GAME, players=3, seed=3)
    while state.view(None)["phase"] != "poll_decide":
        p = state.current_players[0]
        state.apply(p, state.legal_actions(p)[-1 if state.view(None)["phase"] == "poll_bid" else 0])
    p = state.current_players[0]
    ui = Renderer("en")
    text = ui.situation(state.view(p)).plain
    assert re.search(r"option 1: .*(up|down) \d spaces?", text), text
    state.apply(p, next(a for a in state.legal_actions(p) if a.kind == "secret"))
    if state.view(None)["poll"]["roll"] >= 0:
        assert "on the dice; choose how many go to popularity" in ui.situation(state.view(p)).plain
        assert all(ui.describe(a, state.view(p)) for a in state.legal_actions(p))


def test_score_so_far_matches_the_rules_final_scores(game_states: list[hustings.GameState]) -> None:
    """001 §遊戲結束: the running score the parties panel shows is the rules' own at the end."""
    final = game_states[-1]
    view = dict(final.view(None))
    rules = final.scores()
    view["scores"] = None
    assert [dict(x, total=sum(x.values())) for x in score_parts(view)] == rules


def test_the_spec_names_the_renderer_and_the_rules_help() -> None:
    spec = get_spec(GAME)
    assert spec.adapter("tui") is Renderer and spec.adapter("words") is WORDS
    ui = ui_for(GAME, "zh-Hans", "both")
    assert isinstance(ui, Renderer) and isinstance(ui, GameRenderer)
    assert (ui.lang, ui.n.style) == ("zh-Hans", "both")


@pytest.mark.parametrize("lang", LANGS)
def test_rules_help_for_every_phase(lang: str) -> None:
    assert set(TOPICS) == set(PHASES) == set(RULES_HELP)
    view = hustings.make(GAME, players=3, seed=1).view(None)
    for phase in PHASES:
        view["phase"] = phase
        title, text = Renderer(lang).rules(view)
        assert text == rules_for(phase, lang) and len(text) > 40 and title


def test_names_come_from_the_catalog_in_every_style() -> None:
    """German names as printed (seed 003 lists the issues and stances), local names, or both."""
    en, de, both = Renderer("en").n, Renderer("en", "de").n, Renderer("zh-Hant", "both").n
    assert (en.party(4), de.party(4)) == ("Greens", "Die Grünen")
    assert both.party(3).endswith("(Die Linke)")
    euro_now = 2 * D.ISSUE_IDS.index("euro")
    assert (en.card(euro_now), de.card(euro_now)) == ("euro: now", "Euro: sofort")
    assert de.card(euro_now + 1) == "Euro: später"
    assert both.card(euro_now).endswith("(Euro: sofort)")
    assert en.state(-1) == "—" and en.card(-1) == "—"
