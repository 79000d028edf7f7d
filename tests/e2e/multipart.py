"""multipart/form-data bodies as discord.py sends them (payload_json plus files[n] parts)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any


@dataclass
class Upload:
    field: str
    filename: str
    data: bytes
    content_type: str


def parse_multipart(raw: bytes, content_type: str, header: str) -> tuple[Any, list[Upload]]:
    """multipart/form-data as discord.py sends it: payload_json and files[n] parts.

    Parsed from the whole body: aiohttp's streaming reader warns (an error under this suite's filterwarnings)
    when a part spans network chunks, which happens under load.
    """
    boundary = re.search(r'boundary="?([^";]+)"?', header)
    assert boundary, f"no boundary in {header!r}"
    body: Any = None
    files: list[Upload] = []
    for chunk in raw.split(b"--" + boundary.group(1).encode())[1:]:
        if chunk.startswith(b"--"):
            break
        head, _, data = chunk.partition(b"\r\n\r\n")
        data = data.removesuffix(b"\r\n")
        headers = head.decode("utf-8", "replace")
        name = re.search(r'name="([^"]*)"', headers)
        filename = re.search(r'filename="([^"]*)"', headers)
        ctype = re.search(r"Content-Type: *([^\r\n]+)", headers, re.IGNORECASE)
        if name and name.group(1) == "payload_json":
            body = json.loads(data)
        elif name:
            kind = ctype.group(1) if ctype else "application/octet-stream"
            files.append(Upload(name.group(1), filename.group(1) if filename else "", data, kind))
    return body, files
