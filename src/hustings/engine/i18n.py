"""Keyed message catalogs: every word an interface shows, in data files, one file per language.

A catalog is a folder of JSON files, one per language: ``en.json``, ``zh-Hans.json``, ``zh-Hant.json`` (all
three complete) and optionally ``de.json`` (German names of parties, issues, ...; anything else falls back to
English). A file maps keys to templates, flat (``{"event.media_bought": "..."}``) or nested
(``{"event": {"media_bought": "..."}}``); both spell the key ``event.media_bought``. Top-level keys starting
with ``_`` (``"_comment"``) are notes, not messages. Templates use ``{name}`` placeholders filled by keyword
(str.format syntax restricted to named fields; the only format specs are ``d``, ``+d`` and ``,``), so a
template can never reach an attribute or an index of what it is given. ``{{`` and ``}}`` are literal braces.

API::

    from hustings.engine.i18n import Catalog, MissingMessageError, set_strict

    SHARED = Catalog.from_package("hustings", "messages")           # src/hustings/messages/<lang>.json
    GAME = Catalog.from_package("hustings.games.die_macher_2019", "messages")   # a game's own, no parent
    GAME.text("event.media_bought", "zh-Hant", who="玩家1", board="版圖2")
    GAME.has("party.CDU", "de")              # True
    GAME.placeholders("event.media_bought", "en")  # frozenset({"who", "board"})
    BOTH = GAME.chain(SHARED)                # the same messages, falling back to SHARED
    BOTH.text("k_quit", "en")                # not in the game catalog: found in the parent (shared) one
    BOTH.keys("en")                          # every key, parents included
    BOTH.export("zh-Hans")                   # flat {key: template}, parents merged: what a browser loads

Lookup of ``key`` in ``lang``: this catalog, then its parents, in ``lang``; then the same in English.
Language tags are taken as given (``normalize_lang`` in :mod:`hustings.engine` maps locales to the three
interface languages; ``"de"`` is accepted here for names).

Missing messages (decision): a key found in no catalog of the chain, a placeholder the caller did not pass,
or -- for en, zh-Hans and zh-Hant -- a fallback to English, are bugs. In strict mode (tests: the environment
variable ``HUSTINGS_I18N_STRICT=1`` or :func:`set_strict`) they raise :class:`MissingMessageError` (a
``KeyError``) naming the key, the language and the catalog. Otherwise (a user at the table) the text still
renders: the key itself for a missing key, English for a missing translation, ``{name}`` for a missing
field; a user never sees a traceback for a forgotten word. The completeness tests in ``tests/i18n`` keep
the catalogs whole.

Files are read once, on the first lookup, never at import and never on the hot path: games render text on
demand. A malformed file (bad JSON, a non-string message, a positional or dotted placeholder, an unknown
format spec) raises :class:`CatalogError` naming file and key.
"""

from __future__ import annotations

import json
import os
import string
import threading
from collections.abc import Iterator, Mapping, Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from mypy_extensions import mypyc_attr

__all__ = [
    "REQUIRED_LANGS",
    "Catalog",
    "CatalogError",
    "MissingMessageError",
    "is_strict",
    "placeholders_of",
    "set_strict",
]

# Languages every catalog must have complete; others (German names) may be partial and fall back to English.
REQUIRED_LANGS: tuple[str, ...] = ("en", "zh-Hans", "zh-Hant")
_FALLBACK = "en"
_SPECS = frozenset({"", "d", "+d", ","})

_strict: bool = os.environ.get("HUSTINGS_I18N_STRICT", "") not in ("", "0")


def set_strict(on: bool) -> None:
    """Raise on missing messages (tests) or render something readable (default, a user's table)."""
    global _strict
    _strict = on


def is_strict() -> bool:
    return _strict


class CatalogError(ValueError):
    """A catalog file that cannot be used: bad JSON, a non-string message, a placeholder the syntax forbids."""


@mypyc_attr(native_class=False)  # mypyc compiles no subclass of KeyError
class MissingMessageError(KeyError):
    """A message that is not in the catalog chain (strict mode only)."""

    def __str__(self) -> str:  # KeyError would quote the whole message
        return str(self.args[0]) if self.args else ""


_FORMATTER = string.Formatter()


