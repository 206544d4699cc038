"""Classes of wrong or garbled output of the offline extractor ("prefer saying nothing to saying
something wrong"). Each test is one class, with sentences of our own: the output is either a right fact
or nothing, never a garbled or false one."""

from datetime import UTC, datetime, timedelta

import pytest

from shared.domain.models import ExtractedFact, ExtractionInput, Turn
from shared.providers.offline import well_formed
from shared.providers.offline.extraction_rules import detect_language, extract_facts
from shared.providers.offline.text_forms import bare_verb, third_singular

AT = datetime(2026, 5, 12, 9, 0, tzinfo=UTC)


def facts(*messages: str) -> list[ExtractedFact]:
    turns = tuple(
        Turn(event_id=f"m{n}", role="user", content=text, created_at=AT + timedelta(minutes=n))
        for n, text in enumerate(messages)
    )
    return extract_facts(ExtractionInput(new_turns=turns))


def texts(*messages: str) -> list[str]:
    return [f.text for f in facts(*messages)]


# 1. A rule's own article before a phrase that had one ("on a the ... diet").
@pytest.mark.parametrize(
    "message", ["I'm on the carnivore diet", "I follow the mediterranean diet", "im on the low-fodmap diet lately"]
)
def test_no_double_determiner(message):
    said = texts(message)
    assert all(not well_formed._TWO_DETERMINERS.search(t) for t in said), said
    assert all(" a the " not in t and " an the " not in t for t in said), said


def test_a_double_determiner_is_never_well_formed():
    assert not well_formed.is_well_formed("The user has a my scooter", "en")
    assert not well_formed.is_well_formed("The user is on an the atkins diet", "en")
    assert well_formed.is_well_formed("The user is on an atkins diet", "en")


# 2. A possessive subject ("my job is ...") is not the user ("The user is ...").
@pytest.mark.parametrize("message", ["My job is mostly paperwork", "my job is pretty stressful", "My job is coding"])
def test_a_possessive_subject_is_not_rewritten_as_the_user(message):
    said = texts(message)
    assert not any(t.startswith("The user is ") for t in said), said


def test_a_job_named_by_the_possessive_is_still_read():
    assert texts("My job is a paramedic") == ["The user is a paramedic"]


# 3. No English subject on a clause in another language.
@pytest.mark.parametrize(
    "message",
    ["I miei fratelli lavorano a Milano", "I nostri vicini abitano a Genova", "I gatti dormono tutto il giorno"],
)
def test_no_english_subject_on_an_italian_clause(message):
    found = facts(message)
    assert all(f.language == "it" for f in found), [(f.text, f.language) for f in found]
    assert not any(t.startswith("The user") for t in (f.text for f in found))


def test_an_english_clause_with_one_marker_stays_english():
    assert detect_language("I knit scarves") == "en"
    assert detect_language("I adore gelato") == "en"


# 4. Two languages said together are two facts (German, Italian, Spanish, Portuguese).
@pytest.mark.parametrize(
    ("message", "languages"),
    [
        ("Ich spreche Polnisch und Russisch", {"language:polnisch", "language:russisch"}),
        ("Parlo tedesco e spagnolo", {"language:tedesco", "language:spagnolo"}),
        ("Hablo francés y alemán", {"language:francés", "language:alemán"}),
    ],
)
def test_both_languages_are_kept(message, languages):
    assert {f.slot for f in facts(message)} >= languages


# 5. A plain negation is not an ending: never "no longer" unless the user said so.
@pytest.mark.parametrize(
    ("message", "text"),
    [
        ("I don't live in Cardiff.", "The user does not live in Cardiff"),
        ("We don't use Bitbucket", "The user does not use Bitbucket"),
        ("I do not use Ubuntu", "The user does not use Ubuntu"),
    ],
)
def test_a_plain_negation_says_no_ending(message, text):
    found = facts(message)
    assert [f.text for f in found] == [text]
    assert found[0].negated  # still a retraction of that very value, if it was known


def test_an_ending_still_says_no_longer():
    assert texts("I don't live in Cardiff anymore") == ["The user no longer lives in Cardiff"]
    assert texts("I no longer use Bitbucket") == ["The user no longer uses Bitbucket"]


@pytest.mark.parametrize("message", ["I don't work at Siemens.", "I don't work for Zalando"])
def test_a_denied_employer_is_no_ending(message):
    assert not any("no longer" in t for t in texts(message))


# 6. A verb already in the third person gets no second ending.
@pytest.mark.parametrize(
    ("verb", "third"), [("chats", "chats"), ("fixes", "fixes"), ("meets", "meets"), ("watch", "watches")]
)
def test_third_singular_never_doubles(verb, third):
    assert third_singular(verb) == third


@pytest.mark.parametrize(
    ("verb", "bare"),
    [("chats", "chat"), ("pushes", "push"), ("buzzes", "buzz"), ("tries", "try"), ("pass", "pass"), ("focus", "focus")],
)
def test_bare_verb(verb, bare):
    assert bare_verb(verb) == bare


@pytest.mark.parametrize("message", ["Our team chats on Mattermost", "My team syncs on Zoom every Monday"])
def test_a_team_verb_is_not_garbled(message):
    said = texts(message)
    assert not any(w.endswith(("tses", "cses", "sses")) for t in said for w in t.split()), said


# 7. How the user gets about is no change of what they own.
@pytest.mark.parametrize(
    ("owned", "travel"),
    [
        ("I have a motorbike", "I take the train now"),
        ("I own an e-scooter", "these days I catch the tram"),
        ("I have a car", "I take the subway to the office now"),
    ],
)
def test_a_commute_change_keeps_the_possession(owned, travel):
    found = facts(owned, travel)
    owned_fact = next(f for f in found if f.source_event_ids == ("m0",))
    later = [f for f in found if f.source_event_ids == ("m1",)]
    assert owned_fact.slot.startswith("own:")
    assert all(f.slot != owned_fact.slot for f in later), [(f.text, f.slot) for f in later]


# 8. A question asked after a statement, without its question mark, is no part of the fact.
@pytest.mark.parametrize(
    ("message", "kept"),
    [
        ("btw I run my blog on Ghost, is there a way to add comments", "Ghost"),
        ("I use Obsidian for notes, how do I sync it", "Obsidian"),
        ("I host everything on Scaleway, can it do managed redis", "Scaleway"),
    ],
)
def test_a_trailing_question_is_cut_off(message, kept):
    said = texts(message)
    assert said, message
    assert all(kept in t and "," not in t for t in said), said


# 9. Short Portuguese and Spanish sentences with a brand name are read in their language.
@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("Jogo badminton todas as semanas", "pt"),
        ("Meus pais moram no Porto", "pt"),
        ("Cambié a Todoist", "es"),
        ("Empecé a usar Notion", "es"),
        ("Me pasé a Figma", "es"),
    ],
)
def test_short_pt_es_sentences_with_a_brand(message, language):
    assert detect_language(message) == language


@pytest.mark.parametrize(
    ("verb", "third"), [("bastle", "bastelt"), ("segle", "segelt"), ("wandre", "wandert"), ("fülle", "füllt")]
)
def test_german_third_person_of_verbs_in_eln_ern(verb, third):
    from shared.providers.offline.frames import third_person_verb

    assert third_person_verb(verb, "de") == third


# 5, in German: a plain denial read by the general layer is no positive fact.
@pytest.mark.parametrize("message", ["Ich arbeite nicht in Hamburg", "Ich wohne nicht in Graz"])
def test_a_german_denial_is_no_positive_fact(message):
    assert not any(not f.negated for f in facts(message)), texts(message)
