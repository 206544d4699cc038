"""Five classes whose test-split end state has not moved for two sessions: a team's or company's tools and
practices said as "we", one's work, where one lives, one's diet, and preferences (about the assistant and
about things). Each class has many phrasings invented for this file (word order, tense, contractions,
fillers, lowercase chat, typos, joined clauses, other names and values) and near-misses that must give
nothing on the class's slots: questions, hypotheticals, plans, someone else's fact, a request about this one
answer.

A positive case passes when, for each wanted keyword, some fact on one of the class's slots names it as a
whole word (``a|b``: either), as the evaluation matches facts. Every line was written for this file; none
comes from an evaluation set.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from functools import partial

import pytest

from shared.domain.models import ExtractedFact
from shared.domain.slots import base_slot
from tests.unit.exchange import message_facts, shown

SAID = datetime(2026, 6, 17, 9, 15, tzinfo=UTC)
said = partial(message_facts, at=SAID)


# The slots each class's facts live on (a prefix of the slot without its context).
FAMILIES = {
    "we": ("tool:",),
    "work": ("occupation", "employer", "industry", "work:", "job"),
    "location": ("location",),
    "diet": ("diet", "allergy:", "avoid:", "health:"),
    "preference": ("style:", "like:", "dislike:", "pref", "avoid:", "favourite:"),
}


def on_family(fact: ExtractedFact, family: str) -> bool:
    slot = (base_slot(fact.slot or "") or "").lower()
    return slot.startswith(FAMILIES[family])


def names(fact: ExtractedFact, keyword: str) -> bool:
    return any(re.search(rf"(?<!\w){re.escape(k)}(?!\w)", fact.text, re.I) for k in keyword.split("|"))


def check(family: str, message: str, wanted: tuple[str, ...], negated: bool = False) -> None:
    facts = said(message)
    for keyword in wanted:
        found = [f for f in facts if on_family(f, family) and f.negated == negated and names(f, keyword)]
        assert found, (keyword, shown(facts))


def left_for_later(message: str, wanted: tuple[str, ...], why: str):
    """A case still missed, with its cause (strict: it fails loudly once a change reads it)."""
    return pytest.param(message, wanted, marks=pytest.mark.xfail(reason=why, strict=True))


def check_nothing(family: str, message: str) -> None:
    facts = said(message)
    assert not [f for f in facts if on_family(f, family)], shown(facts)


# --- we-statements: a team's or company's tools and practices ---------------------------------------------

WE = [
    ("we're on GCP", ("gcp",)),
    ("our stack is Go + Postgres", ("go", "postgres")),
    ("the team ships with GitHub Actions", ("github actions",)),
    ("at work it's all Jira", ("jira",)),
    ("We host everything on AWS", ("aws",)),
    ("our backend is written in Rust", ("rust",)),
    ("we deploy with ArgoCD", ("argocd",)),
    ("my team uses Notion for docs", ("notion",)),
    ("we use Slack for chat at work", ("slack",)),
    ("at my company we run Kubernetes", ("kubernetes",)),
    ("our db is MongoDB", ("mongodb",)),
    ("we're a Python shop", ("python",)),
    ("honestly we're a java shop, always have been", ("java",)),
    ("our CI runs on CircleCI", ("circleci",)),
    ("we code in TypeScript mostly", ("typescript",)),
    ("everyone on my team uses PyCharm", ("pycharm",)),
    ("we track tickets in Linear", ("linear",)),
    ("we just switched to Bitbucket", ("bitbucket",)),
    ("we recently migrated from MySQL to Postgres", ("postgres",)),
    ("our monitoring is Datadog", ("datadog",)),
    ("we use terraform for infra", ("terraform",)),
    ("at work we're all on Teams", ("teams",)),
    ("our frontend's built in Vue", ("vue",)),
    ("we build the app with Flutter", ("flutter",)),
    ("the company standardised on Azure last year", ("azure",)),
    ("we've been using Sentry for error tracking", ("sentry",)),
    ("my team writes everything in Kotlin", ("kotlin",)),
    ("we run our stuff on Heroku", ("heroku",)),
    ("our data warehouse is Snowflake", ("snowflake",)),
    ("we're using redis for caching", ("redis",)),
    ("we do code review in Gerrit", ("gerrit",)),
    ("at the office we use Confluence for docs", ("confluence",)),
    ("we use Figma for design", ("figma",)),
    ("our main language at work is Scala", ("scala",)),
    ("we went with Supabase for the backend", ("supabase",)),
    ("the team's on Discord, not Slack", ("discord",)),
    ("so we're using Airflow for pipelines now", ("airflow",)),
    ("we ditched Trello for Asana", ("asana",)),
    ("ok so at my job we use Elixir", ("elixir",)),
    ("our servers run Ubuntu", ("ubuntu",)),
    ("we containerize everything with Docker", ("docker",)),
    ("Our team deploys to Vercel", ("vercel",)),
    ("we use GitLab for everything, CI included", ("gitlab",)),
    ("we moved from Bamboo to GitHub Actions last month", ("github actions",)),
    ("we're all in on Snowflake at work", ("snowflake",)),
    ("our infra is on DigitalOcean", ("digitalocean",)),
    ("we mostly write Ruby, some Go", ("ruby",)),
    ("at my job it's Postgres everywhere", ("postgres",)),
    # a second batch: chat's lower case, parts of the tooling named together, kept up, joined clauses
    ("our frontend is all svelte, backend is go", ("svelte", "go")),
    ("our backend is Django and the frontend is React", ("django", "react")),
    ("our whole infra is terraform + aws", ("aws",)),
    ("backend is go btw", ("go",)),
    ("we've been on Kubernetes for two years", ("kubernetes",)),
    ("we use postgres and redis at work", ("postgres",)),
    ("at my work we use clickup for tasks", ("clickup",)),
    ("my company's on AWS", ("aws",)),
    ("ok so we're on azure and honestly it's fine", ("azure",)),
    ("our ci is github actions", ("github actions",)),
    ("we do sprint planning in Jira", ("jira",)),
    ("we deploy everything through Jenkins", ("jenkins",)),
]

WE_ENDED = [
    ("we moved off Jenkins", ("jenkins",)),
    ("we got rid of Jira last quarter", ("jira",)),
    ("our team stopped using Heroku", ("heroku",)),
    ("we don't use Mongo anymore", ("mongo",)),
]

WE_NOTHING = [
    "should we use Kafka or RabbitMQ?",
    "what if we moved to AWS?",
    "we might switch to Rust next year",
    "we're thinking about trying Linear",
    "my friend's team uses Jira",
    "do you guys use Docker?",
    "we should really use Terraform",
    "we're on our way home",
    "if we used Go it would be faster",
    "our competitors use Salesforce",
    "we could try Postgres I guess",
    "does your team use Kubernetes?",
    "our app is a mess",
    "the backend is slow and buggy",
    "we've been on holiday for two weeks",
    "we are 3",
]


@pytest.mark.parametrize(("message", "wanted"), WE)
def test_we_statement(message, wanted):
    check("we", message, wanted)


@pytest.mark.parametrize(("message", "wanted"), WE_ENDED)
def test_we_statement_ended(message, wanted):
    check("we", message, wanted, negated=True)


@pytest.mark.parametrize("message", WE_NOTHING)
def test_we_statement_nothing(message):
    check_nothing("we", message)


# --- work: role, employer, industry, hours, place, since when ----------------------------------------------

WORK = [
    ("I'm a nurse", ("nurse",)),
    ("i work at Spotify", ("spotify",)),
    ("I'm a software engineer at Shopify", ("shopify",)),
    ("been working at Deloitte since 2021", ("deloitte",)),
    ("I work nights", ("nights",)),
    ("I'm in marketing", ("marketing",)),
    ("I teach maths at a secondary school", ("maths|teaches|teacher",)),
    ("I'm a freelance photographer", ("photographer",)),
    ("i do accounting for a living", ("accounting",)),
    ("I work as a barista", ("barista",)),
    ("I'm employed by Siemens", ("siemens",)),
    ("my job is in cybersecurity", ("cybersecurity",)),
    ("I'm a data scientist in Pune", ("data scientist",)),
    ("I'm an electrician, self-employed", ("electrician",)),
    ("I run a small bakery", ("bakery",)),
    ("I'm a postdoc at ETH Zurich", ("postdoc|eth",)),
    ("work's at a hospital, I'm a radiographer", ("radiographer",)),
    ("I just started at Google as a PM", ("google",)),
    ("I joined Stripe last month", ("stripe",)),
    ("currently working as a UX designer", ("ux designer",)),
    ("I'm a lawyer at a big firm", ("lawyer",)),
    ("i'm a dentist lol", ("dentist",)),
    ("I've been a firefighter for 12 years", ("firefighter",)),
    ("I work 9 to 5 at a bank", ("bank",)),
    ("I'm the CTO of a small fintech", ("cto",)),
    ("I manage a team of 8 at Unilever", ("unilever",)),
    ("I'm a line cook", ("cook",)),
    ("I work in construction", ("construction",)),
    ("I work for the NHS", ("nhs",)),
    ("I'm a high school teacher", ("teacher",)),
    ("I drive for Uber", ("uber",)),
    ("I'm a pharmacist at Boots", ("pharmacist",)),
    ("I work part-time at a library", ("library",)),
    ("I'm a civil engineer", ("civil engineer",)),
    left_for_later(
        "my day job is tech support",
        ("tech support",),
        "the rules read 'my job is X' only for a known line of work or role; 'tech support' is neither",
    ),
    ("I work in Amsterdam", ("amsterdam",)),
    ("I'm an accountant, have been for 6 years", ("accountant",)),
    ("so I work at Ikea now", ("ikea",)),
    ("I'm working at a call centre atm", ("call centre",)),
    ("I'm a Senior SRE at Cloudflare", ("cloudflare",)),
    ("I'm an architect", ("architect",)),
    ("I got a job at Lidl", ("lidl",)),
    ("I'm a translator, mostly German to English", ("translator",)),
    ("I work at a vet clinic as a receptionist", ("receptionist|vet clinic",)),
    ("im a welder at a shipyard", ("welder",)),
    ("I'm a product manager at Canva", ("canva",)),
    ("I've worked at Bosch for three years now", ("bosch",)),
    ("I'm on the night shift at the hospital", ("night|hospital",)),
    # a second batch
    ("im a nurse in the NICU at St Jude's", ("nurse",)),
    ("i work for a small agency in Leeds, doing front end", ("agency",)),
    ("just got promoted to senior engineer at Atlassian", ("senior engineer",)),
    ("i'm a barista but studying to be a vet", ("barista",)),
    ("been a paramedic for 8 yrs", ("paramedic",)),
    ("i'm a freelance illustrator, mostly kids books", ("illustrator",)),
    ("I lead a team of five at Ocado", ("ocado",)),
    ("I deliver for Deliveroo on weekends", ("deliveroo",)),
    ("currently working as a sous chef", ("sous chef",)),
    ("i'm a teacher at a primary school in Leeds", ("teacher",)),
]

WORK_NOTHING = [
    "my wife is a nurse",
    "should I become a nurse?",
    "I'd love to work at Google",
    "I'm applying to Spotify",
    "if I were a lawyer I'd sue them",
    "my brother works at Deloitte",
    "I'm interviewing at Stripe next week",
    "I work out every morning",
    "what's it like working at Amazon?",
    "I'm a huge fan of Apple",
    "I'm a morning person",
    "I'm thinking of becoming a teacher",
    "I lead a book club at the library",
    "I run a Dungeons and Dragons game on Fridays",
]


@pytest.mark.parametrize(("message", "wanted"), WORK)
def test_work(message, wanted):
    check("work", message, wanted)


@pytest.mark.parametrize("message", WORK_NOTHING)
def test_work_nothing(message):
    check_nothing("work", message)


# --- where one lives ---------------------------------------------------------------------------------------

LOCATION = [
    ("I live in Lisbon", ("lisbon",)),
    ("i'm based out of Denver", ("denver",)),
    ("home is Glasgow now", ("glasgow",)),
    ("I'm a Berliner now", ("berlin|berliner",)),
    ("we relocated to Austin last year", ("austin",)),
    ("just moved to Leeds!", ("leeds",)),
    ("I moved to Toronto in March", ("toronto",)),
    ("living in Seoul these days", ("seoul",)),
    ("i'm from Cork but live in Dublin", ("dublin",)),
    ("I'm in Melbourne now, moved in January", ("melbourne",)),
    ("I'm Manchester-based", ("manchester",)),
    ("we live in a small town near Utrecht", ("utrecht",)),
    ("I stay in Nairobi", ("nairobi",)),
    ("I've lived in Oslo for 5 years", ("oslo",)),
    ("recently relocated to Singapore for work", ("singapore",)),
    ("my home's in Bristol", ("bristol",)),
    ("finally settled in Porto", ("porto",)),
    ("i reside in Calgary", ("calgary",)),
    ("I'm currently living in Tokyo", ("tokyo",)),
    ("moved out to Brooklyn last fall", ("brooklyn",)),
    ("I call Vancouver home", ("vancouver",)),
    ("we're in Edinburgh now", ("edinburgh",)),
    ("live in Bergen, work at Equinor", ("bergen",)),
    ("I just moved back to Madrid", ("madrid",)),
    ("me and my gf live in Prague", ("prague",)),
    ("I've been in Lyon since 2019", ("lyon",)),
    ("born in Kyiv, living in Warsaw now", ("warsaw",)),  # read since p11-kin (homes.py)
    ("i'm a londoner", ("london|londoner",)),
    ("I'm a New Yorker", ("new york|new yorker",)),
    left_for_later(
        "we bought a flat in Rotterdam and moved in last week",
        ("rotterdam",),
        "'moved in' takes its place from the clause before it; no form carries it over",
    ),
    ("Chicago's home for now", ("chicago",)),
    ("moved across the country to Perth", ("perth",)),
    ("i live near Munich", ("munich",)),
    ("I live in Cape Town with my partner", ("cape town",)),
    ("I'm Helsinki based", ("helsinki",)),
    ("we moved to Ghent in May", ("ghent",)),
    ("I now live in Athens", ("athens",)),
    ("i'm living in Reykjavik atm", ("reykjavik",)),
    ("Relocated to Dubai two months ago", ("dubai",)),
    ("I moved from Paris to Nice", ("nice",)),
    ("I'm down in Brighton these days", ("brighton",)),
    ("based in Krakow", ("krakow",)),
    ("I'm living with my parents in Valencia", ("valencia",)),  # read since p11-kin (homes.py)
    ("i moved in with my bf in Bologna", ("bologna",)),
    ("I live in Phoenix, AZ", ("phoenix",)),
    ("home these days is a tiny flat in Lille", ("lille",)),
    ("we've made the move to Galway!", ("galway",)),
    ("I'm a Parisian now", ("paris|parisian",)),
    # a second batch
    ("i moved to lisbon last year and love it", ("lisbon",)),
    ("moved here to Bristol in 2022", ("bristol",)),
    ("i've been living in Toronto for a decade", ("toronto",)),
    ("we live out in the countryside near York", ("york",)),
    ("i live in manchester now", ("manchester",)),
    ("I'm a proper Glaswegian these days", ("glasgow|glaswegian",)),
    ("home is Cardiff these days", ("cardiff",)),
    ("based out of Austin, TX", ("austin",)),
    ("we relocated across the pond to Boston", ("boston",)),
    ("made the big move to Sydney last month!", ("sydney",)),
]

LOCATION_NOTHING = [
    "I'd love to live in Lisbon",
    "should I move to Denver?",
    "we're thinking of moving to Austin",
    "my sister lives in Leeds",
    "I'm visiting Tokyo next week",
    "I was in Paris for a conference",
    "if I lived in Oslo I'd ski every day",
    "I might move to Berlin next year",
    "where do you live?",
    "I'm in a meeting",
    "we're flying to Madrid tomorrow",
    "is Glasgow nice to live in?",
    "my brother's a proper Londoner",
    "we could move out to the countryside near York",
    "my mum moved to Bristol",
]


@pytest.mark.parametrize(("message", "wanted"), LOCATION)
def test_location(message, wanted):
    check("location", message, wanted)


@pytest.mark.parametrize("message", LOCATION_NOTHING)
def test_location_nothing(message):
    check_nothing("location", message)


# --- diet ----------------------------------------------------------------------------------------------------

DIET = [
    ("I'm vegan", ("vegan",)),
    ("i'm vegetarian", ("vegetarian",)),
    ("I don't eat meat", ("meat",)),
    ("plant-based since May", ("plant-based|plant",)),
    ("I'm off dairy", ("dairy",)),
    ("I'm gluten-free", ("gluten-free|gluten",)),
    ("I'm allergic to peanuts", ("peanuts",)),
    ("i have a nut allergy", ("nut|nuts",)),
    ("I'm lactose intolerant", ("lactose",)),
    ("I'm pescatarian", ("pescatarian",)),
    ("I do keto", ("keto",)),
    ("I eat halal", ("halal",)),
    ("I keep kosher", ("kosher",)),
    ("I've been vegan for 3 years", ("vegan",)),
    ("I went vegetarian last year", ("vegetarian",)),
    ("no gluten for me, I'm coeliac", ("coeliac|gluten",)),
    ("I can't eat shellfish", ("shellfish",)),
    ("I avoid sugar", ("sugar",)),
    ("I don't drink alcohol", ("alcohol",)),
    ("I'm on a low-carb diet", ("low-carb|carb",)),
    ("dairy-free here", ("dairy-free|dairy",)),
    ("i'm veggie", ("veggie|vegetarian",)),
    ("I follow a paleo diet", ("paleo",)),
    ("I'm doing intermittent fasting", ("fasting",)),
    ("I've cut out red meat", ("red meat|meat",)),
    ("I'm allergic to shellfish and eggs", ("shellfish", "eggs")),
    ("I don't eat pork", ("pork",)),
    ("i'm vegan btw", ("vegan",)),
    ("I've been plant based for a while", ("plant based|plant",)),
    ("I gave up meat two years ago", ("meat",)),
    ("I'm strictly vegan", ("vegan",)),
    ("my diet is mostly Mediterranean", ("mediterranean",)),
    ("I'm celiac", ("celiac|coeliac",)),
    ("I'm intolerant to fructose", ("fructose",)),
    ("I avoid soy", ("soy",)),
    ("I eat gluten free since my diagnosis", ("gluten",)),
    ("we're a vegetarian household", ("vegetarian",)),
    ("I'm on the carnivore diet", ("carnivore",)),
    ("no dairy for me", ("dairy",)),
    ("i'm vegan now", ("vegan",)),
    ("I stopped eating meat in January", ("meat",)),
    ("went plant-based in the spring", ("plant-based|plant",)),
    ("i dont eat fish or meat", ("meat|fish",)),
    ("I've been off gluten since March", ("gluten",)),
    ("I'm allergic to sesame, so careful", ("sesame",)),
    # a second batch
    ("i haven't eaten meat in 5 years", ("meat",)),
    ("i'm vegan and my husband isn't", ("vegan",)),
    ("i'm a vegetarian, have been since i was 12", ("vegetarian",)),
    ("vegan since 2019", ("vegan",)),
    ("no alcohol for me", ("alcohol",)),
    ("i'm totally off dairy now", ("dairy",)),  # (a drink given up is an ending: test_general_clauses)
    ("I keep halal", ("halal",)),
    ("im pescatarian lol", ("pescatarian",)),
    ("I'm mostly plant-based", ("plant-based",)),
]

# A food given up is an ending, as the rules read "I stopped eating X": meat on the diet slot, else the habit.
DIET_ENDED = [
    ("I quit sugar last month", ("sugar",)),
    ("I cut out sugar in January", ("sugar",)),
    ("I gave up meat two years ago", ("meat",)),
    ("we ditched dairy", ("dairy",)),
]

DIET_NOTHING = [
    "is tofu vegan?",
    "my girlfriend is vegan",
    "should I go vegetarian?",
    "I'm thinking about going vegan",
    "what if I tried keto?",
    "any gluten-free recipes?",
    "I cooked a vegan lasagna for my friends",
    "my son is allergic to peanuts",
    "I might cut out dairy",
    "would a vegan diet help my skin?",
    "my flatmate doesn't eat meat",
    "no meat for the kids tonight",
    "I haven't eaten all day",
    "trying to stick to keto for now but it's hard",
]


@pytest.mark.parametrize(("message", "wanted"), DIET)
def test_diet(message, wanted):
    facts = said(message)
    for keyword in wanted:
        found = [f for f in facts if on_family(f, "diet") and names(f, keyword)]
        assert found, (keyword, shown(facts))


@pytest.mark.parametrize(("message", "wanted"), DIET_ENDED)
def test_diet_ended(message, wanted):
    facts = said(message)
    for keyword in wanted:
        assert [f for f in facts if f.negated and names(f, keyword)], (keyword, shown(facts))


@pytest.mark.parametrize("message", DIET_NOTHING)
def test_diet_nothing(message):
    check_nothing("diet", message)


# --- preferences: about the assistant and about things --------------------------------------------------------

PREFERENCE = [
    ("keep it brief", ("brief",)),
    ("no emojis pls", ("emojis",)),
    ("I'd rather have code than prose", ("code",)),
    ("please use metric units", ("metric",)),
    ("I prefer short answers", ("short",)),
    ("don't use bullet points", ("bullet",)),
    ("can you be more casual with me", ("casual",)),
    ("always reply in British English", ("british",)),
    ("I like detailed explanations", ("detailed",)),
    ("pls stop apologizing", ("apologizing",)),
    ("I want answers in Spanish", ("spanish",)),
    ("use Celsius not Fahrenheit", ("celsius",)),
    ("no markdown please", ("markdown",)),
    ("I'd prefer examples in Python", ("python",)),
    ("skip the pleasantries", ("pleasantries",)),
    ("tables > paragraphs for me", ("tables",)),
    ("not a fan of cilantro", ("cilantro",)),
    ("vim > emacs", ("vim",)),
    ("I love jazz", ("jazz",)),
    ("I hate olives", ("olives",)),
    ("I'm really into bouldering", ("bouldering",)),
    ("big fan of Studio Ghibli", ("ghibli",)),
    ("I can't stand reality TV", ("reality tv",)),
    ("tea over coffee any day", ("tea",)),
    ("I prefer dark mode", ("dark mode",)),
    ("I'm more of a cat person", ("cat|cats",)),
    ("my favourite band is Radiohead", ("radiohead",)),
    ("I adore spicy food", ("spicy",)),
    ("i'm obsessed with sourdough", ("sourdough",)),
    ("I don't like horror movies", ("horror",)),
    ("I really dislike crowds", ("crowds",)),
    ("I'm not into sports", ("sports",)),
    ("sushi is my favourite food", ("sushi",)),
    ("I prefer trains to planes", ("trains",)),
    ("mountains > beaches", ("mountains",)),
    ("love a good podcast", ("podcast|podcasts",)),
    ("I'm a sucker for thrillers", ("thrillers",)),
    ("i hate when you use exclamation marks", ("exclamation",)),
    ("I prefer Android over iPhone", ("android",)),
    ("honestly not a big fan of long answers", ("long",)),
    ("pls no jargon", ("jargon",)),
    ("i'd rather you didn't sugarcoat things", ("sugarcoat",)),
    ("keep answers short and to the point", ("short",)),
    ("I much prefer winter to summer", ("winter",)),
    ("rock climbing is my jam", ("rock climbing|climbing",)),
    ("I'm a huge Arsenal fan", ("arsenal",)),
    # a second batch
    ("honestly i'd rather you be blunt", ("blunt",)),
    ("short answers pls", ("short",)),
    ("pls use bullet points from now on", ("bullet",)),
    ("i prefer python over java", ("python",)),
    ("i hate long answers", ("long",)),
    ("no small talk please", ("small talk",)),
    ("spare me the disclaimers", ("disclaimers",)),
    ("cats > dogs", ("cats",)),
    ("hiking is my happy place", ("hiking",)),
    ("i'd much rather you didn't use jargon", ("jargon",)),
]

PREFERENCE_NOTHING = [
    "do you like jazz?",
    "my husband hates olives",
    "which is better, vim or emacs?",
    "make that shorter",
    "if I liked coffee I'd try that",
    "can you give me a short summary?",
    "my kids love Minecraft",
    "would you prefer tea or coffee?",
    "what's your favourite band?",
    "would it be better to use bullet points here?",
    "is python better than java?",
    "my husband would rather you be blunt",
    "cats or dogs?",
]


@pytest.mark.parametrize(("message", "wanted"), PREFERENCE)
def test_preference(message, wanted):
    check("preference", message, wanted)


@pytest.mark.parametrize("message", PREFERENCE_NOTHING)
def test_preference_nothing(message):
    check_nothing("preference", message)
