"""House rules (issue 29): what of a game's data and options a group may change, how a change is given
(``PATH=VALUE``, a TOML or JSON patch file), checked, made canonical, and carried by a state and its record.

A game declares its schema as the ``house_rules`` adapter (:data:`HOUSE_RULES_KIND`): a :class:`HouseRules` of
:class:`Setting` s, each a dotted path people write (``all_lose_if_tied``, ``news.<id>.amount``) with its type, its
bounds, a one-line description in the game's languages, and whether it changes the action space. A setting reaches
either a field of the game's data object (:class:`hustings.engine.kit.GameData`, by ``target``) or one of the
options ``make()`` already takes (``option``), so 001 against 003 is a house rule like any number.

``make(game, ..., rules={path: value})`` derives the variant data (never patching module globals: the data travels
with the state and its clones), and a record carries the canonical rules and the data's digest
(:func:`record_fields`), so :func:`hustings.engine.registry.replay` replays under exactly those rules or refuses.

Limits keep a server safe: every number has bounds, lists a length, a rule set at most :data:`MAX_OVERRIDES`
entries, a patch file at most :data:`MAX_FILE_BYTES`. Every refusal is one ValueError line naming the path.
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import json
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hustings.engine.adapters import AdapterKind
from hustings.engine.basics import JSON, _short, normalize_lang
from hustings.engine.events import FrozenDict, FrozenList, freeze, thaw
from hustings.engine.kit import GameData

#: at most this many overrides in one rule set (a server takes rule sets from anyone)
MAX_OVERRIDES = 200
#: a patch file (TOML or JSON) is at most this many bytes
MAX_FILE_BYTES = 64 * 1024
#: a path is at most this long, a list value at most this many items
MAX_PATH_CHARS = 120
MAX_LIST_ITEMS = 64
#: what a setting's value may be
KINDS = ("int", "bool", "choice", "ints")
#: the placeholder of a setting that stands for one entry per card (or table row) id
ID = "<id>"


@dataclass(frozen=True)
class Setting:
    """One thing a house rule may change.

    ``path`` is what people write, dotted, lower case; one segment may be ``<id>``, standing for each of ``ids``
    (``news.<id>.amount``). ``kind`` is ``int`` (``minimum``..``maximum``), ``bool``, ``choice`` (one of
    ``choices``) or ``ints`` (a list of ``min_items``..``max_items`` ints, each ``minimum``..``maximum``).
    ``target`` is the dotted way into the game's data object (fields by name, list entries by their ``id``
    attribute or index, mapping entries by key; ``<id>`` as in the path); ``option`` instead names the ``make()``
    option it sets, whose printed value is ``default``. ``description``: language -> one line in the game's words.
    ``changes_actions``: the action space is not the printed one; ``changes_encoding``: the RL encoders' layout or
    what they compute from the printed data no longer fits. Learners (RL encoders, the ``learned`` bot) refuse
    either."""

    path: str
    kind: str
    description: Mapping[str, str]
    target: str = ""
    option: str = ""
    default: JSON = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()
    min_items: int = 0
    max_items: int = MAX_LIST_ITEMS
    changes_actions: bool = False
    #: what an RL encoder of the printed game assumes no longer holds (its layout, a flag it computes from the
    #: printed data), though the action space is the same: learners refuse it too
    changes_encoding: bool = False
    #: a number must be a multiple of this (money counted in thousands)
    step: int = 1
    #: a choice's values in words, choice -> language -> words (what people read; the choice itself is what
    #: ``--set`` and files write)
    choice_words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"setting {self.path}: kind must be one of {KINDS}, not {self.kind!r}")
        if bool(self.target) == bool(self.option):
            raise ValueError(f"setting {self.path}: give exactly one of target and option")
        if self.kind in ("int", "ints") and (self.minimum is None or self.maximum is None):
            raise ValueError(f"setting {self.path}: a number needs bounds (minimum and maximum)")
        if self.kind == "choice" and not self.choices:
            raise ValueError(f"setting {self.path}: a choice needs its choices")
        if (ID in self.path.split(".")) != bool(self.ids) or self.path.count(ID) > 1:
            raise ValueError(f"setting {self.path}: a path has one {ID} exactly when ids are given")
        if "en" not in self.description:
            raise ValueError(f"setting {self.path}: the description needs at least English")

    def text(self, lang: str) -> str:
        """The one-line description in ``lang`` (English where the game has none in it)."""
        if lang in self.description:  # a game's own language the engine does not know (Die Macher's German)
            return self.description[lang]
        return self.description.get(normalize_lang(lang), self.description["en"])

    def value_text(self, value: JSON, lang: str) -> str:
        """``value`` as people read it in ``lang``: a choice in its words, yes or no, a list by commas."""
        if self.kind == "choice" and isinstance(value, str) and value in self.choice_words:
            words = self.choice_words[value]
            return words.get(lang) or words.get(normalize_lang(lang)) or words.get("en", value)
        if isinstance(value, bool):
            yes_no = _YES_NO.get(lang) or _YES_NO.get(normalize_lang(lang), _YES_NO["en"])
            return yes_no[0] if value else yes_no[1]
        return _show(value)

    def bounds(self) -> str:
        """The values it takes, in a notation without words (``2..16``, ``true / false``, ``a / b``,
        ``[0..50] × 2..2``: a list of 2 to 2 items of 0..50)."""
        every = f" (×{self.step})" if self.step != 1 else ""
        if self.kind == "int":
            return f"{self.minimum}..{self.maximum}{every}"
        if self.kind == "bool":
            return "true / false"
        if self.kind == "choice":
            return " / ".join(self.choices)
        return f"[{self.minimum}..{self.maximum}{every}] × {self.min_items}..{self.max_items}"

    def concrete(self) -> list[tuple[str, str]]:
        """(path, id) for every path this setting stands for (id empty for a plain path)."""
        if not self.ids:
            return [(self.path, "")]
        return [(self.path.replace(ID, i), i) for i in self.ids]

    def coerce(self, path: str, value: object) -> JSON:
        """``value`` checked against this setting (its canonical JSON form), else one ValueError line naming
        ``path``."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise ValueError(f"house rule {path} must be true or false, not {_short(value)}")
        if self.kind == "choice":
            if isinstance(value, str) and value in self.choices:
                return value
            raise ValueError(f"house rule {path} must be one of {', '.join(self.choices)}, not {_short(value)}")
        if self.kind == "int":
            return self._int(path, value)
        if not isinstance(value, list | tuple | FrozenList):
            raise ValueError(f"house rule {path} must be a list of {self.min_items}..{self.max_items} integers, "
                             f"not {_short(value)}")
        if not self.min_items <= len(value) <= min(self.max_items, MAX_LIST_ITEMS):
            raise ValueError(f"house rule {path} must have {self.min_items}..{self.max_items} items, not {len(value)}")
        return [self._int(f"{path}[{i}]", v) for i, v in enumerate(value)]

    def _int(self, path: str, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"house rule {path} must be an integer, not {_short(value)}")
        assert self.minimum is not None and self.maximum is not None  # checked in __post_init__
        if not self.minimum <= value <= self.maximum:
            raise ValueError(f"house rule {path} must be {self.minimum}..{self.maximum}, not {value}")
        if value % self.step:
            raise ValueError(f"house rule {path} must be a multiple of {self.step}, not {value}")
        return value


