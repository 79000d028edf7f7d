"""/roll notation: every form with scripted faces, every refusal, and breakdowns that add up to the total."""

import ast
import random
import re
from pathlib import Path

import pytest

from rules.notation import MAX_EXPLOSIONS, DiceError, roll
from rules.rng import Rng
from table.text.present import escape_text as escape


def forced(*faces: int) -> Rng:
    return Rng(0, forced=faces)


def shown(notation: str, *faces: int) -> tuple[int, str]:
    result = roll(notation, forced(*faces), escape)
    return result.total, result.breakdown()


def test_sum_with_modifiers():
    assert shown("2d6+3-1", 4, 5) == (11, "2d6 [4, 5] + 3 - 1 = **11** total")
    assert shown("2D6 + 1", 4, 5)[0] == 10  # case and spaces do not matter


def test_keep_highest_and_lowest():
    assert roll("4d6kh3", forced(2, 6, 3, 5), escape).total == 14
    assert roll("2d20kl1", forced(17, 4), escape).total == 4
    assert shown("4d6k3", 2, 6, 3, 5) == (14, "4d6k3 [~~2~~, 6, 3, 5] = **14** total")  # k3 is kh3 here
    assert roll("4d6k>3", forced(2, 6, 3, 5), escape).total == 11  # keep the dice above 3


def test_drop_highest_and_lowest():
    assert roll("4d6dl1", forced(1, 6, 3, 5), escape).total == 14
    assert roll("3d6dh1", forced(1, 6, 3), escape).total == 4
    assert roll("4d6pl1", forced(1, 6, 3, 5), escape).total == 14
    assert roll("4d6p1", forced(1, 6, 3, 5), escape).total == 14  # p1 drops the lowest, as dl1
    assert roll("4d6ph2", forced(1, 6, 3, 5), escape).total == 4
    assert roll("4d6p=1", forced(1, 1, 6, 3), escape).total == 9  # drop every die showing 1


def test_advantage_and_disadvantage_on_a_lone_d20():
    assert roll("d20 adv", forced(3, 18), escape).total == 18
    assert roll("d20dis", forced(3, 18), escape).total == 3
    assert roll("1d20 advantage", forced(3, 18), escape).total == 18


def test_advantage_applies_to_the_d20_of_an_expression():
    assert shown("1d20+5 adv", 7, 15) == (20, "1d20 (advantage) [~~7~~, 15] + 5 = **20** total")
    assert shown("1d4+1d20-1 dis", 2, 7, 15) == (8, "1d4 [2] + 1d20 (disadvantage) [7, ~~15~~] - 1 = **8** total")
    # a halfling's luck with advantage: both dice reroll a 1 once, then the higher stands
    assert roll("1d20ro1 adv", forced(1, 12, 9), escape).total == 12


def test_reroll_once_on_a_face_or_comparison():
    assert shown("3d6r1", 1, 4, 6, 1) == (11, "3d6r1 [~~1~~→1, 4, 6] = **11** total")  # r is ro: once only
    assert roll("3d6ro1", forced(1, 4, 6, 5), escape).total == 15
    assert roll("3d6rol1", forced(2, 4, 6, 5), escape).total == 15  # the lowest die, whatever it shows
    assert roll("2d6ro<3", forced(2, 5, 1), escape).total == 5 + 1  # a 2 is rerolled (below 3) into a 1, which stands
    assert roll("2d6ro<=2", forced(2, 5, 3), escape).total == 8
    assert roll("2d6ro2", forced(1, 2, 6), escape).total == 7  # a bare number is the face itself: the 1 stays


def test_reroll_recursively_until_none_match():
    assert shown("2d6rr1", 1, 4, 1, 1, 5) == (9, "2d6rr1 [~~1~~→~~1~~→~~1~~→5, 4] = **9** total")
    assert roll("1d6rr1rr2", forced(1, 2, 3), escape).total == 3  # repeats merge: 1s and 2s are both rerolled
    assert roll("1d6rr<3", forced(2, 1, 4), escape).total == 4


