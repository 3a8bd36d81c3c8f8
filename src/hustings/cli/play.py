"""Playing at this terminal: ``hustings play`` (a new game, or an unfinished one offered or given with
``--resume``), ``saves`` (the saved games), and ``puzzle``."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

import hustings
from hustings.bots import make_bot, parse_bots
from hustings.bots.heuristic import heuristic_for
from hustings.cli.app import app
from hustings.cli.common import (
    OPTION_HELP,
    command_name,
    default_save,
    fail,
    fail_stored,
    lang_option,
    make_state,
    names_option,
    need_terminal,
    print_final,
    print_given_up,
    rule_options,
    rules_text,
    say,
    seed_option,
    spec_of,
)
from hustings.table.match import Match
from hustings.table.store import RulesVersionError, StoredMatch, rules_refusal


def _seats(text: str, players: int) -> list[int]:
    """``--seat``: ``0``, ``0,2``, ``all`` or ``none`` → the people's seats (0-based, shown as P1..PN)."""
    t = text.strip().lower()
    if t == "all":
        return list(range(players))
    if t == "none":
        return []
    seats: list[int] = []
    for part in t.split(","):
        part = part.strip()
        if not part.isdigit():
            fail(f"--seat {text!r}: give seat numbers 0..{players - 1} separated by commas, or all, or none")
        p = int(part)
        if not 0 <= p < players:
            fail(f"--seat {p} is not in a {players}-player game (seats are 0..{players - 1}, shown as P1..P{players})")
        if p in seats:
            fail(f"--seat {p} is given twice")
        seats.append(p)
    return sorted(seats)



_FROM_RECORD = ("GAME", "--players", "--variant", "--seat", "--bots", "--seed", "--save", "--option")


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="game id (default die-macher-2019)")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players (default 4)")] = None,
    variant: Annotated[str | None, typer.Option(help="rule variant (default: the game's)")] = None,
    seat: Annotated[
        str | None,
        typer.Option(help="the people's seats, 0-based (shown as P1..): 0 = you against bots (default); "
                          "0,1 or all = several people at this keyboard (hot-seat); none = watch the bots"),
    ] = None,
    bots: Annotated[
        str | None, typer.Option(help="bots for the other seats in seat order, e.g. heuristic,ismcts:hard,random "
                                      "(default: heuristic where the game has one)")
    ] = None,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en (default: the locale's)")] = None,
    names: Annotated[str | None, typer.Option(help="names of parties and states: local, de (German) or both")] = None,
    fast: Annotated[bool, typer.Option("--fast", help="bots move without a pause")] = False,
    seed: Annotated[int | None, typer.Option(help="a fixed game (default: a fresh 128-bit one, never shown)")] = None,
    save: Annotated[Path | None, typer.Option(help="record file to write after every move "
                                                   "(default: ~/.local/share/hustings/games/GAME-TIME.json)")] = None,
    resume: Annotated[Path | None, typer.Option(help="continue the game in this record file")] = None,
    new: Annotated[bool, typer.Option("--new", help="start a new game without offering to continue a saved one")]
    = False,
    option: Annotated[list[str] | None, typer.Option("--option", "-O", help=OPTION_HELP)] = None,
) -> None:
    """Play at this terminal: against bots, or several people at one keyboard. Every move is saved.

    Without --save, --resume or --seed, an unfinished game saved in the default folder is offered first."""
    language = lang_option(lang)
    style = names_option(names)
    if resume is None and not new and save is None and seed is None and _interactive():
        resume = _offer_unfinished(game or "die-macher-2019", language)
    if resume is not None:
        given = [n for n, v in zip(_FROM_RECORD, (game, players, variant, seat, bots, seed, save, option), strict=True)
                 if v is not None]
        if given:
            fail(f"{', '.join(given)} come(s) from the record; leave {'it' if len(given) == 1 else 'them'} out "
                  "with --resume")
        _resume(resume, language if lang is not None else None, style if names is not None else None, fast,
                language)
        return
    seed = seed_option(seed)
    game = game or "die-macher-2019"
    spec = spec_of(game)
    players = 4 if players is None else players
    options = rule_options(option, game)
    make_state(game, players, variant, 0, options)  # checks the variant, the player count and the options
    from hustings.table.settings import TableSettings
    from hustings.tui import ui_for

    try:
        ui_for(game, language, style)
    except ValueError as e:
        fail(str(e))
    humans = _seats(seat if seat is not None else "0", players)
    bot_seats = [p for p in range(players) if p not in humans]
    if bots is None:
        bots = "heuristic" if heuristic_for(game) is not None else "random"
    elif not bot_seats:
        fail("--bots: every seat is a person's (--seat), so there is no seat for a bot")
    given_names = [t for t in bots.split(",") if t.strip()]
    if len(given_names) > 1 and len(given_names) != len(bot_seats):
        seats_text = ", ".join(f"P{p + 1}" for p in bot_seats)
        fail(f"--bots names {len(given_names)} bots for {len(bot_seats)} bot seat(s) ({seats_text}): name one bot "
              "per bot seat in seat order, or a single name for all of them")
    try:
        names_per_bot = parse_bots(bots, len(bot_seats)) if bot_seats else []
        for name in set(names_per_bot):
            make_bot(name, game, 0)
    except ValueError as e:
        fail(str(e))
    seats: list[str | None] = [None] * players
    for p, name in zip(bot_seats, names_per_bot, strict=True):
        seats[p] = name
    path = save if save is not None else default_save(spec.id)
    if path.exists():
        fail(f"{str(path)!r} exists: continue it with --resume {path}, or choose another --save")
    if not path.parent.is_dir():
        fail(f"cannot write --save {str(path)!r}: its folder does not exist")
    need_terminal("hustings play")
    from hustings.table.match import MatchError, SaveError
    from hustings.table.store import StoreError
    from hustings.tui.session import Session

    table = TableSettings(tuple(seats), language, style)
    try:
        session = Session.new(game, players, variant, seed, table, path, options)
    except (SaveError, StoreError, MatchError) as e:
        fail(f"cannot start the game in --save {str(path)!r}: {e}")
    _run_table(session, fast)


