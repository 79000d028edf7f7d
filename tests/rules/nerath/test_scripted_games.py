"""Hand-written games: every action, every die and the expected board, VP and gold after each turn.

Both start from a real new game (seed 1, so the shuffled event decks are known: see `DRAWS`) in a late-game
scenario where the leading realms already hold some VP, then play two whole rounds to a victory.
"""

from typing import Any

from rules import serial
from rules.base import SeatInfo
from rules.nerath.engine import ENGINE as nerath
from rules.nerath.state import State
from rules.rng import Rng
from tests.rules.nerath.helpers import count

# With seed 1 each realm's deck is known: Karkoth drew Raise the Dead (play at once: 2 free Footsoldiers at its
# Capital) while the game was created; then, turn by turn:
DRAWS = {
    ("vailin", 1): "hidden-archers",  # kept: remove 2 enemy Footsoldiers next to Vailin's land
    ("iron_circle", 1): "press-gangs",  # at once: 2 free Footsoldiers at the Citadel
    ("nerath", 1): "knights-of-the-realm",
    ("karkoth", 2): "blood-tax",
    ("vailin", 2): "harvest-moon",  # at once: 3 gold
    ("iron_circle", 2): "blackpowder-charge",
    ("nerath", 2): "paladins-judgement",
}


class Script:
    """Plays one action at a time for the seat that must act, with exactly the dice given (no more, no fewer)."""

    def __init__(self, players: int, mode: str) -> None:
        options = nerath.meta.resolve_options({"mode": mode, "length": "short"})
        self.options = options
        self.players = players
        self.state: State = nerath.new([SeatInfo() for _ in range(players)], options, Rng(1))
        self.log: list[tuple[int, dict[str, Any], list[int]]] = []

    def do(self, seat: int, action: dict[str, Any], dice: tuple[int, ...] = ()) -> str:
        assert seat in nerath.awaiting(self.state), (seat, nerath.awaiting(self.state), action)
        rng = Rng(0, forced=list(dice))
        events = nerath.act(self.state, seat, action, rng)
        assert [f for roll in rng.rolls for f in roll.faces] == list(dice), f"{action}: other dice than scripted"
        self.log.append((seat, action, list(dice)))
        return "\n".join(e.text for e in events if e.to is None)

    def step(self) -> str:
        return self.state.step

    def vp(self) -> dict[str, int]:
        return {realm: mine.vp for realm, mine in self.state.realms.items()}

    def gold(self) -> dict[str, int]:
        return {realm: mine.gold for realm, mine in self.state.realms.items()}

    def replays(self) -> bool:
        """The same actions and dice from the same start give the same state."""
        again = nerath.new([SeatInfo() for _ in range(self.players)], self.options, Rng(1))
        again.realms["karkoth"].vp, again.realms["iron_circle"].vp = self.start_vp
        again.realms["nerath"].vp = self.start_nerath
        for seat, action, dice in self.log:
            nerath.act(again, seat, action, Rng(0, forced=dice))
        return serial.dumps(again) == serial.dumps(self.state)

    def late_game(self, karkoth: int, iron_circle: int, nerath_vp: int) -> None:
        self.start_vp, self.start_nerath = (karkoth, iron_circle), nerath_vp
        self.state.realms["karkoth"].vp, self.state.realms["iron_circle"].vp = karkoth, iron_circle
        self.state.realms["nerath"].vp = nerath_vp


def pass_turn(game: Script, seat: int, reposition: bool = True) -> str:
    """End move, (reposition,) and reinforce without doing anything: the income is collected."""
    game.do(seat, {"type": "end"})
    if reposition:
        assert game.step() == "reposition"
        game.do(seat, {"type": "end"})
    assert game.step() == "reinforce"
    return game.do(seat, {"type": "end"})


