"""Family, partners and pets said in chat's words (#12, p13-family).

Written before the code, in invented phrasings that differ in words, register and clause order, with near-misses
that must give nothing of the user's. Each class either gives the right fact or gives nothing:

- a birth, the child's name said after it ("we just had a baby boy, Leo", "had a girl last week!! her name is
  Ada", "baby Noor arrived on sunday"): the user has a son/daughter/baby of that name, from the day said; not a
  belonging, not an event, not a sibling's baby, not a baby still to come or only hoped for;
- a partner living with the user ("my girlfriend moved in with me", "I live with my boyfriend"): the partner's
  home (``family:<partner>:location``), never a habit of living;
- a couple said together for a span with no date ("Priya and I have been together since uni") or begun ("started
  dating a guy called Tom"): the partner by name; friends, colleagues and dating apps are no couple;
- a marriage that ended, said of both ("my husband and I are divorced now", "me and my wife are separated"): the
  partner retracted; one's parents' divorce is not the user's;
- children counted with their ages ("i have two daughters, 5 and 8", "we have 2 boys (9 and 11)"): the ages
  stay in the fact;
- a pet got and named ("i got a greyhound named Pip", "adopted a lurcher last week, called him Pip", "my dog is
  a golden retriever named Max"): a pet, by its name, never a belonging; a pet given to another home ("we had to
  rehome our cat") is no longer the user's, and did not die.
"""

from __future__ import annotations

from datetime import date

import pytest

from tests.unit.exchange import message_facts, shown


def _one(text: str, *words: str):
    facts = message_facts(text)
    found = [f for f in facts if all(w.lower() in f.text.lower() for w in words)]
    assert found, shown(facts)
    return found[0], facts


# --- births, the child named after ---------------------------------------------------------------------------

BIRTHS = [
    ("we just had a baby boy, Leo", "son", "Leo", None),
    ("had a baby girl last week!! her name is Ada", "daughter", "Ada", date(2026, 5, 11)),
    ("my wife gave birth to a little girl on monday, we named her Ada", "daughter", "Ada", date(2026, 5, 18)),
    ("our son was born yesterday, we called him Theo 🥹", "son", "Theo", date(2026, 5, 19)),
    ("Baby Noor arrived on Sunday!! 3.2kg of pure chaos", "baby", "Noor", date(2026, 5, 17)),
    ("welcomed our daughter into the world this morning. Ines Maria, 7lb 2oz", "daughter", "Ines", None),
    ("so i'm a dad now!! little Oskar was born last night", "son", "Oskar", None),
    ("we had our second baby on friday, a boy called Jonah", "son", "Jonah", date(2026, 5, 15)),
]


@pytest.mark.parametrize(("text", "kind", "name", "day"), BIRTHS)
def test_a_birth_is_a_child_by_name(text: str, kind: str, name: str, day: date | None) -> None:
    facts = message_facts(text)
    named = [f for f in facts if name in f.text and not f.negated]
    assert named, shown(facts)
    fact = named[0]
    assert (fact.slot or "").startswith("family:"), shown(facts)
    assert not (fact.slot or "").startswith(("own:", "event:")), shown(facts)
    if kind != "son" or "dad" not in text:  # "a dad now, little Oskar": the child's sex is not said
        assert kind in fact.text or kind == "baby", shown(facts)
    if day is not None:
        assert fact.valid_from is not None and fact.valid_from.date() == day, shown(facts)
    assert not any((f.slot or "").startswith("own:") for f in facts), shown(facts)


NOT_THE_USERS_BIRTH = [
    "my sister just had a baby boy, Leo",
    "we're having a baby boy, we're calling him Leo",
    "if we have a girl we'll name her Ada",
    "we had a baby shower for Leo on saturday",
    "did your wife have the baby yet? a boy, Leo?",
    "my cousin welcomed a baby girl last week, Ada",
]


@pytest.mark.parametrize("text", NOT_THE_USERS_BIRTH)
def test_no_child_of_the_users_is_made_up(text: str) -> None:
    facts = message_facts(text)
    assert not any(
        f.text.startswith("The user has") and (f.slot or "").startswith("family:") and not f.negated for f in facts
    ), shown(facts)


# --- a partner living with the user --------------------------------------------------------------------------

LIVING_WITH = [
    ("my girlfriend moved in with me", "girlfriend"),
    ("I live with my boyfriend", "boyfriend"),
    ("my bf finally moved in with me last weekend!!", "boyfriend"),
    ("i live w my partner in a tiny flat", "partner"),
    ("My fiancée moved in with me in march", "fianc"),
]


