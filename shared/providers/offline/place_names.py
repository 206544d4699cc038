"""Places known by name: which a reply, a move or a role's "at/en/in" names, a place or something else.

Two readings compete for a name: a town or country ("I moved to Phoenix", "soy médico en Madrid", "still at
Kellner?" / "nah, Oslo now") or something else (a tool: "we moved the backend to Phoenix"; an employer: "soy
ingeniero en Globant"). Chat gives no reliable capital to tell them apart, so the reading goes by what is known
of the name (large towns and capitals in their own languages' spellings, countries) and by what the clause names
around it (code, a repo, a stack). The lists are short on purpose: a name missing from them stays undecided (an
invented town and a company look alike), and each reader then keeps to its conservative default.
"""

from __future__ import annotations

import re

from shared.providers.offline.tag_forms import DEMONYMS
from shared.providers.offline.text_forms import words


def _names(text: str) -> frozenset[str]:
    return frozenset(item.strip().lower() for item in text.replace("\n", ",").split(",") if item.strip())


# Capitals and large towns, with the spellings the five foreign languages use ("Lisboa", "Londres", "Mailand").
_TOWNS = _names(
    """
    london, londres, londra, manchester, birmingham, leeds, liverpool, glasgow, edinburgh, bristol, cardiff,
    belfast, dublin, dublín, dublino, cork, galway, york, oxford, cambridge, brighton, newcastle, sheffield,
    nottingham, leicester, southampton, aberdeen, dundee, swansea,
    new york, nueva york, los angeles, los ángeles, chicago, boston, seattle, san francisco, austin, denver,
    phoenix, houston, dallas, miami, atlanta, philadelphia, portland, san diego, toronto, montreal, montréal,
    vancouver, calgary, ottawa, mexico city, ciudad de méxico, méxico, guadalajara, monterrey,
    madrid, barcelona, valencia, sevilla, seville, bilbao, málaga, malaga, zaragoza, murcia, granada, palma,
    alicante, vigo, salamanca, valladolid, córdoba, cordoba, cádiz, santander, oviedo, pamplona, san sebastián,
    lisboa, lisbon, lisbonne, lissabon, porto, oporto, braga, coimbra, faro, aveiro, funchal,
    são paulo, sao paulo, rio de janeiro, brasília, brasilia, belo horizonte, salvador, recife, fortaleza,
    curitiba, porto alegre, florianópolis, manaus, buenos aires, rosario, mendoza, santiago, lima, cusco,
    quito, guayaquil, bogotá, bogota, medellín, medellin, cali, caracas, montevideo, asunción, la paz,
    paris, parigi, lyon, lione, marseille, marsella, marsiglia, toulouse, nice, nizza, niza, nantes,
    bordeaux, burdeos, lille, strasbourg, estrasburgo, montpellier, rennes, grenoble, genève, geneva, ginebra,
    ginevra, genf, lausanne, zürich, zurich, zurigo, bern, berne, basel, bâle, bruxelles, brussels, bruselas,
    bruxelas, brüssel, antwerp, anvers, ghent, gand, liège, luxembourg, luxemburgo,
    roma, rome, rom, milano, milan, milán, mailand, napoli, naples, nápoles, neapel, torino, turin, turín,
    firenze, florence, florencia, florenz, venezia, venice, venecia, venedig, bologna, bolonia, genova,
    génova, palermo, bari, catania, verona, padova, trieste, lecce, cagliari, pisa, perugia,
    berlin, berlín, berlino, hamburg, hamburgo, amburgo, münchen, munich, múnich, monaco di baviera, köln,
    cologne, colonia, frankfurt, fráncfort, francoforte, stuttgart, düsseldorf, dresden, dresde, leipzig,
    hannover, nürnberg, nuremberg, bremen, bonn, wien, vienna, viena, vienne, graz, salzburg, innsbruck,
    amsterdam, ámsterdam, rotterdam, utrecht, the hague, den haag, eindhoven,
    copenhagen, copenhague, københavn, kopenhagen, stockholm, estocolmo, oslo, helsinki, reykjavik, aarhus,
    gothenburg, göteborg, malmö, bergen, tampere,
    warsaw, varsovia, varsavia, warschau, warszawa, kraków, krakow, cracovia, gdańsk, wrocław, prague, praga,
    prag, brno, budapest, bratislava, ljubljana, zagreb, belgrade, belgrado, sofia, bucharest, bucarest,
    bukarest, cluj, athens, atenas, atene, athen, thessaloniki, istanbul, estambul, ankara, izmir,
    vilnius, riga, tallinn, tartu, kyiv, kiev, kiew, lviv, odesa, odessa, tbilisi, moscow, moscú, mosca,
    tokyo, tokio, osaka, kyoto, seoul, seúl, busan, beijing, pekín, pechino, peking, shanghai, hong kong,
    singapore, singapur, bangkok, hanoi, ho chi minh city, manila, cebu, jakarta, kuala lumpur, mumbai,
    delhi, new delhi, bangalore, bengaluru, chennai, dhaka, dubai, abu dhabi, doha, tel aviv, cairo,
    el cairo, il cairo, nairobi, lagos, accra, kampala, cape town, ciudad del cabo, johannesburg, durban,
    casablanca, marrakech, tunis, sydney, sídney, melbourne, brisbane, perth, adelaide, hobart, auckland,
    wellington, dunedin
    """
)
_KNOWN = _TOWNS | frozenset(town.lower() for town in DEMONYMS.values())


