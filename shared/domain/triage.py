"""Which user turns are worth an extraction call at all.

Pleasantries ("thanks, bye!"), and questions or requests to the assistant that say nothing about
the user ("write a limerick about a cat", "how do I add an index?") carry nothing to remember;
skipping them before the provider is the cheapest call there is. Cheap, deterministic and
conservative: a turn is split into clauses, and it is skipped only when every clause is a
pleasantry, a question or a request, and none of them discloses anything (no first-person
statement, no possessive, in any of the supported languages: en, de, fr, es, it, pt). When in
doubt, a turn is worth extracting: a wasted call costs cents, a dropped fact costs the memory.

Quoted material ("translate 'I live in Berlin'", code in backticks) is the object of a request,
not the user speaking, so it is not searched for disclosures.
"""

from __future__ import annotations

import re
from enum import StrEnum
from functools import lru_cache

from shared.domain.needles import sub_if_possible


class Triage(StrEnum):
    EMPTY = "empty"
    PLEASANTRY = "pleasantry"  # greetings, thanks, acknowledgements, laughter, farewells
    ASK = "ask"  # questions and requests to the assistant that disclose nothing
    CONFIRMATION = "confirmation"  # a bare yes/no to the assistant's question: it may confirm a fact
    WORTH = "worth"  # may tell something about the user


# Whole phrases that are pleasantries, by language, "|"-separated (lowercase, straight apostrophes).
_PLEASANTRIES_BY_LANGUAGE = {
    "en": (
        "hi|hello|hey|yo|hiya|howdy|morning|evening|good morning|good afternoon|good evening|good night|"
        "gn|thanks|thank you|thank u|thx|ty|tysm|thanks a lot|thanks so much|thank you so much|"
        "thanks a bunch|many thanks|much appreciated|appreciate it|cheers|ok|okay|k|kk|cool|great|nice|"
        "niiice|awesome|perfect|excellent|got it|sure|alright|all right|right|fine|fair enough|"
        "sounds good|sounds great|makes sense|that makes sense|that helps|that helped|very helpful|"
        "super helpful|helpful|interesting|wow|oh|ah|aha|hmm|hm|lol|lmao|haha|hahaha|hehe|bye|goodbye|"
        "bye bye|see you|see ya|see you later|later|talk later|ttyl|take care|have a good one|"
        "have a nice day|no problem|np|no worries|never mind|nevermind|nvm|no way|omg|oh my god|yay|"
        "hooray|indeed|exactly|true|agreed|i see|i didn't know that|i did not know that|didn't know that|"
        "good to know|noted|that's all|that's all for now|that's it|that's it for now|all good|"
        "hope you're well|hope you are well|how are you|how's it going|what's up|sup|yes please|yes pls|"
        "no thanks|no thank you|thanks for all the help|thanks for the help|thanks for your help|"
        "thank you for your help|thank you for the help|thanks again|you're the best|you rock|love it|"
        "brilliant|amazing|lovely|neat|sweet|good|very good|well done|nice one|anyway|anyways|btw|"
        "by the way|well|oh and|yes|yeah|yep|yup|no|nope|nah|correct|ja|nein|oui|non|sí|si|sim|não|nao|"
        "for all the help|for the help|so much|a lot|again|there|all|please|pls"
    ),
    "de": (
        "hallo|hi du|moin|servus|guten morgen|guten tag|guten abend|gute nacht|danke|danke schön|"
        "dankeschön|danke sehr|vielen dank|vielen lieben dank|tschüss|tschüs|bis bald|bis später|"
        "alles klar|super|toll|prima|genau|stimmt|gut|sehr gut|sehr hilfreich|hilfreich|interessant|"
        "verstanden|passt|klar|okay danke|bitte"
    ),
    "fr": (
        "bonjour|bonsoir|salut|coucou|merci|merci beaucoup|merci bien|au revoir|à plus|a plus|à bientôt|"
        "a bientot|d'accord|dac|parfait|génial|genial|super merci|très utile|tres utile|intéressant|"
        "bonne journée|bonne nuit|ça marche|ca marche|compris|entendu|bien|très bien|tres bien|"
        "s'il te plaît|s'il vous plaît"
    ),
    "es": (
        "hola|buenos días|buenos dias|buenas tardes|buenas noches|buenas|gracias|muchas gracias|"
        "mil gracias|adiós|adios|hasta luego|hasta pronto|chao|vale|perfecto|muy útil|muy util|útil|util|"
        "interesante|entendido|claro|de acuerdo|muy bien|por favor|qué bien|que bien"
    ),
    "it": (
        "ciao|buongiorno|buonasera|buonanotte|grazie|grazie mille|molte grazie|arrivederci|a presto|"
        "perfetto|va bene|ottimo|utile|molto utile|interessante|capito|certo|bene|molto bene|per favore"
    ),
    "pt": (
        "olá|ola|oi|bom dia|boa tarde|boa noite|obrigado|obrigada|muito obrigado|muito obrigada|valeu|"
        "tchau|até logo|ate logo|até mais|ate mais|perfeito|beleza|ótimo|otimo|muito útil|muito util|"
        "entendi|legal|combinado"
    ),
}
_PLEASANTRY_PHRASES = sorted(
    {p for phrases in _PLEASANTRIES_BY_LANGUAGE.values() for p in phrases.split("|")}, key=len, reverse=True
)
_PLEASANTRY = re.compile(
    r"(?<![\w'])(?:" + "|".join(re.escape(p) for p in _PLEASANTRY_PHRASES) + r")(?![\w'])", re.IGNORECASE
)
_LEADING_PLEASANTRY = re.compile(
    r"^(?:\W*(?:" + "|".join(re.escape(p) for p in _PLEASANTRY_PHRASES) + r")(?![\w']))+\W*", re.IGNORECASE
)
_YES_NO = {
    "yes",
    "yeah",
    "yep",
    "yup",
    "no",
    "nope",
    "nah",
    "right",
    "sure",
    "correct",
    "exactly",
    "ja",
    "nein",
    "oui",
    "non",
    "sí",
    "si",
    "não",
    "nao",
    "sim",
    "certo",
    "esatto",
    "genau",
    "stimmt",
    "claro",
}

