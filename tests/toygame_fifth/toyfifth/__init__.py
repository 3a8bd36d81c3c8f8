"""Race to five, a toy game installed from its own wheel (tests/test_toy_wheel.py): one or two seats add 1 or 2
in turn to a shared count; whoever reaches 5 wins. Every word is in ``messages/<lang>.json``; the browser draws
it with ``web/renderer.js``. Nothing of hustings names it: the entry point in its own pyproject.toml does."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hustings.engine import LANGS, Action, ActionSpace, GameSpec, GameState, Outcome, Rng, ranked_outcome, solo_outcome
from hustings.engine.i18n import Catalog
from hustings.engine.words import PlainWords, Voice

GAME_ID = "toy-fifth"
GOAL = 5
CATALOG = Catalog.from_package("toyfifth", "messages")


def _describe(a: Action, lang: str) -> str:
    return CATALOG.text("action.add", lang, n=a.args[0])


SPACE = ActionSpace(GAME_ID, _describe)
for _n in (1, 2):
    SPACE.add("add", _n)


def _render(e: Any, lang: str, context: Any) -> str:
    return CATALOG.text(f"event.{e.type}", lang, **e.data)


class Race(GameState):
    GAME_ID = GAME_ID
    SPACE = SPACE

    def __init__(self, players: int, variant: str, seed: int) -> None:
        self._init_base({"players": players, "variant": variant}, seed)
        self.n = players
        self.count = 0
        self.turn = 0
        self.winner: int | None = None

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def current_players(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.count >= GOAL

    def _legal_actions(self, player: int) -> list[Action]:
        return [SPACE.get("add", n) for n in (1, 2) if self.count + n <= GOAL]

    def _apply(self, player: int, action: Action) -> None:
        self.count += action.args[0]
        self.emit("added", {"player": player + 1, "n": action.args[0], "count": self.count})
        if self.count >= GOAL:
            self.winner = player
        self.turn = (self.turn + 1) % self.n

    def scores(self) -> list[dict[str, int]]:
        return [{"total": int(self.winner == p)} for p in range(self.n)]

    def outcome(self) -> Outcome:
        if not self.is_over:
            raise ValueError("the game is not over: no outcome yet")
        if self.n == 1:
            return solo_outcome(True, moves=self.step_count, par=3)
        return ranked_outcome([s["total"] for s in self.scores()])

    def view(self, player: int | None) -> dict[str, Any]:
        if player is not None:
            player = self.check_player(player, allow_none=False)
        return {"game": GAME_ID, "you": player, "count": self.count, "goal": GOAL, "turn": self.turn}

    def _clone_data(self, new: Race) -> None:
        new.n, new.count, new.turn, new.winner = self.n, self.count, self.turn, self.winner

    def _resample_hidden(self, new: Race, player: int | None, rng: Rng) -> None:
        pass  # nothing is hidden

    def _position_key(self) -> tuple[Any, ...]:
        return (self.count, self.turn, self.winner)

    def _event_renderer(self) -> Any:
        return _render


def _make(players: int, variant: str, seed: int) -> Race:
    return Race(players, variant, seed)


class Words(PlainWords):
    """Every word of the game (the ``words`` adapter): the actions' and events' own texts, its rules and goal."""

    catalog = CATALOG

    def names(self, voice: Voice) -> Mapping[str, Any]:
        return {"goal": CATALOG.text("help.goal", voice.lang, goal=GOAL)}

    def rules(self, phase: str | None, lang: str) -> tuple[str, str] | None:
        return CATALOG.text("game.title", lang), CATALOG.text("help.goal", lang, goal=GOAL)

    def rules_help(self) -> Mapping[str, Mapping[str, str]]:
        return {"goal": {lang: CATALOG.text("help.goal", lang, goal=GOAL) for lang in LANGS}}

    def how_to_win(self, lang: str) -> str:
        return CATALOG.text("help.goal", lang, goal=GOAL)


WORDS = Words()

SPEC = GameSpec(
    id=GAME_ID,
    title={lang: CATALOG.text("game.title", lang) for lang in LANGS},
    factory=_make,
    variants=("standard",),
    min_players=1,
    max_players=2,
    default_variant="standard",
    score_labels={"total": {lang: CATALOG.text("score.total", lang) for lang in LANGS}},
    rules_version="1",
    space=SPACE,
    adapters={
        "web": "toyfifth.web:FOLDER",
        "words": "toyfifth:WORDS",
    },
)
