"""One JSON codec for every message: commands, events, options, views and outcomes."""

from __future__ import annotations

from typing import Any

import msgspec

_ENCODER = msgspec.json.Encoder()


encode = _ENCODER.encode
"""The JSON bytes of a message (a msgspec Struct, or plain data): the encoder's own method, no wrapper
(it is called for every event and every answer)."""


def to_builtins(message: Any) -> Any:
    """A message as plain dicts, lists and scalars (for JSON responses)."""
    return msgspec.to_builtins(message)
