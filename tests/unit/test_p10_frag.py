"""Verbless fragments: facts said without a clause of their own, completed with the frame their context gives.

Classes (each case stands for one, none is a sentence from an evaluation set or the issue): a card of bare noun
phrases about oneself ("im 29, trainee electrician, ..."), a headline with a label ("new job: ..."), a week laid
out as a list ("swimming tue+fri"), a count of days without a habit ("week 3 without a cigarette"), where a commute
starts ("train from X into town"), a bare name answering a question about one's own animal or person. Next to each,
near-misses that must give nothing: someone else's card or week, a hedge or a plan, a question, a joke, an opinion,
a name that calls the asker, a one-off day.
"""

from __future__ import annotations

import pytest

from shared.domain.models import ExtractedFact
from shared.providers.offline import fragments
from tests.unit.exchange import has, last_message_facts, shown


def said(*exchange: tuple[str, str]) -> list[ExtractedFact]:
    """The facts of the last message; "assistant" speaks as the assistant, "me" as an unnamed user, any other
    name as a named user."""
    return last_message_facts(*exchange, unnamed=("me",))


# --- a card about oneself --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "card", "words", "slot"),
    [
        (None, "im 29, trainee electrician, live with two flatmates", ("trainee electrician",), "occupation"),
        (None, "ok so I'm 44, secondary school teacher, two kids", ("secondary school teacher",), "occupation"),
        (None, "hi! i'm new here, junior developer, bit nervous", ("junior developer",), "occupation"),
        (
            None,
            "context: 3 yrs as a paralegal, currently at Bexley & Marsh, want to retrain",
            ("Bexley & Marsh",),
            "employer",
        ),
        (None, "background: 8 years as a welder, now at Harrowfield Steel", ("Harrowfield Steel",), "employer"),
        (None, "about me - freelance illustrator, based in Tilbury", ("freelance illustrator",), "occupation"),
        (None, "about me - freelance illustrator, based in Tilbury", ("Tilbury",), "location"),
        (
            "Could you tell me a little about yourself first?",
            "sure. 52, bus driver, allotment most weekends",
            ("bus driver",),
            "occupation",
        ),
        (
            "Tell me about yourself so I can tailor the plan.",
            "sure: part-time barista, vegan, no car",
            ("part time barista",),
            "occupation",
        ),
        (None, "quick intro: im 35, night nurse, still with St Brenna's these days", ("night nurse",), "occupation"),
    ],
)
def test_a_card_about_oneself_says_what_its_items_are(
    before: str | None, card: str, words: tuple[str, ...], slot: str
) -> None:
    exchange = ([("assistant", before)] if before else []) + [("me", card)]
    facts = said(*exchange)
    fact = has(facts, *words)
    assert fact is not None and fact.slot == slot, shown(facts)


@pytest.mark.parametrize(
    ("before", "card", "unwanted"),
    [
        (None, "my sister: 30, paramedic, lives in Cork", "paramedic"),
        (None, "looking for a plumber, electrician too if you know one", "electrician"),
        (None, "is a nurse, a teacher or a paramedic better paid?", "paramedic"),
        (None, "context: maybe a paralegal, maybe law school, no idea", "paralegal"),
        (None, "he's 40, retired firefighter, lives alone", "firefighter"),
        (None, "Jo's bio: 31, architect, based in Lund", "architect"),
        (None, "context: used to be a welder, currently unemployed", "welder"),
        ("What would you like to be?", "astronaut, pilot, or a chef lol", "chef"),
        (None, "we're 12 people, 3 developers, one designer", "designer"),
    ],
)
def test_a_card_that_is_not_about_the_speaker_says_no_job(before: str | None, card: str, unwanted: str) -> None:
    exchange = ([("assistant", before)] if before else []) + [("me", card)]
    facts = said(*exchange)
    assert not has(facts, unwanted), shown(facts)


def test_at_a_name_on_a_card_is_a_workplace_only_when_the_card_is_about_work() -> None:
    facts = said(("me", "about me: 27, currently at Quarry Hill, love hiking"))
    assert not has(facts, "Quarry Hill"), shown(facts)
    facts = said(("me", "about me: 27, junior accountant, currently at Quarry Hill"))
    fact = has(facts, "Quarry Hill")
    assert fact is not None and fact.slot == "employer", shown(facts)


