"""Footrace, a sixth game that lives in the tests, in one folder: its engine (engine.py), its renderer record
(render.py) and its registry entry (GAME, below). It ships with nothing: a test installs it for a while
(`rules.registered(GAME)`), or a whole pytest run with `-p tests.support.toy.plugin`, and the checks every game must
pass then cover it because they read the registry (tests/test_a_new_game.py proves it). rules/README.md walks
through adding a game in the same order.
"""

from __future__ import annotations

from rules import Game

GAME = Game(engine="tests.support.toy.engine", renderer="tests.support.toy.render", players=3)
