"""Games on record: ``hustings replay`` (step through or print a recorded game: a lab's JSONL, one JSON record,
or a `play` save) and ``export`` (a finished save as a plain record)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

import hustings
from hustings.cli.app import app
from hustings.cli.common import (
    default_lang,
    fail,
    fail_stored,
    lang_option,
    names_option,
    need_terminal,
    print_final,
    print_given_up,
    rules_text,
    say,
)
from hustings.engine import GameState, RecordError
from hustings.table.match import Match
from hustings.table.store import json_value_error, rules_refusal


def _parse_json(text: str, where: str) -> Any:
    """JSON, or one line and exit 2: bad JSON, nesting too deep, an integer of thousands of digits."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        fail(f"{where}: bad JSON: {e.msg} (line {e.lineno}, column {e.colno})")
    except RecursionError:
        fail(f"{where}: bad JSON: nested too deeply")
    except ValueError as e:
        fail(f"{where}: bad JSON: {json_value_error(e)}")


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else "it is not UTF-8 text (binary data?)"
        fail(f"cannot read {str(path)!r}: {reason}")


def _load_record(path: Path, index: int, lang: str) -> dict[str, Any] | Match:
    """Record number ``index`` from a JSONL file, a single JSON record or a JSON list of records; or the
    match in a `hustings play` save file (checked and unsealed with the save key; ``lang``: the words of a
    refusal)."""
    from hustings.table.files import open_file
    from hustings.table.store import MARKER, StoreError

    text = _read_text(path)
    try:
        whole = json.loads(text)
    except (RecursionError, ValueError):  # JSONDecodeError is a ValueError; so is an integer of 5,000 digits
        return _load_jsonl_line(path, text, index)
    if isinstance(whole, dict) and MARKER in whole:
        try:
            return open_file(path)
        except StoreError as e:
            fail_stored(e, lang)
    records = whole if isinstance(whole, list) else [whole]
    if not -len(records) <= index < len(records):
        fail(f"--game-index {index} is out of range: {str(path)!r} holds {len(records)} records")
    chosen = records[index]
    if not isinstance(chosen, dict):
        fail(f"record {index} in {str(path)!r} is not a JSON object")
    return chosen


def _load_jsonl_line(path: Path, text: str, index: int) -> dict[str, Any]:
    # Parse only the wanted line, so one damaged line elsewhere does not block the others.
    lines = [(n, ln) for n, ln in enumerate(text.splitlines(), 1) if ln.strip()]
    if not lines:
        fail(f"{str(path)!r} holds no record")
    if not -len(lines) <= index < len(lines):
        fail(f"--game-index {index} is out of range: {str(path)!r} holds {len(lines)} records")
    lineno, raw = lines[index]
    record = _parse_json(raw, f"{path}:{lineno}")
    if not isinstance(record, dict):
        fail(f"{path}:{lineno}: a record must be a JSON object")
    return record


def _check_rules(record: dict[str, Any], where: str, lang: str) -> None:
    """A plain record made under other rules: one line in the player's language (the engine refuses it too,
    in English; an unknown game is left to its words)."""
    from hustings.engine.core import LEGACY_RNG

    game = record.get("game")
    if isinstance(game, str):
        refusal = rules_refusal(game, record.get("rules_version"), record.get("rng", LEGACY_RNG), where)
        if refusal is not None and refusal.age != "unknown_game":
            fail(rules_text(refusal, lang))


def _replay_record(record: dict[str, Any], where: str) -> GameState:
    try:
        return hustings.replay(record)
    except RecordError as e:
        fail(f"cannot replay {where}: {e}")
    except RecursionError:
        fail(f"cannot replay {where}: it is nested too deeply")
    except (TypeError, ValueError, KeyError, IndexError) as e:
        # a record built by hand can hold anything; say what, never a traceback
        fail(f"cannot replay {where}: malformed record ({type(e).__name__}: {e})".splitlines()[0])


def _check_secret_view(match: Match, player: int | None, step: bool | None, referee: bool) -> bool | None:
    """An unfinished game from a save file shows a seat's view only to that seat's person; a referee may
    ask for any. Returns the step mode to use."""
    if match.is_over or referee:
        return step
    if player is not None:
        if not match.is_human(player):
            fail(f"--player {player} is a bot's seat in this unfinished game: its view shows what it hides from "
                  "the others (use --referee to look anyway)")
        if len(match.humans) > 1:
            fail(f"several people share this unfinished game, so hustings cannot tell whether seat {player} is "
                  "yours (use --referee to look anyway)")
    if step:
        fail("--step on an unfinished game lets you switch to every seat's view; use --print (or --referee)")
    return False


