"""Every game's words (``spec.adapter("words")``, hustings.engine.words) over seeded random games: each legal
action's structured label names every argument and its parts join to the whole label, in every language; event
texts without chosen names are the events' own messages, and with them name the seats as people typed them;
explanations, rules of every phase and how to win exist in every language."""

from __future__ import annotations

import random

import pytest

import hustings
from hustings.engine import LANGS
from hustings.engine.words import LabelCache, Voice, words_for

GAMES = {"die-macher-2019": 4, "die-macher": 4, "election-war": 5, "palace-escape": 1}
NAMES = ("Anna", "Bo", "Chen", "Dora", "Emil")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_labels_events_and_explanations_of_a_random_game(game: str) -> None:
    words = words_for(game)
    assert words.catalog is not None  # every game here has its own words
    players = GAMES[game]
    s = hustings.make(game, players=players, seed=7)
    rng = random.Random(7)
    named = [Voice.of(lang, NAMES[:players], style) for lang in LANGS for style in ("local", "de", "both")]
    labelled = 0
    for step in range(400):
        if s.is_over:
            break
        p = s.current_players[0]
        legal = s.legal_actions(p)
        view = s.view(p)
        voice = named[step % len(named)] if step % 2 else Voice(LANGS[step % len(LANGS)])
        for a in legal:
            label = words.label(a, view, voice)
            assert label.kind == a.kind and label.text, (game, a)
            assert label.joined() == label.text, (game, a, label)
            assert [x.id for x in label.args] == list(a.args), (game, a, label)
            assert all(x.role != "value" and x.text for x in label.args), (game, a, label)
            assert "{" not in label.text and "\ue000" not in label.text, (game, a, label.text)
            labelled += 1
        s.apply(p, rng.choice(legal))
    assert labelled > 100
    events = list(s.events(0))
    for e in events:
        for lang in LANGS:
            assert words.event_text(e, Voice(lang)) == e.message(lang), (game, e.type, lang)
    if players > 1:
        texts = [words.event_text(e, named[0]) for e in events]
        assert any(n in t for t in texts for n in NAMES[:players]), game
    for lang in LANGS:
        for x in words.explanations(s.view(0), events, Voice.of(lang, NAMES[:players])):
            assert x.title and all(isinstance(line, str) for line in x.lines)
        assert words.how_to_win(lang).strip(), (game, lang)
        for topic, texts in words.rules_help().items():
            assert texts[lang].strip(), (game, topic, lang)
            got = words.rules(topic, lang)
            assert got is not None and got[1] == texts[lang] and got[0], (game, topic, lang)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_names_in_every_language_and_style(game: str) -> None:
    words = words_for(game)
    for lang in LANGS:
        for style in ("local", "de", "both"):
            names = words.names(Voice(lang, style))
            assert names and all(v for v in names.values()), (game, lang, style)


@pytest.mark.parametrize("game", ["die-macher-2019", "die-macher"])
def test_german_names_as_printed(game: str) -> None:
    """Die Macher's parties and issues as printed on the German cards, in any interface language."""
    words = words_for(game)
    for lang in LANGS:
        german = words.names(Voice(lang, "de"))
        assert "Die Linke" in german["parties"] and "Gentechnik" in german["issues"], (game, lang)
        both = words.names(Voice(lang, "both"))
        local = words.names(Voice(lang))
        assert all(x == y or (x in z and y in z) for x, y, z in zip(local["parties"], german["parties"],
                                                                    both["parties"], strict=True))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_kept_labels_are_the_labels_of_the_view(game: str) -> None:
    """A label kept by what its kind reads of the view (``label_key``, as the server keeps them) is the label
    worded afresh for that view, at every step of a random game, for every seat."""
    words = words_for(game)
    cache: LabelCache[str] = LabelCache(words, lambda a, label: label.text)
    players = GAMES[game]
    s = hustings.make(game, players=players, seed=11)
    rng = random.Random(11)
    voice = Voice.of("zh-Hant", NAMES[:players])
    for _ in range(300):
        if s.is_over:
            break
        for p in s.current_players:
            legal, view = s.legal_actions(p), s.view(p)
            assert cache.legal(legal, view, voice) == [words.label(a, view, voice).text for a in legal], (game, p)
        p = s.current_players[0]
        s.apply(p, rng.choice(s.legal_actions(p)))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_parts_key_keeps_its_promise_across_tables(game: str) -> None:
    """A kind with a parts key (``Words.parts_key``: a server words it once for every table) has the same title,
    parts and argument roles wherever its key is the same, in every game of several seeds and for every seat, and
    ``arg_texts`` names each argument as the label does. A broken promise would show one table's words (a secret
    among them) at another."""
    words = words_for(game)
    players = GAMES[game]
    seen: dict[tuple[object, ...], tuple[object, ...]] = {}
    keyed = 0
    for seed in range(6):
        s = hustings.make(game, players=players, seed=seed)
        rng = random.Random(seed)
        # other names at every table: a parts key promises that no label's parts read them
        voice = Voice.of("en" if seed % 2 else "zh-Hans", [f"{n}{seed}" for n in NAMES[:players]])
        for _ in range(120):
            if s.is_over:
                break
            for p in s.current_players:
                view = s.view(p)
                for a in s.legal_actions(p):
                    key = words.parts_key(a.kind, view)
                    if key is None:
                        continue
                    keyed += 1
                    label = words.label(a, view, voice)
                    shape = (label.title, label.parts, tuple(x.role for x in label.args))
                    assert seen.setdefault((a.kind, key, voice.lang, voice.style, a.id), shape) == shape, (game, a)
                    texts = words.arg_texts(a.kind, view, voice)
                    assert all(texts[x.role][x.id] == x.text for x in label.args), (game, a)
            p = s.current_players[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
    if game == "die-macher-2019":
        assert keyed > 1000  # the deployments of six games
