"""The catalog mechanism (hustings.engine.i18n): lookup, fallback, placeholders, strictness, bad files."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from hustings.engine import i18n
from hustings.engine.i18n import Catalog, CatalogError, MissingMessageError, placeholders_of


@pytest.fixture
def strict() -> Iterator[None]:
    was = i18n.is_strict()
    i18n.set_strict(True)
    yield
    i18n.set_strict(was)


@pytest.fixture
def lenient() -> Iterator[None]:
    was = i18n.is_strict()
    i18n.set_strict(False)
    yield
    i18n.set_strict(was)


def _write(folder: Path, lang: str, data: object) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{lang}.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Catalog, Catalog]:
    _write(tmp_path / "shared", "en", {"round": "Round {n}", "only_en": "English only"})
    _write(tmp_path / "shared", "zh-Hans", {"round": "第{n}轮"})
    _write(tmp_path / "game", "en", {"event": {"bought": "{who} buys"}, "party.X": "X party"})
    _write(tmp_path / "game", "zh-Hans", {"event.bought": "{who}购买", "party": {"X": "X党"}})
    _write(tmp_path / "game", "de", {"party.X": "X-Partei"})
    shared = Catalog.from_dir(tmp_path / "shared", name="shared")
    return shared, Catalog.from_dir(tmp_path / "game", name="game", parent=shared)


def test_flat_and_nested_keys_are_the_same(pair: tuple[Catalog, Catalog], strict: None) -> None:
    _, game = pair
    assert game.text("event.bought", "en", who="P1") == "P1 buys"
    assert game.text("event.bought", "zh-Hans", who="玩家1") == "玩家1购买"
    assert game.text("party.X", "zh-Hans") == "X党"
    assert game.text("party.X", "de") == "X-Partei"


def test_game_catalog_falls_back_to_its_parent(pair: tuple[Catalog, Catalog], strict: None) -> None:
    shared, game = pair
    assert game.text("round", "zh-Hans", n=2) == "第2轮"
    assert game.keys("en") == {"round", "only_en", "event.bought", "party.X"}
    assert game.keys("en", own=True) == {"event.bought", "party.X"}
    assert game.languages() == ("de", "en", "zh-Hans")
    other = Catalog("tiny", {"en": {"x": "y"}}).chain(shared)
    assert other.text("round", "en", n=1) == "Round 1"


def test_german_falls_back_to_english_quietly(pair: tuple[Catalog, Catalog], strict: None) -> None:
    _, game = pair
    assert game.text("event.bought", "de", who="P1") == "P1 buys"


def test_strict_mode_names_key_language_and_catalog(pair: tuple[Catalog, Catalog], strict: None) -> None:
    _, game = pair
    with pytest.raises(MissingMessageError, match=r"'nope'.*game -> shared"):
        game.text("nope", "en")
    with pytest.raises(MissingMessageError, match=r"'only_en' has no zh-Hans text"):
        game.text("only_en", "zh-Hans")
    with pytest.raises(MissingMessageError, match=r"needs the field 'who'"):
        game.text("event.bought", "en")
    assert isinstance(MissingMessageError("x"), KeyError)


def test_production_renders_something_readable(pair: tuple[Catalog, Catalog], lenient: None) -> None:
    _, game = pair
    assert game.text("nope", "en") == "nope"
    assert game.text("only_en", "zh-Hans") == "English only"
    assert game.text("event.bought", "en") == "{who} buys"


def test_placeholders_may_not_reach_into_objects() -> None:
    assert placeholders_of("{a} and {b:+d} {c:,}") == {"a", "b", "c"}
    for bad in ("{0}", "{}", "{a.b}", "{a[0]}", "{a!r}", "{a:>10}", "{a"):
        with pytest.raises(CatalogError):
            placeholders_of(bad, "t")
    with pytest.raises(CatalogError, match=r"t/en: k: placeholder \{x\.__class__\}"):
        Catalog("t", {"en": {"k": "{x.__class__}"}})


def test_bad_files_are_named(tmp_path: Path) -> None:
    (tmp_path / "en.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(CatalogError, match=r"en\.json"):
        Catalog.from_dir(tmp_path, name="broken").keys()
    _write(tmp_path, "en", {"a": 3})
    with pytest.raises(CatalogError, match=r"'a' must be a string"):
        Catalog.from_dir(tmp_path).keys()
    _write(tmp_path, "en", {"a.b": "x", "a": {"b": "y"}})
    with pytest.raises(CatalogError, match=r"given twice"):
        Catalog.from_dir(tmp_path).keys()
    (tmp_path / "en.json").unlink()
    _write(tmp_path, "zh-Hans", {"a": "x"})
    with pytest.raises(CatalogError, match=r"no en\.json"):
        Catalog.from_dir(tmp_path).keys()


def test_files_are_read_on_first_use_only(tmp_path: Path) -> None:
    cat = Catalog.from_dir(tmp_path / "later", name="later")  # nothing there yet: no error at construction
    _write(tmp_path / "later", "en", {"k": "v"})
    assert cat.text("k", "en") == "v"
    chained = cat.chain(Catalog("p", {"en": {"q": "r"}}))
    assert chained.text("q", "en") == "r" and chained.text("k", "en") == "v"


def test_export_merges_parents_and_fills_gaps_with_english(pair: tuple[Catalog, Catalog]) -> None:
    _, game = pair
    flat = game.export("zh-Hans")
    assert flat["round"] == "第{n}轮" and flat["only_en"] == "English only" and flat["event.bought"] == "{who}购买"
    assert set(flat) == game.keys("en")


def test_literal_braces(strict: None) -> None:
    cat = Catalog("b", {"en": {"k": "{{x}} = {x}"}})
    assert cat.text("k", "en", x=1) == "{x} = 1"
