import pytest

from table.durations import DurationError, parse_duration, show_duration


@pytest.mark.parametrize(
    ("text", "seconds"), [("12h", 43200), ("2d", 172800), ("90m", 5400), ("1h30m", 5400), ("24", 86400), ("30s", 30)]
)
def test_durations_players_type(text: str, seconds: int):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "soon", "12x", "0s", "1000d", "h12"])
def test_bad_durations_are_refused(text: str):
    with pytest.raises(DurationError):
        parse_duration(text)


def test_show_duration():
    assert [show_duration(s) for s in (30, 5400, 90000)] == ["30s", "1h30m", "1d1h"]
