"""A redeployment the rules refuse says so in words, by the regions' names: never by the parameters' names
('(source)', '(to)', 'source and to must differ')."""

from __future__ import annotations

import pytest

from rules.base import RuleError
from rules.smallworld.state import State
from tests.rules.smallworld.helpers import clear, do, give, place, start

pytestmark = pytest.mark.usefixtures("fixture_maps")


def redeploying() -> State:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 2)
    place(state, "r00", 0, 4)
    place(state, "r33", 1, 1)
    return state


@pytest.mark.parametrize(
    ("source", "to", "refusal"),
    [
        ("r33", "r00", "Cave D4 is not one of your active regions: only those can give tokens. Yours: Cave A1."),
        ("hand", "r33", "Cave D4 is not one of your active regions: only those can take tokens. Yours: Cave A1."),
        ("r00", "r00", "The tokens already are in Cave A1: move them to another of your regions."),
    ],
)
def test_a_refused_redeployment_names_regions_not_parameters(source: str, to: str, refusal: str) -> None:
    with pytest.raises(RuleError) as refused:
        do(redeploying(), 0, type="redeploy", source=source, to=to, count=1)
    assert str(refused.value) == refusal
