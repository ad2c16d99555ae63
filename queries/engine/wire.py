"""Messages as plain data: JSON, holding only the records the caller lists.

A value is encoded as JSON with a few tagged shapes: ``{"t": [...]}`` a tuple,
``{"d": [[key, value], ...]}`` a dict (its keys of any type), ``{"c": name, "n": id, "f":
{...}}`` an instance of one of the records ``kinds`` lists (a second occurrence of
the same instance is ``{"r": id}``, so a proof's shared sub-proofs are sent once), and
``{"dt": iso, "z": zone}`` a datetime. Lists, strings, numbers, booleans and None are
themselves. Decoding checks every shape, class name and field name; anything else is a
``Malformed`` naming what it found, never code run and never an object of another type.

>>> from queries.engine.proof import Proof
>>> kinds = {"Proof": Proof}
>>> p = Proof("fact", "clash", ("子", "午"), where="facts/clash.tsv:2")
>>> message = decode(encode(("ok", [p, p], {1: ("a",)}), kinds), kinds)
>>> message[1][0] == p, message[1][0] is message[1][1], message[2]
(True, True, {1: ('a',)})
>>> decode(b'{"c": "os.system", "n": 0, "f": {}}', kinds)  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
queries.engine.wire.Malformed: an object of unknown kind 'os.system'
"""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from . import record
from .errors import UserError


class Malformed(ValueError):
    """A message that is not one this module writes."""


class Unsendable(TypeError):
    """A value that no message can hold (of a type not listed, or nested too deeply)."""


def encode(value, kinds) -> bytes:
    """``value`` as the bytes of one message; Unsendable for a value of a type ``kinds`` (name ->
    record class) does not list."""
    try:
        return json.dumps(_plain(value, {}, kinds), separators=(",", ":")).encode("ascii")
    except RecursionError:
        raise Unsendable("nested too deeply") from None
    except ValueError as e:              # a whole number of more digits than Python writes
        raise Unsendable(f"a value that cannot be written ({e})") from None


def decode(data: bytes, kinds):
    """The value of one message; Malformed when it is not JSON of the shapes above and of the
    records of ``kinds``."""
    try:
        tree = json.loads(data)
    except (ValueError, RecursionError) as e:
        raise Malformed(f"a message that is not JSON ({type(e).__name__})") from None
    try:
        return _value(tree, {}, kinds)
    except RecursionError:
        raise Malformed("a message nested too deeply") from None


def _plain(value, seen, kinds):
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, list):
        return [_plain(v, seen, kinds) for v in value]
    if isinstance(value, tuple):
        return {"t": [_plain(v, seen, kinds) for v in value]}
    if isinstance(value, dict):
        return {"d": [[_plain(k, seen, kinds), _plain(v, seen, kinds)] for k, v in value.items()]}
    if isinstance(value, datetime):
        return {"dt": value.isoformat(), "z": _zone(value.tzinfo)}
    kind = type(value).__name__
    if record.is_record(value) and kinds.get(kind) is type(value):
        if id(value) in seen:
            return {"r": seen[id(value)]}
        seen[id(value)] = number = len(seen)
        fields = {f.name: _plain(getattr(value, f.name), seen, kinds) for f in record.fields(value)}
        return {"c": kind, "n": number, "f": fields}
    raise Unsendable(f"a value of type {kind}")


def _zone(tz):
    if tz is None:
        return None
    if isinstance(tz, ZoneInfo):
        return tz.key
    return [tz.utcoffset(None).total_seconds(), tz.tzname(None)]


def _value(tree, made, kinds):
    if tree is None or isinstance(tree, (bool, int, float, str)):
        return tree
    if isinstance(tree, list):
        return [_value(v, made, kinds) for v in tree]
    if not isinstance(tree, dict):
        raise Malformed(f"a value of type {type(tree).__name__}")
    keys = tuple(sorted(tree))
    if keys == ("t",) and isinstance(tree["t"], list):
        return tuple(_value(v, made, kinds) for v in tree["t"])
    if keys == ("d",) and isinstance(tree["d"], list):
        pairs = [_pair(p, made, kinds) for p in tree["d"]]
        try:
            return dict(pairs)
        except TypeError:
            raise Malformed("a dict key that cannot be one") from None
    if keys == ("dt", "z"):
        return _datetime(tree["dt"], tree["z"])
    if keys == ("r",):
        if not isinstance(tree["r"], int) or isinstance(tree["r"], bool) or tree["r"] not in made:
            raise Malformed(f"a reference to no earlier object ({str(tree['r'])[:40]})")
        return made[tree["r"]]
    if keys == ("c", "f", "n"):
        return _instance(tree, made, kinds)
    raise Malformed(f"an object with the keys {', '.join(keys)[:80]}")


def _pair(pair, made, kinds):
    if not isinstance(pair, list) or len(pair) != 2:
        raise Malformed("a dict entry that is not a key and a value")
    return _value(pair[0], made, kinds), _value(pair[1], made, kinds)


def _datetime(text, zone):
    if not isinstance(text, str):
        raise Malformed("a datetime that is not a string")
    try:
        moment = datetime.fromisoformat(text)
        if zone is None:
            return moment
        if isinstance(zone, str):
            return moment.replace(tzinfo=ZoneInfo(zone))
        offset, name = zone
        return moment.replace(tzinfo=timezone(timedelta(seconds=offset), name))
    except (ValueError, TypeError, OSError, LookupError) as e:
        raise Malformed(f"a datetime that cannot be read ({type(e).__name__})") from None


def _instance(tree, made, kinds):
    name, number, fields = tree["c"], tree["n"], tree["f"]
    kind = kinds.get(name) if isinstance(name, str) else None
    if kind is None:
        raise Malformed(f"an object of unknown kind {str(name)[:40]!r}")
    if not isinstance(number, int) or isinstance(number, bool) or number in made:
        raise Malformed(f"an object numbered {str(number)[:40]} twice or not by a number")
    if not isinstance(fields, dict):
        raise Malformed(f"a {name} whose fields are not an object")
    expected = {f.name for f in record.fields(kind)}
    if set(fields) != expected:
        raise Malformed(f"a {name} with the fields {', '.join(sorted(fields))[:80]}")
    try:
        made[number] = value = kind(**{k: _value(v, made, kinds) for k, v in fields.items()})
    except (TypeError, ValueError, UserError) as e:
        raise Malformed(f"a {name} that cannot be made ({type(e).__name__})") from None
    return value