def _no_check(data: Any, players: int, variant: str, options: Mapping[str, JSON]) -> None:
    return None


def _same(data: Any) -> Any:
    return data


def _bare_id(path: str, ident: str, lang: str) -> str:
    return ident


@dataclass(frozen=True)
class HouseRules:
    """A game's schema of house rules.

    ``printed()`` gives the printed game's data object. ``finish(data)`` recomputes the fields derived from others
    (a deck from its cards' counts) after the settings' fields were set; ``check(data, players, variant, options)``
    raises ValueError (one line, naming the paths) when the rules cannot work with a combination.
    ``name_of(setting path, id, lang)`` names what an ``<id>`` stands for in people's words (a card's name), for
    :meth:`describe`; by default the id."""

    game: str
    settings: tuple[Setting, ...]
    printed: Callable[[], GameData]
    finish: Callable[[Any], Any] = _same
    check: Callable[[Any, int, str, Mapping[str, JSON]], None] = _no_check
    name_of: Callable[[str, str, str], str] = _bare_id
    _paths: dict[str, tuple[Setting, str]] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        for s in self.settings:
            for path, ident in s.concrete():
                if path in self._paths:
                    raise ValueError(f"{self.game}: house rule path {path} is declared twice")
                self._paths[path] = (s, ident)

    def paths(self) -> list[str]:
        """Every concrete path, in the schema's order."""
        return list(self._paths)

    def setting(self, path: object) -> tuple[Setting, str]:
        """(the setting, the id its ``<id>`` stands for) of a concrete path; an unknown one is refused naming the
        nearest known path."""
        if not isinstance(path, str) or len(path) > MAX_PATH_CHARS:
            raise ValueError(f"a house rule path must be a dotted name, not {_short(path)}")
        found = self._paths.get(path)
        if found is not None:
            return found
        near = difflib.get_close_matches(path, self._paths, n=1, cutoff=0.5)
        hint = f"; nearest: {near[0]}" if near else f"; `hustings rules {self.game}` lists them"
        raise ValueError(f"unknown house rule {_short(path)} for {self.game}{hint}")

    def printed_value(self, path: str) -> JSON:
        s, ident = self.setting(path)
        if s.option:
            return s.default
        return _plainify(_get(self.printed(), s.target.replace(ID, ident)))

    def value_in(self, data: GameData, options: Mapping[str, JSON], path: str) -> JSON:
        """The value ``path`` has in a game with this data and these options."""
        s, ident = self.setting(path)
        if s.option:
            v = options.get(s.option)
            return s.default if v is None else thaw(v)
        return _plainify(_get(data, s.target.replace(ID, ident)))

    def canonical(self, rules: Mapping[str, object]) -> dict[str, JSON]:
        """``rules`` checked path by path and made canonical: sorted by path, values in their JSON form, overrides
        that equal the printed game left out (an empty result is the printed game)."""
        if not isinstance(rules, Mapping):
            raise ValueError(f"house rules must be a mapping of path to value, not {_short(rules)}")
        if len(rules) > MAX_OVERRIDES:
            raise ValueError(f"at most {MAX_OVERRIDES} house rules at once, not {len(rules)}")
        out: dict[str, JSON] = {}
        for path in sorted(rules, key=str):
            s, _ = self.setting(path)
            v = s.coerce(path, rules[path])
            if v != self.printed_value(path):
                out[path] = v
        return out

    def apply(self, rules: Mapping[str, object], players: int, variant: str,
              options: Mapping[str, JSON]) -> Variant:
        """The variant these rules make: canonical rules, the data object, and the options to pass to the game
        (``options`` merged with the rules' option paths; a clash with an option given otherwise is refused)."""
        canon = self.canonical(rules)
        merged = {str(k): v for k, v in options.items()}
        # the same rules give the same (immutable) data object: a lab run's games share it, as printed games share
        # DATA, and its digest and rules are computed once
        key = (id(self), json.dumps(canon, sort_keys=True), players, variant,
               json.dumps(thaw(merged), sort_keys=True, default=repr))
        hit = _VARIANTS.get(key)
        if hit is not None:
            return Variant(dict(hit.rules), hit.data, dict(hit.options))
        made = self._apply(canon, merged, players, variant)
        if len(_VARIANTS) > 64:
            _VARIANTS.clear()
        _VARIANTS[key] = made
        return Variant(dict(made.rules), made.data, dict(made.options))

    def _apply(self, canon: dict[str, JSON], merged: dict[str, JSON], players: int, variant: str) -> Variant:
        data = self.printed()
        for path, value in canon.items():
            s, ident = self.setting(path)
            if s.option:
                given = merged.get(s.option)
                if given is not None and thaw(given) != value:
                    raise ValueError(f"house rule {path}={_short(value)} clashes with option {s.option}="
                                     f"{_short(given)}")
                merged[s.option] = value
            else:
                data = _set(data, s.target.replace(ID, ident), value)
        if data is not self.printed():
            data = self.finish(data)
        try:
            self.check(data, players, variant, merged)
        except ValueError as e:  # name the paths that made the combination
            raise ValueError(f"{e} (house rules {format_rules(canon)})") from None
        return Variant(canon, data, merged)

    def rules_of(self, data: GameData, options: Mapping[str, JSON]) -> dict[str, JSON]:
        """The canonical rules of a game with this data and these options (what differs from the printed game);
        the printed data object itself is the printed game at once, and a variant's data part is remembered per
        data object (records are asked for often: a server's search jobs, saves)."""
        out: dict[str, JSON] = {}
        for path, (s, _) in self._paths.items():
            if s.option:
                v = options.get(s.option)
                if v is not None and thaw(v) != s.default:
                    out[path] = thaw(v)
        if data is not self.printed():
            out.update(self._data_rules(data))
        return dict(sorted(out.items()))

    def _data_rules(self, data: GameData) -> dict[str, JSON]:
        key = (id(self), id(data))
        hit = _RULES_OF.get(key)
        if hit is not None and hit[0] is data:
            return hit[1]
        printed = self.printed()
        out: dict[str, JSON] = {}
        for path, (s, ident) in self._paths.items():
            if not s.option:
                target = s.target.replace(ID, ident)
                v = _plainify(_get(data, target))
                if v != _plainify(_get(printed, target)):
                    out[path] = v
        if len(_RULES_OF) > 256:  # variants come and go in a lab run
            _RULES_OF.clear()
        _RULES_OF[key] = (data, out)
        return out

    def changes_actions(self, rules: Mapping[str, JSON]) -> list[str]:
        """The paths of ``rules`` that change the action space."""
        return [p for p in rules if self.setting(p)[0].changes_actions]

    def learners_refuse(self, rules: Mapping[str, JSON]) -> list[str]:
        """The paths of ``rules`` that RL encoders and the ``learned`` bot cannot play (action space or encoding)."""
        return [p for p in rules if self.setting(p)[0].changes_actions or self.setting(p)[0].changes_encoding]

    def rows(self, lang: str = "en") -> list[tuple[str, str, str, str]]:
        """(path, values it takes, printed value, description) per setting, for ``hustings rules`` and the docs; a
        setting per card shows the range of its printed values (:meth:`ids` lists what ``<id>`` stands for)."""
        out = []
        for s in self.settings:
            if s.ids:
                printed = [self.printed_value(p) for p, _ in s.concrete()]
                ints = [v for v in printed if isinstance(v, int) and not isinstance(v, bool)]
                shown = f"{min(ints)}..{max(ints)}" if len(ints) == len(printed) else "…"
            else:
                shown = _show(self.printed_value(s.path))
            # the docs' legend: ⚠ changes the action space, † what the RL encoders assume
            marks = (" ⚠" if s.changes_actions else "") + (" †" if s.changes_encoding else "")
            out.append((s.path, s.bounds() + marks, shown, s.text(lang)))
        return out

    def ids(self) -> dict[str, tuple[str, ...]]:
        """What ``<id>`` stands for, per setting that has one: path -> ids."""
        return {s.path: s.ids for s in self.settings if s.ids}

    def markdown(self, lang: str = "en") -> str:
        """The schema as a Markdown table and its ids (docs/lab.md lists every game's; a test keeps them in step)."""
        lines = ["| path | values | printed | what it changes |", "|---|---|---|---|"]
        for path, values, printed, what in self.rows(lang):
            what = what.replace("|", "/").replace(ID, f"`{ID}`")  # <id> would read as an HTML tag
            lines.append(f"| `{path}` | {values} | {printed} | {what} |")
        groups: dict[tuple[str, ...], list[str]] = {}
        for path, ids in self.ids().items():
            groups.setdefault(ids, []).append(path)
        for ids, paths in groups.items():
            lines.append("")
            lines.append(f"`<id>` in {', '.join(f'`{p}`' for p in paths)}: {', '.join(ids)}")
        if any(s.changes_actions for s in self.settings):
            lines.append("")
            lines.append("⚠ changes the action space (RL encoders and the `learned` bot refuse it)")
        if any(s.changes_encoding for s in self.settings):
            lines.append("")
            lines.append("† changes what the RL encoders assume (they and the `learned` bot refuse it)")
        return "\n".join(lines)

    def describe(self, rules: Mapping[str, JSON], lang: str) -> list[str]:
        """One line per rule, for people: the setting's words, the value and the printed value."""
        out = []
        for path, value in rules.items():
            s, ident = self.setting(path)
            what = s.text(lang).replace(ID, self.name_of(s.path, ident, lang)) if ident else s.text(lang)
            # the game's words in a language the game lacks are English: the line's own words follow them
            said = lang if lang in s.description else normalize_lang(lang)
            said = said if said in s.description else "en"
            form = _DESCRIBE.get(said, _DESCRIBE["en"])
            out.append(form.format(what=what, value=s.value_text(value, said),
                                   printed=s.value_text(self.printed_value(path), said)))
        return out


