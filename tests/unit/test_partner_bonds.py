"""A partner's status is the one the user gave: engaged is not married, together is not married.

The foreign partner frames once wrote every bond as marriage ("sono fidanzata con ..." stored as
"è sposato con ..."). A user who speaks of herself in the feminine keeps it in her fact ("è fidanzata").
The phrasings here were written for this file.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.exchange import message_facts

SENT = datetime(2026, 3, 9, 10, tzinfo=UTC)


def partner_facts(message: str) -> list[str]:
    facts = message_facts(message, at=SENT)
    return [fact.text for fact in facts if fact.slot == "partner"]


@pytest.mark.parametrize(
    ("message", "kept", "never"),
    [
        ("sono fidanzata con Davide da un anno", "fidanzata con Davide", "sposato"),
        ("Sono sposata con Matteo.", "sposata con Matteo", "fidanzato"),
        ("estoy comprometida con Andrés", "comprometida con Andrés", "casado"),
        ("Estoy casado con Elena.", "casado con Elena", "comprometido"),
        ("sou noiva do Tiago", "noiva do Tiago", "casado"),
        ("Sou casado com a Beatriz.", "casado com Beatriz", "noivo"),
        ("ich bin mit Felix verlobt", "mit Felix verlobt", "verheiratet"),
        ("Ich bin mit Clara zusammen.", "mit Clara zusammen", "verheiratet"),
        ("je suis fiancée à Thomas", "fiancée", "marié"),
        ("Je suis pacsé avec Chloé.", "pacsé avec Chloé", "marié"),
    ],
)
def test_the_bond_said_is_the_bond_stored(message: str, kept: str, never: str) -> None:
    facts = partner_facts(message)
    assert facts, message
    assert any(kept in fact for fact in facts), facts
    assert not any(never in fact for fact in facts), facts
