"""What every command of the command line shares: one-line errors, the language, the game, its options, the
final scores, the terminal check and how this program was started.

Every bad argument ends in one line on stderr and exit code 2, never a traceback: this is a tool people
type at, and a stack trace for a typo in a game name is noise.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

import hustings
from hustings.cli.app import USAGE_ERROR
from hustings.engine import GameSpec, GameState, check_seed, get_spec, house, normalize_lang
from hustings.messages import SHARED
from hustings.table.store import RulesVersionError


def command_name() -> str:
    """How this program was started, for hints: ``hustings`` when that is what the PATH finds, else the path
    it was run from (``make play`` runs .venv/bin/hustings, which is not on the PATH)."""
    argv0 = sys.argv[0] if sys.argv and sys.argv[0] else "hustings"
    found = shutil.which("hustings")
    here = Path(argv0)
    if found and here.exists() and Path(found).resolve() == here.resolve():
        return "hustings"
    if here.name in ("hustings", "hustings.exe") and here.exists():
        try:
            return str(here.resolve().relative_to(Path.cwd()))
        except ValueError:
            return str(here.resolve())
    return "hustings" if found else f"{sys.executable} -m hustings.cli"

def say(key: str, lang: str, **kw: object) -> str:
    # interface words around the games' own event messages: cli.<key> in src/hustings/messages/<lang>.json
    return SHARED.text(f"cli.{key}", lang, **kw)


def fail(message: str) -> NoReturn:
    """Report a usage problem on one line and exit 2."""
    typer.echo(f"hustings: error: {message}", err=True)
    raise typer.Exit(USAGE_ERROR)


def rules_text(refusal: RulesVersionError, lang: str) -> str:
    """The one line, in the player's language, for a game stored under other rules (or of a game this program
    does not have): a :class:`hustings.table.store.RulesVersionError`."""
    game = refusal.game if refusal.age == "unknown_game" else game_title(get_spec(refusal.game), lang)
    return say(f"rules_{refusal.age}", lang, path=refusal.where, game=game, recorded=refusal.recorded,
              current=refusal.current or "")


def fail_stored(error: Exception, lang: str) -> NoReturn:
    """One line and exit 2 for a save file that cannot be used; the file is left as it is."""
    fail(rules_text(error, lang) if isinstance(error, RulesVersionError) else str(error))


def default_lang() -> str:
    # POSIX precedence for the message language: LC_ALL, then LC_MESSAGES, then LANG.
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return normalize_lang(value)
    return "en"


def lang_option(value: str | None) -> str:
    """Resolve ``--lang``: None means the locale; anything not Chinese or English is refused.

    normalize_lang maps every unknown tag to English. That suits a locale, but on the command line
    ``--lang fr`` or a typo would then quietly give English, so it is an error here instead.
    """
    if value is None:
        return default_lang()
    tag = value.strip().replace("_", "-").split(".")[0].lower()
    if tag in ("en", "zh") or tag.startswith(("en-", "zh-")):
        return normalize_lang(tag)
    fail(f"unknown language {value!r}: use zh-Hans, zh-Hant or en (or a locale such as zh_TW)")


def spec_of(game: str) -> GameSpec:
    try:
        return get_spec(game)
    except ValueError as e:
        fail(str(e))


def make_state(game: str, players: int, variant: str | None, seed: int,
               options: dict[str, Any] | None = None, rules: dict[str, Any] | None = None) -> GameState:
    try:
        return hustings.make(game, players=players, variant=variant, seed=seed, rules=rules, **(options or {}))
    except (ValueError, TypeError) as e:
        fail(str(e))


OPTION_HELP = ("a rule option of the game, NAME=VALUE (repeatable; `hustings games` lists them), e.g. "
                "money_rounds=all_but_last; VALUE is read as JSON when it is one (12, null, true)")


SET_HELP = ("a house rule, PATH=VALUE (repeatable; `hustings rules GAME` lists the paths and bounds), e.g. "
            "all_lose_if_tied=4; VALUE as TOML reads it (5, true, [10, 6]) or a bare word")
RULES_FILE_HELP = "a house-rules file, TOML or JSON, of path = value (repeatable; --set wins over it)"


def house_rules_option(sets: list[str] | None, files: list[Path] | None, game: str) -> dict[str, Any]:
    """``--rules FILE`` then ``--set PATH=VALUE`` as the ``rules`` of ``make()``; one line for a malformed one or a
    game without house rules. The game checks paths, bounds and combinations when the state is made."""
    if not sets and not files:
        return {}
    try:
        house.require(game)
        return house.collect(sets or (), files or ())
    except ValueError as e:
        fail(str(e))


def rule_options(values: list[str] | None, game: str) -> dict[str, Any]:
    """``--option NAME=VALUE`` (repeatable) as the options of ``make()``; one line for a malformed one, an option
    the game does not have or one given twice. The game checks the values when the state is made."""
    spec = spec_of(game)
    known = [k for k in spec.options if k not in ("players", "variant")]
    out: dict[str, Any] = {}
    for item in values or ():
        name, sep, raw = item.partition("=")
        name = name.strip()
        if not sep or not name:
            fail(f"--option {item!r}: write NAME=VALUE" + (f", e.g. {known[0]}=..." if known else ""))
        if name not in known:
            fail(f"--option {name}: {game} has " + (f"the options {', '.join(known)}" if known else "no options"))
        if name in out:
            fail(f"--option {name} is given twice")
        try:
            out[name] = json.loads(raw)
        except ValueError:
            out[name] = raw  # plain text: money_rounds=all_but_last
    return out


def seed_option(seed: int | None, option: str = "--seed") -> int | None:
    """``--seed``: None (a fresh one), or a seed the one seed rule takes (:func:`hustings.engine.check_seed`)."""
    if seed is None:
        return None
    try:
        return check_seed(seed)
    except ValueError as e:
        fail(f"{option}: {e}")


#: the player count a new game gets when none is given and the game takes it (else the game's smallest count)
DEFAULT_PLAYERS = 4
PLAYERS_HELP = f"number of players (default {DEFAULT_PLAYERS}, or the game's smallest count if not {DEFAULT_PLAYERS})"


def players_option(spec: GameSpec, variant: str | None, players: int | None) -> int:
    """``--players`` of a new game, checked by the table's one rule (:mod:`hustings.table.seats`); None: the
    :data:`DEFAULT_PLAYERS` where the variant takes it, else its smallest count."""
    from hustings.table.seats import SeatSpecError, check_players

    if players is None and variant in (None, *spec.variants):
        counts = spec.player_counts(variant or spec.default_variant)
        players = DEFAULT_PLAYERS if DEFAULT_PLAYERS in counts else counts[0]
    try:
        return check_players(spec.id, variant, players)
    except SeatSpecError as e:
        fail(str(e))


def game_title(spec: GameSpec, lang: str) -> str:
    return spec.title.get(lang) or spec.title.get("en") or spec.id




def _components(scores: list[dict[str, int]]) -> list[str]:
    """Scoring components in the game's own order, ``total`` last."""
    names: list[str] = []
    for s in scores:
        names.extend(k for k in s if k != "total" and k not in names)
    return names


