"""Game data of Die Macher classic (seeds 001 and 003), loaded once from ``data/game.json``.

Card types are small ints: a program or opinion card of issue ``i`` and stance ``s`` (0 = ja / mehr / sofort,
1 = nein / weniger / später) has type ``2 * i + s``; the opposite card is ``t ^ 1``. Values the seeds do not
print carry a ``placeholder`` note in the JSON and are listed in docs/data/die-macher.md. Names live in the
message catalogs (``messages/<lang>.json``), never in the data.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from importlib import resources
from typing import Any

from hustings.engine.events import freeze
from hustings.engine.i18n import Catalog
from hustings.engine.kit import GameData

_RAW: dict[str, Any] = json.loads(
    resources.files("hustings.games.die_macher").joinpath("data/game.json").read_text("utf-8")
)

# The game's own words only: rules import nothing but the engine (interfaces chain the shared catalog).
CATALOG: Catalog = Catalog.from_package("hustings.games.die_macher", "words/messages")
NAME_LANGS: tuple[str, ...] = ("de", "en", "zh-Hans", "zh-Hant")

PARTY_IDS: list[str] = [p["id"] for p in _RAW["parties"]]
ISSUE_IDS: list[str] = [i["id"] for i in _RAW["issues"]]
NUM_PARTIES = len(PARTY_IDS)
NUM_ISSUES = len(ISSUE_IDS)
NUM_TYPES = 2 * NUM_ISSUES
NUM_SLOTS = 4  # election boards on the table (001 §遊戲配件)

START_MONEY: int = _RAW["start_money"]
START_MEMBERS: int = _RAW["start_members"]
RALLY_CUBES: int = _RAW["rally_cubes"]
MEDIA_CUBES: int = _RAW["media_cubes"]
COALITION_TILES: int = _RAW["coalition_tiles"]
PUBLIC_PROGRAM: int = _RAW["public_program"]
HIDDEN_PROGRAM: int = _RAW["hidden_program"]
PROGRAM_PER_STANCE: int = _RAW["program_cards_per_stance"]
OPINION_PER_STANCE: int = _RAW["opinion_cards_per_stance"]["value"]
EXCHANGE_POOL: int = _RAW["exchange_pool"]
MEDIA_COST: int = _RAW["media_cost"]
MEDIA_SLOTS: int = _RAW["media_slots"]
RALLY_COST: int = _RAW["rally_cost"]
RALLIES_PER_ROUND: int = _RAW["rallies_per_round"]
RALLY_SPACES: int = _RAW["rally_spaces"]
CABINET_MEDIA_PAYMENT: int = _RAW["cabinet_media_payment"]
CONVERT_MINIMUM: int = _RAW["convert_minimum"]
VOTE_CAP: int = _RAW["vote_cap"]
# The popularity track of a board (seed 003 §2): its spaces' values from the top, and the starting space.
# Effects move a marker by spaces; the value of its space enters the vote formula.
POP_TRACK: tuple[int, ...] = tuple(_RAW["popularity_track"]["spaces"])
POP_START: int = _RAW["popularity_track"]["start"]
POP_SPACES = len(POP_TRACK)
POP_MAX: int = POP_TRACK[0]
POP_MIN: int = POP_TRACK[-1]
#: value -> its space, 0 at the top (the track's values differ, so a value names its space)
POP_INDEX: dict[int, int] = {v: i for i, v in enumerate(POP_TRACK)}
KEY_TILES: int = _RAW["key_tiles"]
INCOME_PER_SEAT: int = _RAW["income_per_seat"]
INCOME_PER_MEMBER: int = _RAW["income_per_member"]
MEMBERS_BONUS: tuple[int, ...] = tuple(_RAW["members_bonus"])
SECURED_BONUS: int = _RAW["secured_bonus"]
MEDIA_POINTS: list[int] = _RAW["media_points"]["value"]
NATIONAL_MEMBERS: list[int] = _RAW["national_slots"]["members"]
NATIONAL_POINTS: list[int] = _RAW["national_slots"]["points"]
NATIONAL_SLOTS = len(NATIONAL_POINTS)
DIE_FACES: list[int] = _RAW["special_die"]["faces"]
BID_DIE_FACES: int = _RAW["bid_die_faces"]["value"]
ROUNDS: dict[str, int] = {k: v["rounds"] for k, v in _RAW["variants"].items()}
VARIANTS: tuple[str, ...] = tuple(ROUNDS)


@dataclass(frozen=True)
class StateCard:
    index: int
    id: str
    max_seats: int
    ladder: tuple[int, ...]  # seats for 0..50 votes
    recorded: tuple[int, ...]

    def seats(self, votes: int) -> int:
        return self.ladder[max(0, min(votes, len(self.ladder) - 1))]


@dataclass(frozen=True)
class Cabinet:
    index: int
    key: str
    cost: int
    phone: bool
    actions: tuple[str, ...]  # "votes:N", "double", "media", "up:N", "down:N"
    in_short: bool


@dataclass(frozen=True)
class Donation:
    index: int
    amount: int
    accept_dice: int
    refuse_dice: int
    in_short: bool


STATES: list[StateCard] = [
    StateCard(i, s["id"], s["max_seats"], tuple(s["ladder"]), tuple(s.get("recorded_seats", ())))
    for i, s in enumerate(_RAW["states"])
]
CABINET: list[Cabinet] = [
    Cabinet(i, c["key"], c["cost"], c["phone"], tuple(c["actions"]), c.get("short", True))
    for i, c in enumerate(_RAW["cabinet"]["cards"])
]
DONATIONS: list[Donation] = [
    Donation(i, d["amount"], d["accept_dice"], d["refuse_dice"], d.get("short", True))
    for i, d in enumerate(_RAW["donations"]["cards"])
]
LARGEST_REFUSAL_DICE: int = _RAW["donations"]["largest_refusal_dice"]
POLLS: list[tuple[tuple[int, ...], ...]] = [
    tuple(tuple(o) for o in c["options"]) for c in _RAW["polls"]["cards"]
]
POLL_SEVEN: list[bool] = [bool(c["seven"]) for c in _RAW["polls"]["cards"]]
POLL_OPTIONS = 5
POLL_SECRET_DICE: int = _RAW["polls"]["secret_dice"]
SHEET_COLUMNS: tuple[list[list[str]], list[list[str]]] = (
    _RAW["starting_sheet"]["column1"],
    _RAW["starting_sheet"]["column2"],
)

# Largest bid the action space offers, in thousands (start bids and poll auctions; ruling R17).
MAX_BID_K = 120


def pop_move(value: int, spaces: int) -> int:
    """The value of the space ``spaces`` up (down if negative) from the space of ``value``; a marker stops at
    the ends of the track (001 2.iii: 「民望最大僅為3」)."""
    i = POP_INDEX[value] - spaces
    return POP_TRACK[0 if i < 0 else POP_SPACES - 1 if i >= POP_SPACES else i]


def pop_space(value: int) -> int:
    """The space of ``value`` counted from the top, 1 to 5, as a player counts it (003 §2: 由上而下)."""
    return POP_INDEX[value] + 1


def issue_of(t: int) -> int:
    return t >> 1


def sheet_boards(icons: list[str]) -> int:
    """How many board choices a starting-sheet combination needs (members need none, 001 §遊戲流程 1)."""
    return sum(1 for icon in icons if not icon.startswith("members"))


def party_name(party: int, lang: str) -> str:
    return CATALOG.text(f"party.{PARTY_IDS[party]}", lang)


def issue_name(issue: int, lang: str) -> str:
    return CATALOG.text(f"issue.{ISSUE_IDS[issue]}", lang)


def card_name(t: int, lang: str) -> str:
    side = "contra" if t & 1 else "pro"
    iid = ISSUE_IDS[t >> 1]
    return CATALOG.text("part.card", lang, issue=issue_name(t >> 1, lang),
                        stance=CATALOG.text(f"stance.{iid}.{side}", lang))


def state_name(state: int, lang: str) -> str:
    return CATALOG.text(f"state.{STATES[state].id}", lang)


def cabinet_name(card: int, lang: str) -> str:
    return CATALOG.text(f"cabinet.{CABINET[card].key}", lang)


def pop_value(value: int) -> str:
    """A space's value as printed on the track: +3, +2, 0, -2, -3."""
    return f"{value:+d}" if value else "0"


