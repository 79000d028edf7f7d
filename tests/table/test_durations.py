import pytest

from table.text.durations import DurationError, parse_duration, show_duration
from table.text.present import duration


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


def test_a_span_reads_in_days_hours_and_minutes_and_never_below_nothing():
    assert [duration(s) for s in (59, 600, 7500, 90000, 172800)] == [
        "0 min",
        "10 min",
        "2 h 5 min",
        "1 day 1 h",
        "2 days 0 h",
    ]
    assert duration(-3 * 3600) == "0 min"  # a clock set back (a console restarted after `wait`)