# --- a headline ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("headline", "words", "slot"),
    [
        ("new job: barista at Plover Coffee!!", ("Plover Coffee",), "employer"),
        ("new job: barista at Plover Coffee!!", ("barista",), "occupation"),
        ("update - new job: junior dev at Cobalt Labs 🎉", ("Cobalt Labs",), "employer"),
        ("big news!! new gig: Fernhill Bakery", ("Fernhill Bakery",), "employer"),
        ("new role: data analyst", ("data analyst",), "occupation"),
        ("new city: Porto 🎉", ("Porto",), "location"),
        ("life update: new flat - a studio in Ravensby", ("Ravensby",), "location"),
        ("new puppy: a beagle called Toast", ("Toast",), None),
        ("new kitten: Pickle!!", ("Pickle",), None),
        ("new car: a Honda Jazz, finally", ("Honda Jazz",), None),
        ("new job!! sous chef at the Larder", ("the Larder",), "employer"),
        ("big news. new flat! a tiny studio in Ravensby", ("Ravensby",), "location"),
    ],
)
def test_a_headline_says_its_value_on_its_labels_slot(headline: str, words: tuple[str, ...], slot: str | None) -> None:
    facts = said(("me", headline))
    fact = has(facts, *words)
    assert fact is not None, shown(facts)
    if slot:
        assert fact.slot == slot, shown(facts)


@pytest.mark.parametrize(
    ("headline", "unwanted"),
    [
        ("new job: any tips for the first week?", "tips"),
        ("new job!! any tips for the first day?", "tips"),
        ("new job!! maybe at Plover Coffee, fingers crossed", "Plover"),
        ("my brother's new job: bus driver", "driver"),
        ("Jo's new flat: a loft in Ravensby", "Ravensby"),
        ("dream job: astronaut lol", "astronaut"),
        ("new job: maybe Plover Coffee, waiting to hear back", "Plover"),
        ("new city: no idea yet", "idea"),
        ("his new puppy: a beagle, no name yet", "beagle"),
    ],
)
def test_a_headline_about_someone_else_or_not_yet_so_says_nothing(headline: str, unwanted: str) -> None:
    facts = said(("me", headline))
    assert not has(facts, unwanted), shown(facts)


# --- a week laid out as a list ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("week", "words"),
    [
        ("my week: swimming tue+fri, book club every thursday", ("swimming", "tuesdays", "fridays")),
        ("my week: swimming tue+fri, book club every thursday", ("book club",)),
        ("routine rn: pilates twice a week, running most mornings", ("pilates", "twice a week")),
        ("routine rn: pilates twice a week, running most mornings", ("running",)),
        ("usual week is squash on mondays, choir on thursdays, that's it", ("squash",)),
        ("usual week is squash on mondays, choir on thursdays, that's it", ("choir",)),
        ("schedule's packed: hiking sundays, karate wed/fri", ("karate",)),
    ],
)
def test_a_week_listed_item_by_item_says_each_habit(week: str, words: tuple[str, ...]) -> None:
    facts = said(("me", week))
    fact = has(facts, *words)
    assert fact is not None and (fact.slot or "").startswith("habit:"), shown(facts)


@pytest.mark.parametrize(
    ("week", "unwanted"),
    [
        ("tennis on tuesday?", "tennis"),
        ("my son's week: football on saturdays, piano lessons on mondays", "football"),
        ("her week: yoga mondays, choir thursdays", "yoga"),
        ("dentist on friday, then the kids' party", "dentist"),
        ("pizza fridays, obviously", "pizza"),
        ("thinking about swimming tue+fri, is that enough?", "swimming"),
        ("could do pilates twice a week, would that help", "pilates"),
    ],
)
def test_a_week_that_is_not_the_speakers_habits_says_nothing(week: str, unwanted: str) -> None:
    facts = said(("me", week))
    assert not has(facts, unwanted), shown(facts)


# --- days without a habit --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("week 3 without a cigarette and i feel human", "smok"),
        ("2 months no booze 🎉 sleeping so much better", "drink"),
        ("day 12 without coffee, headaches are gone", "coffee"),
        ("six months vape-free as of today", "vap"),
        ("100 days sober tomorrow!!", "drink"),
        ("ok so, 3 weeks off sugar, how do i stop craving it", "sugar"),
    ],
)
def test_a_count_of_days_without_a_habit_ends_it(text: str, word: str) -> None:
    facts = said(("me", text))
    assert has(facts, word, negated=True), shown(facts)
    assert not has(facts, word), shown(facts)


