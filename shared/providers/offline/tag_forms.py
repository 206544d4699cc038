"""Five classes of statement said in forms the rules read in one wording only: where one lives, one's diet,
one's work, a team's tools and practices, and preferences (about the assistant and about things).

Pure functions over one prepared English clause (contractions written out, lead-ins and the stated date
removed), each anchored at the clause's start. Each form is a class, typed by a lexicon rather than by a
fixed verb: a demonym names a city ("I'm a Berliner now"), a diet word or a food left out is a diet whatever
the verb ("I keep kosher", "I'm off dairy", "gave up meat"), a style noun is about the assistant's answers
("no emojis pls", "skip the pleasantries"), a move keeps its adverbials ("moved across the country to
Perth"), a residence said with "home" or "based" is where one lives. Most forms rewrite the clause into the
wording the rules already read (``plainly``), so the fact, its slot and its date come from one place;
``read`` says what no rule says; ``retyped`` gives a fact read on a catch-all slot (a habit, a trait) the
slot its lexicon names, so that a later change or ending finds it.

A form needs its words: every pattern is skipped by the needles prefilter when the clause lacks them, so a
message without them costs a few substring tests.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from shared.domain.needles import lowered_ascii, may_match, of_pattern


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


def _alternation(words: str) -> str:
    items = sorted({w.strip() for w in words.split(",") if w.strip()}, key=lambda w: (-len(w), w))
    return "(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in items) + ")"


# --- lexicons ------------------------------------------------------------------------------------------------

# A city's people: "I'm a Berliner now" says where one lives. Only demonyms that name one city (never a
# country's people, never "a Roman", which is also a name).
DEMONYMS = {
    "berliner": "Berlin",
    "londoner": "London",
    "new yorker": "New York",
    "parisian": "Paris",
    "parisienne": "Paris",
    "dubliner": "Dublin",
    "glaswegian": "Glasgow",
    "mancunian": "Manchester",
    "liverpudlian": "Liverpool",
    "scouser": "Liverpool",
    "bristolian": "Bristol",
    "brummie": "Birmingham",
    "geordie": "Newcastle",
    "angeleno": "Los Angeles",
    "angelena": "Los Angeles",
    "bostonian": "Boston",
    "chicagoan": "Chicago",
    "seattleite": "Seattle",
    "san franciscan": "San Francisco",
    "brooklynite": "Brooklyn",
    "philadelphian": "Philadelphia",
    "atlantan": "Atlanta",
    "austinite": "Austin",
    "denverite": "Denver",
    "torontonian": "Toronto",
    "montrealer": "Montreal",
    "vancouverite": "Vancouver",
    "melburnian": "Melbourne",
    "sydneysider": "Sydney",
    "aucklander": "Auckland",
    "capetonian": "Cape Town",
    "amsterdammer": "Amsterdam",
    "copenhagener": "Copenhagen",
    "viennese": "Vienna",
    "milanese": "Milan",
    "neapolitan": "Naples",
    "florentine": "Florence",
    "venetian": "Venice",
    "madrileno": "Madrid",
    "madrilena": "Madrid",
    "lisboeta": "Lisbon",
    "barcelonan": "Barcelona",
    "hamburger": "Hamburg",
    "munchner": "Munich",
    "zuricher": "Zurich",
    "edinburgher": "Edinburgh",
}
_DEMONYM = _alternation(", ".join(DEMONYMS))

# Diets by name, whatever the verb ("I eat halal", "I keep kosher", "doing intermittent fasting").
DIET_WORDS = _alternation("""
    vegan, vegetarian, veggie, pescatarian, pescetarian, plant-based, plant based, keto, ketogenic, paleo, halal,
    kosher, gluten-free, gluten free, dairy-free, dairy free, lactose-free, lactose free, low-carb, low carb,
    carnivore, flexitarian, whole30, intermittent fasting, low-fodmap, low fodmap, mediterranean, raw vegan,
    sugar-free, sugar free, wheat-free, nut-free
""")
_DIET_SINGLE = _alternation("""
    vegan, vegetarian, veggie, pescatarian, pescetarian, plant-based, plant based, keto, paleo, flexitarian,
    gluten-free, gluten free, dairy-free, dairy free, lactose-free, lactose free, sugar-free, sugar free
""")
# What a diet leaves out: "I'm off dairy", "no gluten for me", "gave up meat".
FOODS = _alternation("""
    meat, red meat, white meat, pork, beef, lamb, chicken, fish, seafood, shellfish, dairy, milk, cheese, eggs,
    gluten, wheat, sugar, refined sugar, added sugar, carbs, bread, soy, nuts, peanuts, processed food,
    processed foods, junk food, fast food, animal products, meat and dairy, dairy and meat, meat and fish,
    fish and meat, dairy and eggs
