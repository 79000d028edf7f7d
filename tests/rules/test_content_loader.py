"""The one content loader every game reads its files with, and the one error type they all raise."""

import importlib
from pathlib import Path

import pytest

from rules.content import ContentError, fail, read_json

GAMES = ("smallworld", "dragondice", "tashkalar", "nerath", "genertela")


def test_a_content_file_is_read_or_refused_with_its_name(tmp_path: Path) -> None:
    good = tmp_path / "races.json"
    good.write_text('{"races": []}', encoding="utf-8")
    assert read_json(good) == {"races": []}
    with pytest.raises(ContentError, match=r"^missing\.json: no such content file"):
        read_json(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text('{"races": [', encoding="utf-8")
    with pytest.raises(ContentError, match=r"^broken\.json: not valid JSON"):
        read_json(broken)
    listed = tmp_path / "listed.json"
    listed.write_text("[1, 2]", encoding="utf-8")
    assert read_json(listed) == [1, 2]
    with pytest.raises(ContentError, match=r"^content/listed\.json: the top level must be an object"):
        read_json(listed, "content/listed.json", object_at_top=True)


def test_a_field_error_names_file_entry_and_field() -> None:
    error = fail("races.json", "gnomes", "tokens", "must be a whole number")
    assert str(error) == "races.json: entry 'gnomes', field 'tokens': must be a whole number"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_raises_the_one_content_error(game: str) -> None:
    assert importlib.import_module(f"rules.{game}.content").ContentError is ContentError