@pytest.mark.parametrize(("text", "word"), LIVING_WITH)
def test_a_partner_living_with_the_user_is_their_home(text: str, word: str) -> None:
    facts = message_facts(text)
    assert not any((f.slot or "").startswith("habit:living") for f in facts), shown(facts)
    living = [f for f in facts if (f.slot or "").startswith("family:") and (f.slot or "").endswith(":location")]
    assert living and word in living[0].text.lower(), shown(facts)


NOT_LIVING_WITH = [
    "my girlfriend might move in with me next year",
    "should my boyfriend move in with me?",
    "my sister moved in with her boyfriend",
    "my girlfriend moved out last month",
]


@pytest.mark.parametrize("text", NOT_LIVING_WITH)
def test_no_partner_living_with_the_user_is_made_up(text: str) -> None:
    facts = message_facts(text)
    assert not any((f.slot or "").endswith(":location") and "lives with" in f.text and not f.negated for f in facts), (
        shown(facts)
    )


# --- a couple said with "me and X", or begun -----------------------------------------------------------------

COUPLES = [
    ("yeah Priya and I have been together since uni", "Priya"),
    ("Jo and I have been together for ages lol", "Jo"),
    ("started dating a guy called Tom", "Tom"),
    ("i've started seeing someone, her name is Lea", "Lea"),
    ("So I started dating Marco last month", "Marco"),
]


@pytest.mark.parametrize(("text", "name"), COUPLES)
def test_a_couple_names_the_partner(text: str, name: str) -> None:
    facts = message_facts(text)
    assert any(f.slot == "partner" and name in f.text and not f.negated for f in facts), shown(facts)


NOT_A_COUPLE = [
    "me and Kwame have been friends for 2 years",
    "me and Kwame have been working together 2 years now",
    "started dating apps again, ugh",
    "my sister started dating a guy called Tom",
    "should i start dating Tom?",
]


@pytest.mark.parametrize("text", NOT_A_COUPLE)
def test_no_couple_is_made_up(text: str) -> None:
    facts = message_facts(text)
    assert not any(f.slot == "partner" and not f.negated for f in facts), shown(facts)


# --- a marriage that ended, said of both ----------------------------------------------------------------------

ENDED = [
    "my husband and I are divorced now",
    "me and my wife are separated",
    "my ex and I got divorced last year",
]


@pytest.mark.parametrize("text", ENDED)
def test_a_marriage_ended_retracts_the_partner(text: str) -> None:
    facts = message_facts(text)
    assert any(f.slot == "partner" and f.negated for f in facts), shown(facts)
    assert not any(f.slot == "partner" and not f.negated for f in facts), shown(facts)


@pytest.mark.parametrize("text", ["my parents are divorced", "my sister and her husband are separated"])
def test_someone_elses_divorce_is_not_the_users(text: str) -> None:
    facts = message_facts(text)
    assert not any(f.slot == "partner" for f in facts), shown(facts)


# --- children counted with their ages -------------------------------------------------------------------------

AGES = [
    ("i have two daughters, 5 and 8", "5 and 8"),
    ("we have 2 boys (9 and 11)", "9 and 11"),
    ("I've got three kids aged 2, 6 and 10", "2, 6 and 10"),
    ("my kids are 4 and 9", "4 and 9"),
]


@pytest.mark.parametrize(("text", "ages"), AGES)
def test_children_keep_their_ages(text: str, ages: str) -> None:
    fact, facts = _one(text, ages)
    assert (fact.slot or "").startswith("family:"), shown(facts)


@pytest.mark.parametrize("text", ["i have two kids and 3 dogs", "we have two boys, both mad about football"])
def test_no_ages_are_made_up(text: str) -> None:
    facts = message_facts(text)
    assert not any("aged" in f.text for f in facts), shown(facts)


# --- pets got and named, and rehomed --------------------------------------------------------------------------

PETS = [
    ("i got a greyhound named Pip", "Pip", None),
    ("adopted a lurcher last week, called him Pip", "Pip", date(2026, 5, 11)),
    ("my dog is a golden retriever named Max", "Max", None),
    ("we rescued a tabby called Miso on saturday", "Miso", date(2026, 5, 16)),
]