def placeholders_of(template: str, where: str = "") -> frozenset[str]:
    """The field names of ``template``; CatalogError if it uses anything but ``{name}`` / ``{name:spec}``."""
    names = set()
    try:
        parsed = list(_FORMATTER.parse(template))
    except ValueError as e:
        raise CatalogError(f"{where}: {e}: {template!r}") from None
    for _literal, field, spec, conversion in parsed:
        if field is None:
            continue
        if not field.isidentifier():
            raise CatalogError(
                f"{where}: placeholder {{{field}}} must be a plain name (no position, attribute or index): {template!r}"
            )
        if conversion is not None or spec not in _SPECS:
            raise CatalogError(
                f"{where}: placeholder {{{field}}} may only use the format specs "
                f"{', '.join(repr(s) for s in sorted(_SPECS) if s)}: {template!r}"
            )
        names.add(field)
    return frozenset(names)


def _flatten(node: Mapping[str, Any], prefix: str, out: dict[str, str], where: str) -> None:
    for k, v in node.items():
        if not isinstance(k, str) or not k:
            raise CatalogError(f"{where}: empty key under {prefix!r}")
        if not prefix and k.startswith("_"):
            continue  # notes for translators
        key = f"{prefix}{k}"
        if isinstance(v, Mapping):
            _flatten(v, key + ".", out, where)
        elif isinstance(v, str):
            if key in out:
                raise CatalogError(f"{where}: key {key!r} is given twice (flat and nested)")
            placeholders_of(v, f"{where}: {key}")
            out[key] = v
        else:
            raise CatalogError(f"{where}: {key!r} must be a string or an object, not {type(v).__name__}")


def _read(file: Traversable | Path, where: str) -> dict[str, str]:
    try:
        raw = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise CatalogError(f"{where}: {e}") from None
    if not isinstance(raw, dict):
        raise CatalogError(f"{where}: must hold a JSON object")
    out: dict[str, str] = {}
    _flatten(raw, "", out, where)
    return out