""")
DRINKS = _alternation("alcohol, booze, caffeine, coffee, soda, fizzy drinks, energy drinks, beer, wine, spirits")

# What an answer is made of: "no emojis pls", "skip the pleasantries", "I'd rather have code than prose".
STYLE_NOUNS = _alternation("""
    emojis, emoji, emoticons, markdown, jargon, bullet points, bullets, bulleted lists, lists, headers,
    headings, tables, code blocks, fluff, filler, intro, intros, preamble, pleasantries, small talk, disclaimers,
    caveats, apologies, exclamation marks, exclamation points, hashtags, slang, acronyms, abbreviations,
    buzzwords, corporate speak, long answers, walls of text, essays, summaries, recaps, follow-up questions,
    bold, italics, formatting, metaphors, puns, jokes, sarcasm, em dashes, emdashes, flattery, praise,
    compliments, moralizing, moralising, lectures, hedging, technical terms, long intros, intro fluff,
    unnecessary details, sign-offs, greetings
""")
_FORMAT_NOUNS = _alternation("""
    code, code examples, code snippets, examples, prose, text, bullet points, bullets, lists, tables,
    paragraphs, diagrams, step-by-step instructions, steps, short answers, long answers, detailed answers,
    summaries, explanations, numbers, links, sources
""")
# What one asks the assistant to stop doing ("pls stop apologizing").
_TALK_GERUNDS = _alternation("""
    apologizing, apologising, hedging, repeating yourself, repeating things, rambling, lecturing, moralizing,
    moralising, over-explaining, overexplaining, sugarcoating, sugar-coating, padding, praising me,
    complimenting me, flattering me, thanking me, asking follow-up questions, asking me questions,
    saying great question, summarizing at the end, summarising at the end, adding disclaimers,
    adding caveats, being so formal, being so polite, being so verbose, being so wordy, writing essays