@pytest.mark.parametrize(("text", "name", "day"), PETS)
def test_a_pet_got_and_named_is_a_pet(text: str, name: str, day: date | None) -> None:
    facts = message_facts(text)
    pets = [f for f in facts if name in f.text and (f.slot or "") == f"pet:{name.lower()}" and not f.negated]
    assert pets, shown(facts)
    assert not any((f.slot or "").startswith(("own:", "event:")) for f in facts), shown(facts)
    if day is not None:
        assert pets[0].valid_from is not None and pets[0].valid_from.date() == day, shown(facts)


REHOMED = [("we had to rehome our cat", "cat"), ("i rehomed my rabbit last month", "rabbit")]


@pytest.mark.parametrize(("text", "kind"), REHOMED)
def test_a_rehomed_pet_is_gone_but_not_dead(text: str, kind: str) -> None:
    facts = message_facts(text)
    gone = [f for f in facts if f.negated and kind in f.text]
    assert gone and (gone[0].slot or "").startswith("pet:"), shown(facts)
    assert not any("died" in f.text for f in facts), shown(facts)


NOT_A_PET = [
    "thinking of naming my puppy Biscuit",
    "my neighbour's dog is called Max",
    "should we adopt a greyhound named Pip?",
    "my sister had to rehome her cat",
]


@pytest.mark.parametrize("text", NOT_A_PET)
def test_no_pet_of_the_users_is_made_up(text: str) -> None:
    facts = message_facts(text)
    assert not any((f.slot or "").startswith("pet:") and not f.negated for f in facts), shown(facts)


# --- a couple ended, in any words -----------------------------------------------------------------------------

BREAKUPS = [
    ("me and Kwame ended things last week", "Kwame"),
    ("Jonas and I went our separate ways", "Jonas"),
    ("so Mira and I aren't a couple anymore", "Mira"),
    ("i'm not with him anymore tbh", None),
    ("he dumped me on friday", None),
    ("we ended it, it was mutual", None),
    ("I broke it off with Sanne", "Sanne"),
]


@pytest.mark.parametrize(("text", "name"), BREAKUPS)
def test_a_couple_ended_retracts_the_partner(text: str, name: str | None) -> None:
    facts = message_facts(text)
    ended = [f for f in facts if f.slot == "partner" and f.negated]
    assert ended, shown(facts)
    if name:
        assert name in ended[0].text, shown(facts)
    assert not any(f.slot == "partner" and not f.negated for f in facts), shown(facts)
    assert not any((f.slot or "").startswith("*:") for f in facts), shown(facts)


NOT_A_BREAKUP = [
    "we ended things with the supplier",
    "she left me a voicemail",
    "me and Kwame ended the meeting early",
    "my sister and her boyfriend went their separate ways",
    "i'm not with the bank anymore",
    "i'm not with Spotify anymore",
]


@pytest.mark.parametrize("text", NOT_A_BREAKUP)
def test_no_breakup_is_made_up(text: str) -> None:
    facts = message_facts(text)
    assert not any(f.slot == "partner" for f in facts), shown(facts)


# --- a relative's birthday ahead, dated ----------------------------------------------------------------------

MILESTONES = [
    ("my son turns 10 next friday", "son", "10", date(2026, 5, 22)),
    ("my mum turns 60 on the 3rd of june. party ideas?", "mum", "60", date(2026, 6, 3)),
    ("our youngest is turning 4 on sunday!!", "youngest", "4", date(2026, 5, 24)),
    ("my daughter Isla will be 6 on saturday", "Isla", "6", date(2026, 5, 23)),
    ("it's my husband's birthday on friday", "husband", "birthday", date(2026, 5, 22)),
    ("my dad's 70th is on saturday", "dad", "70", date(2026, 5, 23)),
]


@pytest.mark.parametrize(("text", "who", "what", "day"), MILESTONES)
def test_a_relatives_birthday_ahead_is_dated(text: str, who: str, what: str, day: date) -> None:
    facts = message_facts(text)
    dated = [f for f in facts if who in f.text and what in f.text and f.valid_from is not None]
    assert dated and dated[0].valid_from.date() == day, shown(facts)
    assert (dated[0].slot or "").startswith("event:"), shown(facts)
    assert day.isoformat() in dated[0].text, shown(facts)


NOT_A_MILESTONE = [
    "my son turns 10 soon",
    "does my son turn 10 on friday?",
    "my car turns 10 next month",
    "if my mum turns 60 on friday we'll go out",
]