def pop_label(value: int, lang: str) -> str:
    """A marker's place on the track: its value and which of the five spaces it is ("+2 (space 2 of 5 from
    the top)")."""
    return CATALOG.text("part.pop", lang, value=pop_value(value), n=pop_space(value), of=POP_SPACES)


def move_label(spaces: int, lang: str) -> str:
    """A move on the popularity track: "up 1 space", "down 2 spaces", "no move" (at an end)."""
    if not spaces:
        return CATALOG.text("part.move.none", lang)
    way = "up" if spaces > 0 else "down"
    return CATALOG.text(f"part.move.{way}{'1' if abs(spaces) == 1 else ''}", lang, n=abs(spaces))


_ACTIONS = frozenset({"votes", "double", "media", "up", "down"})
_ICONS = frozenset({"popularity", "votes", "rally", "media", "members"})


def validate(D: Data) -> None:
    """Raise ValueError naming the entry when data (the printed file at import, or a house-rules variant) breaks a
    shape the rules rely on."""
    if len(D.STATES) < max(D.ROUNDS.values()) + 4:
        raise ValueError(f"game.json: needs at least {max(D.ROUNDS.values()) + 4} state cards (4 on the table, "
                         "one election a round)")
    for st in D.STATES:
        if len(st.ladder) != D.VOTE_CAP + 1 or list(st.ladder) != sorted(st.ladder) or st.ladder[-1] != st.max_seats:
            raise ValueError(f"game.json: the ladder of {st.id} must ascend over 0..50 votes up to max_seats")
        missing = [r for r in st.recorded if r not in st.ladder]
        if missing:
            raise ValueError(f"game.json: the ladder of {st.id} cannot give the recorded seats {missing}")
    for c in D.CABINET:
        for act in c.actions:
            name, _, amount = act.partition(":")
            if name not in _ACTIONS or (name in ("votes", "up", "down") and not amount.isdigit()):
                raise ValueError(f"game.json: cabinet card {c.key!r} has a bad action {act!r}")
    if list(D.POP_TRACK) != sorted(set(D.POP_TRACK), reverse=True) or D.POP_START not in D.POP_INDEX:
        raise ValueError("game.json: the popularity track needs values falling from the top, the start among them")
    for card in D.POLLS:
        if len(card) != POLL_OPTIONS or any(len(o) != NUM_PARTIES for o in card):
            raise ValueError("game.json: every poll card needs 5 options of 5 popularity moves")
        if any(abs(x) >= len(D.POP_TRACK) for o in card for x in o):
            raise ValueError("game.json: a poll figure moves a marker by fewer spaces than the track has")
    for col in D.SHEET_COLUMNS:
        for combo in col:
            for icon in combo:
                if icon.partition(":")[0] not in _ICONS:
                    raise ValueError(f"game.json: starting-sheet icon {icon!r} is unknown")
            if sheet_boards(combo) > 3:
                raise ValueError("game.json: a starting-sheet combination names at most 3 boards")
    if len(D.MEDIA_POINTS) < max(D.ROUNDS.values()):
        raise ValueError("game.json: media_points needs a value for every election")


