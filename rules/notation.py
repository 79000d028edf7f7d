"""Public dice for /roll: d20-style notation (as in Avrae's d20 library), parsed by a small recursive-descent
parser and rolled through the same seeded Rng as the games.

Grammar (case-insensitive, spaces ignored):
    roll      := expr [adv | dis] END           adv/dis (or advantage/disadvantage): the roll's one 1d20 becomes
                                                2d20 keeping the highest / lowest; refused without exactly one
    expr      := term (("+" | "-") term)*
    term      := unary (("*" | "/") unary)*     "/" (or "//") divides rounding down
    unary     := ("+" | "-") unary | atom
    atom      := (NUMBER | dice | "(" expr ")") annotation*     parentheses nest at most MAX_DEPTH deep
    dice      := [NUMBER] "d" (NUMBER | "%") op* [compare NUMBER]   d% is d100; a trailing >=6 / >5 counts
                                                                    successes (the whole roll is that one group)
    op        := ("kh" | "kl" | "ph" | "pl" | "dh" | "dl") NUMBER   keep / drop the N highest / lowest
               | ("k" | "p") (NUMBER | compare NUMBER)           k3 = kh3, p1 = pl1 (this bot's old reading; in
                                                                 d20 a bare number selects dice showing it: k=3)
               | ("ro" | "r" | "rr" | "ra" | "e") [compare | "h" | "l"] NUMBER   reroll once / reroll until none
                                                                 match / reroll one and add it / explode, on a
                                                                 face (ro1), comparison (ro<3, e>5) or the N
                                                                 highest / lowest (rol1; not for rr and e)
               | "!"                                             explode on the maximum face
               | ("mi" | "ma") NUMBER                            minimum / maximum face of each die
    compare   := "<" | "<=" | ">" | ">=" | "="
    annotation:= "[" text "]"                                    shown with the roll, made inert by the caller's escape

Operations apply left to right to the dice still kept; repeats of one operation merge (rr1rr2 rerolls 1s and 2s).
A rerolled die shows struck through with its replacement after it, an exploded die is marked with "!", and a
lone kept d20 showing 1 or 20 is called out as a natural 1 or natural 20.

Pure: what a player typed comes back in refusals and annotations through the `escape` the front end passes to
`roll`, since only the front end knows what makes text inert where it is shown (Discord's markdown and mentions).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from rules.rng import Rng

MAX_DICE = 100  # dice in one roll, before rerolls and explosions
MAX_SIDES = 1000
MAX_TERMS = 10  # dice groups and numbers in one roll
MAX_EXPLOSIONS = 20  # extra dice one group may gain by exploding
MAX_MODIFIER = 10**6  # the largest number a player may type
MAX_LENGTH = 100  # Discord's option limit
MAX_DEPTH = 5  # nested parentheses
MAX_REROLLS = 1000  # dice rerolled in one roll (rr), so a reroll that keeps matching ends with a refusal

EXAMPLES = "Examples: 2d6+3, 1d20+5 adv, 4d6kh3, 2d6ro1, 4d6e6, 6d10>=6, (1d8+3)*2."
Escape = Callable[[str], str]  # typed text made inert for where it is shown
ADVANTAGE = {"adv": "kh", "advantage": "kh", "dis": "kl", "disadvantage": "kl"}

_TOKEN = re.compile(
    r"(?P<space>\s+)"
    r"|(?P<num>[0-9]+)"
    r"|(?P<note>\[[^\]]*\])"
    r"|(?P<word>advantage|disadvantage|adv|dis|kh|kl|dh|dl|ph|pl|ro|rr|ra|mi|ma|[kpredhl])"
    r"|(?P<cmp><=|>=|[<>=])"
    r"|(?P<sym>//|[!-/:-@\[-`{-~])",  # any other ASCII punctuation: refused by the parser by name
    re.IGNORECASE | re.ASCII,  # [0-9] and \s are ASCII only: '²' or '٣' are refused, never half-read
)


class DiceError(ValueError):
    pass


# ---- tokens ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    kind: str  # num, word, cmp, sym, note, end
    text: str  # lowercased, except a note's text (escaped instead: it is shown as typed)
    at: int  # position in the notation, for error messages


def tokenize(notation: str, escape: Escape) -> list[Token]:
    tokens: list[Token] = []
    at = 0
    while at < len(notation):
        match = _TOKEN.match(notation, at)
        if match is None:
            raise DiceError(f"'{escape(_word_at(notation, at))}' is not a dice term. {EXAMPLES}")
        kind = match.lastgroup or ""
        if kind == "sym" and match.group() == "[":
            raise DiceError("An annotation '[' is never closed with ']'.")
        if kind == "note":
            tokens.append(Token(kind, escape(match.group()[1:-1].strip()), at))
        elif kind != "space":
            tokens.append(Token(kind, match.group().lower(), at))
        at = match.end()
    tokens.append(Token("end", "", len(notation)))
    return tokens


def _word_at(notation: str, at: int) -> str:
    """The word around `at`: 'dragon', not 'agon'."""
    start, end = at, at + 1
    while start > 0 and (notation[start - 1].isalnum() or notation[start - 1] == "_"):
        start -= 1
    while end < len(notation) and (notation[end].isalnum() or notation[end] == "_"):
        end += 1
    return notation[start:end][:30]


# ---- the rolled expression ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Selector:
    kind: str  # h / l (the N highest / lowest) or a comparison: = < <= > >=
    number: int

    def matches(self, face: int) -> bool:
        return {
            "=": face == self.number,
            "<": face < self.number,
            "<=": face <= self.number,
            ">": face > self.number,
            ">=": face >= self.number,
        }[self.kind]

    def __str__(self) -> str:
        return f"{'' if self.kind == '=' else self.kind}{self.number}"


@dataclass
class Op:
    name: str  # k p ro rr ra e mi ma
    selectors: list[Selector]

    def __str__(self) -> str:
        return "".join(f"{self.name}{selector}" for selector in self.selectors)


@dataclass(eq=False)  # dice are told apart by identity: two dice showing 4 are still two dice
class Die:
    values: list[int]  # every face it showed, the last counts
    forced: list[bool]  # per value: set by mi/ma rather than rolled
    kept: bool = True
    exploded: bool = False

    @property
    def value(self) -> int:
        return self.values[-1]

    def shown(self) -> str:
        past = "".join(
            f"{value}→" if later_forced else f"~~{value}~~→"  # a rerolled face struck, a raised one not
            for value, later_forced in zip(self.values, self.forced[1:], strict=False)
        )
        now = f"{self.value}{'!' * self.exploded}"
        return past + (now if self.kept else f"~~{now}~~")


class Roller:
    """The Rng plus the budget of rerolls for one roll."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.rerolls = 0

    def reroll(self, die: Die, sides: int) -> None:
        self.rerolls += 1
        if self.rerolls > MAX_REROLLS:
            raise DiceError(f"That roll kept rerolling past {MAX_REROLLS} dice: reroll fewer faces.")
        die.values.append(self.rng.roll(sides, 1, why="reroll")[0])
        die.forced.append(False)


