"""Devices: a phone, a laptop, a tablet, a watch, an e-reader or a console the user has is known by its brand or
model line, so "I have an iPhone 15", "got a Pixel 8" and "my phone's a Fairphone" all land on the one slot of
the kind ("own:phone"), and a new phone replaces the old one instead of standing beside it under its own name."""

from __future__ import annotations

import re

_KINDS = {
    "phone": "iphone|pixel|galaxy\\s+s\\d*|galaxy\\s+a\\d*|galaxy\\s+z|oneplus|fairphone|xiaomi|redmi"
    "|moto\\s+g|motorola|nothing\\s+phone|huawei\\s+p\\d*|blackberry",
    "laptop": "macbook(?:\\s+(?:air|pro))?|thinkpad|framework(?=\\s+\\d)|xps(?=\\s+\\d)|system76|surface\\s+laptop"
    "|chromebook|zenbook|vivobook|spectre|latitude|ideapad|yoga\\s+slim|razer\\s+blade|lemur\\s+pro",
    "tablet": "ipad(?:\\s+(?:air|pro|mini))?|galaxy\\s+tab|surface\\s+pro|remarkable",
    "watch": "apple\\s+watch|garmin|fitbit|galaxy\\s+watch|pixel\\s+watch",
    "e-reader": "kindle(?:\\s+paperwhite)?|kobo",
    "console": "ps5|ps4|playstation(?:\\s+\\d)?|xbox(?:\\s+series\\s+[xs])?|nintendo\\s+switch|switch\\s+oled"
    "|steam\\s+deck",
}
_PATTERNS = [(kind, re.compile(rf"\b(?:{alts})\b", re.IGNORECASE)) for kind, alts in _KINDS.items()]
# A thing named with a device brand but that is no device: its case, charger, strap, app, account.
_ACCESSORY = re.compile(
    r"\b(?:case|cover|charger|cable|strap|band|stand|sleeve|app|account|subscription|screen\s+protector|dock"
    r"|controller|game|games|keyboard|mouse|pen|stylus)s?\b",
    re.IGNORECASE,
)
_BRANDS = """iphone pixel galaxy oneplus fairphone xiaomi redmi moto motorola nothing huawei blackberry macbook
    thinkpad framework xps system76 surface chromebook zenbook vivobook spectre latitude ideapad yoga razer lemur ipad
    remarkable apple garmin fitbit kindle kobo ps5 ps4 playstation xbox nintendo switch steam"""
_WORDS = frozenset(re.findall(r"[a-z0-9]+", _BRANDS))


def slot_of(thing: str) -> str | None:
    """ "an iPhone 15" -> "own:phone"; "a Garmin watch" -> "own:watch"; None for no device (or an accessory)."""
    if re.search(r"(?i)\b(?:called|named)\b", thing):
        return None  # "a dog named Pixel": a name, not the make of the thing
    thing = re.split(r"\s*[,;(]|\s+(?:and|but|which|that|so|for|from|running|with)\s", thing.strip(), maxsplit=1)[0]
    if not _WORDS.intersection(re.findall(r"[a-z0-9]+", thing.lower())) or _ACCESSORY.search(thing):
        return None
    for kind, pattern in _PATTERNS:
        if pattern.search(thing):
            return f"own:{kind}"
    return None


_ACQUIRED = re.compile(
    r"^(?:i|we)\s+(?:(?:just|finally|recently|also)\s+)*(?:have|got|bought|picked\s+up|ended\s+up\s+with)\s+"
    r"(?P<thing>(?:an?|one|our|my)\s+.+)$",
    re.IGNORECASE,
)


def acquired(text: str) -> tuple[str, str] | None:
    """ "I got a ThinkPad T480" (its date taken off): ("a ThinkPad T480", "own:laptop"), had from then on, not an
    outing on that day; None when what was got is no device."""
    if not _WORDS.intersection(re.findall(r"[a-z0-9]+", text.lower())):
        return None
    m = _ACQUIRED.match(text.strip())
    if m is None:
        return None
    thing = re.split(r"\s*[,;(]|\s+(?:and|but|which|that|so|for|from|off)\s", m.group("thing"), maxsplit=1)[0]
    slot = slot_of(thing)
    return (thing, slot) if slot else None