""")

# Adverbials a move keeps between its verb and "to" ("moved across the country to Perth").
_MOVE_WAY = (
    r"(?:(?:all\s+the\s+way\s+|halfway\s+)?across\s+the\s+(?:country|world|pond|globe|border|state|ocean|channel)"
    r"|out\s+west|back\s+east|down\s+south|up\s+north|back\s+home|abroad|overseas|for\s+good|permanently"
    r"|full[-\s]time|out|over|down|up|back|away|home|here|there)"
)
_NAME = r"(?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*){0,2}"
_NOW = r"(?:\s+(?:now|nowadays|these\s+days|for\s+now|at\s+the\s+moment|atm|currently|full\s+stop))?"
_ADV = (
    r"(?:(?:strictly|mostly|fully|basically|pretty\s+much|mainly|totally|completely|100%|kinda|kind\s+of|sort\s+of"
    r"|largely|officially|still|now|also|very|proudly|happily|mainly)\s+)"
)
_SCHEDULE = (
    r"(?:part[-\s]time|full[-\s]time|9\s*(?:to|-)\s*5|nine\s+to\s+five|nights|days|weekends|evenings|mornings"
    r"|shifts|remotely|hybrid|on\s+contract)"
)


# --- rewrites: the clause as the rules read it ----------------------------------------------------------------


@dataclass(frozen=True)
class _Form:
    pattern: re.Pattern[str]
    rewrite: Callable[[re.Match[str]], str | None]
    defers: bool = False  # the rules' own reading, when they have one, is kept (the form drops a detail)


@dataclass(frozen=True)
class Plain:
    text: str
    defers: bool = False


def _place(m: re.Match[str]) -> str:
    return f"I live in {m.group('p')}"


def _not_eaten(m: re.Match[str]) -> str:
    food = m.group("f")
    verb = "drink" if re.fullmatch(DRINKS, food, re.IGNORECASE) else "eat"
    return f"I do not {verb} {food}"


def _prefer(m: re.Match[str]) -> str | None:
    a, b = m.group("a").strip(), m.group("b").strip()
    if re.match(r"(?i)(?:i|we|you|it|that|this|game|me|he|she|they)\b", a):
        return None
    return f"I prefer {a} over {b}"


_FORMS = (
    # where one lives
    _Form(
        _rx(rf"^i\s+am\s+(?:a|an)\s+(?:proper\s+|true\s+|real\s+|full[-\s]fledged\s+)?(?P<d>{_DEMONYM}){_NOW}$"),
        lambda m: f"I live in {DEMONYMS[re.sub(r'[^a-z ]', '', ' '.join(m.group('d').lower().split()))]}",
    ),
    _Form(_rx(rf"^(?:i\s+am\s+|we\s+are\s+)?(?:now\s+|currently\s+)?(?P<p>{_NAME})[-\s]based{_NOW}$"), _place),
    _Form(
        _rx(r"^(?P<who>i\s+am|we\s+are|)\s*(?:now\s+|currently\s+)?based\s+out\s+of\s+"), lambda m: None
    ),  # rewritten below (keeps the rest)
    _Form(
        _rx(rf"^(?:my\s+|our\s+)?home(?:'s|\s+is)\s+(?:now\s+|these\s+days\s+)?(?:in\s+)?(?P<p>{_NAME}){_NOW}$"), _place
    ),
    _Form(_rx(rf"^(?P<p>{_NAME})(?:'s|\s+is)\s+(?:my\s+|our\s+)?home{_NOW}$"), _place),
    _Form(_rx(rf"^(?:i|we)\s+(?:now\s+)?call\s+(?P<p>{_NAME})\s+home{_NOW}$"), _place),
    _Form(
        _rx(
            rf"^(?:my\s+|our\s+)?home\s+(?:these\s+days|now|nowadays)\s+is\s+[\w' -]{{0,40}}?\s+(?:in|near)\s+"
            rf"(?P<p>{_NAME})$"
        ),
        _place,
    ),
    _Form(_rx(rf"^(?:i|we)\s+(?:currently\s+|now\s+)?stay\s+in\s+(?P<p>{_NAME}){_NOW}$"), _place),
    _Form(
        _rx(
            rf"^(?:i|we)\s+(?:(?:now|currently|still)\s+)?(?:live|am\s+living|are\s+living)\s+with\s+(?:my|our|a|the"
            rf"|two|three)\s+[\w' -]{{1,30}}?\s+in\s+(?P<p>{_NAME}){_NOW}$"
        ),
        _place,
    ),
    _Form(
        _rx(
            rf"^(?P<who>i|we)\s+(?:have\s+)?(?:(?:just|finally|recently|officially)\s+)*(?P<v>moved|relocated)\s+"
            rf"(?:{_MOVE_WAY}\s+){{1,2}}to\s+(?P<p>{_NAME})$"
        ),
        lambda m: f"{m.group('who')} moved to {m.group('p')}",
    ),
    _Form(
        _rx(
            rf"^(?P<who>i|we)\s+(?:have\s+)?(?:(?:just|finally|recently|officially)\s+)*(?:made|did|took)\s+the\s+"
            rf"(?:big\s+)?(?:move|leap|jump)\s+(?:over\s+)?to\s+(?P<p>{_NAME})$"
        ),
        lambda m: f"{m.group('who')} moved to {m.group('p')}",
    ),
    # diet
    _Form(
        _rx(rf"^(?:now\s+)?(?P<d>{_DIET_SINGLE})(?:\s+(?:now|these\s+days|here|too|myself|for\s+me|btw))+$"),
        lambda m: f"I am {m.group('d')}",
    ),
    _Form(
        _rx(rf"^(?:i\s+am|we\s+are)\s+{_ADV}{{1,2}}(?:an?\s+)?(?P<d>{_DIET_SINGLE})(?:\s+(?:now|these\s+days))?$"),
        lambda m: f"I am {m.group('d')}",
    ),
    _Form(
        _rx(
            rf"^(?:i\s+am|we\s+are)\s+(?:(?:now|completely|totally|fully|still)\s+)?off\s+(?P<f>{FOODS}|{DRINKS})"
            rf"{_NOW}$"
        ),
        _not_eaten,
    ),
    _Form(
        _rx(rf"^(?:no|zero)\s+(?P<f>{FOODS}|{DRINKS})\s+for\s+(?:me|us)(?:\s+(?:now|anymore|these\s+days))?$"),
        _not_eaten,
    ),
    _Form(
        _rx(
            r"^(?:i\s+am\s+|we\s+are\s+)?(?P<f>dairy|gluten|nut|sugar|meat|egg|soy|wheat|lactose)[-\s]free"
            r"(?:\s+(?:here|now|too|myself|these\s+days))?$"
        ),
        lambda m: f"I am {m.group('f').lower()}-free",
    ),
    _Form(
        _rx(
            rf"^(?:i|we)\s+(?:have\s+)?(?:(?:just|finally|completely|totally)\s+)?(?:quit|gave\s+up|given\s+up|cut\s+out"
            rf"|cut|ditched|dropped|kicked|stopped|eliminated|cut\s+back\s+on\s+all)\s+(?P<f>{FOODS})$"
        ),
        lambda m: f"I stopped eating {m.group('f')}",  # an ending, as the rules read "stopped eating"
    ),
    _Form(
        _rx(r"^i\s+am\s+intolerant\s+to\s+(?P<f>lactose|gluten|fructose|histamine)$"),
        lambda m: f"I am {m.group('f').lower()} intolerant",
    ),
    # preferences about things
    _Form(
        _rx(r"^(?:i\s+am\s+)?not\s+(?:a\s+)?(?:big|huge|massive|great|real|total|particular)\s+fan\s+of\s+(?P<x>.+)$"),
        lambda m: f"I am not a fan of {m.group('x')}",
    ),
    _Form(
        _rx(r"^i\s+(?:much|far|definitely|def|generally|usually|mostly|massively|strongly|way)\s+prefer\s+(?P<x>.+)$"),
        lambda m: f"I prefer {m.group('x')}",
    ),
    _Form(
        _rx(
            r"^(?P<a>[\w'-]+(?:\s+[\w'-]+){0,2}?)\s*(?:>|>>|&gt;)\s*(?P<b>[\w'-]+(?:\s+[\w'-]+){0,2}?)"
            r"(?:\s+(?:for\s+me|any\s+day|every\s+time|always|tbh|imo|honestly|fr))*$"
        ),
        _prefer,
    ),
    _Form(
        _rx(
            r"^(?P<a>[\w'-]+(?:\s+[\w'-]+)?)\s+over\s+(?P<b>[\w'-]+(?:\s+[\w'-]+)?)\s+(?:any\s+day|every\s+(?:time|day)"
            r"|all\s+day(?:\s+long)?|for\s+me|hands\s+down|always)\b[\w\s]*$"
        ),
        _prefer,
    ),
    _Form(
        _rx(
            r"^(?P<x>(?!(?:it|that|this|he|she|they|which|what)\b)[\w'-]+(?:\s+[\w'-]+){0,2}?)\s+(?:is|are)\s+"
            r"(?:totally\s+|so\s+|literally\s+|honestly\s+)?my\s+(?:jam|thing|fave|fav|favourite\s+thing|favorite\s+thing"
            r"|happy\s+place|guilty\s+pleasure|weakness|obsession)$"
        ),
        lambda m: f"I love {m.group('x')}",
    ),
    _Form(
        _rx(
            r"^i\s+am\s+(?:a|an)\s+(?:big\s+|huge\s+|massive\s+|lifelong\s+|die-?hard\s+|total\s+|massive\s+)?"
            r"(?P<x>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2})\s+(?:fan|supporter)$"
        ),
        lambda m: f"I am a big fan of {m.group('x')}",
    ),
    # work
    _Form(
        _rx(r"^(?:i\s+am\s+)?(?:(?:currently|now|still|mostly|basically|just)\s+)*working\s+as\s+(?=an?\s)"),
        lambda m: None,
    ),  # rewritten below (keeps the rest)
    _Form(
        _rx(r"^my\s+(?:(?:day|main|actual|real|full[-\s]time|current)\s+)?job\s+is\s+in\s+(?P<x>.+)$"),
        lambda m: f"I work in {m.group('x')}",
    ),
    _Form(
        _rx(r"^my\s+(?:day|main|actual|real|full[-\s]time|current)\s+job\s+is\s+(?P<x>.+)$"),
        lambda m: f"my job is {m.group('x')}",
        defers=True,
    ),
    # a team's tools
    _Form(
        _rx(
            r"^it(?:'s|\s+is)\s+(?P<t>(?-i:[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)\s+(?:everywhere|all\s+the\s+way"
            r"(?:\s+down)?|across\s+the\s+board|for\s+everything|top\s+to\s+bottom)$"
        ),
        lambda m: f"we use {m.group('t')}",
    ),
    _Form(
        _rx(
            r"^we\s+(?:have\s+)?(?:(?:just|finally|recently|officially|basically|now|all|kind\s+of)\s+)*(?:standardi[sz]ed"
            r"|settled|bet(?:\s+everything|\s+big)?|went\s+all[-\s]in|are\s+all[-\s]in|have\s+gone\s+all[-\s]in|rely"
            r"|depend|are\s+built|built\s+everything)\s+on\s+(?P<t>(?-i:[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)"
            r"(?P<rest>\s+(?:for|at)\s+.+)?$"
        ),
        lambda m: f"we use {m.group('t')}{m.group('rest') or ''}",
    ),
    _Form(
        _rx(
            r"^our\s+(?P<thing>servers?|boxes|machines|laptops|backend|frontend|infra|infrastructure|stack|cluster|app|apps"
            r"|services?)\s+(?:all\s+)?(?:runs?|run)\s+(?:on\s+)?(?P<t>(?-i:[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)$"
        ),
        lambda m: f"our {m.group('thing')} {'are' if m.group('thing').endswith(('s', 'es')) else 'is'} {m.group('t')}",
    ),
)

_STYLE_FORMS = (
    _Form(
        _rx(
            rf"^(?:(?:and|also|oh|ok|okay|btw)\s+)?(?:no|zero)\s+(?:more\s+)?(?P<n>{STYLE_NOUNS})(?:\s+(?:please|pls|plz"
            r"|thanks|thx|ty|for\s+me|in\s+(?:answers|replies|responses)|ever|again|ok|k))*$"
        ),
        lambda m: f"no {m.group('n')}",
    ),
    _Form(
        _rx(
            rf"^(?:(?:please|pls|plz|just|can\s+you|could\s+you)\s+)*(?:skip|cut|drop|ditch|lose|spare\s+me|leave\s+out"
            rf"|hold|go\s+easy\s+on)\s+(?:the\s+|all\s+(?:the\s+)?|your\s+)?(?P<n>{STYLE_NOUNS})"
            r"(?:\s+(?:please|pls|plz|thanks|thx))*$"
        ),
        lambda m: f"no {m.group('n')}",
    ),
    _Form(
        _rx(
            r"^keep\s+(?P<w>it|answers|replies|responses|things|them|explanations)\s+(?P<a>short|brief|concise|simple|tight"
            r"|casual)\s+and\s+(?:to\s+the\s+point|sweet|simple|concise|clear|snappy|brief)$"
        ),
        lambda m: f"keep {m.group('w')} {m.group('a')}",
    ),
    _Form(
        _rx(
            rf"^(?:i\s+am\s+)?not\s+(?:a\s+)?(?:(?:big|huge|massive|great|real|total|particular)\s+)?fan\s+of\s+"
            rf"(?P<n>{STYLE_NOUNS})$"
        ),
        lambda m: f"no {m.group('n')}",
    ),
)
_STYLE_LEAD = _rx(r"^(?:(?:honestly|tbh|ok|okay|so|oh|also|and|btw|one\s+more\s+thing|fyi|generally)\s*[,:]?\s+)+")


def style_plainly(sentence: str) -> str | None:
    """A standing request about the assistant's answers in the wording the style rules read ("skip the
    pleasantries" -> "no pleasantries"), or None."""
    said = _STYLE_LEAD.sub("", sentence.strip().rstrip(".!")).strip()
    lowered = lowered_ascii(said)
    for form in _STYLE_FORMS:
        if (m := _match(form.pattern, said, lowered)) is not None and (plain := form.rewrite(m)):
            return plain
    return None


