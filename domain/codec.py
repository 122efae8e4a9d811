"""One JSON codec for every message: commands, events, options, views and outcomes."""

from __future__ import annotations

from typing import Any

import msgspec

_ENCODER = msgspec.json.Encoder()


def encode(message: Any) -> bytes:
    """The JSON bytes of a message (a msgspec Struct, or plain data)."""
    return _ENCODER.encode(message)


def to_builtins(message: Any) -> Any:
    """A message as plain dicts, lists and scalars (for JSON responses)."""
    return msgspec.to_builtins(message)