def _interactive() -> bool:
    return sys.stdin.isatty()


@dataclass(frozen=True)
class _Save:
    """A save file in the play folder: its match (None when it cannot be opened) and why this program cannot
    continue it (None when it can)."""

    path: Path
    mtime: float
    stored: StoredMatch | None
    refusal: RulesVersionError | None

    @property
    def unfinished(self) -> bool:
        """Unfinished, or not known to be finished (a save that cannot be opened)."""
        return self.stored is None or not self.stored.over

    @property
    def playable(self) -> bool:
        return self.stored is not None and self.refusal is None


def _saved_games(folder: Path) -> list[_Save]:
    """The play records in ``folder``, newest first. Read only: a save that cannot be opened (damaged, another
    save key's) or continued (other rules, an unknown game) is listed as such and left alone; files that are not
    play records are left out."""
    from hustings.table.store import FileStore, NotARecord, StoreError

    store = FileStore(folder)
    found: list[_Save] = []
    for name in store.list():
        path = folder / name
        try:
            stored = store.load(name)
        except NotARecord:
            continue  # another program's file
        except StoreError:
            stored = None
        try:
            mtime = path.stat().st_mtime
        except OSError:
            continue  # gone meanwhile
        refusal = None if stored is None else rules_refusal(stored.game, stored.rules_version, stored.rng, str(path))
        found.append(_Save(path, mtime, stored, refusal))
    return sorted(found, key=lambda s: s.mtime, reverse=True)


def _offer_unfinished(game: str, lang: str) -> Path | None:
    """Ask whether to continue the newest unfinished game of ``game`` in the default folder. When the game played
    last is one this program cannot continue (other rules), say so in one line first: it is kept, and a new game
    starts unless the player declines (then exit)."""
    from hustings.table.keys import data_dir

    mine = [s for s in _saved_games(data_dir() / "games") if s.stored is not None and s.stored.game == game]
    unfinished = [s for s in mine if s.playable and s.unfinished]
    last = mine[0] if mine else None
    if last is not None and last.unfinished and last.refusal is not None:
        notice = rules_text(last.refusal, lang)
        if not unfinished:
            if not typer.confirm(f"{notice} {say('start_new_q', lang)}", default=True):
                raise typer.Exit(0)
            return None
        typer.echo(notice)
    if not unfinished:
        return None
    save = unfinished[0]
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(save.mtime))
    steps = len(save.stored.actions) if save.stored is not None else 0
    if typer.confirm(say("continue_q", lang, when=when, steps=steps, path=save.path), default=True):
        return save.path
    return None


@app.command()
def saves(
    folder: Annotated[Path | None, typer.Option(help="where the records are (default: the play folder)")] = None,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en")] = None,
) -> None:
    """List the saved games of `hustings play`, newest first, with how to continue the unfinished ones (and which
    this version cannot continue: made under other rules, or not readable)."""
    from hustings.table.keys import data_dir

    language = lang_option(lang)
    where = folder if folder is not None else data_dir() / "games"
    games = _saved_games(where)
    if not games:
        typer.echo(say("no_saves", language, folder=where))
        return
    table = Table()
    for key in ("saved", "game", "steps", "state", "file"):
        table.add_column(say(key, language))
    for save in games:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(save.mtime))
        stored = save.stored
        if stored is None:
            table.add_row(when, "?", "?", say("state_unreadable", language), str(save.path))
            continue
        if save.refusal is not None:
            state = say(f"state_{save.refusal.age}", language)
        else:
            state = say("given_up" if stored.given_up is not None else "finished" if stored.over else "unfinished",
                       language)
        table.add_row(when, stored.game, str(len(stored.actions)), state, str(save.path))
    Console(width=200).print(table)
    if any(s.playable for s in games):
        typer.echo(say("saves_hint", language, cmd=command_name()))
    if not all(s.playable for s in games):
        typer.echo(say("saves_kept", language, cmd=command_name()))