_BASED_OUT_OF = _FORMS[2].pattern
_WORKING_AS = [f for f in _FORMS if "working" in f.pattern.pattern][0].pattern

# "we're a Java shop": a team named by its one tool (the tool must be one the caller knows).
_TOOL_SHOP = _rx(
    r"^we\s+are\s+(?:(?:basically|mostly|very\s+much|pretty\s+much|all)\s+)?(?:a|an)\s+(?P<t>[\w.+#-]+(?:\s+[\w.+#-]+)?)"
    r"\s+(?:shop|house|team|company|org|outfit)(?:\s*,.*)?$"
)


# "our frontend is all svelte", "backend is go", "our whole infra is terraform + aws": a part of the team's
# tooling named by known tools, in chat's lower case (the belonging reader wants a capital).
_TOOLING_PART = (
    r"(?:frontend|front\s+end|backend|back\s+end|stack|infra|infrastructure|ci|cd|ci/cd|db|database|data\s+warehouse"
    r"|warehouse|cache|queue|hosting|cloud|monitoring|logging|tooling|codebase|api|app|mobile\s+app|web\s+app|editor)"
)
_TOOLING_IS = _rx(
    rf"^(?:(?:our|my\s+team'?s|the\s+team'?s|the\s+company'?s)\s+)?(?:whole\s+|entire\s+|main\s+)?(?P<thing>{_TOOLING_PART})"
    r"\s+(?:is|are|'s)\s+(?:(?:all|mostly|entirely|just|pure|basically|still)\s+)?(?:written\s+in\s+|built\s+(?:in|on|with)\s+"
    r"|on\s+)?(?P<t>[\w.#-]+(?:\s+[\w.#-]+)?(?:\s*(?:\+|&|/|,|and)\s*[\w.#-]+(?:\s+[\w.#-]+)?){0,3})$"
)
# Frameworks, infrastructure and data tools chat writes in lower case ("our frontend is all svelte"), known
# here only to tell a tool's name from a word; their slot is the part of the tooling they are named for.
_TECH_NAMES = _word_set(
    """
    react vue svelte angular next.js nextjs nuxt django flask rails laravel spring express fastapi terraform
    pulumi ansible kubernetes k8s docker nomad kafka rabbitmq graphql node nodejs node.js deno bun tailwind
    htmx flutter electron unity godot snowflake bigquery redshift databricks airflow dbt spark grafana
    prometheus datadog sentry splunk elixir phoenix remix astro gatsby ember jquery
    """
)


