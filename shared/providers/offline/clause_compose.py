"""Training clauses for the clause classifier, composed: many forms of saying a thing, times many things.

The hand-written lines (``clause_data/clauses_*.tsv``) teach the classes by example, but each of their
nouns comes once, so the model learns nouns as much as forms: "I have chronic migraines" was a fact
and "I have <a condition it never saw>" was a coin toss. Here every form of a class (possessions,
health, tools, places, jobs, habits, preferences, family, pets, memberships) is filled with many
things (brands, places, conditions, tools, jobs) and said with the lead-ins and lowercase people type,
and so is every form of what is no fact (wishes, plans, questions, requests, hypotheticals, passing
states, one-off events, jokes, advice to the assistant, someone else's claims). What the model can
learn from them is the form. Every word here was written for this file; none comes from an evaluation
conversation.

``compose()`` is deterministic (a fixed seed picks the fillings); ``python -m
shared.providers.offline.clause_classifier`` writes its lines to ``clause_data/clauses_en_composed.tsv``
before it trains, and a unit test checks the file matches.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

__all__ = ["compose"]

# --- things ----------------------------------------------------------------------------------------
# fmt: off
_BRANDS = ["Bosch", "Miele", "Lenovo", "Asus", "Garmin", "Fitbit", "Kobo", "Nikon", "Fujifilm", "Yamaha",
           "Roland", "Brompton", "Trek", "Specialized", "Peugeot", "Renault", "Hyundai", "Mazda", "Subaru",
           "Volvo", "Skoda", "Nintendo", "Xiaomi", "Huawei", "Sony", "Bose", "Logitech", "Razer", "Dell", "Acer"]
_GADGETS = ["watch", "e-reader", "camera", "keyboard", "synth", "bike", "tablet", "laptop", "phone", "console",
            "headset", "drone", "projector", "printer", "router", "smart speaker", "coffee grinder", "sewing machine"]
_CARS = ["Toyota Yaris", "Ford Focus", "Fiat Panda", "Honda Civic", "Kia Niro", "VW Polo", "Nissan Leaf",
         "Suzuki Swift", "Mini Cooper", "Volvo estate", "Mazda MX-5", "Citroën Berlingo", "Renault Zoe"]
_OWNED = ["a canoe", "a pizza oven", "a chest freezer", "a home gym", "a 3D printer", "an allotment", "a beach hut",
          "a caravan", "a motorbike", "a rowing machine", "a piano", "a greenhouse", "a sauna", "a vinyl collection",
          "a workshop in the garage", "two e-bikes", "a holiday flat", "a sailing dinghy", "a telescope",
          "a record player", "a drum kit", "a paddleboard", "a campervan", "a wood stove"]
_CONDITIONS = ["asthma", "eczema", "epilepsy", "migraines", "arthritis", "sciatica", "glaucoma", "anaemia",
               "endometriosis", "Crohn's disease", "lupus", "vertigo", "hay fever", "a heart condition",
               "a stammer", "a slipped disc", "PCOS", "OCD", "insomnia", "gout", "a thyroid problem", "rosacea",
               "fibromyalgia", "tinnitus", "a nut allergy", "low blood pressure", "a weak ankle", "osteoporosis",
               "cystic fibrosis", "narcolepsy", "haemophilia", "bronchiectasis", "colitis", "dermatitis",
               "keratoconus", "hypermobility", "cataracts", "spina bifida", "scleroderma", "sickle cell",
               "dysautonomia", "hyperhidrosis", "diverticulitis", "macular degeneration", "neuropathy"]
_DEGREE = ["mild", "chronic", "severe", "bad", "a touch of", "seasonal", "diagnosed", "early", "moderate",
           "borderline", "slight", "hereditary", "recurring", "long-term"]
_STATES = ["colour blind", "short sighted", "diabetic", "epileptic", "deaf in one ear", "partially sighted",
           "asthmatic", "anaemic", "intolerant to lactose", "allergic to cats", "allergic to wasps",
           "allergic to latex", "allergic to sesame", "vegetarian", "pescatarian", "teetotal", "left handed",
           "dyspraxic", "autistic", "type 2 diabetic", "coeliac"]
_MEDICINES = ["beta blockers", "insulin", "an inhaler", "thyroid tablets", "statins", "iron tablets",
              "antihistamines", "blood pressure pills", "sertraline", "vitamin D", "hormone therapy"]
_AIDS = ["glasses", "a hearing aid", "a knee brace", "contact lenses", "a night guard", "orthotics"]
_TOOLS = ["Notion", "Trello", "Asana", "Jira", "GitLab", "Gitea", "Docker", "Podman", "Terraform", "Pulumi",
          "Heroku", "Netlify", "Cloudflare", "Supabase", "Firebase", "Postgres", "MariaDB", "SQLite", "Redis",
          "Kafka", "RabbitMQ", "Sentry", "Datadog", "Prometheus", "Jenkins", "CircleCI", "Airtable", "Linode",
          "Vultr", "OVH", "Azure", "Nextcloud", "Dropbox", "Zotero", "Anki", "Logseq", "Excel", "Figma",
          "Blender", "Godot", "Unity", "Ableton", "Lightroom", "Affinity", "Emacs", "VS Code", "IntelliJ", "Zed"]
_ARTIFACTS = ["site", "app", "blog", "backups", "notes", "photos", "side project", "portfolio", "API",
              "database", "services", "dotfiles", "newsletter", "shop", "game", "thesis", "bot", "docs",
              "home server", "CI", "logs", "tasks", "recipes", "budget", "mobile app", "microservices"]
_TOOL_VERBS = [("deploy", "to"), ("host", "on"), ("keep", "in"), ("store", "in"), ("build", "with"),
               ("run", "on"), ("write", "in"), ("track", "in"), ("sync", "with"), ("manage", "in"),
               ("back up", "to"), ("edit", "in"), ("plan", "in"), ("ship", "with"), ("test", "with")]
_LANGUAGES_CODE = ["Rust", "Go", "Elixir", "Clojure", "Swift", "Kotlin", "TypeScript", "C#", "Ruby", "PHP",
                   "Dart", "OCaml", "Julia", "R", "Perl", "Lua", "F#", "Erlang", "Nim", "Crystal"]
_PLACES = ["Tampere", "Gdańsk", "Bergen", "Ljubljana", "Cluj", "Graz", "Brno", "Aarhus", "Tartu", "Vilnius",
           "Galway", "Swansea", "Inverness", "Leicester", "Nantes", "Rennes", "Malmö", "Uppsala", "Ghent",
           "Antwerp", "Bilbao", "Cádiz", "Faro", "Braga", "Trieste", "Lecce", "Thessaloniki", "Izmir",
           "Tbilisi", "Almaty", "Hanoi", "Cebu", "Osaka", "Busan", "Chennai", "Dhaka", "Accra", "Kampala",
           "Durban", "Windhoek", "Quito", "Cusco", "Recife", "Rosario", "Halifax", "Calgary", "Tucson",
           "Boise", "Hobart", "Dunedin", "Nelson", "the Peak District", "the Highlands", "Cornwall", "Brittany"]
_DWELLINGS = ["a flat", "a terraced house", "a cottage", "a studio", "a farmhouse", "a bungalow", "a loft",
              "a tiny house", "a basement flat", "a houseboat", "a shared house", "a caravan"]
_JOBS = ["plumber", "electrician", "pharmacist", "radiographer", "midwife", "paramedic", "dentist", "vet",
         "optician", "surveyor", "actuary", "copywriter", "translator", "curator", "librarian", "archivist",
         "sommelier", "baker", "butcher", "florist", "tailor", "welder", "carpenter", "roofer", "gardener",
         "chef", "barista", "bus driver", "train driver", "pilot", "air traffic controller", "court clerk",
         "social worker", "speech therapist", "physio", "occupational therapist", "data engineer",
         "QA tester", "DevOps engineer", "game designer", "UX writer", "sound engineer", "set designer",
         "park ranger", "tour guide", "estate agent", "mortgage adviser", "tax adviser", "bookkeeper",
         "lab technician", "geologist", "hydrologist", "statistician", "zookeeper", "dog groomer", "piano tuner"]
_ORGS = ["Arkwell", "Brightline", "Corvid Labs", "Dunmore Health", "Elmfield", "Fernway", "Greyhaven",
         "Halcyon Bank", "Ironbark", "Juniper Mobility", "Kestrel Foods", "Larkspur Media", "Moorland Rail",
         "Northgate Insurance", "Oakridge Clinic", "Pinecrest", "Quayside", "Redfern Studio", "Saltmarsh",
         "Tidewater", "Umber Games", "Vantage Energy", "Willowby", "Yarrow Labs", "Zephyr Air"]
_FIELDS = ["logistics", "insurance", "publishing", "hospitality", "retail", "construction", "social care",
           "pharma", "fintech", "local government", "aviation", "agriculture", "energy", "recruitment", "events"]
_WORKPLACES = ["a garden centre", "a care home", "a call centre", "a print shop", "a brewery", "a ferry company",
               "a bike shop", "a hospice", "a university library", "a recycling plant", "a dental surgery",
               "a fire station", "a bakery", "a law firm", "a primary school", "a vet practice", "a hotel"]
_HOBBY_VERBS = [("play", ["the cello", "the harp", "the accordion", "the ukulele", "squash", "badminton", "netball",
                          "bridge", "water polo", "ultimate frisbee", "hockey", "cricket", "the bagpipes", "go"]),
                ("do", ["judo", "aikido", "parkour", "Pilates", "tai chi", "karate", "archery", "orienteering",
                        "aerial silks", "life drawing", "stand-up comedy", "improv", "pottery"]),
                ("collect", ["stamps", "vinyl", "old maps", "coins", "comics", "fossils", "postcards", "sneakers"]),
                ("make", ["candles", "jam", "cheese", "furniture", "soap", "pasta", "kites", "guitars"]),
                ("grow", ["chillies", "herbs", "strawberries", "bonsai", "cacti", "pumpkins", "orchids"]),
                ("bake", ["bread", "bagels", "croissants", "cakes"]),
                ("brew", ["cider", "mead", "kombucha", "beer"]),
                ("knit", ["socks", "jumpers", "hats"]),
                ("restore", ["old clocks", "vintage bikes", "antique chairs", "classic cars"]),
                ("write", ["short stories", "poetry", "a fantasy novel", "a travel blog"]),
                ("teach", ["yoga", "salsa", "guitar", "swimming", "first aid", "English"]),
                ("coach", ["netball", "under-tens football", "a rowing crew", "junior squash"]),
                ("run", ["a book club", "a chess club", "a repair café", "a parkrun", "a supper club"]),
                ("watch", ["a lot of anime", "Formula 1", "snooker", "cooking shows"]),
                ("read", ["crime novels", "history books", "manga", "poetry"]),
                ("study", ["geology", "nursing", "law", "Japanese", "accounting", "art history"])]
_INTRANSITIVE = ["swim", "run", "cycle", "hike", "climb", "surf", "skate", "sail", "row", "fish", "dance",
                 "paint", "sketch", "meditate", "volunteer", "garden", "box", "golf", "ski", "kayak", "camp"]
_RHYTHMS = ["every morning", "every Saturday", "on Sundays", "twice a week", "most evenings", "at weekends",
            "on Tuesday nights", "every summer", "three times a week", "after work", "before work", "daily",
            "most weekends", "every other week", "once a month", "on my days off", "in the winter", "each spring"]
_LIKED = ["spicy food", "jazz", "horror films", "crosswords", "long walks", "podcasts", "board games", "sushi",
          "techno", "musicals", "audiobooks", "olives", "dark chocolate", "cold showers", "rainy days", "reggae",
          "detective shows", "strong coffee", "loose-leaf tea", "country music", "opera", "thrillers",
          "documentaries", "folk music", "Thai food", "wordy emails", "early mornings", "camping", "karaoke"]
_ANSWER_STYLES = ["short answers", "answers with examples", "plain language", "numbered steps", "a formal tone",
                  "answers in British English", "metric units", "code without comments", "tables", "bullet points",
                  "a casual tone", "detailed explanations", "sources with every claim", "a warm tone"]
_RELATIVES = ["sister", "brother", "mum", "dad", "wife", "husband", "partner", "son", "daughter", "grandma",
              "grandad", "aunt", "uncle", "cousin", "stepdad", "stepmum", "niece", "nephew", "fiancée", "boyfriend",
              "girlfriend", "twin", "eldest", "youngest", "mother-in-law", "father-in-law"]
_PLURAL_RELATIVES = ["kids", "sons", "daughters", "stepkids", "grandchildren", "nephews", "nieces", "brothers",
                     "sisters", "cousins", "half-brothers"]
_NUMBERS = ["two", "three", "four", "five"]
_PETS = ["dog", "cat", "rabbit", "hamster", "parrot", "gecko", "tortoise", "ferret", "budgie", "horse",
         "pony", "goldfish", "chinchilla", "corn snake", "bearded dragon", "cockatiel", "rat", "whippet",
         "spaniel", "terrier", "labrador", "greyhound", "husky"]
_PET_NAMES = ["Biscuit", "Mango", "Pepper", "Ziggy", "Olive", "Bramble", "Noodle", "Fig", "Basil", "Clover",
              "Pixel", "Waffles", "Juniper", "Marble", "Sprout", "Hazel", "Otis", "Luna", "Bruno", "Pickle"]
_PET_FACTS = ["is a rescue", "is deaf", "is twelve", "is blind in one eye", "has three legs", "is diabetic",
              "sleeps on my bed", "hates the vet", "is a mix", "is very old", "is on a special diet"]
_GROUPS = ["a choir", "a running club", "a band", "a rowing club", "a hiking group", "a quiz team",
           "a writers' group", "a darts team", "a cycling club", "a knitting circle", "a church choir",
           "a five-a-side team", "a theatre group", "a reading group", "an orchestra", "a climbing club"]
_COMMITTEES = ["the board", "the committee", "the council", "the steering group", "the panel"]
_BODIES = ["a food bank", "our residents' association", "a local charity", "the school governors",
           "a housing co-op", "the parish council", "a hospice trust", "our sailing club", "a youth club"]
_NATIONALITIES = ["Dutch", "Polish", "Kenyan", "Chilean", "Greek", "Finnish", "Korean", "Irish", "Ghanaian",
                  "Portuguese", "Canadian", "Scottish", "Nigerian", "Swiss", "Vietnamese", "Turkish"]
_LEADS = ["", "", "", "", "", "", "", "", "", "", "btw ", "fwiw ", "also ", "honestly ", "for context ", "so ",
          "oh and ", "well ", "just so you know ", "ok so ", "anyway "]
_ADJ_FEELING = ["tired", "exhausted", "bored", "stressed", "hungry", "cold", "nervous", "excited", "annoyed",
                "confused", "sleepy", "sick", "grumpy", "anxious", "overwhelmed", "frustrated", "lost", "fed up"]
_NOW = ["today", "right now", "this morning", "tonight", "at the moment", "this week", "again", ""]
_PAST_WHEN = ["yesterday", "last night", "this morning", "earlier", "at lunch", "on Saturday", "an hour ago",
              "last weekend", ""]
_PASSING_PLACES = ["at the airport", "on the train", "in a meeting", "at the gym", "at my desk", "in the queue",
                   "on a call", "at the vet", "at my mum's", "in the car", "on the bus", "at the hospital",
                   "in a hotel", "at work", "on my lunch break", "on hold"]
_ONE_OFFS = [("burned", "the toast"), ("missed", "my train"), ("broke", "my phone screen"),
             ("forgot", "my umbrella"), ("lost", "my wallet"), ("watched", "a film"), ("cooked", "a curry"),
             ("painted", "the fence"), ("fixed", "the printer"), ("booked", "a table"), ("cleaned", "the oven"),
             ("ordered", "a pizza"), ("tried", "your suggestion"), ("ran", "the tests again"),
             ("updated", "the app"), ("spilled", "coffee on my laptop"), ("finished", "the report"),
             ("met", "an old friend"), ("bought", "some milk"), ("found", "a typo"), ("sent", "the email"),
             ("visited", "a museum"), ("walked", "into a door"), ("dropped", "my keys"), ("read", "your answer")]
_PROGRESSIVE = ["cooking dinner", "fixing the sink", "packing for a trip", "writing an essay", "cleaning the flat",
                "debugging a test", "waiting for a delivery", "watching the match", "doing my taxes",
                "reading the docs", "painting the hallway", "studying for an exam", "setting up a new laptop",
                "looking for a flat", "trying to sleep", "sorting out my inbox", "making pancakes"]
_PLANS_DO = ["learn the piano", "move to Vienna", "get a dog", "buy a kayak", "try climbing", "start a podcast",
             "visit Peru", "switch to Linux", "run a marathon", "take up pottery", "get a standing desk",
             "go vegan", "open a café", "study medicine", "build a shed", "learn Korean", "change jobs",
             "sell my car", "adopt a cat", "write a novel", "try surfing", "get an e-bike"]
_PLANNERS = ["I want to", "I'd love to", "I might", "I hope to", "I'm planning to", "I'm going to", "I plan to",
             "I'm thinking about whether to", "I'd like to", "I wish I could", "maybe I should", "I should",
             "I'll probably", "I'm hoping to", "someday I'll", "I could", "I need to", "I have to", "I'm about to"]
_FUTURE = ["next year", "one day", "someday", "this summer", "soon", "tomorrow", "next month", "eventually", ""]
_QUESTION_STARTS = ["Can I", "Should I", "Do I need to", "How do I", "Could I", "Is it ok if I", "Why can't I",
                    "When should I", "Where can I", "What if I"]
_QUESTION_DO = ["deploy my app to {tool}", "use {tool} for my {artifact}", "store my {artifact} in {tool}",
                "move to {place}", "get a {job} job", "give my {pet} cheese", "take {medicine} with coffee",
                "play {liked}", "buy a {brand} {gadget}", "learn {code}"]
_REQUESTS = ["please {verb} my {artifact}", "can you {verb} my {artifact}", "could you help me {verb} my {artifact}",
             "I need help with my {artifact}", "I need a name for my {artifact}", "help me {verb} my {artifact}",
             "give me ideas for my {artifact}", "I want a template for my {artifact}",
             "I'd like a summary of my {artifact}", "write me a plan for my {artifact}", "show me how to {verb} it"]
_REQUEST_VERBS = ["review", "fix", "rename", "translate", "shorten", "debug", "format", "check", "improve"]
_JOKES = ["I'm basically a {noun} at this point lol", "I'm the world's worst {job} haha",
          "I live on {liked} and spite lol", "sure, and I'm a {job} on the moon", "I'm a professional {noun} lol",
          "I'm literally a {noun}", "yeah right, I own {owned} made of gold", "I'm practically a {job} now haha",
          "I'm married to my {gadget} lol", "I'm a {noun} in a past life"]
_JOKE_NOUNS = ["potato", "goblin", "raccoon", "sloth", "gremlin", "zombie", "hermit", "vampire", "golden retriever",
               "couch potato", "night goblin", "caffeine machine", "tea addict", "house plant"]
_ADVICE = ["you should try {tool}", "you could use {tool} instead", "maybe you should {plan}", "you might like {liked}",
           "you need to {plan}", "you ought to use {code}", "your answer should mention {tool}",
           "you said I use {tool}", "you told me I live in {place}", "you assumed I'm a {job}"]
_OTHERS = ["my friend", "my colleague", "my boss", "my neighbour", "my flatmate", "my manager", "a guy at work",
           "my teacher", "my client", "someone on reddit", "my mate", "my coworker"]
_OTHER_CLAIMS = ["{other} lives in {place}", "{other} works as a {job}", "{other} uses {tool}",
                 "{other} has {condition}", "{other} plays {liked}", "{other} drives a {car}",
                 "{other} says I should use {tool}", "{other} thinks I'm a {job}", "she works at {org}",
                 "he lives in {place}", "they use {tool} at {org}", "{other} has a {pet} called {name}"]
_HYPOTHETICALS = ["if I lived in {place} I would {plan}", "if I had {owned} I would use it daily",
                  "what if I moved to {place}", "suppose I worked at {org}", "imagine I was a {job}",
                  "let's say I have {condition}", "if I were a {job} I'd {plan}", "pretend I live in {place}",
                  "say I own a {car}", "if I had a {pet} I'd call it {name}"]
_APPOINTMENTS = ["I have {event} {when}", "I have {event} coming up", "I have to {plan} {when}",
                 "we have {event} {when}", "I've got {event} {when}"]
_EVENTS = ["a meeting", "a dentist appointment", "a job interview", "an exam", "a deadline", "a call with a client",
           "a wedding to go to", "a flight to catch", "a doctor's appointment", "a presentation", "a driving test"]
_WHEN_AHEAD = ["tomorrow", "on Friday", "at three", "this afternoon", "next week", "tonight", "in an hour"]
_PASSING_AILMENTS = ["a cold", "a headache", "a sore throat", "a hangover", "a fever", "a stomach bug",
                     "a blister", "a stiff neck", "a cough", "jet lag", "the flu", "Covid", "norovirus",
                     "tonsillitis", "a chest infection", "food poisoning", "a rash", "conjunctivitis"]
_PEOPLE_NAMES = ["Bram", "Sunniva", "Tobi", "Anika", "Felix", "Rosa", "Dev", "Ines", "Kai", "Lotte", "Omar", "Pia"]
_ENDED_VERBS = [("no longer", ""), ("don't", " anymore"), ("stopped", "")]
# fmt: on


def _lead(rng: random.Random, clause: str) -> str:
    """The clause as people type it: sometimes after a lead-in word, sometimes all in lowercase."""
    said = rng.choice(_LEADS) + clause
    if rng.random() < 0.2:
        said = said.lower()
    return said[:1].upper() + said[1:] if rng.random() < 0.6 and said[:1].islower() else said


def _a(thing: str) -> str:
    return ("an " if thing[:1].lower() in "aeiou" else "a ") + thing


def _ing(verb: str) -> str:
    if verb.endswith("e") and not verb.endswith("ee"):
        return verb[:-1] + "ing"
    if verb in ("run", "swim", "shop", "box"):
        return verb + ("ning" if verb == "run" else "ming" if verb == "swim" else "ping" if verb == "shop" else "ing")
    return verb + "ing"


def _facts(r: random.Random) -> Iterator[str]:
    c = r.choice
    for _ in range(40):  # possessions
        yield c(
            [
                f"I have {_a(c(_BRANDS) + ' ' + c(_GADGETS))}",
                f"I own {_a(c(_BRANDS) + ' ' + c(_GADGETS))}",
                f"I've got {_a(c(_BRANDS) + ' ' + c(_GADGETS))}",
                f"I drive {_a(c(_CARS))}",
                f"I drive an old {c(_CARS)}",
                f"My car is {_a(c(_CARS))}",
                f"my {c(_GADGETS)} is {_a(c(_BRANDS))}",
                f"My {c(_GADGETS)} is an old {c(_BRANDS)}",
                f"I have {c(_OWNED)}",
                f"we have {c(_OWNED)}",
                f"I own {c(_OWNED)}",
                f"we've got {c(_OWNED)}",
                f"I have {c(_OWNED)} in the back garden",
            ]
        )
    for _ in range(30):  # health, said with how bad it is
        yield f"I have {c(_DEGREE)} {c(_CONDITIONS).removeprefix('a ')}"
    for _ in range(55):  # health
        yield c(
            [
                f"I have {c(_CONDITIONS)}",
                f"I have {c(_CONDITIONS)}",
                f"I suffer from {c(_CONDITIONS)}",
                f"I'm {c(_STATES)}",
                f"I am {c(_STATES)}",
                f"I take {c(_MEDICINES)} for my {c(_CONDITIONS)}",
                f"I'm on {c(_MEDICINES)}",
                f"I take {c(_MEDICINES)} every day",
                f"I wear {c(_AIDS)}",
                f"I live with {c(_CONDITIONS)}",
                f"I was diagnosed with {c(_CONDITIONS)} as a kid",
                f"I've had {c(_CONDITIONS)} since I was a teenager",
            ]
        )
    for _ in range(55):  # tools
        verb, prep = c(_TOOL_VERBS)
        yield c(
            [
                f"I {verb} my {c(_ARTIFACTS)} {prep} {c(_TOOLS)}",
                f"we {verb} our {c(_ARTIFACTS)} {prep} {c(_TOOLS)}",
                f"I {verb} everything {prep} {c(_TOOLS)}",
                f"I {verb} {prep} {c(_TOOLS)}" if prep in ("to", "on", "with") else f"I use {c(_TOOLS)}",
                f"we {verb} {prep} {c(_TOOLS)}" if prep in ("to", "on", "with") else f"we use {c(_TOOLS)}",
                f"I use {c(_TOOLS)} for my {c(_ARTIFACTS)}",
                f"we use {c(_TOOLS)} at work",
                f"our {c(_ARTIFACTS)} runs on {c(_TOOLS)}",
                f"my {c(_ARTIFACTS)} lives in {c(_TOOLS)}",
                f"I code in {c(_LANGUAGES_CODE)}",
                f"we write everything in {c(_LANGUAGES_CODE)}",
                f"our backend is in {c(_LANGUAGES_CODE)}",
                f"I mostly work in {c(_LANGUAGES_CODE)}",
                f"I rely on {c(_TOOLS)} for my {c(_ARTIFACTS)}",
            ]
        )
    for _ in range(45):  # places
        yield c(
            [
                f"I live in {c(_PLACES)}",
                f"I live just outside {c(_PLACES)}",
                f"I live in {c(_DWELLINGS)} in {c(_PLACES)}",
                f"we live in {c(_DWELLINGS)} near {c(_PLACES)}",
                f"I'm based in {c(_PLACES)}",
                f"I'm from {c(_PLACES)} originally",
                f"I grew up in {c(_PLACES)}",
                f"I grew up on a farm near {c(_PLACES)}",
                f"we rent {c(_DWELLINGS)} in {c(_PLACES)}",
                f"I share {c(_DWELLINGS)} with two friends",
                f"home is {c(_PLACES)} these days",
                f"I commute to {c(_PLACES)} for work",
            ]
        )
    for _ in range(65):  # jobs
        job = c(_JOBS)
        yield c(
            [
                f"I'm {_a(job)}",
                f"I am {_a(job)}",
                f"I'm {_a(job)} at {c(_ORGS)}",
                f"I'm {_a(job)} in {c(_PLACES)}",
                f"I work as {_a(job)}",
                f"I work as {_a(job)} for {c(_ORGS)}",
                f"I work at {c(_ORGS)}",
                f"I work for {c(_ORGS)} as {_a(job)}",
                f"I work in {c(_FIELDS)}",
                f"I work at {c(_WORKPLACES)}",
                f"I'm {_a(job)} at {c(_WORKPLACES)}",
                f"I'm on the {c(['data', 'platform', 'payments', 'mobile', 'security'])} team at {c(_ORGS)}",
                f"I run {c(_WORKPLACES)}",
                f"I manage {c(_WORKPLACES)}",
                f"I've been {_a(job)} for {c(_NUMBERS)} years",
                f"I trained as {_a(job)}",
                f"I'm a self-employed {job}",
                f"I'm a freelance {job}",
                f"I'm a trainee {job}",
                f"I'm training to be {_a(job)}",
            ]
        )
    for _ in range(70):  # habits
        verb, things = c(_HOBBY_VERBS)
        rhythm = c(_RHYTHMS)
        yield c(
            [
                f"I {verb} {c(things)} {rhythm}",
                f"I {verb} {c(things)}",
                f"I usually {verb} {c(things)} {rhythm}",
                f"we {verb} {c(things)} {rhythm}",
                f"I {c(_INTRANSITIVE)} {rhythm}",
                f"I go {_ing(c(_INTRANSITIVE))} {rhythm}",
                f"we go {_ing(c(_INTRANSITIVE))} {rhythm}",
                f"I {verb} {c(things)} in my spare time",
                f"I {verb} {c(things)} as a hobby",
                f"I'm into {_ing(c(_INTRANSITIVE))}",
            ]
        )
    for _ in range(45):  # preferences
        yield c(
            [
                f"I love {c(_LIKED)}",
                f"I like {c(_LIKED)}",
                f"I hate {c(_LIKED)}",
                f"I can't stand {c(_LIKED)}",
                f"I enjoy {c(_LIKED)}",
                f"I'm a big fan of {c(_LIKED)}",
                f"I'm really into {c(_LIKED)}",
                f"I'm not a fan of {c(_LIKED)}",
                f"I prefer {c(_LIKED)} to {c(_LIKED)}",
                f"I prefer {c(_ANSWER_STYLES)}",
                f"I like {c(_ANSWER_STYLES)}",
                f"I always want {c(_ANSWER_STYLES)}",
                f"I'd rather have {c(_ANSWER_STYLES)}",
                f"I'm obsessed with {c(_LIKED)}",
                f"I'm allergic to {c(_LIKED)}" if r.random() < 0.2 else f"I don't mind {c(_LIKED)}",
            ]
        )
    for _ in range(60):  # family
        rel = c(_RELATIVES)
        yield c(
            [
                f"my {rel} is {_a(c(_JOBS))}",
                f"My {rel} works as {_a(c(_JOBS))}",
                f"my {rel} works at {c(_ORGS)}",
                f"my {rel} lives in {c(_PLACES)}",
                f"My {rel} has {c(_CONDITIONS)}",
                f"my {rel} is {c(['seven', 'ten', '15', '4', 'eighty', '93', 'nineteen'])}",
                f"I have {c(_NUMBERS)} {c(_PLURAL_RELATIVES)}",
                f"I've got {c(_NUMBERS)} {c(_PLURAL_RELATIVES)}",
                f"I have a {rel}",
                f"I'm married to {_a(c(_NATIONALITIES))} {c(['man', 'woman', 'guy', 'nurse', 'chef'])}",
                f"I'm engaged to {_a(c(_JOBS))}",
                f"I'm the {c(['youngest', 'eldest', 'middle one'])} of {c(_NUMBERS)}",
                f"I'm a single {c(['mum', 'dad', 'parent'])}",
                f"I look after my {rel}",
                f"I'm a carer for my {rel}",
                f"my {c(_PLURAL_RELATIVES)} go to school in {c(_PLACES)}",
                f"my {rel} and I share a flat",
                f"my {c(_PLURAL_RELATIVES)} live in {c(_PLACES)}",
            ]
        )
    for _ in range(40):  # pets
        pet = c(_PETS)
        yield c(
            [
                f"I have {_a(pet)} called {c(_PET_NAMES)}",
                f"we have {_a(pet)} named {c(_PET_NAMES)}",
                f"I've got {c(_NUMBERS)} {pet}s",
                f"my {pet} {c(_PET_FACTS)}",
                f"our {pet} {c(_PET_FACTS)}",
                f"my {pet} {c(_PET_NAMES)} {c(_PET_FACTS)}",
                f"I have {_a(pet)}",
                f"my dog is {_a(c(['whippet', 'lurcher', 'spaniel', 'collie', 'beagle', 'pug', 'boxer']))}",
                f"I foster {pet}s for a shelter",
            ]
        )
    for _ in range(45):  # memberships and roles
        yield c(
            [
                f"I'm in {c(_GROUPS)}",
                f"I sing in {c(_GROUPS)}",
                f"I belong to {c(_GROUPS)}",
                f"I'm a member of {c(_GROUPS)}",
                f"I'm on {c(_COMMITTEES)} of {c(_BODIES)}",
                f"I sit on {c(_COMMITTEES)} of {c(_BODIES)}",
                f"I volunteer at {c(_BODIES)}",
                f"I chair {c(_BODIES)}",
                f"I help out at {c(_BODIES)} {c(_RHYTHMS)}",
                f"I'm a volunteer at {c(_BODIES)}",
                f"I'm part of {c(_GROUPS)}",
                f"I play in {c(_GROUPS)}",
                f"I'm a trustee of {c(_BODIES)}",
                f"I speak {c(_NATIONALITIES).replace('Kenyan', 'Swahili')} at home",
                f"I'm fluent in {c(['Greek', 'Finnish', 'Korean', 'Turkish', 'Polish', 'Hindi', 'Farsi'])}",
                f"I have a degree in {c(['geology', 'nursing', 'law', 'music', 'chemistry', 'design'])}",
                f"I hold a {c(['pilot', 'HGV', 'sailing', 'forklift'])} licence",
            ]
        )


def _others(r: random.Random) -> Iterator[str]:
    c = r.choice

    def fill(template: str) -> str:
        verb, prep = c(_TOOL_VERBS)
        return template.format(
            tool=c(_TOOLS), artifact=c(_ARTIFACTS), place=c(_PLACES), job=c(_JOBS), pet=c(_PETS),
            medicine=c(_MEDICINES), liked=c(_LIKED), brand=c(_BRANDS), gadget=c(_GADGETS), code=c(_LANGUAGES_CODE),
            verb=c(_REQUEST_VERBS), noun=c(_JOKE_NOUNS), owned=c(_OWNED), plan=c(_PLANS_DO), other=c(_OTHERS),
            condition=c(_CONDITIONS), car=c(_CARS), org=c(_ORGS), name=c(_PET_NAMES), event=c(_EVENTS),
            when=c(_WHEN_AHEAD),
        )  # fmt: skip

    for _ in range(60):  # wishes and plans
        yield f"{c(_PLANNERS)} {c(_PLANS_DO)} {c(_FUTURE)}".strip()
    for _ in range(12):
        yield f"I'm thinking about {c(['learning', 'buying', 'trying', 'getting', 'moving to'])} {c(_LIKED)}"
    for _ in range(35):  # questions
        yield f"{c(_QUESTION_STARTS)} {fill(c(_QUESTION_DO))}" + c(["?", "?", ""])
    for _ in range(30):  # requests
        yield fill(c(_REQUESTS))
    for _ in range(25):  # hypotheticals
        yield fill(c(_HYPOTHETICALS))
    for _ in range(25):  # jokes
        yield fill(c(_JOKES))
    for _ in range(25):  # advice to the assistant, and what it said
        yield fill(c(_ADVICE))
    for _ in range(35):  # someone else's claims
        yield fill(c(_OTHER_CLAIMS))
    for _ in range(45):  # passing states: how and where one is now
        yield c(
            [
                f"I'm {c(_ADJ_FEELING)} {c(_NOW)}".strip(),
                f"I'm so {c(_ADJ_FEELING)}",
                f"I am really {c(_ADJ_FEELING)} {c(_NOW)}".strip(),
                f"I'm {c(_PASSING_PLACES)}",
                f"I'm {c(_PASSING_PLACES)} {c(_NOW)}".strip(),
                f"I have {c(_PASSING_AILMENTS)} {c(['today', 'this week', 'again', 'right now'])}",
                f"I've got {c(_PASSING_AILMENTS)} {c(['today', 'at the moment', 'again'])}",
                f"I feel {c(_ADJ_FEELING)} {c(_NOW)}".strip(),
                f"I have {c(_PASSING_AILMENTS)}",
                f"I've got {c(_PASSING_AILMENTS)}",
                f"I have {c(_PEOPLE_NAMES)} {c(['tonight', 'today', 'this weekend', 'tomorrow', 'on Friday'])}",
                f"we have the {c(['kids', 'grandkids', 'dog', 'car'])} {c(['tonight', 'today', 'this weekend'])}",
                f"I have {c(['Friday', 'Monday', 'tomorrow', 'the afternoon', 'next week'])} off",
                f"I'm in {c(_PLACES)} for {c(['a conference', 'work', 'the weekend', 'a wedding', 'a few days'])}",
                f"I'm in {c(_PLACES)} {c(['this week', 'until Sunday', 'for a bit', 'visiting my ' + c(_RELATIVES)])}",
                f"I'm visiting {c(_PLACES)}",
                f"I'm in a {c(['bad', 'good', 'weird', 'foul', 'silly'])} mood",
                f"I'm stuck {c(['in traffic', 'in a queue', 'at the station', 'on hold', 'in a lift'])}",
            ]
        )
    for _ in range(35):  # doing something right now
        yield f"I'm {c(['', 'just ', 'currently ', 'busy '])}{c(_PROGRESSIVE)} {c(_NOW)}".replace("  ", " ").strip()
    for _ in range(50):  # one-off events
        verb, thing = c(_ONE_OFFS)
        yield f"I {c(['', 'just ', 'finally ', 'accidentally '])}{verb} {thing} {c(_PAST_WHEN)}".strip()
    for _ in range(25):  # appointments and chores
        yield fill(c(_APPOINTMENTS))


# Chatter: what people say about the problem they bring, what happened, how they judge a thing.
_BROKEN = [
    "keeps crashing",
    "keeps restarting",
    "won't turn on",
    "keeps dropping the connection",
    "won't charge",
    "is really slow today",
    "keeps freezing",
    "makes a weird noise",
    "won't connect",
]
_PET_ANTICS = [
    "keeps knocking things off the table",
    "keeps chewing the cables",
    "won't stop barking",
    "keeps waking me up at five",
    "ate my sandwich",
    "is scared of the hoover",
    "threw up on the rug",
    "keeps escaping from the garden",
    "sleeps on my laptop",
]
_JUDGEMENTS = [
    "brutal",
    "a nightmare",
    "awful",
    "amazing",
    "a mess",
    "so slow",
    "too expensive",
    "way too long",
    "pretty good",
    "a bit much",
    "fine I guess",
    "killing me",
    "exhausting",
    "ridiculous",
    "great",
]
_JUDGED = [
    "commute",
    "schedule",
    "rota",
    "workload",
    "deadline",
    "inbox",
    "sprint",
    "landlord",
    "budget",
    "code review process",
    "onboarding",
    "new manager",
    "flat",
    "wifi",
    "team",
    "weekend",
    "morning",
]
_DEFINITE = [
    "the second one",
    "the blue version",
    "the first option",
    "this idea",
    "the shorter draft",
    "the studio",
    "the red one",
    "that plan",
    "the last suggestion",
    "the new layout",
    "your version",
]
_NARRATIVE = [
    "I went to {place} last summer",
    "I tried {plan2} once",
    "we had a barbecue on Saturday",
    "I spent the weekend painting",
    "I left the party early",
    "I stopped at the shop on the way",
    "I quit the game halfway",
    "I dropped the kids at school",
    "I lost the match on Sunday",
    "I gave my talk this morning",
    "I sold a few old books at a car boot sale",
    "we closed the ticket yesterday",
    "I ended up staying in",
    "I finished the book last night",
    "I got back from {place} yesterday",
    "I moved the meeting to Friday",
    "I switched the lights off",
    "I changed my mind about the colour",
    "I replaced the batteries",
    "I cancelled the order",
    "I gave up on the crossword",
    "I got rid of the bug",
    "I stopped the build",
    "I missed the call",
    "my train got cancelled",
    "my flight was delayed",
    "my parcel got lost",
]
_WORRIES = [
    "I'm worried about my {rel}",
    "I'm nervous about the {event2}",
    "I'm excited about the {event2}",
    "I'm annoyed with my {rel}",
    "I'm proud of my {rel}",
    "I'm stressed about my {artifact}",
    "I'm so happy with my new {gadget}",
    "I'm not sure about my {artifact}",
]
_PLAN_EVENTS = [
    "I'm hosting a dinner on Saturday",
    "we're having friends over tonight",
    "I'm flying to {place} next week",
    "I'm seeing my {rel} at the weekend",
    "I'm meeting a client tomorrow",
    "I'm driving to {place} on Friday",
    "we're off to {place} soon",
    "I'm giving a talk next month",
    "I'm picking up my {rel} later",
]


# Steps of a problem said in the present ("I open the app, I tap login"): what happens, not who one is.
_STEP_VERBS = [
    "run",
    "open",
    "click",
    "tap",
    "type",
    "press",
    "select",
    "install",
    "import",
    "load",
    "submit",
    "refresh",
    "restart",
    "upload",
    "download",
    "save",
    "drag",
    "enter",
    "copy",
    "change",
    "set",
    "add",
    "remove",
    "call",
    "send",
    "check",
    "build",
    "compile",
    "start",
    "try",
]
_STEP_OBJECTS = [
    "the script",
    "the app",
    "the installer",
    "the link",
    "the form",
    "the page",
    "login",
    "the export button",
    "the dropdown",
    "the file",
    "the command",
    "the migration",
    "the tests",
    "the container",
    "the update",
    "my password",
    "the first cell",
    "the query",
    "the module",
    "the config",
    "the token",
    "the widget",
    "cargo build",
    "pip install",
    "the report",
    "the macro",
]
_STEP_AFTER = [
    "",
    "",
    "",
    " and it crashes",
    " and nothing happens",
    " but it fails",
    " and get an error",
    " twice",
    " again",
    " and it hangs",
    " from the menu",
    " on my phone",
    " in the terminal",
]


def _chatter(r: random.Random) -> Iterator[str]:
    c = r.choice

    def fill(template: str) -> str:
        return template.format(
            place=c(_PLACES), plan2=c(["surfing", "pottery", "yoga", "climbing", "karaoke"]), rel=c(_RELATIVES),
            event2=c(["interview", "exam", "trip", "wedding", "move", "results"]), artifact=c(_ARTIFACTS),
            gadget=c(_GADGETS),
        )  # fmt: skip

    for _ in range(30):
        yield c([f"my {c(_GADGETS)} {c(_BROKEN)}", f"my {c(_ARTIFACTS)} {c(_BROKEN)}",
                 f"my {c(_PETS)} {c(_PET_ANTICS)}", f"our {c(_PETS)} {c(_PET_ANTICS)}",
                 f"I keep getting an error in my {c(_ARTIFACTS)}"])  # fmt: skip
    for _ in range(30):
        yield c([f"my {c(_JUDGED)} is {c(_JUDGEMENTS)}", f"our {c(_JUDGED)} is {c(_JUDGEMENTS)}",
                 f"I like {c(_DEFINITE)}", f"I love {c(_DEFINITE)}", f"I prefer {c(_DEFINITE)}",
                 f"I hate {c(_DEFINITE)}", f"my {c(_JUDGED)} has been {c(_JUDGEMENTS)} lately"])  # fmt: skip
    for _ in range(35):
        yield fill(c(_NARRATIVE))
    for _ in range(20):
        yield fill(c(_WORRIES))
    for _ in range(20):
        yield fill(c(_PLAN_EVENTS))
    for _ in range(60):
        step = f"{c(_STEP_VERBS)} {c(_STEP_OBJECTS)}{c(_STEP_AFTER)}"
        yield c([f"I {step}", f"when I {step}", f"then I {step}", f"I {c(['always', 'just', 'first'])} {step}",
                 f"I get an error when I {step}", f"it breaks when I {step}", f"I see a warning when I {step}",
                 f"I keep getting a timeout when I {step}", f"every time I {step} it fails"])  # fmt: skip


def _endings(r: random.Random) -> Iterator[str]:
    c = r.choice
    for _ in range(40):
        verb, things = c(_HOBBY_VERBS)
        yield c(
            [
                f"I no longer {verb} {c(things)}",
                f"I don't {verb} {c(things)} anymore",
                f"I stopped {_ing(verb)} {c(things)}",
                f"I gave up {_ing(verb)} {c(things)}",
                f"I quit {c(_ORGS)}",
                f"I left my job at {c(_ORGS)}",
                f"I'm no longer {_a(c(_JOBS))}",
                f"I sold my {c(_CARS)}",
                f"we sold {c(_OWNED)}",
                f"I don't use {c(_TOOLS)} anymore",
                f"we stopped using {c(_TOOLS)}",
                f"my {c(_PETS)} {c(_PET_NAMES)} died",
                f"my {c(_PETS)} passed away {c(_PAST_WHEN)}".strip(),
                f"I don't live in {c(_PLACES)} anymore",
                f"I'm not on {c(_MEDICINES)} anymore",
            ]
        )


def compose(seed: int = 12) -> list[tuple[str, str]]:
    """(label, text) pairs, deterministic for a seed, without repeats, in a fixed order."""
    rng = random.Random(seed)
    lines: dict[str, str] = {}
    for label, source in (("fact", _facts), ("other", _others), ("other", _chatter), ("ending", _endings)):
        for clause in source(rng):
            said = _lead(rng, " ".join(clause.split()))
            lines.setdefault(said, label)
    return [(label, text) for text, label in lines.items()]