def _resume(path: Path, lang: str | None, names: str | None, fast: bool, say_lang: str) -> None:
    from dataclasses import replace

    from hustings.table.files import open_file
    from hustings.table.match import SaveError
    from hustings.table.store import StoreError
    from hustings.tui.session import Session

    try:
        match = open_file(path)
        table = replace(match.settings, lang=lang or match.settings.lang, names=names or match.settings.names)
        from hustings.tui import ui_for

        ui_for(match.state.GAME_ID, table.lang, table.names)
    except StoreError as e:
        fail_stored(e, say_lang)
    except ValueError as e:
        fail(f"cannot resume {str(path)!r}: {e}")
    need_terminal("hustings play")
    if table != match.settings:
        try:
            match.set_settings(table)
        except SaveError as e:
            fail(f"cannot resume {str(path)!r}: {e}")
    _run_table(Session.of(match, path), fast)


def _run_table(session: Any, fast: bool) -> None:
    from hustings.tui.app import PlayApp

    PlayApp(session, fast=fast).run()
    _after_table(session, session.table.lang, session.path)


def _after_table(session: Any, lang: str, path: Path) -> None:
    """What the terminal says when a table closes: the end of the game, where it is saved, how to go on."""
    from hustings.tui.i18n import tr

    state = session.state
    if session.given_up is not None:
        print_given_up(Console(), state, lang)
    elif state.is_over:
        print_final(Console(), state, lang)
    typer.echo(tr("saved_to", lang, path=path))
    if not session.is_over:
        typer.echo(tr("resume_hint", lang, cmd=command_name(), path=path))


@app.command()
def puzzle(
    hard: Annotated[bool, typer.Option("--hard", help="hard mode: the protesters (a councillor's place)")] = False,
    difficulty: Annotated[
        int | None, typer.Option(help="the deal's shortest escape in moves (normal 10-18; hard 10-23, "
                                      "with --strict 10-26)")
    ] = None,
    strict: Annotated[bool, typer.Option("--strict", help="hard mode's strict capture rule: caught whenever the "
                                                          "President stands beside the protesters after a move")]
    = False,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en (default: the locale's)")] = None,
    seed: Annotated[int | None, typer.Option(help="a fixed deal (default: a fresh one, never shown)")] = None,
    save: Annotated[Path | None, typer.Option(help="record file to write after every move")] = None,
    keys: Annotated[bool, typer.Option("--keys", help="play on the grid with the arrow keys, not the list")] = False,
    solution: Annotated[bool, typer.Option("--solution", help="print the deal and a shortest escape")] = False,
) -> None:
    """逃出總統府 (Escape from the Presidential Palace), the solo puzzle of 選舉之戰: bring the President to the
    exit. Choose a swap from the list (arrow keys and Enter, or 1-9), or play on the grid with --keys; hints
    and undos are counted, and the moves are set against par at the end. There is no action limit; press G twice
    (g twice with --keys) to give up. Resume with `hustings play --resume`."""
    game = "palace-escape"
    language = lang_option(lang)
    spec = spec_of(game)
    seed = seed_option(seed)
    variant = "hard" if hard else "normal"
    options: dict[str, Any] = {} if difficulty is None else {"difficulty": difficulty}
    if strict:
        options["capture"] = "strict"
    try:
        state = hustings.make(game, variant=variant, seed=seed, **options)
    except ValueError as e:
        fail(str(e))
    if solution:  # through the public API: follow the game's own hints to the exit
        for event in state.events(0):
            typer.echo(event.message(language))
        space = state.SPACE
        while not state.is_over and space.get("hint") in state.legal_actions(0):
            shown = state.apply(0, space.get("hint"))[-1].data
            for event in state.apply(0, space.get("swap", shown["a"], shown["b"])):
                typer.echo(event.message(language))
        return
    path = save if save is not None else default_save(game)
    if path.exists():
        fail(f"{str(path)!r} exists: continue it with `{command_name()} play --resume {path}`, or choose another "
             "--save")
    if not path.parent.is_dir():
        fail(f"cannot write --save {str(path)!r}: its folder does not exist")
    need_terminal("hustings puzzle")
    from hustings.table.match import MatchError, SaveError
    from hustings.table.settings import TableSettings
    from hustings.table.store import FileStore, StoreError
    from hustings.tui.session import Session

    store, match_id = FileStore.at(path)
    try:
        match = Match.new(game, TableSettings((None,), language, "local"), variant=variant, seed=seed, store=store,
                          match_id=match_id, options=options)
    except (SaveError, StoreError, MatchError) as e:
        fail(f"cannot start the game in --save {str(path)!r}: {e}")
    session = Session.of(match, path)
    play_keys = spec.adapter("keys") if keys else None
    if play_keys is None:
        _run_table(session, False)
        return
    play_keys(session, language)
    _after_table(session, language, path)

