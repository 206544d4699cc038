"""Names that are places and nothing else in chat: countries and the world's best-known cities, lowered.

A reply naming one of these is a place, whatever the question asked ("still at Kellner?" / "nah, Oslo now" says
where the speaker lives, not whom they work for). The list is short on purpose: a name not in it stays
undecided (an invented town and a company look alike), and the readers then keep to what the question asked.
"""

from __future__ import annotations

from shared.providers.offline.text_forms import words

_COUNTRIES = words(
    """
    afghanistan albania algeria argentina armenia australia austria azerbaijan bangladesh belarus belgium bolivia
    bosnia brazil bulgaria cambodia cameroon canada chile china colombia croatia cuba cyprus czechia denmark ecuador
    egypt england estonia ethiopia finland france georgia germany ghana greece guatemala hungary iceland india
    indonesia iran iraq ireland israel italy jamaica japan jordan kazakhstan kenya korea kosovo latvia lebanon
    lithuania luxembourg malaysia malta mexico moldova mongolia montenegro morocco nepal netherlands holland nigeria
    norway pakistan panama paraguay peru philippines poland portugal romania russia scotland senegal serbia singapore
    slovakia slovenia spain sweden switzerland syria taiwan tanzania thailand tunisia turkey uganda ukraine uruguay
    usa uk america venezuela vietnam wales zambia zimbabwe
    """
)
_CITIES = words(
    """
    amsterdam athens auckland austin baltimore bangkok barcelona beijing beirut belfast belgrade bergen berlin bern
    bilbao birmingham bogota bologna bordeaux boston bratislava brighton brisbane bristol brussels bucharest budapest
    buenos cairo calgary cambridge canberra cape cardiff chicago copenhagen cork dallas delhi denver detroit dubai
    dublin dundee durham edinburgh exeter florence frankfurt galway geneva genoa glasgow gothenburg granada hamburg
    helsinki hong houston istanbul jakarta jerusalem johannesburg kyiv kiev krakow lagos leeds leicester leipzig lima
    lisbon liverpool ljubljana london los lyon madrid malaga manchester marseille melbourne miami milan montreal
    moscow mumbai munich nairobi nantes naples newcastle nice norwich nottingham oslo ottawa oxford palermo paris
    perth philadelphia porto prague reykjavik riga rome rotterdam san santiago seattle seoul seville shanghai sheffield
    singapore sofia stockholm stuttgart sydney tallinn tbilisi tokyo toronto toulouse turin utrecht valencia vancouver
    venice vienna vilnius warsaw washington wellington york zagreb zurich
    """
)
_PLACES = _COUNTRIES | _CITIES


def is_place_name(value: str) -> bool:
    """Whether a capitalised value is a known place ("Oslo", "New York", "Buenos Aires"): its first word is a
    country or a well-known city, written with a capital. Lower-case words and unknown names are not."""
    first = value.strip().split()[0] if value.strip() else ""
    return first[:1].isupper() and first.strip(".,!?").lower() in _PLACES
