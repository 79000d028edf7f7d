"""Discord's limits on what a bot sends (answered with 400, code 50035 "Invalid Form Body"), and who gets pinged."""

from __future__ import annotations

import re
from typing import Any

MENTION = re.compile(r"<@!?(\d+)>")


def message_errors(body: dict[str, Any], files: int) -> list[str]:
    """What Discord would refuse in a message body (content, embeds, components, attachments)."""
    problems = []
    if len(body.get("content") or "") > 2000:
        problems.append(f"content must be 2000 or fewer in length ({len(body['content'])})")
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        problems.append("at most 10 embeds")
    for embed in embeds:
        if len(embed.get("description") or "") > 4096:
            problems.append("embed description over 4096")
        if len(embed.get("title") or "") > 256:
            problems.append("embed title over 256")
        if len(embed.get("fields") or []) > 25:
            problems.append("more than 25 embed fields")
    rows = body.get("components") or []
    if len(rows) > 5:
        problems.append(f"at most 5 component rows ({len(rows)})")
    for row in rows:
        items = row.get("components") or []
        if len(items) > 5:
            problems.append(f"at most 5 components per row ({len(items)})")
        for item in items:
            if len(item.get("label") or "") > 80:
                problems.append("button label over 80")
            if len(item.get("custom_id") or "") > 100:
                problems.append("custom_id over 100")
    if files > 10:
        problems.append("at most 10 files")
    return problems


def choice_errors(choices: list[dict[str, Any]]) -> list[str]:
    """Autocomplete results: at most 25, names 1-100 characters, string values at most 100."""
    problems = [] if len(choices) <= 25 else [f"at most 25 choices ({len(choices)})"]
    for choice in choices:
        if not 1 <= len(str(choice.get("name", ""))) <= 100:
            problems.append(f"choice name length {len(str(choice.get('name', '')))}")
        if isinstance(choice.get("value"), str) and len(choice["value"]) > 100:
            problems.append("choice value over 100")
    return problems


def pinged(body: dict[str, Any]) -> list[int]:
    """The users a message notifies: its user mentions, filtered by allowed_mentions when it is given."""
    users = [int(user_id) for user_id in MENTION.findall(body.get("content") or "")]
    allowed = body.get("allowed_mentions")
    if allowed is None:
        return users
    if "users" in (allowed.get("parse") or []):
        return users
    listed = {int(user_id) for user_id in allowed.get("users") or []}
    return [user for user in users if user in listed]