@dataclass
class Node:
    notes: list[str] = field(default_factory=list, kw_only=True)  # escaped as typed

    def evaluate(self, roller: Roller) -> int:
        raise NotImplementedError

    def body(self) -> str:
        raise NotImplementedError

    def children(self) -> list[Node]:
        return []

    def shown(self) -> str:
        return self.body() + "".join(f" *{note}*" for note in self.notes if note)

    def walk(self) -> Iterator[Node]:
        yield self
        for child in self.children():
            yield from child.walk()


@dataclass
class Number(Node):
    value: int

    def evaluate(self, roller: Roller) -> int:
        return self.value

    def body(self) -> str:
        return str(self.value)


@dataclass
class Negative(Node):
    inner: Node

    def evaluate(self, roller: Roller) -> int:
        return -self.inner.evaluate(roller)

    def body(self) -> str:
        return f"-{self.inner.shown()}"

    def children(self) -> list[Node]:
        return [self.inner]


@dataclass
class Group(Node):
    inner: Node

    def evaluate(self, roller: Roller) -> int:
        return self.inner.evaluate(roller)

    def body(self) -> str:
        return f"({self.inner.shown()})"

    def children(self) -> list[Node]:
        return [self.inner]


@dataclass
class Binary(Node):
    op: str  # + - * /
    left: Node
    right: Node

    def evaluate(self, roller: Roller) -> int:
        left, right = self.left.evaluate(roller), self.right.evaluate(roller)  # left first: a fixed dice order
        if self.op == "+":
            return left + right
        if self.op == "-":
            return left - right
        if self.op == "*":
            return left * right
        if right == 0:
            rolled = "" if isinstance(self.right, Number) else f": {self.right.shown()} came out 0"
            raise DiceError(f"That roll divides by zero{rolled}.")
        return left // right

    def body(self) -> str:
        shown = {"*": "×", "/": "÷"}.get(self.op, self.op)  # never a markdown star
        return f"{self.left.shown()} {shown} {self.right.shown()}"

    def children(self) -> list[Node]:
        return [self.left, self.right]