#: a rule for people: what it changes, its value here and the printed game's (the engine's own few words)
_DESCRIBE = {"en": "{what}: {value} (printed: {printed})", "zh-Hans": "{what}：{value}（原版：{printed}）",
             "zh-Hant": "{what}：{value}（原版：{printed}）", "de": "{what}: {value} (gedruckt: {printed})"}


#: yes and no in the engine's own few words
_YES_NO = {"en": ("yes", "no"), "zh-Hans": ("是", "否"), "zh-Hant": ("是", "否"), "de": ("ja", "nein")}


def _show(v: JSON) -> str:
    if v is None:  # an option whose printed value is "none given" (the puzzle's difficulty: any deal)
        return "—"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "[" + ", ".join(_show(x) for x in v) + "]"
    return str(v)


@dataclass(frozen=True)
class Variant:
    """What :meth:`HouseRules.apply` makes: the canonical ``rules``, the ``data`` object and the ``options``."""

    rules: dict[str, JSON]
    data: GameData
    options: dict[str, JSON]


HOUSE_RULES_KIND: AdapterKind[HouseRules] = AdapterKind(
    "house_rules", "a hustings.engine.house.HouseRules (the paths house rules may set, with bounds)",
    lambda obj: isinstance(obj, HouseRules),
    "`make(rules=...)`, `replay`, records, `--set`/`--rules` of simulate, tournament, compare and play, the lobby")


