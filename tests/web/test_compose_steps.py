"""The page's composer chooses step by step from the actions' structure (issue 24, point 3): the kind first, then
each argument, worded from the structured labels the server sends (never by splitting label text), in every
language and for every game's grouped kinds (classic Die Macher's starting sheet, Die Macher 2019's deployment
and rallies, 選舉之戰's news cards, 逃出總統府's swaps); an amount says its unit ("0€ to 30,000€", never a bare
"0 to 30"); a group without structured labels is a list of whole labels; Back returns over the steps the
composer took by itself. Legal lists come from positions played in-process from fixed seeds."""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest

import hustings
from hustings.engine.words import Voice
from hustings.server import words as W

from .helpers import watch_errors

LANGS = ["en", "zh-Hans", "zh-Hant"]
CASES = [("die-macher", "sheet1", {"players": 3, "variant": "short"}),
         ("die-macher-2019", "deploy", {"players": 3}),
         ("die-macher-2019", "rally", {"players": 3}),
         ("election-war", "play", {"players": 5}),
         ("palace-escape", "swap", {})]
AMOUNTS = [("die-macher-2019", "bid", {"players": 3}, "€"),
           ("die-macher", "bid", {"players": 3, "variant": "short"}, "DM")]


@cache
def _position(game: str, kind: str, options: tuple[tuple[str, Any], ...]) -> tuple[Any, int]:
    """The first position (random play from seed 24) where a seat has more than 8 actions of ``kind``."""
    s = hustings.make(game, seed=24, **dict(options))
    rng = random.Random(24)
    while not s.is_over:
        for p in s.current_players:
            if sum(1 for a in s.legal_actions(p) if a.kind == kind) > 8:
                return s, p
        p = s.current_players[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    raise AssertionError(f"no position with more than 8 {kind} actions in {game}")


def legal_list(game: str, kind: str, options: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """The legal list as the server sends it to that seat, in ``lang``."""
    s, p = _position(game, kind, tuple(sorted(options.items())))
    return list(W.legal(game, s.legal_actions(p), s.view(p), Voice(lang)))


# The page's composer with the page's own words; the group of `kind` opened, then at each step the line above
# the choices and the choices read, and the choice at `picks[i]` (an index into the buttons) clicked, until the
# review; then Send. Returns the steps, the review and what was sent.
DRIVE = """async ({legal, kind, lang, picks}) => {
  const { Composer } = await import('/static/compose.js');
  const { Words } = await import('/static/common.js');
  const words = await Words.load(lang);
  const t = (k, f) => words.t(k, f);
  const root = document.createElement('div');
  document.body.append(root);
  const sentIds = [];
  const c = new Composer(root, t, (a) => sentIds.push(a.id));
  c.draw(legal, true);
  const entries = [...root.querySelectorAll('button.act')]
    .map((b) => [b.dataset.kind, b.dataset.group || null, b.textContent]);
  root.querySelector(`button.act.group[data-kind="${kind}"]`).click();
  const title = root.querySelector('.compose-title').textContent;
  const steps = [];
  for (let i = 0; i < 12 && !root.querySelector('.send'); i++) {
    const line = root.querySelector('.compose-line');
    const buttons = [...root.querySelectorAll('button.choice')];
    steps.push({ line: line ? line.textContent : null, asked: line ? line.querySelectorAll('.cp-asked').length : 0,
      step: root.querySelector('.compose-step')?.textContent ?? null,
      choices: buttons.map((b) => ({ text: b.textContent, value: Number(b.dataset.value), n: Number(b.dataset.n) })) });
    buttons[Math.min(picks[i] ?? 0, buttons.length - 1)].click();
  }
  const review = root.querySelector('.review').textContent;
  root.querySelector('.send').click();
  root.remove();
  return { entries, title, steps, review, sent: sentIds };
}"""


@pytest.fixture(scope="module")
def page(base_url: str, browser: Any) -> Any:
    pg = browser.new_page()
    errors: list[str] = []
    watch_errors(pg, errors)
    pg.goto(base_url + "/")
    yield pg
    assert not errors, errors
    pg.close()


def _words(lang: str, page: Any) -> dict[str, Any]:
    return dict(page.evaluate("l => fetch(`/web/i18n/${l}.json`).then(r => r.json())", lang))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game", "kind", "options"), CASES, ids=[f"{g}-{k}" for g, k, _ in CASES])
def test_a_kind_is_chosen_argument_by_argument(page: Any, game: str, kind: str, options: dict[str, Any],
                                               lang: str) -> None:
    legal = legal_list(game, kind, options, lang)
    acts = [a for a in legal if a["kind"] == kind]
    n = len(acts[0]["args"])
    rng = random.Random(f"{game}{kind}{lang}")
    picks = [rng.randrange(8) for _ in range(n)]
    got = page.evaluate(DRIVE, {"legal": legal, "kind": kind, "lang": lang, "picks": picks})
    words = _words(lang, page)

    # the kind first: one entry for the whole kind, named by the game's title for it
    title = acts[0]["words"]["title"]
    assert title and got["title"] == title
    group = [e for e in got["entries"] if e[0] == kind]
    assert group == [[kind, "tree", words["entry_tree"].replace("{what}", title).replace("{n}", str(len(acts)))]]

    # then each argument: every choice is one value of the argument asked, in that argument's own words
    chosen: list[int] = []
    matching = acts
    for i, st in enumerate(got["steps"]):
        # arguments with one value left are taken without asking
        while len(matching) > 1 and all(len(a["args"]) > len(chosen) for a in matching) \
                and len({a["args"][len(chosen)] for a in matching}) == 1:
            chosen.append(matching[0]["args"][len(chosen)])
        depth = len(chosen)
        going = [a for a in matching if len(a["args"]) > depth]
        assert len(going) == len(matching)  # (no action of these ends before another)
        values = list(dict.fromkeys(a["args"][depth] for a in going))
        assert [c["value"] for c in st["choices"]] == values
        for c in st["choices"]:
            sub = [a for a in going if a["args"][depth] == c["value"]]
            assert c["n"] == len(sub)
            if len(sub) == 1:  # the one action it leaves: its whole label, or the argument's words below its line
                arg = sub[0]["words"]["args"][depth]["text"]
                assert c["text"] == sub[0]["label"] or (st["line"] is not None and arg in c["text"]), (c, arg)
            else:  # the argument's own text (within the words it settles), and how many actions it leaves
                assert sub[0]["words"]["args"][depth]["text"] in c["text"], (c, sub[0]["words"])
                assert c["text"].endswith(f"({len(sub)})")
        if st["line"] is not None:  # the label so far: the argument asked marked once, those chosen in words
            assert st["asked"] == 1 and "?" in st["line"]
            for k in range(depth):
                assert matching[0]["words"]["args"][k]["text"] in st["line"]
        pick = st["choices"][min(picks[i], len(st["choices"]) - 1)]
        chosen.append(pick["value"])
        matching = [a for a in matching if a["args"][: len(chosen)] == chosen]
        if len(matching) == 1:
            break
    # a few clicks (no more than the arguments), and the action they name is the one reviewed and sent
    assert 1 <= len(got["steps"]) <= n
    assert len(matching) == 1
    assert got["sent"] == [matching[0]["id"]]
    assert got["review"] == words["tree_confirm"].replace("{action}", matching[0]["label"])
    if lang != "en":  # nothing of English shows through (the labels' own words in this language)
        texts = " ".join(c["text"] for st in got["steps"] for c in st["choices"])
        assert not re.search(r"\b(on|board|combination|deployment|rallies|Play|President|Mayor)\b", texts), texts


def test_the_starting_sheet_says_what_each_combination_gives(page: Any) -> None:
    """Classic's starting sheet (104 actions, once 104 buttons): the first step is the combination, and each
    choice shows what that combination gives with its boards still open; then a board per part."""
    legal = legal_list("die-macher", "sheet1", {"players": 3, "variant": "short"}, "en")
    got = page.evaluate(DRIVE, {"legal": legal, "kind": "sheet1", "lang": "en", "picks": [1, 0, 0, 0]})
    first = got["steps"][0]
    combos = {a["args"][0] for a in legal if a["kind"] == "sheet1"}
    assert len(first["choices"]) == len(combos) <= 6
    for c in first["choices"]:
        assert re.search(r"combination \d+: .*…", c["text"]), c["text"]  # what it gives, boards open
        assert "board" not in c["text"]
        sub = [a for a in legal if a["kind"] == "sheet1" and a["args"][0] == c["value"]]
        literal = [p for p in sub[0]["words"]["parts"] if isinstance(p, str) and p.strip()]
        assert all(p in c["text"] for p in literal), (c["text"], literal)
    second = got["steps"][1]
    assert second["line"] is not None and second["line"].count("?") == 1 and second["line"].startswith("column 1")
    assert all(re.fullmatch(r"board \d \(\d+\)", c["text"]) or c["n"] == 1 for c in second["choices"]), second
    assert len(got["steps"]) <= 4


AMOUNT = """async ({legal, kind, lang, moves}) => {
  const { Composer } = await import('/static/compose.js');
  const { Words } = await import('/static/common.js');
  const words = await Words.load(lang);
  const root = document.createElement('div');
  document.body.append(root);
  const sentIds = [];
  const c = new Composer(root, (k, f) => words.t(k, f), (a) => sentIds.push(a.id));
  c.draw(legal, true);
  const entry = root.querySelector(`button.act.group[data-kind="${kind}"]`);
  const group = entry.dataset.group;
  entry.click();
  const hint = root.querySelector('.hint').textContent;
  const options = [...root.querySelectorAll('select.amount-pick option')].map((o) => o.textContent);
  const shown = [root.querySelector('.amount-label').textContent];
  const lessDisabled = root.querySelector('.amount-step.less').disabled;
  for (const m of moves) {
    root.querySelector(`.amount-step.${m}`).click();
    shown.push(root.querySelector('.amount-label').textContent);
  }
  const sel = root.querySelector('select.amount-pick');
  sel.value = String(options.length - 1); sel.dispatchEvent(new Event('change'));
  shown.push(root.querySelector('.amount-label').textContent);
  const moreDisabled = root.querySelector('.amount-step.more').disabled;
  // the first composer a page makes adds its stylesheet: the sizes are measured once it has loaded (the first test
  // of this page to make one raced the stylesheet, and measured unstyled buttons)
  await Promise.all([...document.querySelectorAll('link[rel=stylesheet]')].map((l) => l.sheet ? null
    : new Promise((r) => {
      l.addEventListener('load', r, { once: true });
      l.addEventListener('error', r, { once: true });
    })));
  const sizes = [...root.querySelectorAll('.amount-step, select.amount-pick')].map((e) => {
    const r = e.getBoundingClientRect(); return [r.width, r.height]; });
  root.querySelector('.review-btn').click();
  const review = root.querySelector('.review').textContent;
  root.querySelector('.send').click();
  const text = root.textContent;
  root.remove();
  return { group, title: entry.textContent, hint, options, shown, lessDisabled, moreDisabled, sizes, review,
    sent: sentIds, text };
}"""


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game", "kind", "options", "unit"), AMOUNTS, ids=[g for g, *_ in AMOUNTS])
def test_an_amount_says_its_unit(page: Any, game: str, kind: str, options: dict[str, Any], unit: str,
                                 lang: str) -> None:
    legal = legal_list(game, kind, options, lang)
    acts = sorted((a for a in legal if a["kind"] == kind), key=lambda a: a["args"][0])
    got = page.evaluate(AMOUNT, {"legal": legal, "kind": kind, "lang": lang, "moves": ["more", "more", "less"]})
    words = _words(lang, page)
    texts = [a["words"]["args"][0]["text"] for a in acts]
    assert got["group"] == "amount"
    assert acts[-1]["args"][0] > 9 and texts[-1].endswith(unit) and "," in texts[-1]  # thousands, with the unit
    # "Legal: 0€ to 30,000€": the range in the server's words for the amounts, unit included
    assert got["hint"] == words["amount_range"].replace("{lo}", texts[0]).replace("{hi}", texts[-1])
    assert unit in got["hint"] and not re.search(rf"\b{acts[-1]['args'][0]}\b(?!,)", got["hint"]), got["hint"]
    assert got["options"] == texts
    labels = [a["label"] for a in acts]
    assert got["shown"] == [labels[0], labels[1], labels[2], labels[1], labels[-1]]
    assert got["lessDisabled"] and got["moreDisabled"]
    assert got["sent"] == [acts[-1]["id"]]
    assert got["review"] == words["tree_confirm"].replace("{action}", labels[-1])
    assert "-1" not in got["text"]
    assert all(w >= 44 and h >= 44 for w, h in got["sizes"]), got["sizes"]


# A grouped kind whose actions carry no structured label (a game without a words layer): the whole labels, one
# button each; Back over the steps the composer took by itself.
LIST_AND_BACK = """async ({plain, legal, kind}) => {
  const { Composer } = await import('/static/compose.js');
  const t = (k, f = {}) => k + JSON.stringify(f);
  const root = document.createElement('div');
  document.body.append(root);
  const c = new Composer(root, t, () => {});
  c.draw(plain, true);
  root.querySelector('button.act.group').click();
  const list = { group: root.querySelector('.compose').dataset.mode,
    title: root.querySelector('.compose-title').textContent,
    choices: [...root.querySelectorAll('button.choice')].map((b) => b.textContent) };
  c.cancel();
  c.draw(legal, true);
  root.querySelector(`button.act.group[data-kind="${kind}"]`).click();
  const at = () => [...root.querySelectorAll('button.choice')].map((b) => b.dataset.value).join(',');
  const first = at();
  const back0 = !!root.querySelector('.compose button.back');
  root.querySelector('button.choice').click();
  const second = at();
  root.querySelector('.compose button.back').click();
  const again = at();
  root.remove();
  return { list, first, back0, second, again };
}"""


def test_plain_labels_are_a_list_and_back_returns_a_step(page: Any) -> None:
    legal = legal_list("die-macher", "sheet1", {"players": 3, "variant": "short"}, "en")
    plain = [{k: v for k, v in a.items() if k != "words"} for a in legal]
    got = page.evaluate(LIST_AND_BACK, {"plain": plain, "legal": legal, "kind": "sheet1"})
    sheet = [a["label"] for a in legal if a["kind"] == "sheet1"]
    assert got["list"]["group"] == "list" and got["list"]["choices"] == sheet  # whole labels, none cut
    assert got["list"]["title"].startswith("web.compose_other")  # no kind id shown: the page's own words
    assert not got["back0"] and got["first"] != got["second"] and got["again"] == got["first"]