@dataclass
class DiceTerm(Node):
    text: str  # as typed, lowercased and without spaces
    count: int
    sides: int
    ops: list[Op] = field(default_factory=list)
    target: Selector | None = None  # success counting: the total is how many kept dice match
    label: str = ""
    dice: list[Die] = field(default_factory=list)
    total: int = 0

    @property
    def successes(self) -> bool:
        return self.target is not None

    @property
    def kept(self) -> list[Die]:
        return [die for die in self.dice if die.kept]

    @property
    def natural(self) -> int | None:
        """1 or 20 when this is a d20 whose one kept die shows it as rolled."""
        if self.sides != 20 or self.target is not None or len(self.kept) != 1:
            return None
        die = self.kept[0]
        return die.value if die.value in (1, 20) and not die.forced[-1] else None

    def evaluate(self, roller: Roller) -> int:
        faces = roller.rng.roll(self.sides, self.count, why=self.text)
        self.dice = [Die([face], [False]) for face in faces]
        for op in self.ops:
            self._apply(op, roller)
        target = self.target
        if target is None:
            self.total = sum(die.value for die in self.kept)
        else:
            self.total = sum(1 for die in self.kept if target.matches(die.value))
        return self.total

    def body(self) -> str:
        faces = ", ".join(die.shown() for die in self.dice)
        hits = f" → {self.total} hit{'s' * (self.total != 1)}" if self.successes else ""
        natural = {20: " (natural 20!)", 1: " (natural 1)"}.get(self.natural or 0, "")
        return f"{self.text}{self.label} [{faces}]{hits}{natural}"

    def _select(self, selectors: list[Selector]) -> list[Die]:
        """The kept dice any selector picks, in rolled order."""
        kept = self.kept
        chosen: set[int] = set()
        for selector in selectors:
            if selector.kind in ("h", "l"):
                order = sorted(kept, key=lambda die: die.value, reverse=selector.kind == "h")
                chosen.update(id(die) for die in order[: selector.number])
            else:
                chosen.update(id(die) for die in kept if selector.matches(die.value))
        return [die for die in kept if id(die) in chosen]

    def _apply(self, op: Op, roller: Roller) -> None:
        chosen = self._select(op.selectors)
        if op.name == "k":
            for die in self.kept:
                die.kept = die in chosen
        elif op.name == "p":
            for die in chosen:
                die.kept = False
        elif op.name == "ro":
            for die in chosen:
                roller.reroll(die, self.sides)
        elif op.name == "rr":
            while chosen:
                for die in chosen:
                    roller.reroll(die, self.sides)
                chosen = self._select(op.selectors)
        elif op.name in ("e", "ra"):
            self._explode(chosen[:1] if op.name == "ra" else chosen, op, roller)
        else:
            bound = op.selectors[-1].number
            for die in self.kept:
                if (die.value < bound) if op.name == "mi" else (die.value > bound):
                    die.values.append(bound)
                    die.forced.append(True)

    def _explode(self, chosen: list[Die], op: Op, roller: Roller) -> None:
        """Each chosen die adds a die; for e the new dice may explode too, up to MAX_EXPLOSIONS extra."""
        done: list[Die] = []
        extra = sum(die.exploded for die in self.dice)
        while chosen and extra < MAX_EXPLOSIONS:
            for die in chosen[: MAX_EXPLOSIONS - extra]:
                die.exploded = True
                face = roller.rng.roll(self.sides, 1, why="explosion")[0]
                self.dice.append(Die([face], [False]))
                extra += 1
            done.extend(chosen)
            if op.name == "ra":
                return
            chosen = [die for die in self._select(op.selectors) if die not in done]