def karkoth_takes_silverbough(game: Script) -> None:
    """Round 1, Karkoth: 2 Footsoldiers from Ravensgate beat the 2 Vailin Footsoldiers; the Dragon flies forward."""
    state = game.state
    assert count(state, "karkoth", "footsoldier", "karkothi-throneholds") == 5  # 3 + Raise the Dead's 2
    game.do(0, {"type": "move", "piece": "footsoldier", "count": 2, "from": "ravensgate", "to": "silverbough"})
    assert state.pending == ["silverbough"]
    game.do(0, {"type": "end"})
    text = game.do(0, {"type": "fight", "space": "silverbough"}, dice=(6, 6, 6, 1))  # Karkoth 2 hits, Vailin 1
    assert "conquers Silverbough from Vailin: +1 VP" in text
    assert state.control["silverbough"] == "karkoth" and count(state, "karkoth", "footsoldier", "silverbough") == 1
    assert count(state, "vailin", "footsoldier", "silverbough") == 0
    game.do(0, {"type": "end"})
    assert game.step() == "reposition"  # the Dragon may fly again
    game.do(0, {"type": "move", "piece": "dragon", "count": 1, "from": "karkothi-throneholds", "to": "ravensgate"})
    game.do(0, {"type": "end"})
    game.do(0, {"type": "buy", "piece": "footsoldier", "count": 2, "at": "karkothi-throneholds"})
    assert state.realms["karkoth"].gold == 8
    text = game.do(0, {"type": "end"})
    assert "Karkoth collects 16 gold (16 land spaces)" in text and state.realms["karkoth"].gold == 24


def vailin_retakes_silverbough(game: Script) -> None:
    """Round 1, Vailin: Hidden Archers clear Silverbough, the Dragon retakes it: no VP for its own starting space."""
    state = game.state
    assert state.realms["vailin"].hand[-1] == DRAWS[("vailin", 1)]
    game.do(1, {"type": "play", "card": "hidden-archers", "target": "silverbough"})
    assert count(state, "karkoth", "footsoldier", "silverbough") == 0
    game.do(1, {"type": "move", "piece": "dragon", "count": 1, "from": "vailindor", "to": "silverbough"})
    game.do(1, {"type": "end"})
    text = game.do(1, {"type": "fight", "space": "silverbough"})  # nobody defends: no dice at all
    assert "Vailin retakes its own Silverbough (no VP)" in text
    assert state.control["silverbough"] == "vailin" and state.realms["vailin"].vp == 0
    game.do(1, {"type": "end"})
    game.do(1, {"type": "end"})  # the Dragon stays
    text = game.do(1, {"type": "end"})
    assert "Vailin collects 13 gold" in text and state.realms["vailin"].gold == 24


def test_scripted_two_player_alliance_game():
    game = Script(2, "alliance")
    state = game.state
    assert state.seat_of == {"karkoth": 0, "vailin": 1, "iron_circle": 0, "nerath": 1}
    game.late_game(karkoth=9, iron_circle=8, nerath_vp=0)  # 17 shared VP: the short game needs 20

    karkoth_takes_silverbough(game)
    assert game.vp() == {"karkoth": 10, "vailin": 0, "iron_circle": 8, "nerath": 0}
    vailin_retakes_silverbough(game)

    # Round 1, Iron Circle: Press Gangs add 2 Footsoldiers at the Citadel; Smokeholm's pair takes Westmarch
    assert count(state, "iron_circle", "footsoldier", "citadel-of-irons-grasp") == 5
    game.do(0, {"type": "move", "piece": "footsoldier", "count": 2, "from": "smokeholm", "to": "westmarch"})
    game.do(0, {"type": "end"})
    text = game.do(0, {"type": "fight", "space": "westmarch"}, dice=(6, 6, 1, 1))
    assert "Iron Circle conquers Westmarch from Nerath: +1 VP" in text
    assert count(state, "iron_circle", "footsoldier", "westmarch") == 2
    game.do(0, {"type": "end"})
    game.do(0, {"type": "end"})
    text = game.do(0, {"type": "end"})
    assert "Iron Circle collects 14 gold" in text

    # Round 1, Nerath keeps Knights of the Realm and waits
    assert state.realms["nerath"].hand[-1] == DRAWS[("nerath", 1)]
    text = pass_turn(game, 1)
    assert "Nerath collects 13 gold" in text  # 14 starting spaces less Westmarch
    assert not state.finished and state.round == 2  # 19 shared VP: not yet
    assert game.gold() == {"karkoth": 24, "vailin": 24, "iron_circle": 26, "nerath": 26}

    # Round 2, Karkoth: the Dragon (moved to Ravensgate) fights Vailin's Dragon; both are durable
    assert state.realms["karkoth"].hand[-1] == DRAWS[("karkoth", 2)]
    game.do(0, {"type": "move", "piece": "dragon", "count": 1, "from": "ravensgate", "to": "silverbough"})
    game.do(0, {"type": "end"})
    game.do(0, {"type": "fight", "space": "silverbough"}, dice=(15, 3))  # Karkoth hits, Vailin misses
    wounded = [p for p in state.pieces if p.space == "silverbough" and p.realm == "vailin"]
    assert len(wounded) == 1 and wounded[0].hit  # a wounded Dragon, still standing
    assert state.battle is not None and state.battle.stage == "decide"
    text = game.do(0, {"type": "press"}, dice=(12, 2))
    assert "conquers Silverbough from Vailin: +1 VP" in text  # VP again for a space conquered again
    assert count(state, "vailin", "dragon", "silverbough") == 0 and count(state, "karkoth", "dragon", "silverbough")
    text = pass_turn(game, 0)
    assert "Karkoth collects 16 gold" in text

    # Round 2, Vailin draws Harvest Moon (3 gold at once); no flyer is left to reposition
    text = game.do(1, {"type": "end"})
    assert "Nothing to reposition" in text and game.step() == "reinforce"
    game.do(1, {"type": "end"})
    pass_turn(game, 0)  # Iron Circle
    text = pass_turn(game, 1)  # Nerath: the round ends
    assert game.vp() == {"karkoth": 11, "vailin": 0, "iron_circle": 9, "nerath": 0}
    assert game.gold() == {"karkoth": 40, "vailin": 39, "iron_circle": 40, "nerath": 39}
    assert "Karkoth, Iron Circle win by the victory conditions" in text
    result = nerath.outcome(state)
    assert result is not None and result.winners == (0,) and result.scores == {0: 20, 1: 0}
    assert nerath.awaiting(state) == frozenset() and game.replays()


