"""Shared checks of a game's heuristic advice (tests/<game>/test_advice.py): on every decision of seeded games,
played by the heuristic itself and at random (so rare phases are reached), ``advise`` returns exactly the action
``choose`` picks, and its reason is a key of the game's catalog in every interface language whose placeholders the
advice's numbers fill; and every reason the adapter's source can give is in every language."""

from __future__ import annotations

import ast
import inspect
import random
from collections import Counter

from hustings.bots.heuristic import advice_text, require_heuristic
from hustings.engine import get_spec, make
from hustings.engine.i18n import REQUIRED_LANGS
from hustings.engine.words import words_for


def check_games(game: str, seeds: range, players: tuple[int, ...] | None = None, max_steps: int = 4000) -> Counter[str]:
    """Plays ``seeds`` games of every variant (fewest and most players unless ``players``), half by the heuristic
    and half at random, checking each decision's advice; returns how often each reason was given."""
    spec = get_spec(game)
    heur = require_heuristic(game)
    assert heur.advise is not None, f"{game}: its heuristic gives no advice"
    catalog = words_for(game).catalog
    assert catalog is not None
    seen: Counter[str] = Counter()
    for variant in spec.variants:
        counts = players or tuple(sorted({min(spec.player_counts(variant)), max(spec.player_counts(variant))}))
        for n in counts:
            for seed in seeds:
                state = make(game, players=n, variant=variant, seed=seed)
                rng = random.Random(seed)
                steps = 0
                while not state.is_over and steps < max_steps:
                    p = state.current_players[0]
                    legal = state.legal_actions(p)
                    view = state.view(p)
                    advice = heur.advise(view, legal)
                    chosen = heur.choose(view, legal)
                    assert advice.action == chosen, (game, variant, n, seed, steps, view["phase"], advice, chosen)
                    seen[advice.reason] += 1
                    for lang in REQUIRED_LANGS:
                        wanted = catalog.placeholders(advice.reason, lang)
                        assert wanted <= set(advice.numbers), (advice.reason, lang, wanted, advice.numbers)
                        assert advice_text(advice, catalog, lang).strip()
                    state.apply(p, chosen if seed % 2 == 0 else rng.choice(legal))
                    steps += 1
    return seen


def reasons_in_source(game: str) -> set[str]:
    """Every ``advice.*`` key named in the source of the game's bot adapter (a reason no game above reached still
    needs its words)."""
    heur = require_heuristic(game)
    assert heur.advise is not None
    tree = ast.parse(inspect.getsource(inspect.getmodule(heur.advise)))  # type: ignore[arg-type]
    return {n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.startswith("advice.")}


def check_source_reasons(game: str) -> None:
    catalog = words_for(game).catalog
    assert catalog is not None
    keys = reasons_in_source(game)
    assert len(keys) >= 3, keys
    for key in keys:
        for lang in REQUIRED_LANGS:
            assert catalog.has(key, lang), f"{game}: {key} has no {lang} text"
    listed = {k for k in catalog.keys("en") if k.startswith("advice.")}
    assert listed == keys, f"{game}: reasons in the catalog but never given: {sorted(listed - keys)}"