# ------------------------------------------------------------------------------------------ data paths


def _plainify(v: Any) -> JSON:
    if isinstance(v, FrozenList | list | tuple):
        return [_plainify(x) for x in v]
    if isinstance(v, FrozenDict | dict):
        return {str(k): _plainify(x) for k, x in v.items()}
    out: JSON = v
    return out


def _step(obj: Any, seg: str) -> Any:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return getattr(obj, seg)
    if isinstance(obj, Mapping):
        return obj[seg]
    if isinstance(obj, Sequence) and not isinstance(obj, str):
        return obj[_index(obj, seg)]
    raise KeyError(seg)


def _index(items: Sequence[Any], seg: str) -> int:
    """The entry of a list named ``seg``: by its ``id`` (or ``key``) attribute, else by its index."""
    for i, item in enumerate(items):
        if getattr(item, "id", None) == seg or getattr(item, "key", None) == seg:
            return i
    return int(seg)


def _get(obj: Any, target: str) -> Any:
    for seg in target.split("."):
        obj = _step(obj, seg)
    return obj


def _set(obj: Any, target: str, value: JSON) -> Any:
    """A copy of ``obj`` with ``value`` at ``target`` (dataclasses replaced, read-only lists and maps copied)."""
    seg, _, rest = target.partition(".")
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        inner = getattr(obj, seg)
        new = _set(inner, rest, value) if rest else _like(inner, value)
        return dataclasses.replace(obj, **{seg: new})
    if isinstance(obj, Mapping):
        new = _set(obj[seg], rest, value) if rest else _like(obj[seg], value)
        return freeze({**obj, seg: new})
    items = list(obj)
    index = _index(items, seg)
    items[index] = _set(items[index], rest, value) if rest else _like(items[index], value)
    return tuple(items) if isinstance(obj, tuple) else freeze(items)


