"""Runs bot.py with more games installed than it ships (a test's toy game), as the test process has them:

python -m tests.e2e.with_games '<Game as JSON>' ... -- bot.py [its arguments]
"""

from __future__ import annotations

import json
import runpy
import sys

import rules


def main() -> None:
    cut = sys.argv.index("--")
    for entry in sys.argv[1:cut]:
        rules.register(rules.Game(**json.loads(entry)))
    sys.argv = sys.argv[cut + 1 :]
    runpy.run_path(sys.argv[0], run_name="__main__")


if __name__ == "__main__":
    main()