# Quoted material and code: the object of a request, not the user speaking.
_QUOTED = re.compile(r"```.*?```|`[^`]*`|\"[^\"]*\"|“[^”]*”|«[^»]*»|„[^“”]*[“”]|(?<!\w)'[^']*'(?!\w)", re.DOTALL)
# Clause boundaries: sentence ends, line breaks, emoji and other pictographs, semicolons, dashes.
_SENTENCE = re.compile(r"(?<=[.!?…])\s+|[\n;]+|\s[–—-]\s|[\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F]+")
_COMMA = re.compile(r",\s*")

# Words that open a question (after an optional "¿") in the supported languages.
_QUESTION_START = re.compile(
    r"^\W*(?:what|what's|whats|how|how's|why|where|who|whom|whose|which|when|can|could|would|should|shall|"
    r"will|is|are|was|were|do|does|did|have|has|had|any|anything|isn't|aren't|don't|doesn't|"
    r"was|wie|warum|wieso|weshalb|wo|woher|wohin|wer|wen|wem|welche[rsmn]?|wann|kannst|können|könntest|"
    r"gibt|ist|sind|hast|habt|"
    r"que|qu'est-ce|quoi|comment|pourquoi|où|qui|quel|quelle|quels|quelles|est-ce|peux-tu|"
    r"pouvez-vous|combien|"
    r"qué|cómo|por qué|dónde|quién|quien|cuál|cual|cuándo|cuánto|cuanto|puedes|podrías|"
    r"hay|es|son|"
    r"che|cosa|perché|chi|quale|quali|quanto|puoi|potresti|c'è|"
    r"o que|por que|quem|qual|quais|quanto|podes|pode|poderia|tem|há)\b",
    re.IGNORECASE,
)
# Words that ask only as a question, and otherwise open a statement: "como siempre, ..." / "como te dije" ("as"),
# "como carne" ("I eat"), "cuando era niño ...", "quando ero piccola ...", "come sempre ...", "ou" ("or"). Unaccented
# (or, in Portuguese and Italian, always), they ask after a "¿" or with a "?" at the end, never by themselves.
_ASKS_ONLY_AS_A_QUESTION = re.compile(r"^\W*(?:como|cuando|donde|quando|onde|come|dove|quand|ou)\b", re.IGNORECASE)
_OPENED_AS_A_QUESTION = re.compile(r"^\s*¿")
# Words that open a request to the assistant (imperatives and polite forms), in the supported languages.
_REQUEST_START = re.compile(
    r"^\W*(?:(?:please|pls|plz|now|ok|okay|and|also|then|so|just|maybe|bitte|jetzt|und|s'il te plaît|"
    r"maintenant|et|por favor|ahora|y|adesso|ora|e|agora)\W+)*"
    r"(?:write|rewrite|make|fix|add|remove|change|translate|summari[sz]e|explain|tell|give|show|list|"
    r"suggest|recommend|describe|define|compare|convert|calculate|compute|draft|create|generate|find|"
    r"check|correct|proofread|shorten|expand|improve|format|sort|refactor|debug|help|let's|lets|try|"
    r"continue|go on|keep going|again|another|one more|do it|say|repeat|quiz|test|plan|outline|name|"
    r"tips|ideas|advice|suggestions|examples|recipe|recipes|more|less|shorter|longer|"
    r"schreib|schreibe|mach|mache|übersetze|erkläre|erklär|zeig|zeige|gib|nenne|fasse|hilf|"
    r"écris|ecris|fais|traduis|explique|montre|donne|résume|aide|"
    r"escribe|haz|traduce|explica|muestra|dame|resume|ayúdame|ayudame|dime|"
    r"scrivi|fai|traduci|spiega|mostra|dammi|riassumi|aiutami|dimmi|"
    r"escreve|escreva|faz|faça|traduz|traduza|explica|explique|mostra|mostre|dá|resume|resuma|ajuda|"
    r"me ajuda|me diga|me diz)\b",
    re.IGNORECASE,
)
# First-person statements and possessives: a clause with one of these may tell something about the
# user. Conservative on purpose (pro-drop verb forms of es/it/pt are listed too).
_DISCLOSES = re.compile(
    r"\b(?:i'm|im|i've|i'd|i'll|i am|i was|i have|i had|i've|my|mine|myself|our|ours|ourselves|we|we're|"
    r"we've|us|"
    r"ich|mein|meine|meinen|meinem|meiner|meines|mir|mich|wir|unser|unsere|unserem|unseren|uns|"
    r"je|j'|moi|mon|ma|mes|nous|notre|nos|me|m'|"
    r"yo|mi|mis|nosotros|nosotras|nuestro|nuestra|nuestros|nuestras|soy|estoy|tengo|vivo|trabajo|"
    r"io|mio|mia|miei|mie|noi|nostro|nostra|sono|ho|lavoro|abito|"
    r"eu|meu|minha|meus|minhas|nós|nosso|nossa|sou|estou|tenho|moro|trabalho)\b"
    r"|\bi\b(?!\s+(?:do|should|could|can|would|will|shall|might|must|need to|have to)\b)",
    re.IGNORECASE,
)
# "I" as the subject of a question's auxiliary ("how do I", "what should I") asks, it does not tell.
_ASKING_I = re.compile(r"\b(?:do|does|did|should|could|can|would|will|shall|might|must|am)\s+i\b", re.IGNORECASE)
# "me" as the object of a request ("tell me", "erkläre mir", "explique-moi") asks, it does not tell.
_ASKING_ME = re.compile(
    r"\b(?:tell|give|show|help|send|teach|quiz|let|remind|explain|write|make|find|recommend|suggest|"
    r"erkläre|erklär|zeig|zeige|gib|sag|schreib|schreibe|hilf|nenne|"
    r"explique|montre|donne|dis|écris|aide|"
    r"dime|dame|dimmi|dammi|aiutami|ayúdame|ayudame)\W+(?:me|mir|mich|moi|mi)\b",
    re.IGNORECASE,
)