@pytest.mark.parametrize(
    "text",
    [
        "day 3 without power lol, send help",
        "my dad is 2 years sober this week",
        "could i go a week without coffee?",
        "trying to do 30 days without sugar, any tips",
        "if i go a month without a cigarette will my lungs recover",
        "she's six months vape-free",
    ],
)
def test_a_count_that_is_a_wish_a_question_or_someone_elses_ends_nothing(text: str) -> None:
    facts = said(("me", text))
    assert not [f for f in facts if f.negated], shown(facts)


# --- where a commute starts ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("exchange", "words"),
    [
        ((("assistant", "How long is your commute?"), ("me", "train from Ashby into town, about 40 min")), ("Ashby",)),
        ((("me", "my commute is brutal lol, bus from Kelham every morning"),), ("Kelham",)),
        (
            (("Sam", "still doing that commute?"), ("Priya", "yep, an hour each way from my aunt's place in Deering")),
            ("Deering",),
        ),
        ((("me", "commuting from Wexcombe to the city is killing me"),), ("Wexcombe",)),
    ],
)
def test_where_a_commute_starts_is_where_one_lives(
    exchange: tuple[tuple[str, str], ...], words: tuple[str, ...]
) -> None:
    facts = said(*exchange)
    fact = has(facts, *words)
    assert fact is not None, shown(facts)
    assert "live" in fact.text.lower(), shown(facts)


@pytest.mark.parametrize(
    "exchange",
    [
        (("me", "train from Leeds to York tomorrow, what should i read"),),
        (("me", "my wife's commute is awful, train from Selby every day"),),
        (("assistant", "How's the commute?"), ("me", "fine, bus from work is quick")),
        (("me", "what's the best commute from Ashby to the city?"),),
    ],
)
def test_a_trip_or_someone_elses_commute_says_no_home(exchange: tuple[tuple[str, str], ...]) -> None:
    facts = said(*exchange)
    assert not [f for f in facts if f.slot and f.slot.startswith("location")], shown(facts)


# --- a bare name answering a question about one's own ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "words"),
    [
        ("is that dog of yours still eating socks?", "Biscuit? constantly lol", ("Priya", "Biscuit")),
        ("does ur rabbit still hate the hoover", "Clover! yes, she bolts every time", ("Priya", "Clover")),
        ("your horse still at the livery yard?", "Juniper, yep, for now", ("Priya", "Juniper")),
        ("is your boyfriend coming tonight", "Tomas? nah he's working", ("Priya", "Tomas")),
        ("how old is your cat now", "Miso? 12 in march", ("Priya", "Miso")),
    ],
)
def test_a_bare_name_names_the_one_asked_about(question: str, answer: str, words: tuple[str, ...]) -> None:
    facts = said(("Sam", question), ("Priya", answer))
    assert has(facts, *words), shown(facts)
    assert not any("Sam" in f.text for f in facts), shown(facts)


@pytest.mark.parametrize(
    ("question", "answer", "unwanted"),
    [
        ("is your cat ok?", "Monday was rough but she's fine", "Monday"),
        ("is your dog still alive lol", "Sam! rude", "Sam"),
        ("did you see Jo's dog?", "Rex? yeah so cute", "Rex"),
        ("is your cat still alive", "Honestly? barely", "Honestly"),
        ("what do you think of Lisbon?", "Lisbon? gorgeous", "Lisbon"),
        ("your kids still into lego?", "Obsessed. send help", "Obsessed"),
        ("are your dogs ok with cats?", "Luna is, Max not so much", "Luna"),
        ("we should get a dog", "Biscuit! we'd call him Biscuit", "Biscuit"),
    ],
)
def test_a_name_that_names_no_one_of_ones_own_says_nothing(question: str, answer: str, unwanted: str) -> None:
    facts = said(("Sam", question), ("Priya", answer))
    assert not has(facts, unwanted), shown(facts)


# --- the module alone ------------------------------------------------------------------------------------------------


def test_a_message_without_a_frame_gives_no_statement() -> None:
    for text in ("lol same", "ok thanks!", "sounds good, see you then", "haha no way, that's wild"):
        assert fragments.statements(text, "how are you?", "Sam") == []