def _like(old: Any, value: JSON) -> Any:
    """``value`` in the container type of the field it replaces (a tuple stays a tuple)."""
    if isinstance(old, tuple) and isinstance(value, list):
        return tuple(value)
    return freeze(value)


# --------------------------------------------------------------------------------------- input forms


def parse_value(text: str) -> JSON:
    """The value of ``PATH=VALUE`` as TOML reads it (``5``, ``true``, ``[10, 6, 3]``, ``"a b"``); a bare word
    (``all_but_last``) is that string."""
    try:
        value: JSON = tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text.strip()
    return value


def parse_set(item: str) -> tuple[str, JSON]:
    """``PATH=VALUE`` -> (path, value); a malformed one is refused in one line."""
    path, sep, value = item.partition("=")
    path = path.strip()
    if not sep or not path or not value.strip():
        raise ValueError(f"--set takes PATH=VALUE (e.g. all_lose_if_tied=4), not {_short(item)}")
    return path, parse_value(value.strip())


def _flatten(prefix: str, value: Any, out: dict[str, JSON]) -> None:
    if isinstance(value, Mapping) and value:
        for k, v in value.items():
            _flatten(f"{prefix}.{k}" if prefix else str(k), v, out)
    else:
        out[prefix] = value


def parse_rules_text(text: str, name: str = "rules") -> dict[str, JSON]:
    """A TOML or JSON patch (nested tables or dotted keys alike) as flat ``{path: value}``."""
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise ValueError(f"{name}: a house-rules file is at most {MAX_FILE_BYTES // 1024} KB")
    doc: Any
    if text.lstrip().startswith("{"):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as e:
            raise ValueError(f"{name}: not valid JSON: {e}") from None
    else:
        try:
            doc = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise ValueError(f"{name}: not valid TOML: {e}") from None
    if not isinstance(doc, Mapping):
        raise ValueError(f"{name}: a house-rules file holds a table of path = value")
    out: dict[str, JSON] = {}
    _flatten("", doc, out)
    out.pop("", None)
    if len(out) > MAX_OVERRIDES:
        raise ValueError(f"{name}: at most {MAX_OVERRIDES} house rules at once, not {len(out)}")
    return out


