"""Turn raw command input (slash options, console words, button payloads) into an engine action.

One place checks the shape of what a player typed against the game's declared actions, so Discord and
the console refuse the same bad input with the same words, before the engine is ever called.
"""

from __future__ import annotations

from typing import Any

from rules.base import ActionSpec, Choice, Meta, RuleError, normal
from table.text.names import humanized, value_names

MAX_TEXT = 100  # Discord's option value limit; anything longer is refused, not truncated
MAX_ID = 2**63 - 1  # the largest id the database holds: a larger one in a button is refused, not an overflow
MAX_NUMBER = 10**9  # the largest whole number a player may type for a game parameter


def whole_number(text: str, limit: int = MAX_NUMBER) -> int | None:
    """`text` as a whole number of ASCII digits from 0 to `limit`, else None. Every parse of typed or component
    input goes through here, so '²', '٣', 5,000 digits or a 40-digit id get a refusal, never an exception."""
    cleaned = text.strip()
    if not cleaned.isascii() or not cleaned.isdigit() or len(cleaned) > len(str(limit)):
        return None
    number = int(cleaned)
    return number if number <= limit else None


def build_action(meta: Meta, name: str, raw: dict[str, Any]) -> dict[str, Any]:
    """Check `raw` parameters against the action's declaration and convert their kinds."""
    spec = meta.action(name)
    known = {param.name: param for param in spec.params}
    unknown = [key for key in raw if key not in known]
    if unknown:
        allowed = ", ".join(known) or "none"
        raise RuleError(f"{spec.name} has no parameter {unknown[0]!r}. Parameters: {allowed}.")
    action: dict[str, Any] = {"type": spec.name}
    for param in spec.params:
        value = raw.get(param.name)
        if value is None or value == "":
            if param.required:
                raise RuleError(f"{spec.name} needs {param.name}: {param.help}.")
            continue
        action[param.name] = _convert(spec, param.name, param.kind, value)
    return action


def _convert(spec: ActionSpec, name: str, kind: str, value: Any) -> Any:
    text = str(value).strip()
    if len(text) > MAX_TEXT * (10 if kind == "list" else 1):
        raise RuleError(f"The {name} you gave is too long ({len(text)} characters).")
    if kind == "int":
        number = whole_number(text.removeprefix("-"))
        if number is None:
            raise RuleError(f"{name} must be a whole number up to {MAX_NUMBER:,}, not {text[:30]!r}.")
        return -number if text.startswith("-") else number
    if kind == "list":
        return [item.strip() for item in text.split(",") if item.strip()]
    return text


def _show(value: Any) -> str:
    return ",".join(map(str, value)) if isinstance(value, list) else str(value)


def matching(choices: list[Choice], action_type: str, filled: dict[str, Any]) -> list[Choice]:
    """Legal choices of one action type that agree with the parameters already filled in."""
    out = []
    for choice in choices:
        if choice.action.get("type") != action_type:
            continue
        if all(_same(choice.action.get(key), value) for key, value in filled.items() if value not in (None, "")):
            out.append(choice)
    return out


def _same(expected: Any, given: Any) -> bool:
    if isinstance(expected, list):
        return _show(expected).lower() == str(given).replace(" ", "").lower()
    return str(expected).lower() == str(given).strip().lower()


def suggestions(
    choices: list[Choice], action_type: str, param: str, filled: dict[str, Any], typed: str
) -> list[tuple[str, str]]:
    """Autocomplete for one parameter: (name, value) pairs, the distinct legal values matching `typed`. People see
    the name only (the choice's label, or the id as people write it); Discord sends the value back."""
    others = {key: value for key, value in filled.items() if key != param}
    offered = matching(choices, action_type, others)
    names = value_names(offered, action_type, param)
    needle = normal(typed)
    found: list[tuple[str, str]] = []
    for choice in offered:
        if param not in choice.action:
            continue
        value = _show(choice.action[param])
        name = choice.label if isinstance(choice.action[param], list) else names.get(value) or humanized(value)
        if value not in [v for _, v in found] and (needle in normal(value) or needle in normal(name)):
            found.append((name, value))
    return [(name[:100], value[:100]) for name, value in found]