def test_a_sentence_that_asks_gives_no_statement() -> None:
    assert fragments.statements("new job: barista at Plover Coffee?") == []
    assert fragments.statements("day 40 without a cigarette, is that good?") == []


# --- an answer about one's work, its subject in the question -------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "words", "slot"),
    [
        ("how's the new job?", "good! barista at Plover now", ("Plover",), "employer~priya"),
        ("how's the new job?", "good! barista at Plover now", ("barista",), "occupation~priya"),
        ("hows ur new role going", "ok so far. site engineer for Dunmore Rail", ("Dunmore Rail",), "employer~priya"),
        ("who do you work for now?", "Fernway, since the spring", ("Fernway",), "employer~priya"),
        ("which company are you with these days", "Halcyon Freight lol", ("Halcyon Freight",), "employer~priya"),
        ("what do u do these days", "junior dev at Cobalt Labs, remote", ("Cobalt Labs",), "employer~priya"),
        ("where r u working now", "still at Quayside Books", ("Quayside Books",), "employer~priya"),
    ],
)
def test_an_answer_about_ones_work_says_the_job_or_the_workplace(
    question: str, answer: str, words: tuple[str, ...], slot: str
) -> None:
    facts = said(("Sam", question), ("Priya", answer))
    fact = has(facts, *words)
    assert fact is not None and fact.slot == slot, shown(facts)


@pytest.mark.parametrize(
    ("question", "answer", "unwanted"),
    [
        ("how's your sister's new job?", "nurse at St Mary's now", "St Mary's"),
        ("how's Jo's new job", "barista at Plover, she loves it", "Plover"),
        ("how's the new job?", "boring, paperwork mostly", "paperwork"),
        ("who do you work for now?", "Nobody! freelance life", "Nobody"),
        ("what do you think of the new job ads", "Plover? meh", "Plover"),
        ("how was the weekend?", "Fernway, then home", "Fernway"),
    ],
)
def test_an_answer_about_someone_elses_work_or_no_work_says_nothing(question: str, answer: str, unwanted: str) -> None:
    facts = said(("Sam", question), ("Priya", answer))
    assert not has(facts, unwanted), shown(facts)


# --- a diet said bare, allergies listed ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("exchange", "words", "slot"),
    [
        ((("me", "vegan now, fyi"),), ("vegan",), "diet"),
        ((("me", "veggie again lol, what do i make for dinner"),), ("vegetarian",), "diet"),
        ((("me", "pescatarian since january, so fish is fine"),), ("pescatarian",), "diet"),
        ((("assistant", "Any dietary restrictions?"), ("me", "vegetarian")), ("vegetarian",), "diet"),
        ((("assistant", "Do you have any food allergies?"), ("me", "peanuts and shellfish")), ("shellfish",), None),
        ((("assistant", "Any allergies I should know about?"), ("me", "sesame, mostly")), ("sesame",), None),
        ((("Sam", "r u allergic to anything"), ("Priya", "kiwi lol")), ("Priya", "kiwi"), None),
    ],
)
def test_a_diet_or_an_allergy_said_bare_is_the_speakers(
    exchange: tuple[tuple[str, str], ...], words: tuple[str, ...], slot: str | None
) -> None:
    facts = said(*exchange)
    fact = has(facts, *words)
    assert fact is not None, shown(facts)
    if slot:
        assert fact.slot == slot, shown(facts)


@pytest.mark.parametrize(
    ("exchange", "unwanted"),
    [
        ((("me", "vegan pls, for four people"),), "vegan"),
        ((("me", "vegan now? since when"),), "vegan"),
        ((("assistant", "Any allergies I should know about?"), ("me", "nope, none")), "allerg"),
        ((("assistant", "Does anyone in the family have allergies?"), ("me", "peanuts")), "peanuts"),
        ((("assistant", "Any dietary restrictions for your guests?"), ("me", "vegetarian")), "vegetarian"),
        ((("me", "my sister is staying over. vegan now, so no cheese"),), "vegan"),
    ],
)
def test_a_diet_asked_for_or_someone_elses_says_nothing(exchange: tuple[tuple[str, str], ...], unwanted: str) -> None:
    facts = said(*exchange)
    assert not has(facts, unwanted), shown(facts)


