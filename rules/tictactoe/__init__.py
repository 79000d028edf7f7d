"""Tic-tac-toe: the demo game. Small enough to try every table feature in a minute."""
