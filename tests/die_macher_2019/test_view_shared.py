"""A deployment's label is made from pieces kept per voice: it is exactly the plain label, for every seat, in every
language and name style. (The views every seat shares at a step are held to the plain views for every game by
tests/contract/test_shared_views.py.)"""

from __future__ import annotations

import random

import hustings
from hustings.engine.words import Marks, Voice
from hustings.games.die_macher_2019.words import WORDS, labels
from hustings.games.die_macher_2019.words.names import speaker


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