@dataclass(frozen=True, slots=True)
class Data(GameData):
    """The data the rules read, as one immutable object a state carries (``state.data``) and shares with its clones
    and samples: two states with different data play side by side in one process. Lists and dicts are read-only
    (:class:`hustings.engine.FrozenDict`, ``FrozenList``); :meth:`GameData.replace` makes a variant, and the
    default :data:`DATA` pickles by reference."""

    BID_DIE_FACES: int
    CABINET: list[Cabinet]
    CABINET_MEDIA_PAYMENT: int
    COALITION_TILES: int
    CONVERT_MINIMUM: int
    DIE_FACES: list[int]
    DONATIONS: list[Donation]
    EXCHANGE_POOL: int
    HIDDEN_PROGRAM: int
    INCOME_PER_MEMBER: int
    INCOME_PER_SEAT: int
    KEY_TILES: int
    LARGEST_REFUSAL_DICE: int
    MAX_BID_K: int
    MEDIA_COST: int
    MEDIA_CUBES: int
    MEDIA_POINTS: list[int]
    MEDIA_SLOTS: int
    MEMBERS_BONUS: tuple[int, ...]
    NATIONAL_MEMBERS: list[int]
    NATIONAL_POINTS: list[int]
    NATIONAL_SLOTS: int
    NUM_SLOTS: int
    NUM_TYPES: int
    OPINION_PER_STANCE: int
    POLLS: list[tuple[tuple[int, ...], ...]]
    POLL_SECRET_DICE: int
    POLL_SEVEN: list[bool]
    POP_INDEX: dict[int, int]
    POP_START: int
    PROGRAM_PER_STANCE: int
    PUBLIC_PROGRAM: int
    RALLIES_PER_ROUND: int
    RALLY_COST: int
    RALLY_CUBES: int
    RALLY_SPACES: int
    ROUNDS: dict[str, int]
    SECURED_BONUS: int
    SHEET_COLUMNS: tuple[list[list[str]], list[list[str]]]
    START_MEMBERS: int
    START_MONEY: int
    STATES: list[StateCard]
    VOTE_CAP: int
    POP_TRACK: tuple[int, ...]

    def pop_move(self, value: int, spaces: int) -> int:
        """:func:`pop_move` on this data's popularity track."""
        i = self.POP_INDEX[value] - spaces
        track = self.POP_TRACK
        last = len(track) - 1
        return track[0 if i < 0 else last if i > last else i]

    def __reduce__(self) -> Any:
        if self is DATA:
            return (_default_data, ())
        return (Data, tuple(getattr(self, f.name) for f in fields(self)))


def _default_data() -> Data:
    return DATA


#: the printed game's data (every state's unless it is given other data)
DATA = Data(**{f.name: freeze(globals()[f.name]) for f in fields(Data)})
validate(DATA)