@mypyc_attr(native_class=False)  # str.format_map must see __missing__ exactly as in Python
class _Defaulting(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalog:
    """Messages by language and key, with an optional parent catalog to fall back to."""

    def __init__(
        self,
        name: str,
        tables: Mapping[str, Mapping[str, str]] | None = None,
        *,
        folder: Traversable | Path | None = None,
        parent: Catalog | None = None,
    ) -> None:
        """``tables`` (lang -> key -> template) or ``folder`` (read on first use); ``name`` names it in errors."""
        self.name = name
        self.parent = parent
        self._folder = folder
        self._tables: dict[str, dict[str, str]] | None = None
        # (key, lang) -> template found along the parent chain: labels are looked up thousands of times a
        # second by the server and the shells, and catalogs never change once read
        self._memo: dict[tuple[str, str], str | None] = {}
        self._lock = threading.Lock()
        self._source: Catalog | None = None
        if tables is not None:
            self._tables = {}
            for lang, table in tables.items():
                out: dict[str, str] = {}
                _flatten(table, "", out, f"{name}/{lang}")
                self._tables[lang] = out

    # ------------------------------------------------------------------------------ construction

    @classmethod
    def from_dir(
        cls, path: str | os.PathLike[str], *, name: str | None = None, parent: Catalog | None = None
    ) -> Catalog:
        """The catalog in ``<path>/<lang>.json`` (read on first use)."""
        p = Path(path)
        return cls(name or str(p), folder=p, parent=parent)

    @classmethod
    def from_package(cls, package: str, folder: str = "messages", *, parent: Catalog | None = None) -> Catalog:
        """The catalog in ``<package>/<folder>/<lang>.json`` (package data, read via importlib.resources)."""
        return cls(f"{package}:{folder}", folder=resources.files(package).joinpath(folder), parent=parent)

    def chain(self, parent: Catalog) -> Catalog:
        """These messages, falling back to ``parent`` (and its parents) for keys this catalog lacks."""
        c = Catalog(self.name, parent=parent)
        c._source = self._source or self  # shares the files, still read on first use
        return c

    def _own(self) -> dict[str, dict[str, str]]:
        if self._source is not None:
            return self._source._own()
        if self._tables is None:
            with self._lock:
                if self._tables is None:
                    self._tables = self._load()
        return self._tables

    def _load(self) -> dict[str, dict[str, str]]:
        folder = self._folder
        if folder is None:
            return {}
        tables: dict[str, dict[str, str]] = {}
        try:
            entries = list(folder.iterdir())
        except (OSError, FileNotFoundError) as e:
            raise CatalogError(f"catalog {self.name}: cannot list {folder}: {e}") from None
        for entry in entries:
            if entry.name.endswith(".json") and entry.is_file():
                lang = entry.name[: -len(".json")]
                tables[lang] = _read(entry, f"{self.name}/{entry.name}")
        if _FALLBACK not in tables:
            raise CatalogError(f"catalog {self.name}: no {_FALLBACK}.json in {folder}")
        return tables

    # ----------------------------------------------------------------------------------- lookup

    def _chain(self) -> list[Catalog]:
        out: list[Catalog] = []
        c: Catalog | None = self
        while c is not None:
            out.append(c)
            c = c.parent
        return out

    def _names(self) -> str:
        return " -> ".join(c.name for c in self._chain())

    def template(self, key: str, lang: str) -> str | None:
        """The raw template of ``key`` in ``lang`` exactly (no fallback to English), or None."""
        memo = self._memo
        k = (key, lang)
        if k in memo:
            return memo[k]
        found: str | None = None
        for c in self._chain():
            t = c._own().get(lang, {}).get(key)
            if t is not None:
                found = t
                break
        memo[k] = found
        return found

    def text(self, key: str, lang: str, /, **fields: Any) -> str:
        """The message ``key`` in ``lang`` with its ``{placeholders}`` filled from ``fields``."""
        template = self.template(key, lang)
        if template is None:
            template = self.template(key, _FALLBACK) if lang != _FALLBACK else None
            if template is None:
                if _strict:
                    raise MissingMessageError(f"no message {key!r} in catalog {self._names()}")
                return key
            if _strict and lang in REQUIRED_LANGS:
                raise MissingMessageError(f"message {key!r} has no {lang} text in catalog {self._names()}")
        if not fields and "{" not in template:
            return template
        try:
            return template.format_map(fields)
        except KeyError as e:
            if _strict:
                raise MissingMessageError(
                    f"message {key!r} ({lang}) needs the field {e.args[0]!r}; given: {', '.join(sorted(fields))}"
                ) from None
            return template.format_map(_Defaulting(fields))
        except (ValueError, TypeError) as e:
            if _strict:
                raise MissingMessageError(f"message {key!r} ({lang}) cannot format {fields!r}: {e}") from None
            return template

    def __call__(self, key: str, lang: str, /, **fields: Any) -> str:  # a method: mypyc compiles no alias
        return self.text(key, lang, **fields)

    def has(self, key: str, lang: str = _FALLBACK) -> bool:
        """Whether ``key`` has a text in ``lang`` itself (no fallback to English) somewhere in the chain."""
        return self.template(key, lang) is not None

    # -------------------------------------------------------------------------------- inspection

    def languages(self, *, own: bool = False) -> tuple[str, ...]:
        """The languages with a file, in this catalog only (``own``) or anywhere in the chain."""
        langs: set[str] = set()
        for c in [self] if own else self._chain():
            langs.update(c._own())
        return tuple(sorted(langs))

    def keys(self, lang: str = _FALLBACK, *, own: bool = False) -> frozenset[str]:
        """The keys with a text in ``lang``, in this catalog only (``own``) or in the whole chain."""
        out: set[str] = set()
        for c in [self] if own else self._chain():
            out.update(c._own().get(lang, {}))
        return frozenset(out)

    def placeholders(self, key: str, lang: str) -> frozenset[str]:
        """The field names ``key`` uses in ``lang`` (KeyError if it has no text in ``lang``)."""
        t = self.template(key, lang)
        if t is None:
            raise MissingMessageError(f"no message {key!r} in {lang} in catalog {self._names()}")
        return placeholders_of(t)

    def export(self, lang: str) -> dict[str, str]:
        """Flat ``{key: template}`` for ``lang`` with parents merged under and English filling gaps.

        What a client without Python (the browser) loads: it then needs only a lookup and ``{name}`` substitution.
        """
        out: dict[str, str] = {}
        for c in reversed(self._chain()):
            out.update(c._own().get(_FALLBACK, {}))
        if lang != _FALLBACK:
            for c in reversed(self._chain()):
                out.update(c._own().get(lang, {}))
        return out

    def __repr__(self) -> str:
        return f"Catalog({self._names()})"


class _TopicTexts(Mapping[str, str]):
    """One help topic: language -> text, read from the catalog when asked (never at import)."""

    def __init__(self, catalog: Catalog, key: str) -> None:
        self._catalog = catalog
        self._key = key

    def __getitem__(self, lang: str) -> str:
        if lang not in REQUIRED_LANGS:
            raise KeyError(lang)
        return self._catalog.text(self._key, lang)

    def __iter__(self) -> Iterator[str]:
        return iter(REQUIRED_LANGS)

    def __len__(self) -> int:
        return len(REQUIRED_LANGS)


def help_topics(catalog: Catalog, topics: Sequence[str], prefix: str = "help.") -> Mapping[str, Mapping[str, str]]:
    """A game's ``rules_help`` adapter: topic -> language -> text, each text the catalog key ``prefix + topic``,
    read lazily so a game's import never loads its catalog."""
    return {topic: _TopicTexts(catalog, prefix + topic) for topic in topics}