# Every word of every pleasantry phrase (its runs of word characters). A phrase match never starts or ends
# inside a run of word characters, so a clause with a run outside this vocabulary cannot be all pleasantry:
# a statement ("I moved to Porto") is told apart without the phrase pattern, which tries every phrase at
# every position of the clause.
_PLEASANTRY_WORDS = frozenset(w for p in _PLEASANTRY_PHRASES for w in re.findall(r"\w+", p))
_WORD_RUN = re.compile(r"\w+")
_NON_WORD = re.compile(r"[\W_]+")


def _pleasantry(clause: str) -> bool:
    clause = clause.replace("’", "'")
    # ASCII only: ignoring case, the pattern also matches a few non-ASCII letters that lower() keeps apart.
    if clause.isascii() and any(
        run.lower() not in _PLEASANTRY_WORDS and run.strip("_") for run in _WORD_RUN.findall(clause)
    ):
        return False
    return not _NON_WORD.sub("", _PLEASANTRY.sub(" ", clause))


def _discloses(clause: str) -> bool:
    # sub_if_possible: the asking patterns run only on a clause holding a word they need.
    text = sub_if_possible(_ASKING_ME, " ", sub_if_possible(_ASKING_I, " ", clause.replace("’", "'")))
    return bool(_DISCLOSES.search(text))