def is_known_town(name: str) -> bool:
    """A town known by name in any case ("Lisboa", "phoenix")."""
    return " ".join(name.lower().split()) in _KNOWN


# What a software move names: the thing moved ("our CI", "the backend", "the repo") or the work around it.
_SOFTWARE = re.compile(
    r"(?i)\b(?:code|codebase|stack|repos?|repositor(?:y|ies)|ci|cd|pipelines?|backend|back-end|frontend|front-end"
    r"|servers?|infra|infrastructure|clusters?|prod|production|deploys?|deployments?|databases?|db|apps?|api"
    r"|services?|site|website|builds?|project|migrat\w*|ported|rewrote|framework|hosting)\b"
)


def names_software(text: str) -> bool:
    """The clause names a software context ("moved our CI to ...", "the repo", "migrated")."""
    return _SOFTWARE.search(text) is not None


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
# Countries and the first word of well-known cities, for a reply's capitalised value (is_place_name).
_PLACES = _COUNTRIES | _CITIES


def is_place_name(value: str) -> bool:
    """Whether a capitalised value is a known place ("Oslo", "New York", "Buenos Aires"): its first word is a
    country or a well-known city, written with a capital. Lower-case words and unknown names are not."""
    first = value.strip().split()[0] if value.strip() else ""
    return first[:1].isupper() and first.strip(".,!?").lower() in _PLACES


# "I live in hope", "we live in fear of ...", "I live on my own": a way of living, said in a home's frame.
_WAYS_OF_LIVING = words(
    """
    hope fear denial dread terror sin luxury poverty squalor harmony peace comfort chaos misery ignorance bliss
    limbo dreamland fantasy shame guilt sweatpants pyjamas pajamas hoodies jeans trainers slippers
    """
)
_WAY_OF_LIVING = re.compile(
    r"(?i)^\s*(?:(?:the\s+(?:moment|present|past|now)|a\s+(?:bubble|dream\s+world|fantasy|world\s+of\s+\w+))\b"
    r"|(?:on\s+)?(?:my|our|their|his|her)\s+own\b|alone\b|by\s+(?:myself|ourselves|themselves)\b)"
)


def is_a_way_of_living(value: str) -> bool:
    """What follows "live in"/"live on" names how one lives ("hope", "fear of ...", "the moment", "my own"),
    not where: a way of living is no home."""
    first = value.strip().split()[0].strip(".,!?") if value.strip() else ""
    return (first.lower() in _WAYS_OF_LIVING and not first[:1].isupper()) or _WAY_OF_LIVING.match(value) is not None