def load_rules_file(path: str | Path) -> dict[str, JSON]:
    """A patch file (TOML, or JSON when it starts with ``{``) as flat ``{path: value}``, refused in one line when
    missing, too large or malformed."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ValueError(f"{p}: a house-rules file is at most {MAX_FILE_BYTES // 1024} KB")
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ValueError(f"cannot read house rules {p}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{p}: a house-rules file must be UTF-8 text") from None
    return parse_rules_text(text, str(p))


def collect(sets: Iterable[str] = (), files: Iterable[str | Path] = ()) -> dict[str, JSON]:
    """The rules of command-line ``--rules FILE`` (in order) and then ``--set PATH=VALUE`` (later ones win)."""
    out: dict[str, JSON] = {}
    for f in files:
        out.update(load_rules_file(f))
    for item in sets:
        path, value = parse_set(item)
        out[path] = value
    if len(out) > MAX_OVERRIDES:
        raise ValueError(f"at most {MAX_OVERRIDES} house rules at once, not {len(out)}")
    return out


def format_rules(rules: Mapping[str, JSON]) -> str:
    """Rules as one short line (``printed`` for none): ``all_lose_if_tied=4 news.gaffe.amount=-2``."""
    if not rules:
        return "printed rules"
    return " ".join(f"{p}={_show(v)}" for p, v in rules.items())


# ------------------------------------------------------------------------------------------- by game


def house_rules(game: str) -> HouseRules | None:
    """The game's schema of house rules, or None when it declares none."""
    from hustings.engine.registry import get_spec

    return get_spec(game).adapter(HOUSE_RULES_KIND)


