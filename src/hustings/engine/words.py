"""A game's words: the one place an interface gets every word it shows about a game.

A game's ``words`` adapter (``GameSpec.adapters["words"]``, typed: ``spec.adapter("words")`` is a :class:`Words`
or None) gives names, action labels, event messages, explanations of the numbers on the table, the rules of each
phase and how to win, in every interface language, from one seat's view and events only. It lives in the game's
folder (``games/<id>/words/``, beside its catalog ``words/messages/<lang>.json``) and imports no interface kit:
the terminal, the server and the browser all read the same words, and only draw them.

Action labels are structured (:class:`Label`): the action's kind, each argument as ``{role, id, text}`` and the
whole label, with the label's parts in order (literal text, or the index of an argument), so that a composer
groups choices by kind and argument in any language, never by splitting label text. The parts join to the whole
label exactly. A game builds them with :class:`Marks`: its label code puts ``marks.arg(i, role, text)`` where
argument ``i`` is named, and the same code gives the plain text (``Action.text``) with plain marks.

Words speak in a :class:`Voice`: the language, the style of printed names (``local``, ``de`` as printed on
German cards, or ``both``) and the names people chose for their seats (used instead of "P1" where given).

A game without words gets :data:`PLAIN`: the actions' and events' own texts, nothing explained, no rules text.

Labels are a function of (action, the parts of the view their kind reads, voice): :meth:`Words.label_key` names
those parts per kind, so an interface may keep labels (:class:`LabelCache`) until they change.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from mypy_extensions import mypyc_attr

from hustings.engine.adapters import AdapterKind
from hustings.engine.core import Action, Event, get_spec, normalize_lang
from hustings.engine.i18n import Catalog, help_topics

__all__ = [
    "NAME_STYLES",
    "PLAIN",
    "WORDS_KIND",
    "Arg",
    "CatalogWords",
    "Explanation",
    "Label",
    "LabelCache",
    "Marks",
    "PlainWords",
    "PrintedNames",
    "View",
    "Voice",
    "Words",
    "explanations_added",
    "legal_entry",
    "plain",
    "words_for",
]

View = Mapping[str, Any]
T = TypeVar("T")

#: how printed names are given: in the interface language, in German as printed on the cards, or both
NAME_STYLES: tuple[str, ...] = ("local", "de", "both")


@dataclass(frozen=True)
class Voice:
    """How words are spoken at one table: ``lang`` (``en``, ``zh-Hans``, ``zh-Hant``), the name ``style`` and the
    names people chose for their seats (``seats[p]``; empty: the game's own "P1"). Hashable: labels are cached by
    it."""

    lang: str = "en"
    style: str = "local"
    seats: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.style not in NAME_STYLES:
            raise ValueError(f"name style {self.style!r}: one of {', '.join(NAME_STYLES)}")

    @classmethod
    def of(cls, lang: str, seats: Mapping[int, str] | Sequence[str] | None = None, style: str = "local") -> Voice:
        """A voice from a language (locales too: ``zh_TW``), the chosen names (seat -> name, or a list by seat)
        and the name style."""
        names: tuple[str, ...] = ()
        if isinstance(seats, Mapping):
            top = max((p for p in seats if isinstance(p, int) and p >= 0), default=-1)
            names = tuple(str(seats.get(p) or "") for p in range(top + 1))
        elif seats is not None:
            names = tuple(str(s or "") for s in seats)
        return cls(normalize_lang(lang), style, tuple(" ".join(s.split()) for s in names))

    def seat_name(self, p: int) -> str | None:
        """The name chosen for seat ``p``, or None (the game names it itself)."""
        if 0 <= p < len(self.seats) and self.seats[p]:
            return self.seats[p]
        return None


@dataclass(frozen=True)
class Arg:
    """One argument of an action in words: its ``role`` (what it is: ``card``, ``target``, ``board``...; an id for
    programs, never shown), its value ``id`` (the action's argument) and its ``text``."""

    role: str
    id: int
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"role": self.role, "id": self.id, "text": self.text}


@dataclass(frozen=True)
class Label:
    """An action in words, structured. ``text`` is the whole label; ``args[i]`` is the action's argument ``i``;
    ``parts`` is the label in order, literal text or the index of an argument whose text stands there (the parts
    join to ``text``); ``title`` names what actions of this kind do (a composer's heading, "" when the game has
    no word for it)."""

    kind: str
    text: str
    args: tuple[Arg, ...] = ()
    parts: tuple[str | int, ...] = ()
    title: str = ""

    def joined(self) -> str:
        """The parts joined: the whole label again (see :attr:`text`)."""
        return "".join(p if isinstance(p, str) else self.args[p].text for p in self.parts)

    def to_json(self) -> dict[str, Any]:
        """The structured label as the server sends it beside the whole label."""
        return {"title": self.title, "args": [a.to_json() for a in self.args], "parts": list(self.parts)}


@dataclass
class Explanation:
    """How one number on the table came about: a title (the number) and the lines of its breakdown."""

    title: str
    lines: list[str]

    def to_json(self) -> dict[str, Any]:
        return {"title": str(self.title), "lines": [str(line) for line in self.lines]}


# Private-use characters: no catalog holds them, so a mark survives any concatenation and formatting of strings
# (a label is built as text with marks where arguments stand, then split).
_OPEN, _CLOSE = "\ue000", "\ue001"
_SPLIT = re.compile(f"{_OPEN}(\\d+){_CLOSE}")


@mypyc_attr(allow_interpreted_subclasses=True)  # games' (interpreted) words subclass it
class Marks:
    """Builds one action's label. ``arg(i, role, text)`` returns what to put where argument ``i`` is named: the
    text itself (``structured=False``, the plain text of ``Action.text``) or a mark (``structured=True``), and
    records the argument; :meth:`label` splits the marked text into parts."""

    __slots__ = ("_args", "action", "structured")

    def __init__(self, action: Action, structured: bool = True) -> None:
        self.action = action
        self.structured = structured
        self._args: list[Arg | None] = [None] * len(action.args)

    def arg(self, i: int, role: str, text: str) -> str:
        """Argument ``i`` of the action, named ``text``: what stands in the label where it is named."""
        self._args[i] = Arg(role, self.action.args[i], text)
        return f"{_OPEN}{i}{_CLOSE}" if self.structured else text

    def note(self, i: int, role: str, text: str) -> None:
        """Argument ``i`` in words where the label does not name it itself (a composer still shows ``text``)."""
        self._args[i] = Arg(role, self.action.args[i], text)

    def args(self) -> tuple[Arg, ...]:
        """Every argument, those the words never named as their bare value."""
        return tuple(a if a is not None else Arg("value", v, str(v))
                     for a, v in zip(self._args, self.action.args, strict=True))

    def missing(self) -> list[int]:
        """The arguments the words did not name (a test checks a game's words name every one)."""
        return [i for i, a in enumerate(self._args) if a is None]

    def label(self, marked: str, title: str = "") -> Label:
        """The label from its marked text."""
        args = self.args()
        if not self.structured:
            return Label(self.action.kind, marked, args, (marked,) if marked else (), title)
        pieces = _SPLIT.split(marked)
        parts: list[str | int] = []
        for k, piece in enumerate(pieces):
            if k % 2:
                parts.append(int(piece))
            elif piece:
                parts.append(piece)
        text = "".join(p if isinstance(p, str) else args[p].text for p in parts)
        return Label(self.action.kind, text, args, tuple(parts), title)


def plain(action: Action) -> Marks:
    """Marks that put each argument's text itself (``Action.text``)."""
    return Marks(action, structured=False)


class Words(Protocol):
    """Everything an interface says about a game. Every method gets one seat's view and events (or a
    spectator's) and a :class:`Voice`; nothing else of the game."""

    #: the game's message catalog (what a browser loads to word its own parts), or None
    catalog: Catalog | None

    def names(self, voice: Voice) -> Mapping[str, Any]:
        """The names a table draws, indexed as the view's numbers (parties, states, issues, cards...), as JSON."""
        ...

    def label(self, action: Action, view: View, voice: Voice) -> Label:
        """A legal action in words, with what the seat's view adds (the state a board holds, a preview)."""
        ...

    def label_key(self, kind: str, view: View) -> Hashable | None:
        """The parts of ``view`` the labels of ``kind`` read (labels of one kind and key are the same in any view);
        None: they read too much to keep, ask again."""
        ...

    def parts_key(self, kind: str, view: View) -> Hashable | None:
        """What the labels of ``kind`` read of ``view`` besides their arguments' texts: labels of one kind and parts
        key have the same title, parts and argument roles in any view of any table (in one language and name style;
        never the names people chose), and each argument's text is :meth:`arg_texts`'s. A server words such a kind
        once for every table (compact legal lists). None: no such promise (the default)."""
        ...

    def arg_texts(self, kind: str, view: View, voice: Voice) -> Mapping[str, Mapping[int, str]]:
        """For a kind with a parts key: the text of each argument its actions may name in ``view``, by role, then
        value; it reads no more of the view than :meth:`label_key` says."""
        ...

    def event_text(self, event: Event, voice: Voice) -> str:
        """An event in words, seats by the names people chose."""
        ...

    def explanations(self, view: View, events: Sequence[Event], voice: Voice) -> list[Explanation]:
        """How every number on the table came about, from the events the viewer may see."""
        ...

    def event_explanations(self, view: View, events: Sequence[Event], index: int, voice: Voice) -> list[Explanation]:
        """How the numbers of ``events[index]`` came about (the explanations it adds); linear in the events, for a
        request now and then, not for every move."""
        ...

    def rules(self, phase: str | None, lang: str) -> tuple[str, str] | None:
        """(title, text) of the rules of ``phase`` (the view's ``phase``; None or unknown: the game's default
        topic), or None when the game has no rules text."""
        ...

    def rules_help(self) -> Mapping[str, Mapping[str, str]]:
        """Every rules topic (a phase) -> language -> text."""
        ...

    def how_to_win(self, lang: str) -> str:
        """What to aim for, in a few sentences ("" when the game says nothing)."""
        ...


#: what ``isinstance(obj, Words)`` of a runtime-checkable protocol would check (every member is there), spelled out:
#: mypyc compiles no runtime-checkable protocol (docs/build.md)
_WORDS_MEMBERS = ("catalog", "names", "label", "label_key", "event_text", "explanations", "event_explanations", "rules",
                  "rules_help", "how_to_win")

#: the words adapter: every word an interface shows of a game (terminal, server, browser)
WORDS_KIND: AdapterKind[Words] = AdapterKind(
    "words", "a hustings.engine.words.Words", lambda obj: all(hasattr(obj, name) for name in _WORDS_MEMBERS),
    "every interface: names, action labels (whole and structured), event texts, explanations, rules help per "
    "phase, how to win; a game without one is worded plainly (`PLAIN`: its actions' and events' own texts)")


def explanations_added(explain: Callable[[Sequence[Event]], list[Explanation]], events: Sequence[Event],
                       index: int) -> list[Explanation]:
    """The explanations ``events[index]`` adds to the page ``explain`` works out, or makes longer: the page is
    worked out twice, before and with the event."""
    before: dict[str, int] = {}
    for x in explain(events[:index]):
        before[x.title] = max(before.get(x.title, 0), len(x.lines))
    # new, or one line longer: a number the event made or added to (not one it cleared, like an election emptying
    # the votes of its state)
    return [x for x in explain(events[:index + 1])
            if x.title not in before or len(x.lines) > before[x.title]]


@mypyc_attr(allow_interpreted_subclasses=True)
class PlainWords:
    """The words of a game without its own: the actions' and events' own texts, each argument by its value."""

    catalog: Catalog | None = None

    def names(self, voice: Voice) -> Mapping[str, Any]:
        return {}

    def label(self, action: Action, view: View, voice: Voice) -> Label:
        text = action.text(voice.lang)
        args = tuple(Arg("value", v, str(v)) for v in action.args)
        return Label(action.kind, text, args, (text,) if text else ())

    def label_key(self, kind: str, view: View) -> Hashable | None:
        return ()

    def parts_key(self, kind: str, view: View) -> Hashable | None:
        return None

    def arg_texts(self, kind: str, view: View, voice: Voice) -> Mapping[str, Mapping[int, str]]:
        return {}

    def event_text(self, event: Event, voice: Voice) -> str:
        return event.message(voice.lang)

    def explanations(self, view: View, events: Sequence[Event], voice: Voice) -> list[Explanation]:
        return []

    def event_explanations(self, view: View, events: Sequence[Event], index: int, voice: Voice) -> list[Explanation]:
        return []

    def rules(self, phase: str | None, lang: str) -> tuple[str, str] | None:
        return None

    def rules_help(self) -> Mapping[str, Mapping[str, str]]:
        return {}

    def how_to_win(self, lang: str) -> str:
        return ""


PLAIN: Words = PlainWords()


@mypyc_attr(allow_interpreted_subclasses=True)
class CatalogWords:
    """A base for a game's words kept in its catalog: the rules of each phase under ``help.<topic>`` (``topics``,
    ``default_topic`` for a phase without its own), its heading the phase's name ``phase.<topic>``; how to win
    under ``how_to_win``; the title of each action kind under ``kind.<kind>``. A game adds its names, labels,
    event texts and explanations."""

    def __init__(self, catalog: Catalog, topics: Sequence[str], default_topic: str) -> None:
        self.catalog: Catalog | None = catalog
        self._catalog = catalog
        self.topics = tuple(topics)
        self.default_topic = default_topic
        self._help = help_topics(catalog, self.topics)

    def title(self, kind: str, lang: str) -> str:
        """What actions of ``kind`` do ("" when the catalog has no ``kind.<kind>``)."""
        key = f"kind.{kind}"
        return self._catalog.text(key, lang) if self._catalog.has(key, "en") else ""

    def phase_name(self, phase: str, lang: str) -> str:
        """The name of a phase (``view["phase"]``); an unknown phase is shown as it is."""
        key = f"phase.{phase}"
        return self._catalog.text(key, lang) if self._catalog.has(key, "en") else phase

    def rules(self, phase: str | None, lang: str) -> tuple[str, str] | None:
        topic = phase if phase in self.topics else self.default_topic
        return self.phase_name(topic, lang), self._catalog.text(f"help.{topic}", lang)

    def rules_help(self) -> Mapping[str, Mapping[str, str]]:
        return self._help

    def how_to_win(self, lang: str) -> str:
        return self._catalog.text("how_to_win", lang)

    def label_key(self, kind: str, view: View) -> Hashable | None:
        return ()

    def parts_key(self, kind: str, view: View) -> Hashable | None:
        return None

    def arg_texts(self, kind: str, view: View, voice: Voice) -> Mapping[str, Mapping[int, str]]:
        return {}

    def names(self, voice: Voice) -> Mapping[str, Any]:
        return {}

    def explanations(self, view: View, events: Sequence[Event], voice: Voice) -> list[Explanation]:
        return []

    def event_explanations(self, view: View, events: Sequence[Event], index: int, voice: Voice) -> list[Explanation]:
        return explanations_added(lambda some: self.explanations(view, some, voice), events, index)


def words_for(game: str) -> Words:
    """The game's words (its ``words`` adapter), or :data:`PLAIN` for a game without."""
    found = get_spec(game).adapter(WORDS_KIND)
    return PLAIN if found is None else found


def legal_entry(action: Action, label: Label) -> dict[str, Any]:
    """A legal action as a server sends it: ``id``, ``kind``, ``args``, the whole ``label`` and the structured
    label beside it (``words``: ``title``, ``args`` as ``{role, id, text}``, ``parts``)."""
    return {"id": action.id, "kind": action.kind, "args": list(action.args), "label": label.text,
            "words": label.to_json()}


class LabelCache(Generic[T]):
    """Labels kept by (kind, the view parts its labels read, voice), then action id: what a server asks for at
    every step is worded once. Keeps what ``make(action, label)`` makes of each (the JSON a server sends, say).
    Bounded: past ``limit`` actions it starts again. For one thread (a server's event loop)."""

    def __init__(self, words: Words, make: Callable[[Action, Label], T], limit: int = 100_000) -> None:
        self.words = words
        self.make = make
        self.limit = limit
        self._by_key: dict[tuple[str, Hashable, Voice], dict[int, T]] = {}
        self._size = 0
        self.made = 0  # labels worded (benchmarks and tests read it)

    def legal(self, actions: Sequence[Action], view: View, voice: Voice) -> list[T]:
        """What ``make`` made of each of ``actions`` (legal in ``view``), labelled in ``voice``."""
        words = self.words
        out: list[T] = []
        tables: dict[str, dict[int, T] | None] = {}
        for a in actions:
            kind = a.kind
            if kind in tables:
                table = tables[kind]
            else:
                key = words.label_key(kind, view)
                if key is None:
                    table = None
                else:
                    full = (kind, key, voice)
                    table = self._by_key.get(full)
                    if table is None:
                        if self._size > self.limit:
                            self._by_key.clear()
                            self._size = 0
                        table = self._by_key[full] = {}
                tables[kind] = table
            item = None if table is None else table.get(a.id)
            if item is None:
                self.made += 1
                item = self.make(a, words.label(a, view, voice))
                if table is not None:
                    table[a.id] = item
                    self._size += 1
            out.append(item)
        return out


@mypyc_attr(allow_interpreted_subclasses=True)
class PrintedNames:
    """Names from a game's catalog in a name style: in the interface language (``local``), as printed on the
    cards (``de``: the catalog's German), or both, "local (German)". A game's names class adds what it names
    (parties, states, issues...) on top of :meth:`pick` and :meth:`one`."""

    def __init__(self, catalog: Catalog, lang: str, style: str = "local") -> None:
        self._catalog = catalog
        self.lang = lang
        self.style = style
        self._picked: dict[str, str] = {}  # a declared field: a compiled class (docs/build.md) has no __dict__

    def pick(self, key: str) -> str:
        # a name is asked for again and again (every label naming a state): found once per key
        found: str | None = self._picked.get(key)
        if found is None:
            found = self._picked[key] = self._pick_new(key)
        return found

    def _pick_new(self, key: str) -> str:
        local = self._catalog.text(key, self.lang)
        german = self._catalog.text(key, "de")
        if self.style == "de":
            return german
        if self.style == "both" and german != local:
            return f"{local} ({german})"
        return local

    def one(self, key: str) -> str:
        """One name only (narrow places): German in the ``de`` style, else the interface language."""
        return self._catalog.text(key, "de" if self.style == "de" else self.lang)
