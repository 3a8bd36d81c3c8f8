"""Player-facing text never shows internal ids: no seed document, section mark or ruling id (tests/citations.py) in
anything a player reads, for every registered game, in every interface language: every message of every catalog
(the games', the shell's, the server's, the page's), titles and score names, rules help of every phase, how to
win, and over random games the action labels (whole and structured), event texts, explanations, names and the
refusals of illegal actions. The rules' readers find the citations in code comments, ``PhaseRules.section`` and
rulings.md."""

from __future__ import annotations

import random

import pytest

import hustings
from citations import CITATION, citations
from hustings.engine import LANGS, GameState, IllegalActionError, get_spec
from hustings.engine.i18n import Catalog
from hustings.engine.words import Voice, words_for
from hustings.messages import SHARED
from hustings.server.i18n import CATALOG as SERVER_CATALOG
from hustings.web import CATALOG as WEB_CATALOG

GAMES = hustings.list_games()
NAMES = ("Anna", "Bo", "Chen", "Dora", "Emil")


def test_the_citation_pattern_finds_citations_and_only_them() -> None:
    for cited in ("(seed 000 一.1)", "seeds 001 and 003", "ruling R7", "(R8)", "(rulebook §3.1)", "（§三.9.2）",
                  "三.8", "(001 2.vii)", "(003 L)", "000_39b850a45b3dc272.txt", "(seed 004 3-2; rulings R5, R11)"):
        assert citations(cited), cited
    for plain in ("Price: 1:1,000 2:2,000 3:3,000", "30,000€", "seed", "the ruling party", "Round 2", "R&D",
                  "選舉之戰", "第1-3輪", "-3..+3", "P1", "10,000€: −1/+1"):
        assert not citations(plain), plain


def _clean(text: object, where: object) -> None:
    assert isinstance(text, str), where
    assert not CITATION.search(text), (where, citations(text), text)


def _catalogs() -> list[tuple[str, Catalog]]:
    out = [("shell", SHARED), ("server", SERVER_CATALOG), ("web", WEB_CATALOG)]
    for game in GAMES:
        catalog = words_for(game).catalog
        if catalog is not None:
            out.append((game, catalog))
    return out


@pytest.mark.parametrize(("name", "catalog"), _catalogs(), ids=[name for name, _ in _catalogs()])
def test_no_catalog_message_cites_an_internal_id(name: str, catalog: Catalog) -> None:
    """Every message of a catalog is something some interface shows a player (notes, ``_comment``, are not
    messages)."""
    for lang in (*LANGS, "de"):
        for key, template in catalog.export(lang).items():
            _clean(template, (name, lang, key))


@pytest.mark.parametrize("game", GAMES)
def test_no_word_of_a_game_cites_an_internal_id(game: str) -> None:
    """Title, score names, rules help of every phase and how to win, in every language."""
    spec = get_spec(game)
    words = words_for(game)
    for lang in LANGS:
        _clean(spec.title.get(lang, ""), (game, "title", lang))
        for key, texts in spec.score_labels.items():
            _clean(texts.get(lang, ""), (game, "score", key, lang))
        _clean(words.how_to_win(lang), (game, "how to win", lang))
        for topic, texts in words.rules_help().items():
            _clean(texts[lang], (game, "rules help", topic, lang))
            got = words.rules(topic, lang)
            assert got is not None
            _clean(got[0] + "\n" + got[1], (game, "rules", topic, lang))
        got = words.rules(None, lang)
        if got is not None:
            _clean(got[0] + "\n" + got[1], (game, "rules", None, lang))
        for style in ("local", "de", "both"):
            _clean(repr(words.names(Voice(lang, style))), (game, "names", lang, style))


def _refusals(s: GameState, rng: random.Random, where: object) -> None:
    """Illegal actions of the seat to act and of a seat out of turn: refused in words without a citation."""
    to_act = s.current_players
    for p in {*to_act[:1], *(q for q in range(s.num_players) if q not in to_act)}:
        legal = {a.id for a in s.legal_actions(p)} if p in to_act else set()
        # ids of every kind the game has, not only the most numerous one
        kinds: dict[str, list[int]] = {}
        for a in s.SPACE:
            if a.id not in legal:
                kinds.setdefault(a.kind, []).append(a.id)
        for ids in kinds.values():
            a_id = rng.choice(ids)
            with pytest.raises(IllegalActionError) as info:
                s.apply(p, a_id)
            _clean(str(info.value), (where, "refusal", p, s.SPACE[a_id]))


@pytest.mark.parametrize("game", GAMES)
def test_no_text_of_a_random_game_cites_an_internal_id(game: str) -> None:
    """Labels (whole and structured), refusals at every step; event texts (plain and with chosen names) and
    explanations for every seat at the end, in every language."""
    spec = get_spec(game)
    words = words_for(game)
    for variant in spec.variants:
        players = max(spec.player_counts(variant))
        seed = 31 + len(variant)
        s = hustings.make(game, players=players, variant=variant, seed=seed)
        rng = random.Random(seed)
        for step in range(2000):
            if s.is_over:
                break
            where = (game, variant, step, s.step_count)
            voice = Voice.of(LANGS[step % len(LANGS)], NAMES[:players] if step % 2 else None)
            for p in s.current_players:
                view = s.view(p)
                for a in s.legal_actions(p):
                    label = words.label(a, view, voice)
                    _clean(label.text, (where, a))
                    _clean(label.title, (where, a))
                    for arg in label.args:
                        _clean(arg.text, (where, a))
                    _clean(a.text(voice.lang), (where, a))
            if step % 7 == 0:
                _refusals(s, rng, where)
            p = s.current_players[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
        for lang in LANGS:
            voice = Voice.of(lang, NAMES[:players])
            for seat in (*range(players), None):
                view = s.view(seat)
                events = s.events(seat)
                for e in events:
                    _clean(e.message(lang), (game, variant, e.type, lang))
                    _clean(words.event_text(e, voice), (game, variant, e.type, lang))
                for x in words.explanations(view, events, voice):
                    _clean(x.title + "\n" + "\n".join(x.lines), (game, variant, seat, lang, "explanation"))
                if s.is_over:
                    _refusals(s, rng, (game, variant, "over"))