# --- a one-word correction -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "correction", "words", "typo"),
    [
        ("I live in Lisbn now", "*Lisbon", ("Lisbon",), "Lisbn"),
        ("just started at Halden Logistcs", "Logistics*", ("Halden Logistics",), "Logistcs"),
        ("we got a puppy called Bisuit", "*Biscuit sorry", ("Biscuit",), "Bisuit"),
    ],
)
def test_a_starred_word_puts_the_typo_right(first: str, correction: str, words: tuple[str, ...], typo: str) -> None:
    facts = said(("me", first), ("me", correction))
    fact = has(facts, *words)
    assert fact is not None and typo not in fact.text, shown(facts)


@pytest.mark.parametrize(
    "exchange",
    [
        (("me", "moving to Lisbon in may"), ("me", "*Porto")),  # another value, not a typo
        (("assistant", "I live in Lisbn, you?"), ("me", "*Lisbon")),  # the assistant's words
        (("Sam", "I live in Lisbn"), ("Priya", "*Lisbon")),  # the other speaker's words
        (("me", "what's the weather in Lisbn"), ("me", "*Lisbon")),  # a question
    ],
)
def test_a_starred_word_that_corrects_no_statement_of_ones_own_says_nothing(
    exchange: tuple[tuple[str, str], ...],
) -> None:
    facts = said(*exchange)
    assert not has(facts, "Lisbon") and not has(facts, "Porto"), shown(facts)


# --- a place and a job, after "where are you going?" ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "words", "slot"),
    [
        (
            "where are u going",
            "Harlow Foods, the big one by the ring road. senior buyer",
            ("Harlow Foods",),
            "employer",
        ),
        ("omg where to", "Brackley Dental! hygienist, from june", ("hygienist",), "occupation"),
        ("where are you off to then", "Kestrel Air, flight attendant lol", ("Kestrel Air",), "employer"),
    ],
)
def test_a_name_and_a_job_after_where_to_make_the_new_workplace(
    question: str, answer: str, words: tuple[str, ...], slot: str
) -> None:
    facts = said(("Priya", "handed in my notice today"), ("Sam", question), ("Priya", answer))
    fact = has(facts, *words)
    assert fact is not None and fact.slot == f"{slot}~priya", shown(facts)


@pytest.mark.parametrize(
    ("question", "answer", "unwanted"),
    [
        ("where are u going", "Lisbon! for a conference", "Lisbon"),
        ("where are you off to", "Harlow, my sister's a nurse there", "Harlow"),
        ("where to?", "senior buyer somewhere, hopefully", "buyer"),
    ],
)
def test_a_place_without_a_job_after_where_to_is_no_workplace(question: str, answer: str, unwanted: str) -> None:
    facts = said(("Sam", question), ("Priya", answer))
    assert not [f for f in facts if unwanted in f.text and (f.slot or "").startswith(("employer", "occupation"))], (
        shown(facts)
    )


# --- a new value for one the other named, said as holding now ---------------------------------------------------


@pytest.mark.parametrize(
    ("other", "answer", "words", "slot"),
    [
        (
            ("assistant", "Since you're in Lisbon, the tram is easiest."),
            "Porto now actually, moved in march",
            ("Porto",),
            "location",
        ),
        (
            ("assistant", "As you're based in Leeds, try the Dales."),
            "not anymore, York since january",
            ("York",),
            "location",
        ),
        (("Sam", "how's life in Bergen treating you"), "Oslo now! moved in june", ("Oslo",), "location~priya"),
        (("Sam", "you still with Kellner?"), "yep still with Kellner", ("Kellner",), "employer~priya"),
        (("Sam", "r u still at Brightwave"), "Solstice now, since april", ("Solstice",), None),
        (("assistant", "Are you still using Notion for notes?"), "obsidian now", ("obsidian",), None),
        (("Sam", "still drinking coffee?"), "just tea these days", ("tea",), None),
    ],
)
def test_a_value_said_as_holding_now_takes_the_frame_of_the_one_named(
    other: tuple[str, str], answer: str, words: tuple[str, ...], slot: str | None
) -> None:
    facts = said(other, ("me" if other[0] == "assistant" else "Priya", answer))
    assert has(facts, *words), shown(facts)
    if slot:
        assert any(f.slot == slot and all(w in f.text for w in words) for f in facts), shown(facts)


