"""Die Macher, Spielworxx 2019 edition (seed 000): standard game (4 elections) and expanded (7)."""

from hustings.engine import GameSpec
from hustings.games.die_macher_2019.actions import SPACE
from hustings.games.die_macher_2019.data import CATALOG, NAME_LANGS, PARTIES, Data
from hustings.games.die_macher_2019.rules import DieMacher2019

#: bump when the same (options, seed, actions) could play out differently (rules, data or generator)
RULES_VERSION = "5"  # 5: moving a media marker to media presence is a choice (R14)

# the components of scores(), in display order; their labels are score.<component> in messages/<lang>.json
SCORE_COMPONENTS = ("election_points", "election_bonus", "media_presence", "party_base", "money_rank", "total")


def _make(players: int, variant: str, seed: int, data: Data | None = None) -> DieMacher2019:
    return DieMacher2019(players=players, variant=variant, seed=seed, data=data)


SPEC = GameSpec(
    id="die-macher-2019",
    title={lang: CATALOG.text("game.title", lang) for lang in NAME_LANGS},
    factory=_make,
    variants=("standard", "expanded"),
    min_players=3,
    max_players=5,
    default_variant="standard",
    sides=[{k: v for k, v in party.items() if k != "color"} for party in PARTIES],
    score_labels={k: {lang: CATALOG.text(f"score.{k}", lang) for lang in NAME_LANGS} for k in SCORE_COMPONENTS},
    rules_version=RULES_VERSION,
    space=SPACE,
    outcome="ranked",
    adapters={
        "bot": "hustings.games.die_macher_2019.adapters.bot:HEURISTIC",
        "rl_encoder": "hustings.games.die_macher_2019.adapters.rl:ENCODER",
        "tui": "hustings.games.die_macher_2019.adapters.tui:Renderer",
        # the browser table: renderer.js in this folder (hustings.web)
        "web": "hustings.games.die_macher_2019.web:FOLDER",
        # every word: names, action labels, event texts, explanations, rules, how to win (every interface)
        "words": "hustings.games.die_macher_2019.words:WORDS",
        # what of a seat's view is only others' progress in a step everyone acts in at once (the stale-step rule)
        "decision": "hustings.games.die_macher_2019.view:decision_part",
        "schema": "hustings.games.die_macher_2019.schema:SCHEMA",
        # what house rules may change, with bounds (hustings.engine.house; docs/lab.md)
        "house_rules": "hustings.games.die_macher_2019.house:HOUSE",
        # the `learned` bot level: a scorer shipped with its weights (adapters/learned-4p.npz), NumPy inference
        "learned": "hustings.games.die_macher_2019.adapters.learned:LEARNED",
    },
)

__all__ = ["RULES_VERSION", "SPEC", "DieMacher2019"]
