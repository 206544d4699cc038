"""A move of home said in Portuguese without its reflexive: "mudei para Coimbra", "mudamos pra Curitiba",
"mudei de casa para Setúbal".

Portuguese "mudar para" says both a move of home and a switch of tool ("mudei para o Notion"), and the frame
for the switch read every such clause as a tool ("O utilizador usa agora Porto"). The clause is a move of home
when what it names is a town known by name (``place_names``) or when it says what was moved is the home ("de
casa", "de cidade", "de país"); it is then said with the reflexive ("mudei-me para Coimbra"), which the
location frame reads. Any other name stays as the frames read it: an invented town and a tool look alike.

Pure functions.
"""

from __future__ import annotations

import re

from shared.providers.offline import place_names

__all__ = ["as_reflexive"]

_NAME_WORD = r"(?-i:[A-ZÀ-Ý])[\wà-ÿ'-]*"
_MOVED = re.compile(
    r"(?i)^(?:eu\s+|nós\s+|nos\s+)?(?P<verb>mudei|mudamos|mudámos)\s+(?P<home>de\s+(?:casa|cidade|país|pais)\s+)?"
    rf"(?:para|pra|pro)\s+(?:o\s+|a\s+)?(?P<place>{_NAME_WORD}(?:\s+(?:de\s+|do\s+|da\s+)?{_NAME_WORD}){{0,2}})"
    r"(?P<rest>\W.*)?$"
)
_REFLEXIVE = {"mudei": "mudei-me", "mudamos": "mudámo-nos", "mudámos": "mudámo-nos"}


def as_reflexive(clause: str, language: str) -> str:
    """The Portuguese clause said with the reflexive when it moves home to a town; else the clause as it was."""
    if language != "pt" or "mud" not in clause.lower():
        return clause
    m = _MOVED.match(clause.strip())
    if m is None or not (m.group("home") or place_names.is_known_town(m.group("place"))):
        return clause
    verb = _REFLEXIVE[m.group("verb").lower()]
    return f"{verb} para {m.group('place')}{m.group('rest') or ''}"
