"""The third person of a first-person present in Spanish, Italian, Portuguese and French, where the ending
alone does not tell it.

The first person "-o" of Spanish, Italian and Portuguese is shared by every class of verb, so the fact's
verb ("vivo" -> "vive", "trabajo" -> "trabaja") cannot be read off it in general. Some endings do tell the
class ("-iero" is "-iere": prefiero, quiero, sugiero; Italian "-isco" is "-isce": preferisco, capisco;
Portuguese "-iro" is "-ere": prefiro; Spanish "-zco" is "-ce": conozco, conduzco; French "-ds" is "-d":
prends, vends), and the common verbs of the other classes are listed. None when neither says.
"""

from __future__ import annotations

from shared.providers.offline.text_forms import words

__all__ = ["third_person"]

_BY_ENDING = {
    "es": (("iero", "iere"), ("uermo", "uerme"), ("zco", "ce")),
    "it": (("isco", "isce"),),
    "pt": (("iro", "ere"),),
    "fr": (("nds", "nd"), ("rds", "rd")),
}
_LISTED = {
    "es": "vengo:viene sigo:sigue digo:dice pongo:pone aprendo:aprende leo:lee escribo:escribe vendo:vende"
    " creo:cree sufro:sufre abro:abre parto:parte recibo:recibe subo:sube decido:decide comprendo:comprende"
    " conozco:conoce debo:debe puedo:puede entiendo:entiende pierdo:pierde vuelvo:vuelve",
    "it": "sto:sta so:sa tengo:tiene vengo:viene esco:esce devo:deve posso:può voglio:vuole leggo:legge"
    " scrivo:scrive prendo:prende vedo:vede conosco:conosce vendo:vende credo:crede metto:mette perdo:perde"
    " chiedo:chiede rispondo:risponde dormo:dorme sento:sente parto:parte seguo:segue apro:apre offro:offre"
    " soffro:soffre vinco:vince spendo:spende scendo:scende leggo:legge cucio:cuce",
    "pt": "sigo:segue durmo:dorme quero:quer venho:vem saio:sai leio:lê conheço:conhece perco:perde posso:pode"
    " digo:diz trago:traz vejo:vê escrevo:escreve vendo:vende aprendo:aprende sofro:sofre abro:abre"
    " parto:parte sinto:sente recebo:recebe subo:sobe decido:decide entendo:entende",
    "fr": "peux:peut veux:veut",
}
_TABLE = {language: dict(pair.split(":") for pair in words(pairs)) for language, pairs in _LISTED.items()}


def third_person(verb: str, language: str) -> str | None:
    """ "prefiero" -> "prefiere", "preferisco" -> "preferisce", "sto" -> "sta"; None when unknown."""
    lower = verb.lower()
    if said := _TABLE.get(language, {}).get(lower):
        return said
    for ending, third in _BY_ENDING.get(language, ()):
        if lower.endswith(ending) and len(lower) > len(ending) + 1:
            return lower[: -len(ending)] + third
    return None
