"""The page's composer groups choices by the structured label the server sends (kind, arguments), never by
splitting label text: 選舉之戰's news cards in Chinese were five identical 「對 … (4)」 buttons (issue 22)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import hustings
from hustings.engine.words import Voice
from hustings.server import words as W

from .helpers import watch_errors

# the page's own composer, drawn with the legal list a server sends; the "play" group opened
COMPOSE = """async (legal) => {
  const { Composer } = await import("/static/compose.js");
  const words = { tree_so_far: "so far: {parts}", entry_tree: "{what} ({n})", step_value: "value {n}",
                  kind_other: "{kind}" };
  const t = (k, f = {}) => (words[k] || k).replace(/\\{(\\w+)\\}/g, (_, x) => f[x]);
  const root = document.createElement("div");
  document.body.append(root);
  const c = new Composer(root, t, () => {});
  c.draw(legal, true);
  const group = root.querySelector('button.act.group[data-kind="play"]');
  group.click();
  const title = root.querySelector(".compose-title").textContent;
  const first = [...root.querySelectorAll("button.choice")].map((b) => b.textContent);
  root.querySelector("button.choice").click();  // the first card: its targets next
  const hint = root.querySelector(".compose-line").textContent;
  const second = [...root.querySelectorAll("button.choice")].map((b) => b.textContent);
  return { title, first, hint, second };
}"""


def _news_turn(lang: str) -> tuple[list[dict[str, Any]], list[Any]]:
    """The legal list of the first seat with many news cards to play, labelled in ``lang`` (5 seats)."""
    s = hustings.make("election-war", seed=3, players=5)
    rng = random.Random(1)
    while not s.is_over:
        for p in s.current_players:
            acts = s.legal_actions(p)
            plays = [a for a in acts if a.kind == "play"]
            if len(plays) > 8:
                return W.legal("election-war", acts, s.view(p), Voice(lang)), plays
        p = s.current_players[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    raise AssertionError("no turn with news cards to play")


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "en"])
def test_news_cards_are_grouped_by_card_then_target(base_url: str, browser: Any, lang: str) -> None:
    legal, plays = _news_turn(lang)
    page = browser.new_page()
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(base_url + "/")
    got = page.evaluate(COMPOSE, legal)
    by_id = {e["id"]: e for e in legal}
    cards = list(dict.fromkeys(a.args[0] for a in plays))
    card_text = {by_id[a.id]["words"]["args"][0]["text"] for a in plays if a.args[0] == cards[0]}
    assert len(card_text) == 1
    # one button per card, each named by the card's own words (and how many targets it has)
    assert len(got["first"]) == len(cards) == len(set(got["first"])), got["first"]
    for button, card in zip(got["first"], cards, strict=True):
        entry = next(by_id[a.id] for a in plays if a.args[0] == card)
        text = entry["words"]["args"][0]["text"]
        n = sum(1 for a in plays if a.args[0] == card)
        assert button == (entry["label"] if n == 1 else f"{text} ({n})"), (button, text)
    # the heading is the kind's title from the game's words; the line above the targets is the label so far: the
    # card chosen, the target asked marked "?" (issue 24: it replaced "so far: <card>")
    assert got["title"] == by_id[plays[0].id]["words"]["title"] and got["title"]
    first = next(by_id[a.id] for a in plays if a.args[0] == cards[0])
    parts = first["words"]["parts"]
    assert got["hint"] == "".join(p if isinstance(p, str) else (card_text.pop() if p == 0 else "?") for p in parts)
    # then one button per target, in the target's own words (the line above says the rest), all different
    targets = [by_id[a.id]["words"]["args"][1]["text"] for a in plays if a.args[0] == cards[0]]
    assert got["second"] == targets and len(set(targets)) == len(targets)
    assert not errors, errors
    page.close()


# the "play" group opened and its first card picked in one language; then the same choice arrives in another
SWITCH = """async ([before, after]) => {
  const { Composer } = await import("/static/compose.js");
  const t = (k, f = {}) => k === "entry_tree" ? `${f.what} (${f.n})` : k;
  const root = document.createElement("div");
  document.body.append(root);
  const c = new Composer(root, t, () => {});
  c.draw(before, true);
  root.querySelector('button.act.group[data-kind="play"]').click();
  root.querySelector("button.choice").click();
  const shown = () => [...root.querySelectorAll("button.choice")].map((b) => b.textContent);
  const old = shown();
  c.draw(after, true);  // the state the server sends after {"type": "lang"}
  return { old, now: shown(), open: !!root.querySelector(".compose") };
}"""


def test_an_open_choice_takes_the_new_languages_labels(base_url: str, browser: Any) -> None:
    """Issue 25, bug 9: after switching language during a choice, the open choice kept the old language's labels."""
    en, _ = _news_turn("en")
    zh, _ = _news_turn("zh-Hant")
    assert [a["id"] for a in en] == [a["id"] for a in zh]
    page = browser.new_page()
    page.goto(base_url + "/")
    got = page.evaluate(SWITCH, [en, zh])
    page.close()
    assert got["open"]  # still open where the person was
    assert got["old"] != got["now"]
    assert any(re.search(r"[A-Za-z]{3,}", x) for x in got["old"])
    assert all(re.search(r"[\u4e00-\u9fff]", x) for x in got["now"]), got["now"]