def is_tech_name(name: str) -> bool:
    """A framework, platform or infrastructure tool known by name ("Kubernetes", "docker")."""
    return name.strip().lower() in _TECH_NAMES


def _named_tool(name: str, is_tool: Callable[[str], bool]) -> bool:
    return is_tool(name) or name.lower() in _TECH_NAMES or name[:1].isupper()


_TOOLING_PAIR = rf"{_TOOLING_PART}\s+(?:is|are|'s)\s+[\w.#+ -]{{1,40}}?"
_TOOLING_LIST = _rx(
    rf"^(?P<own>(?:our|my\s+team'?s|the\s+team'?s)\s+)(?:whole\s+|entire\s+|main\s+)?{_TOOLING_PAIR}"
    rf"(?:\s*(?:,|;)\s*(?:and\s+|but\s+|while\s+|plus\s+)?(?:the\s+)?{_TOOLING_PAIR}|\s+(?:and|but|while|plus)\s+(?:the\s+)?"
    rf"{_TOOLING_PAIR})+$"
)
_TOOLING_CUT = _rx(
    rf"\s*(?:,|;)\s*(?:and\s+|but\s+|while\s+|plus\s+)?(?:the\s+)?(?={_TOOLING_PART}\s+(?:is|are|'s)\s)"
    rf"|\s+(?:and|but|while|plus)\s+(?:the\s+)?(?={_TOOLING_PART}\s+(?:is|are|'s)\s)"
)


def tooling_parts(clause: str) -> list[str] | None:
    """ "our frontend is all svelte, backend is go": each part of the team's tooling said with its own
    "our" (the possessive said once is every part's), or None when the clause is no such list."""
    m = _TOOLING_LIST.match(clause) if may_match(of_pattern(_TOOLING_LIST), lowered_ascii(clause)) else None
    if m is None:
        return None
    parts = [p.strip() for p in _TOOLING_CUT.split(clause[m.end("own") :]) if p and p.strip()]
    return [m.group("own") + p for p in parts] if len(parts) > 1 else None