@pytest.mark.parametrize(
    ("other", "answer", "unwanted"),
    [
        (("assistant", "Here are some restaurants in Lisbon."), "Porto now", "Porto"),
        (("Sam", "how's Jo getting on in Bergen"), "Oslo now, she moved", "Oslo"),
        (("Sam", "you still in Bergen?"), "still there lol", "there"),
        (("assistant", "Since you're in Lisbon, the tram is easiest."), "maybe Porto now?", "Porto"),
        (("Sam", "you still with Kellner?"), "Monday now, they moved the shift", "Monday"),
    ],
)
def test_a_value_for_no_value_of_the_speakers_says_nothing(other: tuple[str, str], answer: str, unwanted: str) -> None:
    facts = said(other, ("me" if other[0] == "assistant" else "Priya", answer))
    assert not has(facts, unwanted), shown(facts)


@pytest.mark.parametrize(
    ("exchange", "words"),
    [
        ((("me", "i just started at Fenwick Labs, junior technician, loving it so far"),), ("junior technician",)),
        ((("me", "and i work at the city museum these days, assistant archivist"),), ("assistant archivist",)),
        (
            (("Sam", "how's the apprenticeship going"), ("Priya", "loving it. plumber life 🔧 second year now")),
            ("plumber",),
        ),
        ((("Sam", "how's the internship"), ("Priya", "long days 😅 junior analyst at Corvane")), ("junior analyst",)),
    ],
)
def test_a_job_said_after_ones_news_or_as_a_life_is_ones_job(
    exchange: tuple[tuple[str, str], ...], words: tuple[str, ...]
) -> None:
    facts = said(*exchange)
    assert any(f.slot and f.slot.startswith("occupation") and all(w in f.text for w in words) for f in facts), shown(
        facts
    )


def test_a_job_the_message_already_says_is_not_said_twice() -> None:
    facts = said(("me", "and i start at the city museum on monday, assistant archivist"))
    assert len([f for f in facts if "archivist" in f.text]) == 1, shown(facts)


@pytest.mark.parametrize(
    "exchange",
    [
        (("me", "my brother just started at Fenwick Labs, junior technician"),),
        (("Sam", "how's your sister's apprenticeship"), ("Priya", "she loves it. plumber life 🔧")),
        (("me", "i met a guy at the party, paramedic, very cute"),),
    ],
)
def test_a_job_said_of_someone_else_is_not_ones_job(exchange: tuple[tuple[str, str], ...]) -> None:
    facts = said(*exchange)
    assert not [f for f in facts if f.slot and f.slot.startswith("occupation")], shown(facts)


# --- a "yes" to a "still ...?" question, with or without its "?" ---------------------------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "words"),
    [
        ("you still play the cello", "yep, every week", ("Priya", "cello")),
        ("still running?", "yep, 5k most mornings", ("Priya", "run")),
        ("r u still living in Bergen", "yeah for now", ("Priya", "Bergen")),
        ("u still at Kellner?", "yep", ("Priya", "Kellner")),
        ("still vegan?", "yeah obviously", ("Priya", "vegan")),
        ("jonas do u still swim", "the sea swims? yeah, all winter", ("Priya", "swim")),
    ],
)
def test_a_yes_to_a_still_question_keeps_the_state(question: str, answer: str, words: tuple[str, ...]) -> None:
    facts = said(("Sam", question), ("Priya", answer))
    assert has(facts, *words), shown(facts)


@pytest.mark.parametrize(
    ("question", "answer", "unwanted"),
    [
        ("still at Kellner?", "yeah no, left in may", "works at Kellner"),
        ("you still mad at me?", "yes", "mad"),
        ("do u still have my charger", "yeah sorry", "charger"),
        ("still learning Italian?", "yep, B1 now", "B1"),
        ("would you still move to Oslo?", "yes", "Oslo"),
        ("is Jo still in Bergen", "yep", "Bergen"),
        ("u still coming tonight?", "yes!! 8ish", "tonight"),
        ("still at the pub?", "yep, come down", "pub"),
        ("you still awake", "yeah can't sleep", "awake"),
    ],
)
def test_a_yes_to_no_lasting_state_of_ones_own_says_nothing(question: str, answer: str, unwanted: str) -> None:
    facts = said(("Sam", question), ("Priya", answer))
    assert not has(facts, unwanted), shown(facts)