def require(game: str) -> HouseRules:
    """The game's schema, or a one-line ValueError when the game takes no house rules."""
    h = house_rules(game)
    if h is None:
        raise ValueError(f"{game} takes no house rules")
    return h


_DIGESTS: dict[int, tuple[GameData, str]] = {}
#: per (schema, canonical rules, players, variant, options): the variant they make
_VARIANTS: dict[tuple[int, str, int, str, str], Variant] = {}
#: per (schema, data object): the data's rules (the data is kept, so its id is not reused while cached)
_RULES_OF: dict[tuple[int, int], tuple[GameData, dict[str, JSON]]] = {}


def _without_names(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _without_names(x) for k, x in v.items() if k != "names"}
    if isinstance(v, list):
        return [_without_names(x) for x in v]
    return v


def data_digest(data: GameData) -> str:
    """The digest of the rules' data: BLAKE2b of its canonical JSON like :meth:`GameData.digest`, but without the
    ``names`` some data carries for old callers (Die Macher 2019's states and politicians), so that a corrected
    translation never makes a stored game unreplayable. Remembered per data object (shared and immutable)."""
    hit = _DIGESTS.get(id(data))
    if hit is not None and hit[0] is data:
        return hit[1]
    text = json.dumps(_without_names(data.plain()), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    d = hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()
    if len(_DIGESTS) > 256:  # variants come and go in a lab run; the printed data is asked again at once
        _DIGESTS.clear()
    _DIGESTS[id(data)] = (data, d)
    return d


def state_data(state: Any) -> GameData | None:
    """The data a state plays with: its own data object, else (a game whose house rules change only options)
    its schema's printed data; None when the game has neither."""
    data = getattr(state, "data", None)
    if isinstance(data, GameData):
        return data
    h = house_rules(state.GAME_ID)
    return h.printed() if h is not None else None


def rules_of(state: Any) -> dict[str, JSON]:
    """The canonical house rules a state plays under ({} for the printed game)."""
    h = house_rules(state.GAME_ID)
    if h is None:
        return {}
    data = state_data(state)
    return h.rules_of(data if data is not None else h.printed(), state.game_options)


def record_fields(state: Any) -> dict[str, JSON]:
    """What a record adds for house rules: ``rules`` (only when not the printed game) and ``data_digest``
    (of the state's whole effective data, when the game keeps its data in a data object)."""
    out: dict[str, JSON] = {}
    rules = rules_of(state)
    if rules:
        out["rules"] = rules
    data = state_data(state)
    if data is not None:
        out["data_digest"] = data_digest(data)
    return out


def refuse_action_changes(game: str, rules: Mapping[str, JSON], who: str) -> None:
    """Raise a one-line ValueError when ``rules`` change the action space or what the RL encoders assume, which
    ``who`` (an RL encoder, the learned bot) depends on."""
    h = house_rules(game)
    if h is None or not rules:
        return
    bad = h.learners_refuse(rules)
    if bad:
        raise ValueError(f"{who} plays only the printed action space and encoding; house rule {', '.join(bad)} "
                         "changes them")


__all__ = ["HOUSE_RULES_KIND", "ID", "KINDS", "MAX_FILE_BYTES", "MAX_LIST_ITEMS", "MAX_OVERRIDES", "HouseRules",
           "Setting", "Variant", "collect", "data_digest", "format_rules", "house_rules", "load_rules_file",
           "parse_rules_text", "parse_set", "parse_value", "record_fields", "refuse_action_changes", "require",
           "rules_of", "state_data"]