# ---- parsing ------------------------------------------------------------------------------------------------

_KEEP_DROP = {"kh": ("k", "h"), "kl": ("k", "l"), "ph": ("p", "h"), "pl": ("p", "l"), "dh": ("p", "h")}
_KEEP_DROP["dl"] = ("p", "l")
_REROLLS = {"ro": "ro", "r": "ro", "rr": "rr", "ra": "ra", "e": "e"}
_OPERATIONS = (*_KEEP_DROP, *_REROLLS, "k", "p", "mi", "ma")


class Parser:
    def __init__(self, notation: str, escape: Escape) -> None:
        self.notation = notation
        self.escape = escape
        self.tokens = tokenize(notation, escape)
        self.index = 0
        self.depth = 0
        self.leaves = 0

    def parse(self) -> tuple[Node, str | None]:
        node = self.expr()
        mode = None
        if self.peek().kind == "word" and self.peek().text in ADVANTAGE:
            mode = ADVANTAGE[self.take().text]
            if self.peek().kind != "end":
                raise DiceError("adv/dis go at the end of the roll, like 1d20+5 adv.")
        if self.peek().kind != "end":
            raise self.unexpected(self.peek())
        return node, mode

    def peek(self) -> Token:
        return self.tokens[self.index]

    def take(self) -> Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def at(self, kind: str, *texts: str) -> bool:
        token = self.peek()
        return token.kind == kind and (not texts or token.text in texts)

    def expr(self) -> Node:
        node = self.term()
        while self.at("sym", "+", "-"):
            op = self.take().text
            node = Binary(op, node, self.term())
        return node

    def term(self) -> Node:
        node = self.unary()
        while self.at("sym", "*", "/", "//"):
            op = self.take().text[0]
            node = Binary(op, node, self.unary())
        return node

    def unary(self) -> Node:
        if self.at("sym", "+", "-"):
            sign = self.take().text
            inner = self.unary()
            return Negative(inner) if sign == "-" else inner
        return self.atom()

    def atom(self) -> Node:
        node: Node
        if self.at("sym", "("):
            self.take()
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise DiceError(f"Parentheses nest at most {MAX_DEPTH} deep.")
            inner = self.expr()
            if not self.at("sym", ")"):
                raise DiceError("A '(' is never closed: add a ')'.")
            self.take()
            self.depth -= 1
            node = Group(inner)
        elif self.at("num") or self.at("word", "d"):
            node = self.number_or_dice()
        else:
            raise self.unexpected(self.peek())
        while self.at("note"):
            node.notes.append(self.take().text)
        return node

    def number_or_dice(self) -> Node:
        self.leaves += 1
        if self.leaves > MAX_TERMS:
            raise DiceError(f"A roll has at most {MAX_TERMS} dice groups and numbers.")
        start = self.index
        count = self.number(self.take(), MAX_MODIFIER, "A number") if self.at("num") else None
        if not self.at("word", "d"):
            return Number(count or 0)
        self.take()
        if count is not None and not 1 <= count <= MAX_DICE:
            raise DiceError(f"Roll at least 1 and at most {MAX_DICE} dice in a group.")
        if self.at("sym", "%"):
            self.take()
            sides = 100
        elif self.at("num"):
            sides = self.number(self.take(), MAX_SIDES, f"Dice have between 2 and {MAX_SIDES} sides:")
        else:
            raise DiceError("Write the sides after d, like d6, d20 or d%.")
        if sides < 2:
            raise DiceError(f"Dice have between 2 and {MAX_SIDES} sides.")
        term = DiceTerm("", 1 if count is None else count, sides)
        while self.at("word", *_OPERATIONS) or self.at("sym", "!"):
            self.operation(term)
        if self.at("cmp"):
            kind = self.take().text
            term.target = Selector(kind, self.selector_number(kind))
        term.text = "".join(token.text for token in self.tokens[start : self.index])
        return term

    def operation(self, term: DiceTerm) -> None:
        name, selector = self.selector(self.take().text, term.sides)
        if term.ops and term.ops[-1].name == name and name not in ("mi", "ma"):
            term.ops[-1].selectors.append(selector)  # rr1rr2: one reroll of 1s and 2s, as in d20
        else:
            term.ops.append(Op(name, [selector]))

    def selector(self, word: str, sides: int) -> tuple[str, Selector]:
        """The operation a word starts and the selector after it."""
        if word == "!":
            return "e", Selector("=", sides)
        if word in _KEEP_DROP:
            name, side = _KEEP_DROP[word]
            return name, Selector(side, self.selector_number(word))
        if word in ("mi", "ma"):
            return word, Selector("=", self.selector_number(word))
        if word in ("k", "p") and not self.at("cmp"):
            # k3 keeps the 3 highest, p1 drops the lowest: what players of this bot typed before (d20: k=3)
            return word, Selector("h" if word == "k" else "l", self.selector_number(word))
        kind = self.take().text if self.at("cmp") or self.at("word", "h", "l") else "="
        return _REROLLS.get(word, word), Selector(kind, self.selector_number(kind if kind != "=" else word))

    def selector_number(self, after: str) -> int:
        if not self.at("num"):
            raise DiceError(f"'{after}' needs a number after it, like kh3, ro1, e>5 or >=6.")
        return self.number(self.take(), MAX_MODIFIER, "A number")

    def number(self, token: Token, limit: int, what: str) -> int:
        if len(token.text) > len(str(limit)) or int(token.text) > limit:
            raise DiceError(f"{what} can be at most {limit:,}.")
        return int(token.text)

    def unexpected(self, token: Token) -> DiceError:
        text = self.escape(token.text)
        if token.kind == "end":
            return DiceError(f"That roll ends too early: finish it with a number or dice. {EXAMPLES}")
        if token.kind == "sym" and token.text == ")":
            return DiceError("A ')' has no '(' to close.")
        if token.kind == "sym":
            return DiceError(f"Unknown operator '{text}': use + - * / and parentheses.")
        if token.kind == "cmp":
            return DiceError(f"'{token.text}' counts successes right after one group of dice, like 6d10>=6.")
        if token.kind == "note":
            return DiceError("An annotation goes right after a number or dice, like 1d20+5 [str].")
        if token.kind == "word" and token.text in ADVANTAGE:
            return DiceError("adv/dis go at the end of the roll, like 1d20+5 adv.")
        if token.kind == "num":
            return DiceError(f"Put an operator (+ - * /) before '{text}'.")
        return DiceError(f"'{self.escape(_word_at(self.notation, token.at))}' is not a dice term. {EXAMPLES}")