@pytest.mark.parametrize("text", NOT_A_MILESTONE)
def test_no_dated_birthday_is_made_up(text: str) -> None:
    facts = message_facts(text)
    assert not any((f.slot or "").startswith("event:") for f in facts), shown(facts)


# --- a pet named by the user's side, said after the kind ------------------------------------------------------

NAMED_BY_US = [
    ("we did 🥹 a border collie, the kids named her Turnip", "Turnip"),
    ("yes!! a little tabby, we named him Mochi", "Mochi"),
    ("finally caved on the puppy. a beagle. my daughter called him Waffles", "Waffles"),
    ("the shelter had this scruffy lurcher and we called her Dot", "Dot"),
]


@pytest.mark.parametrize(("text", "name"), NAMED_BY_US)
def test_a_pet_named_by_the_users_side_is_theirs(text: str, name: str) -> None:
    facts = message_facts(text)
    assert any((f.slot or "") == f"pet:{name.lower()}" and name in f.text and not f.negated for f in facts), shown(
        facts
    )


NOT_NAMED_BY_US = [
    "my sister got a beagle and named him Waffles",
    "if we get a cat we'll name her Mochi",
    "my neighbour has a collie, they named her Turnip",
    "what should we call the puppy? maybe Turnip",
    "a border collie? the kids would name her Turnip",
]


@pytest.mark.parametrize("text", NOT_NAMED_BY_US)
def test_no_pet_named_by_others_is_the_users(text: str) -> None:
    facts = message_facts(text)
    assert not any((f.slot or "").startswith("pet:") and not f.negated for f in facts), shown(facts)


# --- a pet's death said gently, and a pet got and named in other words ----------------------------------------

PET_DIED = [
    ("had to say goodbye to our old cat Misty yesterday", "Misty"),
    ("we had to have our dog Bruno put to sleep last night", "Bruno"),
    ("our rabbit Clover crossed the rainbow bridge on sunday", "Clover"),
    ("said goodbye to my hamster this morning 😢", "hamster"),
]


@pytest.mark.parametrize(("text", "who"), PET_DIED)
def test_a_pets_death_said_gently_retracts_the_pet(text: str, who: str) -> None:
    facts = message_facts(text)
    gone = [f for f in facts if f.negated and who in f.text and (f.slot or "").startswith("pet:")]
    assert gone, shown(facts)
    assert not any((f.slot or "").startswith("event:") for f in facts), shown(facts)


NOT_DIED = [
    "my sister had to say goodbye to her cat Misty",
    "i said goodbye to my dog and left for work",
    "we might have to have our dog put to sleep",
]


@pytest.mark.parametrize("text", NOT_DIED)
def test_no_pet_death_is_made_up(text: str) -> None:
    facts = message_facts(text)
    assert not any(f.negated and (f.slot or "").startswith("pet:") for f in facts), shown(facts)


PET_NAMED_OTHERWISE = [
    ("we brought home a kitten on saturday, calling her Fig", "Fig"),
    ("just picked up our new puppy!! his name's Otis", "Otis"),
    ("meet Nala, our new rescue pup", "Nala"),
]


@pytest.mark.parametrize(("text", "name"), PET_NAMED_OTHERWISE)
def test_a_pet_named_in_other_words_is_theirs(text: str, name: str) -> None:
    facts = message_facts(text)
    assert any((f.slot or "") == f"pet:{name.lower()}" and not f.negated for f in facts), shown(facts)


NOT_NAMED_OTHERWISE = [
    "my friend got a puppy, his name's Otis",
    "meet Nala, my sister's new pup",
    "we might get a kitten, calling her Fig maybe",
]


@pytest.mark.parametrize("text", NOT_NAMED_OTHERWISE)
def test_no_pet_named_otherwise_is_made_up(text: str) -> None:
    facts = message_facts(text)
    assert not any((f.slot or "").startswith("pet:") and not f.negated for f in facts), shown(facts)


@pytest.mark.parametrize(
    ("text", "name", "day"),
    [
        ("we brought home a kitten on saturday, calling her Fig", "Fig", date(2026, 5, 16)),
        ("we got a puppy last month, her name is Bramble", "Bramble", date(2026, 4, 1)),
    ],
)
def test_a_pet_named_after_keeps_the_day_it_came(text: str, name: str, day: date) -> None:
    facts = message_facts(text)
    pets = [f for f in facts if (f.slot or "") == f"pet:{name.lower()}"]
    assert pets and pets[0].valid_from is not None and pets[0].valid_from.date() == day, shown(facts)