_TOOL_SPLIT = re.compile(r"\s*(?:\+|&|/|,|\band\b)\s*")
# "we've been on Kubernetes for two years": a team's tool kept up (the date said apart).
_BEEN_ON_TOOL = _rx(
    r"^we\s+have\s+been\s+(?:on|using|running(?:\s+on)?)\s+(?P<t>(?-i:[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)$"
)
# "we live out in the countryside near York": the particle before where one lives says nothing of it.
_LIVE_OUT_IN = _rx(
    r"^(?P<head>(?:i|we)\s+(?:(?:now|currently|still)\s+)?live)\s+(?:out|up|down|over|right|way\s+out)\s+(?=in\s)"
)
# "i haven't eaten meat in 5 years": a food not eaten since (the time said apart).
_NOT_EATEN_SINCE = _rx(rf"^i\s+have\s+(?:not|never)\s+(?:eaten|had|touched)\s+(?P<f>{FOODS})$")
_NOT_DRUNK_SINCE = _rx(rf"^i\s+have\s+(?:not|never)\s+(?:drunk|drank|had|touched)\s+(?P<f>{DRINKS})$")

# "we do sprint planning in Jira", "we track bugs on Linear": a work practice done in a named tool is the tool
# used for it ("we use Jira for sprint planning", which the tool readers slot by its purpose).
_PRACTICE_IN_TOOL = _rx(
    r"^we\s+(?:(?:mostly|all|still|now|also|basically)\s+)?(?P<v>do|run|handle|manage|track|plan|keep|file|log|write"
    r"|host|store|review|schedule|organi[sz]e|coordinate|document)\s+(?:all\s+|our\s+|the\s+)?(?P<p>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*){0,2})\s+(?:in|on|with|using|via|through)\s+(?P<t>[\w.+#-]+(?:\s+(?-i:[A-Z])[\w.+#-]*)?)$"
)

_DATED_DIET = _rx(rf"^(?:now\s+|fully\s+|strictly\s+)?(?P<d>{_DIET_SINGLE})$")


def plainly(clause: str, is_tool: Callable[[str], bool], *, dated: bool = False) -> Plain | None:
    """The clause in the wording the rules read, or None when no form here says it otherwise. ``dated``: the
    clause said when it began ("plant-based since May"), so a diet's name alone is the speaker's diet."""
    lowered = lowered_ascii(clause)
    if dated and (m := _match(_DATED_DIET, clause, lowered)) is not None:
        return Plain(f"I am {m.group('d')}")
    if (m := _match(_TOOLING_IS, clause, lowered)) is not None:
        tools = [t for t in _TOOL_SPLIT.split(m.group("t")) if t]
        if len(tools) == 1 and _named_tool(tools[0], is_tool):
            # the part's own slot (the belonging reader wants the name as a name: "our frontend is Svelte")
            own = clause[: m.start("thing")] or "our "
            return Plain(f"{own}{m.group('thing')} is {tools[0][:1].upper()}{tools[0][1:]}")
        if tools and all(_named_tool(t, is_tool) for t in tools):
            return Plain("we use " + " and ".join(t if is_tool(t) else t[:1].upper() + t[1:] for t in tools))
    if dated and (m := _match(_BEEN_ON_TOOL, clause, lowered)) is not None:
        return Plain(f"we use {m.group('t')}")
    if (m := _match(_LIVE_OUT_IN, clause, lowered)) is not None:
        return Plain(f"{m.group('head')} {clause[m.end() :]}")
    if dated and (m := _match(_NOT_EATEN_SINCE, clause, lowered) or _match(_NOT_DRUNK_SINCE, clause, lowered)):
        return Plain(_not_eaten(m))
    if (m := _match(_PRACTICE_IN_TOOL, clause, lowered)) is not None and _named_tool(m.group("t"), is_tool):
        verb = "" if m.group("v").lower() == "do" else m.group("v").lower() + "ing "
        return Plain(f"we use {m.group('t')} for {verb}{m.group('p')}", defers=True)
    if (m := _match(_TOOL_SHOP, clause, lowered)) is not None:
        return Plain(f"we use {m.group('t')}") if is_tool(m.group("t")) else None
    if (m := _match(_BASED_OUT_OF, clause, lowered)) is not None:
        who = (m.group("who") or "I am").strip() or "I am"
        return Plain(f"{who} based in {clause[m.end() :]}")
    if (m := _match(_WORKING_AS, clause, lowered)) is not None:
        return Plain("I work as " + clause[m.end() :], defers=True)
    for form in _FORMS:
        if (m := _match(form.pattern, clause, lowered)) is not None:
            said = form.rewrite(m)
            if said:
                return Plain(said, form.defers)
    return None


def _match(pattern: re.Pattern[str], clause: str, lowered: str | None) -> re.Match[str] | None:
    if not may_match(of_pattern(pattern), lowered):
        return None
    return pattern.match(clause)


# --- read here: what no rule says ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Said:
    text: str
    slot: str
    value: str
    preference: bool = False
    defers: bool = False  # the rules' own reading, when they have one, is kept


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


