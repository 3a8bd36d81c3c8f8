"""Each step's views of every seat share what they see alike (GameState.shared_view, what the table core asks
for), and a deployment's label is made from pieces kept per voice: both give exactly what the plain view and the
plain label give, at every step of whole games, for every seat and a spectator, in every language and name style."""

from __future__ import annotations

import random

import orjson

import hustings
from hustings.engine.words import Marks, Voice
from hustings.games.die_macher_2019.words import WORDS, labels
from hustings.games.die_macher_2019.words.names import speaker


def test_shared_views_are_the_plain_views_at_every_step() -> None:
    checked = 0
    for seed, players, variant in ((1, 4, "standard"), (2, 5, "expanded"), (3, 3, "standard")):
        state = hustings.make("die-macher-2019", seed=seed, players=players, variant=variant)
        rng = random.Random(seed)
        shared: dict[str, object] = {}
        while not state.is_over:
            for seat in (None, *range(players)):
                assert orjson.dumps(state.shared_view(seat, shared)) == orjson.dumps(state.view(seat))
                checked += 1
            seat = state.current_players[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        for seat in (None, *range(players)):  # the final views, scores and all
            assert orjson.dumps(state.shared_view(seat, shared)) == orjson.dumps(state.view(seat))
    assert checked > 1000


def test_a_deployment_label_is_the_general_label() -> None:
    state = hustings.make("die-macher-2019", seed=4, players=4)
    rng = random.Random(4)
    checked = 0
    while not state.is_over and not checked:
        seat = state.current_players[0]
        legal = state.legal_actions(seat)
        if legal[0].kind == "deploy":  # every seat chooses its starting deployment at once
            view = state.view(seat)
            for lang in ("en", "zh-Hans", "zh-Hant"):
                for style in ("local", "de", "both"):
                    voice = Voice.of(lang, ["Ann", "Bo"], style=style)
                    for a in legal:
                        m = Marks(a)
                        general = m.label(labels.label_text(a, view, speaker(voice), m), WORDS.title(a.kind, lang))
                        assert WORDS.label(a, view, voice) == general
                        checked += 1
        state.apply(seat, rng.choice(legal))
    assert checked > 1000