@app.command()
def replay(
    file: Annotated[
        Path, typer.Argument(help="record file: JSONL from `simulate`, one JSON record, or a `play` record")
    ],
    game_index: Annotated[int, typer.Option("--game-index", "-i", help="which record in the file")] = 0,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en")] = None,
    player: Annotated[
        int | None,
        typer.Option("--player", "-p", help="whose events: seat 0..N-1 (shown as P1..PN), default spectator"),
    ] = None,
    step: Annotated[
        bool | None,
        typer.Option(
            "--step/--print",
            help="step through the game on a full-screen table, or print its events "
            "(default: step at a terminal, print when piped)",
        ),
    ] = None,
    names: Annotated[str | None, typer.Option(help="with --step: local, de (German names) or both")] = None,
    referee: Annotated[
        bool, typer.Option("--referee", help="an unfinished `play` game: allow any seat's view")
    ] = False,
) -> None:
    """Replay a recorded game: at a terminal, step forwards and backwards through it from any player's view
    or a spectator's; piped (or with --print), print the events PLAYER could see, then the final scores.
    An unfinished `play` game shows only the spectator's or its one person's view, unless --referee."""
    language = lang_option(lang)
    loaded = _load_record(file, game_index, language)
    if isinstance(loaded, Match):
        state = loaded.state
        record: dict[str, Any] = {}
    else:
        record = loaded
        where = f"record {game_index} of {str(file)!r}"
        _check_rules(record, where, language)
        state = _replay_record(record, where)
    if player is not None and not 0 <= player < state.num_players:
        fail(f"--player {player} is not in this game (players are 0..{state.num_players - 1})")
    # a game its person gave up at the table: a save says so, and so does the record `export` or the server wrote
    given_up = loaded.given_up if isinstance(loaded, Match) else record.get("given_up")
    if isinstance(given_up, bool) or not isinstance(given_up, int):
        given_up = None
    if isinstance(loaded, Match):
        step = _check_secret_view(loaded, player, step, referee)
    if step is None:
        step = sys.stdin.isatty() and sys.stdout.isatty()
    if step:
        stepped = state.record()
        if given_up is not None:
            stepped["given_up"] = given_up
        _replay_stepping(stepped, state, player, language, names_option(names))
        return
    for event in state.events(player):
        typer.echo(event.message(language))
    console = Console()
    if given_up is not None and not state.is_over:  # ended at the table (hustings.table.Match.give_up)
        print_given_up(console, state, language)
    elif state.is_over:
        print_final(console, state, language)
        if "scores" in record and record["scores"] != state.scores():
            # The record replays, but to other scores: the rules changed since it was written.
            typer.echo("hustings: warning: replayed scores differ from those stored in the record", err=True)
    else:
        console.print(say("not_over", language, n=state.step_count))


@app.command()
def export(
    file: Annotated[Path, typer.Argument(help="a `hustings play` save file")],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="write here (default: standard output)")] = None,
    referee: Annotated[bool, typer.Option("--referee", help="export an unfinished game too")] = False,
) -> None:
    """Write a finished game of `hustings play` as a plain record (with its seed), for `hustings replay`,
    analysis or sharing. An unfinished game's record would give away every hidden card: only with --referee."""
    from hustings.table.files import open_file
    from hustings.table.match import MatchError
    from hustings.table.store import StoreError

    try:
        match = open_file(file)
        record = match.record(referee=referee)
    except StoreError as e:
        fail_stored(e, default_lang())
    except MatchError as e:
        fail(f"{str(file)!r}: {e} (finish it first, or --referee)")
    record["table"] = match.settings.to_json()
    if match.is_over:
        record["scores"] = match.state.scores()
    if match.given_up is not None:  # ended at the table: the record replays to where it was given up
        record["given_up"] = match.given_up
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        with open(out, "x", encoding="utf-8") as fh:
            fh.write(text)
    except FileExistsError:
        fail(f"--out {str(out)!r} exists; choose another file")
    except OSError as e:
        fail(f"cannot write --out {str(out)!r}: {e.strerror or e}")

def _replay_stepping(record: dict[str, Any], state: GameState, player: int | None, lang: str, names: str) -> None:
    need_terminal("hustings replay --step")
    from hustings.tui import ui_for
    from hustings.tui.replay import ReplayApp

    try:
        ui_for(state.GAME_ID, lang, names)
    except ValueError as e:
        fail(str(e))
    ReplayApp(record, player, lang, names).run()
