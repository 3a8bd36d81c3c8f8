"""逃出總統府 (Escape from the Presidential Palace), the solo puzzle of 選舉之戰 (seed 004): normal and hard."""

from hustings.engine import GameSpec
from hustings.games.palace_escape.actions import GAME_ID, SPACE
from hustings.games.palace_escape.data import CATALOG, LANGS, MAX_ACTIONS
from hustings.games.palace_escape.rules import VARIANTS, PalaceEscape
from hustings.games.palace_escape.solver import MOVING

#: bump when the same (options, seed, actions) could play out differently (rules, deal order, action ids)
#: 2: the capture rule as the seed words it (the president's own swap), every deal dealt (R2-R5); the options
#: capture and max_actions
RULES_VERSION = "2"

SCORE_COMPONENTS = ("moves", "par", "swaps", "undos", "hints", "total")


def _make(players: int, variant: str, seed: int, difficulty: int | None = None, capture: str = MOVING,
          max_actions: int | None = MAX_ACTIONS) -> PalaceEscape:
    return PalaceEscape(players=players, variant=variant, seed=seed, difficulty=difficulty, capture=capture,
                        max_actions=max_actions)


_A = "hustings.games.palace_escape.adapters"

SPEC = GameSpec(
    id=GAME_ID,
    title={lang: CATALOG.text("game.title", lang) for lang in LANGS},
    factory=_make,
    variants=VARIANTS,
    min_players=1,
    max_players=1,
    default_variant="normal",
    sides=[{lang: CATALOG.text("rank.president", lang) for lang in LANGS}],
    score_labels={k: {lang: CATALOG.text(f"score.{k}", lang) for lang in LANGS} for k in SCORE_COMPONENTS},
    rules_version=RULES_VERSION,
    space=SPACE,
    outcome="solo",
    options={
        "difficulty": "the shortest escape of the deal in moves (normal 10-18; hard 10-23, with capture=strict "
                      "10-26); default: any",
        "capture": "hard mode's capture rule: 'moving' (default: caught when the president's own swap leaves him "
                   "beside the protesters, every deal dealt) or 'strict' (caught after any swap that leaves the two "
                   "side by side; only solvable deals are dealt)",
        "max_actions": f"the game is lost after this many actions (swaps, hints, undos); default {MAX_ACTIONS}, "
                       "None: no limit (tables where a person plays)",
    },
    # people play without an action limit (R7); programs keep it, so that every game of theirs ends
    person_options={"max_actions": None},
    # R9: an undo is a move of the game's own, counted in the score; a table's replay undo would erase it uncounted
    own_undo=True,
    adapters={
        "bot": f"{_A}.bot:HEURISTIC",
        # the RL encoder; it also withholds the hint from learners unless they ask (docs/rl.md)
        "rl_encoder": f"{_A}.rl:ENCODER",
        "tui": f"{_A}.tui:Renderer",
        "schema": "hustings.games.palace_escape.schema:SCHEMA",
        # the browser table: renderer.js in this folder (hustings.web)
        "web": "hustings.games.palace_escape.web:FOLDER",
        # every word: names, action labels, event texts, rules, how to win (terminal, server and browser)
        "words": "hustings.games.palace_escape.words:WORDS",
        # what house rules may change, with bounds (hustings.engine.house; docs/lab.md)
        "house_rules": "hustings.games.palace_escape.house:HOUSE",
        # play on the grid with the arrow keys (hustings play palace-escape --keys)
        "keys": f"{_A}.keys:play",
    },
)

__all__ = ["RULES_VERSION", "SPEC", "PalaceEscape"]