_RATHER_FORMAT = _rx(
    rf"^(?:(?:honestly|tbh|ok|okay|so|well|also|and|but|generally|usually)\s*,?\s+)*i\s+(?:would|'d)\s+(?:much\s+)?rather"
    rf"\s+(?:have|get|see|read|use)\s+(?P<a>{_FORMAT_NOUNS})\s+than\s+(?P<b>{_FORMAT_NOUNS})[\s.!]*$"
)
_RATHER_YOU_NOT = _rx(
    r"^i\s+would\s+(?:much\s+)?rather\s+you\s+(?:did\s+not|didn't|do\s+not|don't|never|not)\s+(?P<v>[a-z-]+)(?P<rest>(?:\s+[\w'-]+){0,5})$"
)
_HATE_WHEN_YOU = _rx(
    r"^i\s+(?:really\s+)?(?:hate|dislike|do\s+not\s+like|can\s*not\s+stand|cannot\s+stand)\s+(?:it\s+)?when\s+you\s+"
    r"(?P<v>[a-z-]+)(?P<rest>(?:\s+[\w'-]+){1,5})$"
)
# How an answer may be put: "I'd rather you be blunt".
_MANNERS = _word_set(
    """
    blunt direct honest brief concise short casual formal informal friendly gentle critical patient technical
    detailed thorough straightforward frank succinct terse playful serious funny encouraging harsh
    """
)
_CHAT_FILLER = _rx(r"\s+(?:lol|lmao|haha+|tbh|pls|plz|please|ok|okay|honestly|really|tho|though|ngl|fr|imo)\b")
_STOP_TALKING = _rx(
    rf"^(?:(?:please|pls|plz|can\s+you|could\s+you|just|and)\s+)*(?:stop|quit)\s+(?P<g>{_TALK_GERUNDS})(?:\s+(?:please|pls|plz))*$"
)
_GIG_AGENT = {"drive": "driver", "deliver": "delivery rider", "ride": "rider", "cycle": "courier", "courier": "courier"}
_GIG = _rx(
    r"^i\s+(?:currently\s+|also\s+|mostly\s+)?(?P<v>drive|deliver|ride|cycle|courier)\s+for\s+"
    r"(?P<o>(?-i:[A-Z])[\w&.'-]*(?:\s+(?-i:[A-Z])[\w&.'-]*)?)"
    r"(?:\s+(?:on\s+(?:weekends|the\s+side|evenings)|part[-\s]time|full[-\s]time|at\s+night|now))?$"
)
_LEAD_AT = _rx(
    r"^i\s+(?P<v>manage|lead|run|head|supervise|oversee)\s+(?P<what>(?:a|the|our|two|three|\d+)\s+[\w' -]{1,40}?)"
    r"\s+at\s+"
    r"(?P<o>(?-i:[A-Z])[\w&.'-]*(?:\s+(?-i:[A-Z])[\w&.'-]*)?)$"
)
_SHIFT = _rx(
    r"^i\s+(?:usually\s+|mostly\s+|currently\s+)?am\s+on\s+(?:the\s+)?(?P<s>night|nights|day|early|late|graveyard"
    r"|evening|morning|weekend|overnight)\s+shifts?(?:\s+at\s+(?P<at>(?:the\s+|a\s+)?[\w' -]{2,40}))?$"
)


_RATHER_YOU_BE = _rx(
    r"^i\s+would\s+(?:much\s+)?rather\s+you\s+(?:be|were|are|was)\s+(?P<adj>(?:more\s+|a\s+bit\s+more\s+)?[a-z-]+)$"
)


def read_as_said(raw: str) -> list[Said]:
    """ "I'd rather have code than prose" as said (the prepared clause rewrites "rather ... than" into verbs)."""
    m = _match(_RATHER_FORMAT, raw, lowered_ascii(raw))
    if m is None:
        return []
    a, b = m.group("a"), m.group("b")
    return [Said(f"The user prefers {a} over {b} in answers", "style:format", a.lower(), preference=True)]


def read(clause: str, *, dated: bool = False) -> list[Said]:
    """What the clause says that no rule says: the assistant's answer format and manner, gig and lead work.
    ``dated``: the clause said when; a shift said with a time ("on nights this month") is a rota, not the job."""
    lowered = lowered_ascii(clause)
    if (m := _match(_RATHER_FORMAT, clause, lowered)) is not None:
        a, b = m.group("a"), m.group("b")
        return [Said(f"The user prefers {a} over {b} in answers", "style:format", a.lower(), preference=True)]
    if (m := _match(_RATHER_YOU_BE, clause, lowered)) is not None and m.group("adj").split()[-1] in _MANNERS:
        adj = " ".join(m.group("adj").split())
        return [Said(f"The user wants the assistant to be {adj}", "style:tone", adj, preference=True)]
    if (m := _match(_RATHER_YOU_NOT, clause, lowered)) is not None:
        what = f"{m.group('v')}{m.group('rest')}".strip()
        return [Said(f"The user wants the assistant not to {what}", f"style:{_slug(m.group('v'))}", what, True)]
    if (m := _match(_HATE_WHEN_YOU, clause, lowered)) is not None and (
        rest := _CHAT_FILLER.sub("", m.group("rest"))
    ).strip():
        what = f"{m.group('v')}{rest}".strip()
        noun = rest.split()[-1]
        return [Said(f"The user does not want the assistant to {what}", f"style:{_slug(noun)}", what, True)]
    if (m := _match(_STOP_TALKING, clause, lowered)) is not None:
        what = " ".join(m.group("g").split())
        return [Said(f"The user wants the assistant to stop {what}", f"style:{_slug(what.split()[0])}", what, True)]
    if (m := _match(_GIG, clause, lowered)) is not None:
        return [
            Said(
                f"The user is a {_GIG_AGENT[m.group('v').lower()]} for {m.group('o')}", "employer", m.group("o").lower()
            )
        ]
    if (m := _match(_LEAD_AT, clause, lowered)) is not None:
        what = " ".join(m.group("what").split())
        verb = m.group("v").lower()
        verb = verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")
        return [Said(f"The user {verb} {what} at {m.group('o')}", "employer", m.group("o").lower())]
    if not dated and (m := _match(_SHIFT, clause, lowered)) is not None:
        shift = m.group("s").lower().rstrip("s") if m.group("s").lower() != "nights" else "night"
        said = [Said(f"The user works the {shift} shift", "work:hours", f"{shift} shift", defers=True)]
        if m.group("at"):
            at = " ".join(m.group("at").split())
            said.append(
                Said(f"The user works at {at}", "employer", re.sub(r"^(?:the|a)\s+", "", at.lower()), defers=True)
            )
        return said
    return []