# ---- checks after parsing -------------------------------------------------------------------------------------


def apply_advantage(root: Node, mode: str) -> None:
    """adv/dis on the roll's one d20: roll it twice and keep the higher / lower."""
    d20s = [node for node in root.walk() if isinstance(node, DiceTerm) and node.sides == 20]
    word = "adv" if mode == "kh" else "dis"
    if not d20s:
        raise DiceError(f"{word} needs a d20 in the roll, like 1d20+5 {word}.")
    if len(d20s) > 1:
        raise DiceError(f"{word} applies to one d20 and this roll has {len(d20s)}: write 2d20kh1 on the one you mean.")
    term = d20s[0]
    if term.count != 1 or any(op.name in ("k", "p") for op in term.ops):
        raise DiceError(f"{word} rolls a single d20 twice: write 1d20 {word}, not {term.text} {word}.")
    term.count = 2
    term.ops.append(Op("k", [Selector(mode[1], 1)]))
    term.label = " (advantage)" if mode == "kh" else " (disadvantage)"


def check_term(term: DiceTerm) -> None:
    """Refuse operations that cannot do what was asked: keep more dice than rolled, reroll every face..."""
    for op in term.ops:
        for selector in op.selectors:
            if selector.kind in ("h", "l"):
                if op.name in ("rr", "e"):  # the highest die always exists: this would never end
                    raise DiceError(f"{op.name} takes a face or comparison (like {op.name}1 or {op.name}>5).")
                limit = term.count - (1 if op.name == "p" else 0)
                if not 1 <= selector.number <= limit:
                    dice = "die" if term.count == 1 else "dice"
                    raise DiceError(f"You can't keep or drop {selector.number} of {term.count} {dice}.")
            elif op.name in ("mi", "ma") and not 1 <= selector.number <= term.sides:
                raise DiceError(f"{op} must be a face of a d{term.sides}: from 1 to {term.sides}.")
        if op.name in ("ro", "rr", "ra", "e") and all(s.kind not in ("h", "l") for s in op.selectors):
            _check_faces(op, term.sides)