def test_reroll_and_add_takes_one_extra_die():
    assert shown("3d6ra6", 6, 6, 2, 4) == (18, "3d6ra6 [6!, 6, 2, 4] = **18** total")


def test_explode_on_a_face_or_comparison():
    assert shown("4d6e6", 6, 3, 2, 1, 6, 4) == (22, "4d6e6 [6!, 3, 2, 1, 6!, 4] = **22** total")
    assert roll("4d6e>4", forced(5, 1, 1, 1, 6, 2), escape).total == 16
    assert shown("2d6!", 6, 3, 6, 2) == (17, "2d6! [6!, 3, 6!, 2] = **17** total")


def test_explosions_stop_at_the_limit():
    result = roll("1d6!", forced(*[6] * (MAX_EXPLOSIONS + 5)), escape)
    assert len(result.terms[0].dice) == 1 + MAX_EXPLOSIONS and result.total == 6 * (1 + MAX_EXPLOSIONS)


def test_minimum_and_maximum_faces():
    assert shown("4d6mi2", 1, 5, 1, 6) == (15, "4d6mi2 [1→2, 5, 1→2, 6] = **15** total")
    assert roll("4d6ma4", forced(1, 5, 3, 6), escape).total == 12


def test_operations_apply_in_order():
    assert roll("4d6ro1kh3", forced(1, 2, 3, 4, 6), escape).total == 13  # the 1 becomes a 6 before the keep
    assert roll("4d6kh3ro1", forced(1, 2, 3, 4, 6), escape).total == 9  # the dropped 1 is not rerolled


def test_success_counting_for_hit_on_n_games():
    result = roll("6d10>=6", forced(1, 6, 10, 5, 7, 2), escape)
    assert result.total == 3 and result.successes and "→ 3 hits = **3** hits" in result.breakdown()
    assert roll("3d6>4", forced(4, 5, 6), escape).total == 2
    assert roll("3d6e6>=5", forced(6, 1, 2, 5), escape).total == 2  # the exploded die counts too


def test_percentile():
    assert roll("d%", forced(73), escape).total == 73


def test_arithmetic_with_parentheses():
    assert shown("(1d8+3)*2", 5) == (16, "(1d8 [5] + 3) × 2 = **16** total")
    assert roll("2*3+1d4", forced(1), escape).total == 7
    assert roll("-(1d8+3)", forced(4), escape).total == -7
    assert roll("2-(1d4-1)", forced(4), escape).total == -1


def test_signs_nest_without_limit_but_parentheses_do_not():
    assert roll("-" * 96 + "1d6", forced(3), escape).total == 3
    assert roll("((((-(1d6)))))", forced(3), escape).total == -3


def test_division_rounds_down():
    assert roll("1d6/2", forced(5), escape).total == 2
    assert roll("-1d6/2", forced(5), escape).total == -3
    assert roll("1d6//4", forced(3), escape).total == 0
    assert "÷" in roll("1d6/2", forced(5), escape).breakdown()


def test_annotations_are_shown_after_their_term():
    assert shown("1d20+5 [str]", 12) == (17, "1d20 [12] + 5 *str* = **17** total")
    assert (
        shown("3d6 [fire] + 1d4 [Piercing]", 3, 2, 2, 3)[1]
        == "3d6 [3, 2, 2] *fire* + 1d4 [3] *Piercing* = **10** total"
    )


def test_annotations_are_escaped():
    text = roll("1d6 [**@everyone** <@123> _x_]", forced(4), escape).breakdown()
    assert "\\*\\*@\u200beveryone\\*\\* <\u200b@\u200b123\\> \\_x\\_" in text and "@everyone" not in text