# --- retyped: a fact on a catch-all slot, given the slot its lexicon names ----------------------------------

_DIET_SAID = _rx(
    rf"^The user(?:'s diet)?\s+(?:eats|keeps|follows|does|is\s+doing|is\s+on|is|has\s+been|has\s+gone|went|goes)\s+"
    rf"(?:(?:mostly|strictly|mainly|an?|the|a\s+\w+)\s+)*(?P<d>{DIET_WORDS})\b"
)
_IS_A_DIET_HOUSEHOLD = _rx(rf"^The user is an?\s+(?P<d>{_DIET_SINGLE})\s+(?:household|family|home)\b")
_AVOIDS_FOOD = _rx(rf"^The user\s+(?:avoids|has\s+been\s+off|is\s+off|stays\s+off|skips)\s+(?P<f>{FOODS}|{DRINKS})\b")
_CATCH_ALL = ("habit:", "trait:", "own:", "event:")


def on_catch_all(slot: str | None) -> bool:
    """A slot made from the clause's own words (a habit, a trait, a thing owned, an event, a thing ended):
    what the rules read when no class of theirs fitted."""
    return not slot or slot.startswith((*_CATCH_ALL, "*:"))


def retyped(text: str, slot: str | None, negated: bool) -> str | None:
    """The slot a fact's diet word or left-out food names ("eats halal", "avoids sugar"), when it was read on
    a catch-all slot; None to keep the slot."""
    if negated or not slot or not slot.startswith(_CATCH_ALL) or "@" in slot:
        return None
    if _DIET_SAID.match(text) or _IS_A_DIET_HOUSEHOLD.match(text):
        return "diet"
    if (m := _AVOIDS_FOOD.match(text)) is not None:
        return f"avoid:{_slug(m.group('f'))}"
    return None


# "we do code review in Gerrit", "we containerize everything with Docker": a team's work practice done with a
# named tool is the tool's fact (its kind the slot when known), not a habit. The practice must be work (a verb
# or a "do" of the lexicon): "we go hiking in Wales" names a place, not a tool.
_PRACTICE = _rx(
    r"^The user\s+(?:(?:containerizes|containerises|deploys|builds|tests|tracks|hosts|manages|monitors|reviews"
    r"|documents|plans|designs|schedules|stores|logs|automates|provisions|orchestrates|packages|ships|writes|codes|compiles|lints"
    r"|versions|backs\s+up|syncs|chats|communicates|runs|handles|keeps|files|releases|prototypes|analyzes|analyses)\b"
    r"|does\s+(?:(?:all|our|their|the|its)\s+)?(?:code\s+reviews?|reviews|ci|cd|deploys|deployments|testing|tests|builds"
    r"|planning|sprints|sprint\s+planning|standups|stand-ups|retros|docs|documentation|design|tickets|bug\s+tracking"
    r"|monitoring|logging|analytics|backups|infra|releases|on-call|incident\s+management|project\s+management)\b)"
)
_DONE_WITH_TOOL = _rx(r"\s(?:with|in|using|via|through|on)\s+(?P<t>(?-i:[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*)?)$")


def tool_done_with(text: str, slot: str | None, tool_slot: Callable[[str], str]) -> str | None:
    """The tool slot of a team's work practice said with a named tool, or None."""
    if not slot or not slot.startswith("habit:") or "@" in slot or not _PRACTICE.match(text):
        return None
    m = _DONE_WITH_TOOL.search(text)
    return tool_slot(m.group("t")) if m else None


# "our competitors use Salesforce", "our clients are on SAP": a tool of people outside the team is not the team's.
_OUTSIDERS_TOOL = _rx(
    r"^The user's\s+(?:team's\s+|company's\s+)?(?:competitors?|rivals?|clients?|customers?|vendors?|suppliers?"
    r"|investors?|neighbou?rs?|users|contractors?|agency's|parent\s+company|sister\s+company)\b"
)


def someone_elses_tool(text: str, slot: str | None) -> bool:
    """Whether a tool fact says what people outside the user's team use."""
    return bool(slot) and slot.startswith("tool:") and _OUTSIDERS_TOOL.match(text) is not None