def _score_table(scores: list[dict[str, int]], winners: list[int], lang: str, game: str) -> Table:
    """Components as rows and players as columns: a 5-player table still fits 80 columns."""
    table = Table(title=say("final", lang))
    table.add_column(say("score", lang))
    for p in range(len(scores)):
        header = say("seat", lang, n=p + 1) + (" *" if p in winners else "")
        table.add_column(header, justify="right")
    for name in _components(scores):
        table.add_row(get_spec(game).score_label(name, lang), *(str(s.get(name, 0)) for s in scores))
    bold_totals = (Text(str(s["total"]), style="bold") for s in scores)
    table.add_row(Text(say("total", lang), style="bold"), *bold_totals)
    return table


def print_final(console: Console, state: GameState, lang: str) -> None:
    winners = state.winners()
    console.print(_score_table(state.scores(), winners, lang, state.GAME_ID))
    console.print(f"{say('winners', lang)}: " + ", ".join(say("seat", lang, n=p + 1) for p in winners))


def print_given_up(console: Console, state: GameState, lang: str) -> None:
    """A game its person gave up at the table: the scores as they stood, and that it counts as lost."""
    from hustings.tui.i18n import tr

    console.print(_score_table(state.scores(), [], lang, state.GAME_ID))
    console.print(f"{tr('game_over', lang)} · {tr('given_up', lang)}", highlight=False)


def names_option(value: str | None) -> str:
    if value is None:
        return "local"
    if value not in ("local", "de", "both"):
        fail(f"unknown --names {value!r}: use local (the interface language), de (German) or both")
    return value


def need_terminal(command: str) -> None:
    """The full-screen table needs textual and a terminal on both ends."""
    try:
        import textual  # noqa: F401
    except ImportError:
        fail(f"{command} needs textual: pip install 'hustings[tui]'")
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        fail(f"{command} needs an interactive terminal (stdin and stdout are not both a terminal)")




def default_save(game: str) -> Path:
    from hustings.table.keys import data_dir

    folder = data_dir() / "games"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as e:
        fail(f"cannot create {str(folder)!r} for the record: {e.strerror or e}; give --save FILE")
    return folder / f"{game}-{time.strftime('%Y%m%d-%H%M%S')}.json"