def test_typed_text_is_shown_through_the_callers_escape_only():
    """The parser is pure: what a player typed reaches a refusal or the breakdown through the escape given, and
    the parser's own words (the grammar's examples) never go through it."""
    assert roll("1d6 [fire]", forced(4), str.upper).breakdown() == "1d6 [4] *FIRE* = **4** total"
    with pytest.raises(DiceError, match=r"^'DRAGON' is not a dice term\. Examples: 2d6\+3"):
        roll("1d6+dragon", Rng(1), str.upper)
    with pytest.raises(DiceError, match=r"^Unknown operator '<@>'"):
        roll("1d6 $ 2", Rng(1), lambda text: "<@>")


def test_the_parser_imports_nothing_of_the_table():
    tree = ast.parse((Path(__file__).parents[2] / "rules" / "notation.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert imported <= {"__future__", "re", "collections.abc", "dataclasses", "rules.rng"}, imported


def test_escape_breaks_markdown_mentions_and_lines():
    assert escape("~~a~~ `b` |c| # d\n[e](f)") == "\\~\\~a\\~\\~ \\`b\\` \\|c\\| \\# d \\[e\\]\\(f\\)"
    assert escape("<#42> @here") == "<\u200b\\#42\\> @\u200bhere"


def test_natural_twenty_and_one_on_a_d20():
    assert shown("1d20+5", 20)[1] == "1d20 [20] (natural 20!) + 5 = **25** total"
    assert shown("1d20+5", 1)[1] == "1d20 [1] (natural 1) + 5 = **6** total"
    assert "(natural 20!)" in shown("1d20+5 adv", 20, 3)[1]
    assert "natural" not in shown("2d20", 20, 20)[1]  # two dice stand: neither is the roll
    assert "natural" not in shown("1d20mi20", 1)[1]  # raised to 20, not rolled
    assert "natural" not in shown("1d12", 1)[1]


@pytest.mark.parametrize(
    ("notation", "message"),
    [
        ("", "Write dice like"),
        ("   ", "Write dice like"),
        ("hello", "'hello' is not a dice term"),
        ("dragon", "'dragon' is not a dice term"),
        ("1d6+²", "'²' is not a dice term"),
        ("²d6", "is not a dice term"),
        ("7+2", "no dice in that roll"),
        ("101d6", "at most 100"),
        ("0d6", "at least 1"),
        ("2d1", "between 2 and 1000 sides"),
        ("d" + "9" * 98, "between 2 and 1000 sides"),
        ("1d6+" + "9" * 20, "at most 1,000,000"),
        ("d6rr<7", "leave some faces"),
        ("d6e>0", "explosion must leave some faces"),
        ("d6e7", "never matches a d6"),
        ("4d6rrh1", "rr takes a face or comparison"),
        ("4d6mi7", "from 1 to 6"),
        ("3d6kh4", "can't keep or drop 4 of 3"),
        ("3d6p3", "can't keep or drop 3 of 3"),
        ("3d6kh", "'kh' needs a number"),
        ("6d10>=6+2", "one group of dice"),
        ("1d20+5>=15", "counts successes right after one group"),
        ("2d6 adv", "needs a d20"),
        ("1d20+1d20 adv", "has 2"),
        ("2d20 adv", "single d20"),
        ("d20kh1 dis", "single d20"),
        ("d20 adv + 5", "at the end"),
        ("1d6+" * 30, "Write dice like"),
        ("1d6+" * 10 + "1", "at most 10 dice groups"),
        ("60d6+60d6", "too many dice"),
        ("1d6/0", "divides by zero"),
        ("1d6/(1d2-1)", "divides by zero: \\(1d2"),
        ("((((((1d6))))))", "nest at most 5"),
        ("(1d6+2", "never closed"),
        ("1d6+2)", "no '\\(' to close"),
        ("1d6 [str", "annotation"),
        ("[str] 1d6", "annotation goes right after"),
        ("2d6^2", "Unknown operator '\\^'"),
        ("2d6%2", "Unknown operator '%'"),
        ("2d6 3", "operator .* before '3'"),
        ("2d6+", "ends too early"),
        ("2d", "sides after d"),
    ],
)
def test_bad_notation_is_refused_with_a_hint(notation: str, message: str):
    with pytest.raises(DiceError, match=message):
        roll(notation, Rng(1), escape)


def test_a_reroll_that_never_ends_is_refused():
    with pytest.raises(DiceError, match="kept rerolling"):
        roll("1d6rr<6", forced(*[1] * 1100), escape)


def test_echoed_typing_is_escaped():
    with pytest.raises(DiceError) as refused:
        roll("1d20+str_mod", Rng(1), escape)
    assert "'str\\_mod' is not a dice term" in str(refused.value)
    with pytest.raises(DiceError, match="Unknown operator '\\\\_'"):
        roll("2d6 _ 1", Rng(1), escape)


def test_long_output_is_cut_between_dice():
    text = roll("100d1000", Rng(5), escape).breakdown(limit=300)
    assert len(text) <= 300 and text.endswith("total") and "…" in text and text.count("~~") % 2 == 0


def test_the_same_seed_rolls_the_same_dice():
    notation = "4d6ro1e6kh3 + 1d20 adv"
    assert roll(notation, Rng(42), escape).breakdown() == roll(notation, Rng(42), escape).breakdown()


# ---- the breakdown adds up ---------------------------------------------------------------------------------


def _dice_text(maker: random.Random) -> str:
    count = maker.randint(1, 4)
    sides = maker.choice([4, 6, 8, 10, 12, 20, 100])
    ops = ["ro1", "rr1", f"ra{sides}", f"e{sides}", "!", "mi2", f"ma{sides - 1}", "k>2", "kl1", f"kh{count}"]
    if count > 1:
        ops += ["p1", "dh1", f"pl{count - 1}", "ph1"]
    chosen = "".join(maker.sample(ops, maker.randint(0, 2)))
    return f"{count if count > 1 or maker.random() < 0.5 else ''}d{sides}{chosen}"


def _expression(maker: random.Random) -> str:
    parts = [_dice_text(maker)]
    for _ in range(maker.randint(0, 3)):
        op = maker.choice(["+", "-", "*", "/"])
        operand = str(maker.randint(1, 9)) if op == "/" or maker.random() < 0.5 else _dice_text(maker)
        parts.append(f"{op} {operand}")
    text = " ".join(parts)
    if maker.random() < 0.3:
        text = f"-({text}) * 2"
    return text


def _value_of(breakdown: str) -> tuple[int, int]:
    """The total the breakdown claims, and the arithmetic it shows, worked out again from the kept faces."""
    found = re.fullmatch(r"(.*) = \*\*(-?\d+)\*\* total", breakdown)
    assert found, breakdown
    shown, total = found.groups()
    shown = re.sub(r" \((natural [^)]*|advantage|disadvantage)\)", "", shown)

    def kept_sum(group: re.Match[str]) -> str:
        entries = group.group(1).split(", ")
        return "(" + str(sum(int(re.findall(r"\d+", e)[-1]) for e in entries if not e.endswith("~~"))) + ")"

    arithmetic = re.sub(r"[0-9]*d[0-9%][^ \[]* \[([^\]]*)\]", kept_sum, shown)
    return int(total), eval(arithmetic.replace("×", "*").replace("÷", "//"))  # digits and operators only


def test_totals_equal_what_the_breakdown_shows_over_many_seeds():
    for seed in range(400):
        notation = _expression(random.Random(seed))
        rng = Rng(seed)
        result = roll(notation, rng, escape)
        claimed, worked_out = _value_of(result.breakdown(limit=10_000))
        assert claimed == result.total == worked_out, (seed, notation, result.breakdown())
        faces_rolled = sum(len(r.faces) for r in rng.rolls)
        faces_shown = len(re.findall(r"\d+(?=[~!]*(?:, |→|\]))", result.breakdown(limit=10_000)))
        assert faces_rolled == faces_shown - _raised(result.breakdown(limit=10_000)), (seed, notation)


def _raised(breakdown: str) -> int:
    """Values set by mi/ma: shown after an arrow, but never rolled."""
    return len(re.findall(r"(?<![~\d])\d+→", breakdown))
