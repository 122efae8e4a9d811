"""One JSON codec for every message: commands, events, options, views and outcomes."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import msgspec

_ENCODER = msgspec.json.Encoder()


encode = _ENCODER.encode
"""The JSON bytes of a message (a msgspec Struct, or plain data): the encoder's own method, no wrapper
(it is called for every event and every answer)."""


def to_builtins(message: Any) -> Any:
    """A message as plain dicts, lists and scalars (for JSON responses)."""
    return msgspec.to_builtins(message)


def _number(text: str) -> int | float:
    """A JSON number with a fraction or an exponent: an ``int`` when it is a whole number (``2.0``, ``2e0``,
    ``-0.0``; exactly, from its digits, and only up to 19 digits: ``1e999999`` is no million-digit int)."""
    exact = Decimal(text)
    if exact.adjusted() < 19 and exact == exact.to_integral_value():
        return int(exact)
    return float(text)


_PLAIN = msgspec.json.Decoder(float_hook=_number)


def request_decoder(kind: Any) -> msgspec.json.Decoder[Any]:
    """A decoder of request bodies of type ``kind``, for :func:`decode_request` (a whole number in an
    untyped place, such as a game's options, is read as an ``int`` there too)."""
    return msgspec.json.Decoder(kind, float_hook=_number)


def decode_request(decoder: msgspec.json.Decoder[Any], body: bytes) -> Any:
    """``body`` decoded by ``decoder`` (:func:`request_decoder`), taking a whole number written with a
    fraction or an exponent (``2.0``, ``2e0``) wherever an integer is wanted.

    JSON has one kind of number and JSON Schema's ``integer`` is any number whose value is whole, so the
    OpenAPI's integers admit ``2.0``; msgspec's strict decoding refuses a float for an ``int``, and its
    lax mode (``strict=False``) would take ``"2"`` and ``1`` for ``true`` as well. So a body is decoded
    strictly first (every body a client sends with plain integers, at no extra cost) and, only when that
    fails, again with its whole numbers as integers, then converted as strictly: ``2.5``, ``"2"`` and
    ``1`` for a boolean stay refused. Raises msgspec's own errors (the second attempt's, unless the body
    is nested too deep to read plainly).
    """
    try:
        return decoder.decode(body)
    except msgspec.ValidationError as refused:
        return retried(decoder, body, refused)


def retried(decoder: msgspec.json.Decoder[Any], body: bytes, refused: msgspec.ValidationError) -> Any:
    """:func:`decode_request` once the strict decoding has ``refused`` the body (a hot path that tries
    the decoder itself calls this only then)."""
    try:
        plain = _PLAIN.decode(body)
    except RecursionError:  # nested deeper than a plain decoding follows: the first refusal stands
        raise refused from None
    return msgspec.convert(plain, decoder.type)
