"""Playing at this terminal: ``hustings play`` (a new game, or an unfinished one offered or given with
``--resume``), and ``saves`` (the saved games). A game with a board of its own to play with the keys (its
``keys`` adapter) is played on it with ``--keys``."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from hustings.cli.app import app
from hustings.cli.common import (
    OPTION_HELP,
    PLAYERS_HELP,
    RULES_FILE_HELP,
    SET_HELP,
    command_name,
    default_save,
    fail,
    fail_stored,
    house_rules_option,
    lang_option,
    make_state,
    names_option,
    need_terminal,
    players_option,
    print_final,
    print_given_up,
    rule_options,
    rules_text,
    say,
    seed_option,
    spec_of,
)
from hustings.table.seats import SeatSpecError, seats_from_options
from hustings.table.store import RulesVersionError, StoredMatch, rules_refusal

if TYPE_CHECKING:  # the terminal kit is imported only when a table is run
    from hustings.tui.session import KeysBoard, Session

#: what a new game's settings are; a game continued from its record takes them from there
_FROM_RECORD = ("GAME", "--players", "--variant", "--seat", "--bots", "--seed", "--save", "--option", "--set",
                "--rules")
#: the game `hustings play` starts when none is named (documented in --help, README and docs/play.md)
DEFAULT_GAME = "die-macher-2019"


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help=f"game id (default {DEFAULT_GAME})")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help=PLAYERS_HELP)] = None,
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
    keys: Annotated[bool, typer.Option("--keys", help="play on the game's own board with the keys, not from the "
                                                      "list of actions (games that have one: `hustings games`)")]
    = False,
    set_: Annotated[list[str] | None, typer.Option("--set", help=SET_HELP)] = None,
    rules: Annotated[list[Path] | None, typer.Option("--rules", help=RULES_FILE_HELP)] = None,
) -> None:
    """Play at this terminal: against bots, or several people at one keyboard. Every move is saved.

    Without --resume, --save, --seed or the settings of a new game (--players, --variant, --seat, --bots,
    --option, --set, --rules), the newest unfinished game of GAME saved in the default folder is offered first;
    answering yes continues it as it was saved."""
    language = lang_option(lang)
    style = names_option(names)
    settings = (game, players, variant, seat, bots, seed, save, option, set_, rules)
    offered = False
    if resume is None and not new and all(v is None for v in settings[1:]) and _interactive():
        resume = _offer_unfinished(game or DEFAULT_GAME, language)
        offered = resume is not None
    if resume is not None:
        given = [n for n, v in zip(_FROM_RECORD, settings, strict=True) if v is not None]
        if given and not offered:  # a GAME that only chose which saved game to offer is no contradiction
            fail(f"{', '.join(given)} come(s) from the record; leave {'it' if len(given) == 1 else 'them'} out "
                 "with --resume")
        _resume(resume, language if lang is not None else None, style if names is not None else None, fast,
                language, keys)
        return
    seed = seed_option(seed)
    game = game or DEFAULT_GAME
    spec = spec_of(game)
    players = players_option(spec, variant, players)
    options = rule_options(option, game)
    house = house_rules_option(set_, rules, game)
    make_state(game, players, variant, 0, options, house)  # checks the variant, player count, options and rules
    if house:
        from hustings.engine.house import require

        house = require(game).canonical(house)
    from hustings.table.settings import TableSettings
    from hustings.tui import ui_for

    try:
        ui_for(game, language, style)
    except ValueError as e:
        fail(str(e))
    play_keys = _keys_adapter(game) if keys else None
    try:
        seats = seats_from_options(game, players, seat, bots)
        if house and "learned" in seats:  # its network reads the printed game's encoding and actions
            from hustings.engine.house import refuse_action_changes

            refuse_action_changes(game, house, "the bot learned")
    except (SeatSpecError, ValueError) as e:
        fail(str(e))
    path = save if save is not None else default_save(spec.id)
    if path.exists():
        fail(f"{str(path)!r} exists: continue it with --resume {path}, or choose another --save")
    if not path.parent.is_dir():
        fail(f"cannot write --save {str(path)!r}: its folder does not exist")
    need_terminal("hustings play")
    from hustings.table.match import MatchError, SaveError
    from hustings.table.store import StoreError
    from hustings.tui.session import Session

    table = TableSettings(seats, language, style)
    try:
        session = Session.new(game, players, variant, seed, table, path, options, rules=house)
    except (SaveError, StoreError, MatchError) as e:
        fail(f"cannot start the game in --save {str(path)!r}: {e}")
    _say_house(session, language)
    if play_keys is not None:
        _run_keys(session, play_keys)
    else:
        _run_table(session, fast)


def _say_house(session: Session, lang: str) -> None:
    """Say at the start (and on resuming) that the game plays house rules, and which ones."""
    from hustings.engine.house import rules_of
    from hustings.table.houserules import house_line

    line = house_line(session.state.GAME_ID, rules_of(session.state), lang)
    if line is not None:
        typer.echo(line)


def _keys_adapter(game: str) -> KeysBoard:
    """The game's own key-driven board (its ``keys`` adapter), or one line saying it has none."""
    from hustings.tui.session import KEYS_KIND

    play_keys = spec_of(game).adapter(KEYS_KIND)
    if play_keys is None:
        fail(f"--keys: {game} has no board of its own to play with the keys; leave --keys out to play from the "
             "list of actions")
    return play_keys


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
    unfinished = [s for s in mine if s.playable and s.unfinished and _someone_moved(s.stored)]
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


def _someone_moved(stored: StoredMatch | None) -> bool:
    """Whether a saved game is worth offering: one of its people has moved (a game quit at once is not; it stays
    listed by `hustings saves`). A game of bots only is worth it once anyone has moved."""
    if stored is None:
        return False
    people = set(stored.settings.humans)
    return any(p in people for p, _ in stored.actions) if people else bool(stored.actions)


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


def _resume(path: Path, lang: str | None, names: str | None, fast: bool, say_lang: str, keys: bool = False) -> None:
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
    play_keys = _keys_adapter(match.state.GAME_ID) if keys else None
    need_terminal("hustings play")
    if table != match.settings:
        try:
            match.set_settings(table)
        except SaveError as e:
            fail(f"cannot resume {str(path)!r}: {e}")
    _say_house(Session.of(match, path), table.lang)
    if play_keys is not None:
        _run_keys(Session.of(match, path), play_keys)
    else:
        _run_table(Session.of(match, path), fast)


def _run_table(session: Session, fast: bool) -> None:
    from hustings.tui.app import PlayApp

    PlayApp(session, fast=fast).run()
    _after_table(session, session.table.lang, session.path)


def _run_keys(session: Session, play_keys: KeysBoard) -> None:
    """The game's own key-driven board (``--keys``) over the same table session, then the same closing words."""
    play_keys(session, session.table.lang)
    _after_table(session, session.table.lang, session.path)


def _after_table(session: Session, lang: str, path: Path | None) -> None:
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