def _asks(clause: str) -> bool:
    """A question or a request to the assistant that discloses nothing."""
    text = _LEADING_PLEASANTRY.sub("", clause.strip())  # "lol make it rhyme better"
    if _discloses(text):
        return False
    if _ASKS_ONLY_AS_A_QUESTION.match(text):
        return text.endswith("?") or bool(_OPENED_AS_A_QUESTION.match(text))
    return text.endswith("?") or bool(_QUESTION_START.match(text)) or bool(_REQUEST_START.match(text))


def _clauses(text: str) -> list[str]:
    """Sentences, then comma-separated parts. Text after a request's colon is the request's object."""
    clauses: list[str] = []
    for sentence in _SENTENCE.split(text):
        sentence = (sentence or "").strip()
        if not sentence:
            continue
        head, colon, tail = sentence.partition(":")
        if colon and _REQUEST_START.match(head) and not _discloses(head) and not _discloses(tail):
            sentence = head  # "Fix this function: it returns None ..." is one request
        clauses.extend(c for c in _COMMA.split(sentence) if c.strip())
    return clauses


@lru_cache(maxsize=8192)  # pure, and chat repeats its turns ("thanks!", "ok", "sounds good"): each is read once
def triage(content: str, *, follows_assistant_question: bool = False) -> Triage:
    """The class of a user turn, for the extraction decision. Pure and deterministic."""
    text = content.strip()
    if not text:
        return Triage.EMPTY
    bare = re.sub(r"[\W_]+", " ", text.lower()).strip()
    if follows_assistant_question and bare in _YES_NO:
        return Triage.CONFIRMATION  # "Are you vegan?" "yes": the answer confirms a fact
    unquoted = _QUOTED.sub(" ", text)
    clauses = _clauses(unquoted)
    if not clauses:
        return Triage.ASK  # only quoted material: something to work on, not about the user
    kinds = []
    for clause in clauses:
        if _pleasantry(clause):
            kinds.append(Triage.PLEASANTRY)
        elif _asks(clause):
            kinds.append(Triage.ASK)
        else:
            return Triage.WORTH
    return Triage.ASK if Triage.ASK in kinds else Triage.PLEASANTRY


def worth_extracting(content: str, *, follows_assistant_question: bool = False) -> bool:
    """False for turns with nothing to remember (see :func:`triage`)."""
    return triage(content, follows_assistant_question=follows_assistant_question) in (
        Triage.CONFIRMATION,
        Triage.WORTH,
    )
