"""House rules at the table (issue 29, point 3): what the lobby, ``hustings play``, the terminal and the pages need
of :mod:`hustings.engine.house` to start a game under house rules and to show every seat which ones it plays.

The rules themselves (paths, bounds, checks, records) are the engine's; here they are only read, checked at the
door of a table, and said in a person's language.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from hustings.engine import LANGS, get_spec
from hustings.engine.basics import JSON
from hustings.engine.events import thaw
from hustings.engine.house import MAX_OVERRIDES, house_rules, require


class HouseRulesError(ValueError):
    """Rules a table cannot start with; the message (one line) names the path."""


def check_table_rules(game: str, rules: object, limit: int = MAX_OVERRIDES) -> dict[str, JSON]:
    """``rules`` as a table takes them (a mapping of path to value, at most ``limit`` entries), checked path by path
    and made canonical ({} = the printed game). The combination with the table's players and options is checked
    when the game is made (``hustings.make(..., rules=...)``). HouseRulesError names what was wrong."""
    if rules is None:
        return {}
    if not isinstance(rules, Mapping):
        raise HouseRulesError("rules must be an object of house rules, path: value")
    if not rules:
        return {}
    if len(rules) > limit:
        raise HouseRulesError(f"at most {limit} house rules at a table, not {len(rules)}")
    try:
        return require(game).canonical(rules)
    except ValueError as e:
        raise HouseRulesError(str(e)) from None


def id_label(game: str, path: str, ident: str, lang: str) -> str:
    """What people call the card (or row) ``ident`` of a setting's ``<id>``: its name in the game's catalog
    (``news.<id>``, ``role.<id>``, ...) in ``lang``; a position (1, 2, ...) for a numbered row; else the id."""
    if ident.isdigit():
        return str(int(ident) + 1)
    from hustings.engine.words import words_for

    catalog = words_for(game).catalog
    if catalog is None:
        return ident
    seg = path.split(".", 1)[0]
    for key in (f"{seg}.{ident}", f"{seg.removesuffix('s')}.{ident}"):
        if catalog.has(key, "en"):
            return catalog.text(key, lang)
    return ident


def describe(game: str, rules: Mapping[str, JSON], lang: str) -> list[str]:
    """One line per rule for people in ``lang`` (empty for the printed game): the schema's words, with a card
    named by its name rather than its id."""
    h = house_rules(game)
    if h is None or not rules:
        return []
    out = []
    for (path, _), line in zip(rules.items(), h.describe(rules, lang), strict=True):
        s, ident = h.setting(path)
        if ident and not ident.isdigit():
            line = line.replace(ident, id_label(game, s.path, ident, lang), 1)
        out.append(line)
    return out


def described(game: str, rules: Mapping[str, JSON]) -> dict[str, list[str]]:
    """The rules said in every language a table speaks: lang -> lines (what a TableInfo carries, so each seat
    shows them in its own language)."""
    return {lang: describe(game, rules, lang) for lang in LANGS}


def house_line(game: str, rules: Mapping[str, JSON], lang: str) -> str | None:
    """One line that says a game plays house rules and which ones (the terminal's header, ``hustings play``'s
    start), in ``lang``; None for the printed game."""
    lines = describe(game, rules, lang)
    if not lines:
        return None
    from hustings.messages import SHARED  # the shared interface words (house_rules, house_rules_sep)

    return SHARED.text("house_rules", lang, rules=SHARED.text("house_rules_sep", lang).join(lines))


def rules_of_options(options: Mapping[str, Any]) -> dict[str, JSON]:
    """The house rules a stored table's options carry (``options["rules"]``; {} for none)."""
    rules = options.get("rules")
    if not isinstance(rules, Mapping):
        return {}
    return {str(k): thaw(v) for k, v in rules.items()}  # a stored record's options are frozen


def shown_rules(game: str, options: Mapping[str, Any]) -> dict[str, JSON]:
    """What a table shows as its house rules: those it was given (``options["rules"]``) and the game options it
    sets that are settings of the schema (classic's money_rounds 001/003) away from the printed value; never a
    person's table's own options (the puzzle without an action limit)."""
    out = rules_of_options(options)
    h = house_rules(game)
    if h is None:
        return out
    person = get_spec(game).person_options
    for s in h.settings:
        if not s.option or s.path in out or s.option not in options:
            continue
        v = options[s.option]
        if v != s.default and not (s.option in person and person[s.option] == v):
            out[s.path] = v
    return dict(sorted(out.items()))


@functools.cache
def settings_json(game: str, lang: str) -> list[dict[str, Any]]:
    """The game's schema of house rules as a create form offers it: each setting's path (``<id>`` standing for
    one of ``ids``, named in ``id_names``), its kind, its words in ``lang``, bounds, printed value and whether it
    changes the action space. Empty for a game without house rules. Made once per game and language (the lobby's
    ``GET /api/games`` asks it on the event loop): callers must not change it."""
    h = house_rules(game)
    if h is None:
        return []
    out = []
    for s in h.settings:
        first = s.concrete()[0][0]
        entry: dict[str, Any] = {"path": s.path, "kind": s.kind, "text": s.text(lang), "bounds": s.bounds(),
                                 "changes_actions": s.changes_actions}
        if s.kind in ("int", "ints"):
            entry["min"], entry["max"] = s.minimum, s.maximum
        if s.kind == "ints":
            entry["min_items"], entry["max_items"] = s.min_items, s.max_items
        if s.kind == "choice":
            entry["choices"] = list(s.choices)
            entry["choice_texts"] = [s.value_text(c, lang) for c in s.choices]
        if s.ids:
            entry["ids"] = list(s.ids)
            entry["id_names"] = [id_label(game, s.path, i, lang) for i in s.ids]
            entry["printed"] = {i: h.printed_value(p) for p, i in s.concrete()}
        else:
            entry["printed"] = h.printed_value(first)
        out.append(entry)
    return out


__all__ = ["HouseRulesError", "check_table_rules", "describe", "described", "house_line", "id_label",
           "rules_of_options", "settings_json", "shown_rules"]
