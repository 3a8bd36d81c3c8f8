"""The simulation lab: many games between named bots, on local processes or on Ray, and their summary.

Game ``i`` of a run is fixed by (game, options, seed + i, bots rotated by i): the same seed gives the same
games whatever the worker count, backend or machine load (search bots run on their level's iteration budget
here, never on a clock), and every result line replays on its own. Who won is the game's own
``outcome()``: win shares count ``Outcome.win_share`` (nobody's when everyone lost), and one-player games
are summarised as a success rate and moves against par.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import hustings
from hustings.bots.outside import OutsideBot, is_learned, is_outside, make_outside_bot
from hustings.bots.random_bot import Bot
from hustings.bots.registry import make_bot
from hustings.engine import house
from hustings.engine.collector import for_many_games, many_games
from hustings.table.loop import drive
from hustings.table.seats import SeatSpecError, bots_per_seat


@dataclass(frozen=True)
class SimConfig:
    """What to play. ``bots`` has one name per seat (in seat order for game 0)."""

    game: str
    players: int
    variant: str
    bots: tuple[str, ...]
    games: int = 100
    seed: int = 0
    rotate: bool = True  # game i moves every bot i seats round the table, so no bot keeps a seat
    options: tuple[tuple[str, Any], ...] = ()  # the game's rule options (make()), besides players and variant
    #: house rules (hustings.engine.house), canonical: sorted (path, value), empty for the printed game
    rules: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def build(cls, game: str, players: int, variant: str | None, bots: str, games: int, seed: int,
              rotate: bool = True, options: Mapping[str, Any] | None = None,
              rules: Mapping[str, Any] | None = None) -> SimConfig:
        """Validate everything up front; raises ValueError with a one-line reason."""
        spec = hustings.get_spec(game)
        variant = spec.default_variant if variant is None else variant
        chosen = dict(options or {})
        try:  # checks variant, player count, options and house rules
            state = hustings.make(game, players=players, variant=variant, seed=seed, rules=rules, **chosen)
        except TypeError as e:
            raise ValueError(str(e)) from None
        canon = house.rules_of(state)
        if games < 1:
            raise ValueError(f"--games must be at least 1, not {games}")
        names = lab_bots(bots, game, players, variant)
        for name in names:
            if is_learned(name):  # a learned policy's encoder and outputs assume the printed action space
                house.refuse_action_changes(game, canon, f"the bot {name}")
        # the rules' option paths are options of the game: they travel in ``options`` as before, so a rule set
        # written with -O and the same one written with --set play the very same games
        option_paths = {p for p in canon if house.require(game).setting(p)[0].option}
        data_rules = tuple((p, v) for p, v in canon.items() if p not in option_paths)
        for p in option_paths:
            chosen[house.require(game).setting(p)[0].option] = canon[p]
        return cls(game, players, variant, tuple(names), games, seed, rotate, tuple(sorted(chosen.items())),
                   data_rules)

    def rules_text(self) -> str:
        """The house rules in one line ("printed rules" when none)."""
        return house.format_rules(dict(self.rules))

    def seat_bots(self, i: int) -> list[str]:
        n = self.players
        if not self.rotate:
            return list(self.bots)
        return [self.bots[(s - i) % n] for s in range(n)]


@dataclass
class GameResult:
    index: int
    record: dict[str, Any]
    scores: list[dict[str, int]]
    winners: list[int]
    bots: list[str]
    sides: list[Any]
    steps: int
    seconds: float
    decision_times: dict[str, list[float]] = field(default_factory=dict)
    outcome: dict[str, Any] = field(default_factory=dict)  # Outcome.to_json() of the finished game

    def to_json(self) -> dict[str, Any]:
        line = dict(self.record)
        # no timings here: the same seed must give byte-identical files, whatever the machine
        line.update({"index": self.index, "scores": self.scores, "winners": self.winners, "bots": self.bots,
                     "sides": self.sides, "steps": self.steps, "outcome": self.outcome})
        return line

    def win_share(self, seat: int) -> float:
        """1/k for each of k winners, 0 otherwise (nobody's when everyone lost)."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


def lab_bots(text: str, game: str, players: int, variant: str, field: str = "--bots") -> list[str]:
    """The lab's ``--bots``: the table's reading of the project's bots (:func:`hustings.table.seats.bots_per_seat`)
    plus outside policies, ``module:Object`` and ``learned:FILE.npz`` (:mod:`hustings.bots.outside`), each loaded
    once here so that a bad one is refused before any game starts. Raises ValueError naming what was wrong."""
    names = [t.strip() for t in text.split(",") if t.strip()]
    if not names:
        raise SeatSpecError(f"{field} needs at least one bot name")
    if len(names) > players:
        raise SeatSpecError(f"{field}: {len(names)} bots named for {players} players")
    for name in dict.fromkeys(names):
        if is_outside(name):
            make_lab_bot(name, game, players, variant, 0, 0)  # loads it: a bad module, object or file fails now
        else:
            bots_per_seat(name, game, players, field)
    return names + [names[-1]] * (players - len(names))


def make_lab_bot(name: str, game: str, players: int, variant: str, seat: int, seed: int) -> Bot:
    """A seat's bot for the lab: a project bot by name (no clock), or an outside policy (module:Object,
    learned:FILE.npz), which gets the view and legal actions like every bot."""
    if is_learned(name):
        from hustings.rl.scorer import load_policy  # NumPy only: the lab needs no learning library otherwise

        policy = load_policy(name.removeprefix("learned:"), seed=seed)
        policy.check_game(game, players, variant)
        return OutsideBot(policy, name)
    if is_outside(name):
        return make_outside_bot(name, game, players, variant, seat, seed)
    return make_bot(name, game, seed, clock=False)


def play_one(cfg: SimConfig, i: int) -> GameResult:
    """Play game ``i`` of ``cfg`` (pure function of its arguments; runs in any worker)."""
    state = hustings.make(cfg.game, players=cfg.players, variant=cfg.variant, seed=cfg.seed + i,
                          rules=dict(cfg.rules), **dict(cfg.options))
    names = cfg.seat_bots(i)
    # clock=False: iteration budgets only, so the same seed gives the same games under any load
    bots = [make_lab_bot(name, cfg.game, cfg.players, cfg.variant, s, (cfg.seed * 1_000_003 + i) * 16 + s)
            for s, name in enumerate(names)]
    times: dict[str, list[float]] = {}
    started = time.perf_counter()

    def timed(p: int, legal_count: int, seconds: float) -> None:
        if legal_count > 1:
            times.setdefault(names[p], []).append(seconds)

    drive(state, bots, on_decision=timed)
    final = state.view(None)
    players = final.get("players") if isinstance(final, dict) else None
    sides = [pl.get("party") if isinstance(pl, dict) else None for pl in players] if isinstance(players, list) else []
    outcome = state.outcome()
    return GameResult(i, state.record(), state.scores(), list(outcome.winners), names, sides, state.step_count,
                      time.perf_counter() - started, times, outcome.to_json())


def _play_chunk(cfg: SimConfig, indices: list[int]) -> list[GameResult]:
    with many_games():  # a Ray worker may run other tasks too: the settings hold for this chunk only
        return [play_one(cfg, i) for i in indices]


def run(
    cfg: SimConfig,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
) -> Iterator[GameResult]:
    """Yield every game's result in index order. ``backend``: ``local`` (processes) or ``ray``."""
    if workers < 1:
        raise ValueError(f"--workers must be at least 1, not {workers}")
    if backend == "local":
        yield from _run_local(cfg, workers)
    elif backend == "ray":
        yield from _run_ray(cfg, workers, address)
    else:
        raise ValueError(f"unknown backend {backend!r}; backends: local, ray")


def _run_local(cfg: SimConfig, workers: int) -> Iterator[GameResult]:
    if workers == 1:
        with many_games():
            for i in range(cfg.games):
                yield play_one(cfg, i)
        return
    import multiprocessing as mp

    ctx = mp.get_context("spawn")  # no fork: workers start clean, as on any platform
    with ctx.Pool(workers, initializer=for_many_games) as pool:
        yield from pool.imap(_play_index, [(cfg, i) for i in range(cfg.games)], chunksize=1)


def _play_index(arg: tuple[SimConfig, int]) -> GameResult:
    return play_one(*arg)


def _run_ray(cfg: SimConfig, workers: int, address: str | None) -> Iterator[GameResult]:
    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install 'hustings[lab]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    try:
        remote = ray.remote(num_cpus=1)(_play_chunk)
        chunk = max(1, min(32, cfg.games // (workers * 4) or 1))  # fewer, larger Ray tasks: less overhead
        batches = [list(range(s, min(cfg.games, s + chunk))) for s in range(0, cfg.games, chunk)]
        pending = [remote.remote(cfg, b) for b in batches]
        # Results arrive in any order; hand them out in index order.
        ready: dict[int, GameResult] = {}
        nxt = 0
        refs = list(pending)
        while refs:
            done, refs = ray.wait(refs, num_returns=1)
            for res in ray.get(done):
                for r in res:
                    ready[r.index] = r
            while nxt in ready:
                yield ready.pop(nxt)
                nxt += 1
    finally:
        if started_here:
            ray.shutdown()


# ----------------------------------------------------------------------------------------- summary


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a share (ties count fractionally)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Share:
    label: str
    games: int  # seat-games: a bot in three seats of one game counts three times
    wins: float

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass
class SoloSummary:
    """One-player games: how often each bot solved the puzzle, and in how many moves against par."""

    solved: list[Share]  # per bot: games won / games played
    moves: dict[str, list[int]]  # bot -> moves of each solved game
    over_par: dict[str, list[int]]  # bot -> moves - par of each solved game that has a par

    def at_or_under_par(self, bot: str) -> int:
        return sum(1 for d in self.over_par.get(bot, []) if d <= 0)


@dataclass
class Summary:
    games: int
    players: int
    by_seat: list[Share]
    by_side: list[Share]
    by_bot: list[Share]
    components: dict[str, dict[str, list[float]]]  # component -> bot -> values
    decision_times: dict[str, list[float]]
    steps: list[int]
    seconds: float
    everyone_lost: int = 0  # games the outcome gave to nobody (e.g. a tie that makes all lose)
    solo: SoloSummary | None = None


def time_stats(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0, "median": 0.0, "p95": 0.0, "max": 0.0}
    xs = sorted(values)
    return {"n": len(xs), "median": statistics.median(xs), "p95": xs[min(len(xs) - 1, int(0.95 * len(xs)))],
            "max": xs[-1]}


def summarize(results: list[GameResult], side_name: Callable[[Any], str] = str) -> Summary:
    if not results:
        raise ValueError("no games to summarize")
    n = len(results[0].scores)
    seat = [Share(f"{s + 1}", 0, 0.0) for s in range(n)]
    sides: dict[Any, Share] = {}
    bots: dict[str, Share] = {}
    comps: dict[str, dict[str, list[float]]] = {}
    times: dict[str, list[float]] = {}
    for r in results:
        for s in range(n):
            win = r.win_share(s)
            seat[s].games += 1
            seat[s].wins += win
            side = r.sides[s] if s < len(r.sides) else None
            if side is not None:
                sh = sides.setdefault(side, Share(side_name(side), 0, 0.0))
                sh.games += 1
                sh.wins += win
            b = bots.setdefault(r.bots[s], Share(r.bots[s], 0, 0.0))
            b.games += 1
            b.wins += win
            for k, v in r.scores[s].items():
                comps.setdefault(k, {}).setdefault(r.bots[s], []).append(float(v))
        for bot_name, secs in r.decision_times.items():
            times.setdefault(bot_name, []).extend(secs)
    return Summary(len(results), n, seat, sorted(sides.values(), key=lambda x: x.label), list(bots.values()),
                   comps, times, [r.steps for r in results], sum(r.seconds for r in results),
                   everyone_lost=sum(1 for r in results if not r.winners),
                   solo=_solo(results) if n == 1 else None)


def _solo(results: list[GameResult]) -> SoloSummary:
    solved: dict[str, Share] = {}
    moves: dict[str, list[int]] = {}
    over: dict[str, list[int]] = {}
    for r in results:
        bot = r.bots[0]
        detail = r.outcome.get("detail", {})
        won = bool(r.winners)
        sh = solved.setdefault(bot, Share(bot, 0, 0.0))
        sh.games += 1
        sh.wins += 1.0 if won else 0.0
        m, par = detail.get("moves"), detail.get("par")
        if won and isinstance(m, int):
            moves.setdefault(bot, []).append(m)
            if isinstance(par, int):
                over.setdefault(bot, []).append(m - par)
    return SoloSummary(list(solved.values()), moves, over)


_SOLO_TEXT = {
    "en": "{bot}: solved {won:g} of {games} ({share}); moves over par: mean {over}, at or under par {at} of {won:g}",
    "zh-Hans": "{bot}：解出 {won:g}/{games} 局（{share}）；超出标准步数：平均 {over}，达到或优于标准 {at}/{won:g} 局",
    "zh-Hant": "{bot}：解出 {won:g}/{games} 局（{share}）；超出標準步數：平均 {over}，達到或優於標準 {at}/{won:g} 局",
}


def solo_lines(summary: Summary, lang: str = "en") -> list[str]:
    """One line per bot for a one-player game: success rate with its interval, moves against par."""
    if summary.solo is None:
        return []
    text = _SOLO_TEXT.get(lang, _SOLO_TEXT["en"])
    out = []
    for sh in summary.solo.solved:
        lo, hi = sh.interval
        over = summary.solo.over_par.get(sh.label, [])
        out.append(text.format(bot=sh.label, won=sh.wins, games=sh.games, share=f"{sh.share:.3f} [{lo:.3f}, {hi:.3f}]",
                               over=f"{statistics.fmean(over):+.2f}" if over else "-",
                               at=summary.solo.at_or_under_par(sh.label)))
    return out