def _check_faces(op: Op, sides: int) -> None:
    """A reroll or explosion on faces must match some face, and not every face (rr and e would never end)."""
    faces = sum(1 for face in range(1, sides + 1) if any(selector.matches(face) for selector in op.selectors))
    if faces == 0:
        raise DiceError(f"{op} never matches a d{sides}: its faces are 1 to {sides}.")
    if faces == sides:
        what = "An explosion" if op.name == "e" else "A reroll"
        raise DiceError(f"{what} must leave some faces that stand: {op} matches every face of a d{sides}.")


def check(root: Node) -> list[DiceTerm]:
    terms = [node for node in root.walk() if isinstance(node, DiceTerm)]
    if not terms:
        raise DiceError(f"There are no dice in that roll. {EXAMPLES}")
    if sum(term.count for term in terms) > MAX_DICE:
        raise DiceError(f"That is too many dice: at most {MAX_DICE} in one roll.")
    alone = root
    while isinstance(alone, Group):
        alone = alone.inner
    if any(term.successes and term is not alone for term in terms):
        raise DiceError("Count successes on one group of dice only, e.g. 6d10>=6.")
    for term in terms:
        check_term(term)
    return terms


# ---- the public entry point -------------------------------------------------------------------------------


@dataclass
class DiceResult:
    notation: str
    expression: Node
    terms: list[DiceTerm]
    total: int
    successes: bool

    def breakdown(self, limit: int = 1800) -> str:
        label = "hits" if self.successes else "total"
        end = f" = **{self.total}** {label}"
        text = self.expression.shown()
        if len(text) + len(end) > limit:  # cut between two dice, never inside a ~~strike~~
            text = text[: limit - len(end) - 1]
            text = text[: text.rfind(", ")] + "…"
        return text + end


def roll(notation: str, rng: Rng, escape: Escape) -> DiceResult:
    """Parse and roll `notation`; every refusal is a DiceError saying what to write instead. What the player typed
    is shown (in a refusal, or an annotation in the breakdown) through `escape`."""
    notation = notation.strip()
    if not notation or len(notation) > MAX_LENGTH:
        raise DiceError(f"Write dice like 2d6+3, 4d6kh3, 1d20+5 adv or 6d10>=6 (at most {MAX_LENGTH} characters).")
    root, mode = Parser(notation, escape).parse()
    if mode:
        apply_advantage(root, mode)
    terms = check(root)
    total = root.evaluate(Roller(rng))
    return DiceResult(notation, root, terms, total, any(term.successes for term in terms))