def test_scripted_four_player_free_for_all_game():
    game = Script(4, "free-for-all")
    state = game.state
    assert state.seat_of == {"karkoth": 0, "vailin": 1, "iron_circle": 2, "nerath": 3}
    game.late_game(karkoth=12, iron_circle=0, nerath_vp=12)  # a lone realm needs 13 in the short game

    karkoth_takes_silverbough(game)
    vailin_retakes_silverbough(game)
    text = pass_turn(game, 2)  # Iron Circle
    assert "Iron Circle collects 13 gold" in text

    # Round 1, Nerath: Westmarch's pair takes Smokeholm from the Iron Circle
    game.do(3, {"type": "move", "piece": "footsoldier", "count": 2, "from": "westmarch", "to": "smokeholm"})
    game.do(3, {"type": "end"})
    text = game.do(3, {"type": "fight", "space": "smokeholm"}, dice=(6, 6, 1, 1))
    assert "Nerath conquers Smokeholm from Iron Circle: +1 VP" in text
    game.do(3, {"type": "end"})
    game.do(3, {"type": "end"})
    text = game.do(3, {"type": "end"})
    assert "Nerath collects 15 gold" in text
    assert game.vp() == {"karkoth": 13, "vailin": 0, "iron_circle": 0, "nerath": 13}
    assert not state.finished and state.round == 2  # tied for the lead at 13: the game goes on
    assert game.gold() == {"karkoth": 24, "vailin": 24, "iron_circle": 25, "nerath": 28}

    # Round 2, Karkoth takes Silverbough again with its Dragon
    game.do(0, {"type": "move", "piece": "dragon", "count": 1, "from": "ravensgate", "to": "silverbough"})
    game.do(0, {"type": "end"})
    game.do(0, {"type": "fight", "space": "silverbough"}, dice=(15, 3))
    game.do(0, {"type": "press"}, dice=(12, 2))
    pass_turn(game, 0)
    game.do(1, {"type": "end"})  # Vailin: Harvest Moon, nothing to reposition
    game.do(1, {"type": "end"})

    # Round 2, Iron Circle's Dragon retakes Smokeholm: its own starting space, no VP
    game.do(2, {"type": "move", "piece": "dragon", "count": 1, "from": "citadel-of-irons-grasp", "to": "smokeholm"})
    game.do(2, {"type": "end"})
    game.do(2, {"type": "fight", "space": "smokeholm"}, dice=(18, 1, 1))  # one Nerath Footsoldier falls
    assert count(state, "nerath", "footsoldier", "smokeholm") == 1
    text = game.do(2, {"type": "press"}, dice=(17, 1))
    assert "Iron Circle retakes its own Smokeholm (no VP)" in text
    pass_turn(game, 2)
    text = pass_turn(game, 3)
    assert game.vp() == {"karkoth": 14, "vailin": 0, "iron_circle": 0, "nerath": 13}
    assert game.gold() == {"karkoth": 40, "vailin": 39, "iron_circle": 38, "nerath": 42}
    assert "Karkoth win by the victory conditions" in text
    result = nerath.outcome(state)
    assert result is not None and result.winners == (0,) and result.scores == {0: 14, 1: 0, 2: 0, 3: 13}
    assert game.replays()
