"""The one reading of player counts, seats and bots (hustings.table.seats, issue 22): the command line's `--seat` and
`--bots`, the lab's bots per seat, and the lobby's seat objects; every bad spec is one line naming what was wrong."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from hustings.cli import app
from hustings.table.seats import (
    MAX_NAME,
    Seat,
    SeatSpecError,
    bot_list,
    bots_per_seat,
    check_bot,
    check_players,
    default_bot,
    people_seats,
    seats_from_json,
    seats_from_options,
)
from toygame import register_toys

TOY = "toy"

DM = "die-macher-2019"


def _one_line(error: pytest.ExceptionInfo[SeatSpecError]) -> str:
    text = str(error.value)
    assert "\n" not in text and text
    return text


def test_people_seats() -> None:
    assert people_seats("0", 4) == [0] and people_seats(" 2,0 ", 4) == [0, 2]
    assert people_seats("all", 3) == [0, 1, 2] and people_seats("NONE", 3) == []
    for text, words in (("7", "--seat 7 is not in a 4-player game (seats are 0..3, shown as P1..P4)"),
                        ("one", "--seat 'one': give seat numbers 0..3"), ("0,0", "--seat 0 is given twice"),
                        ("-1", "--seat '-1'")):
        with pytest.raises(SeatSpecError) as e:
            people_seats(text, 4)
        assert words in _one_line(e)


def test_seats_from_the_command_line() -> None:
    assert seats_from_options(DM, 4) == (None, "heuristic", "heuristic", "heuristic")
    assert seats_from_options(DM, 3, "1", "ismcts:hard,random") == ("ismcts:hard", None, "random")
    assert seats_from_options(DM, 3, "all") == (None, None, None)
    assert seats_from_options(DM, 3, "none", "random") == ("random",) * 3
    cases = [
        ({"seat": "all", "bots": "random"}, "--bots: every seat is a person's (--seat), so there is no seat for a bot"),
        ({"bots": "heuristic,random"}, "--bots names 2 bots for 3 bot seat(s) (P2, P3, P4)"),
        ({"bots": "alphago"}, "--bots: unknown bot 'alphago'"),
        ({"bots": "ismcts:insane"}, "--bots: unknown ismcts level 'insane'"),
        ({"bots": "random:hard"}, "--bots: bot 'random' takes no level"),
        ({"bots": " , "}, "--bots needs at least one bot name"),
    ]
    for kw, words in cases:
        with pytest.raises(SeatSpecError) as e:
            seats_from_options(DM, 4, **kw)
        assert words in _one_line(e), kw


def test_a_game_without_a_heuristic_gets_random_bots_and_refuses_heuristic() -> None:
    register_toys()
    assert default_bot(TOY) == "random" and default_bot(DM) == "heuristic"
    assert seats_from_options(TOY, 3) == (None, "random", "random")
    with pytest.raises(SeatSpecError) as e:
        seats_from_options(TOY, 3, bots="heuristic")
    assert f"--bots: {TOY} has no heuristic bot" in _one_line(e)


def test_the_labs_bots_per_seat_and_player_counts() -> None:
    assert bots_per_seat("ismcts:hard,heuristic,random", DM, 4) == ["ismcts:hard", "heuristic", "random", "random"]
    assert bot_list("random, heuristic", DM) == ["random", "heuristic"]
    with pytest.raises(SeatSpecError) as e:
        bots_per_seat("random,random,random,random,random", DM, 4)
    assert "--bots: 5 bots named for 4 players" in _one_line(e)
    assert check_players(DM, None, 4) == 4 and check_players(DM, "expanded", 5) == 5
    for players in (9, True, "4", None):
        with pytest.raises(SeatSpecError) as e:
            check_players(DM, "standard", players, "players")
        assert _one_line(e).startswith("players: die-macher-2019 standard takes 3 to 5 players, not ")
    with pytest.raises(SeatSpecError) as e:
        check_players(DM, "deluxe", 4)
    assert "unknown variant 'deluxe' for die-macher-2019; variants: standard, expanded" in _one_line(e)


def test_the_lobbys_seats() -> None:
    """What the lobby's create calls: one object per seat; bad ones named by their place in the list."""
    assert seats_from_json(DM, 3, None) == [Seat(None)] * 3
    got = seats_from_json(DM, 3, [{"bot": None, "name": "Ada"}, {"bot": "ismcts:easy"}, {"bot": "heuristic",
                                                                                           "name": ""}])
    assert got == [Seat(None, "Ada"), Seat("ismcts:easy"), Seat("heuristic")]
    cases: list[tuple[object, str]] = [
        ([{}] * 2, "seats must list one entry per player (3)"),
        ("abc", "seats must list one entry per player (3)"),
        ([{}, 7, {}], "seats[1] must be an object {bot, name}"),
        ([{}, {}, {"bot": "genius"}], "seats[2].bot: unknown bot 'genius'"),
        ([{"bot": 5}, {}, {}], "seats[0].bot: a bot is named by a string"),
        ([{}, {"name": "x" * (MAX_NAME + 1)}, {}], f"seats[1].name must be text of at most {MAX_NAME} characters"),
        ([{}, {"name": 3}, {}], "seats[1].name must be text"),
    ]
    for seats, words in cases:
        with pytest.raises(SeatSpecError) as e:
            seats_from_json(DM, 3, seats)
        assert words in _one_line(e), seats


def test_the_command_line_and_the_lobby_say_the_same_of_a_bad_bot() -> None:
    result = CliRunner().invoke(app, ["play", DM, "--bots", "genius", "--new"])
    assert result.exit_code == 2
    with pytest.raises(SeatSpecError) as e:
        check_bot(DM, "genius", "seats[1].bot")
    why = _one_line(e).removeprefix("seats[1].bot: ")
    assert result.stderr.strip() == f"hustings: error: --bots: {why}"
