"""Changes, endings, stated times and non-facts said in shapes the frames did not read (issue #12), read
through ``said_forms``: each class is tried with several invented phrasings (other names and values, chat
spelling, fillers, word order), each with the valid_from expected for a message sent on Tuesday
2026-03-10; next to them, near misses that must give nothing. None comes from an evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial

import pytest

from shared.providers.offline import said_forms
from tests.unit.exchange import message_facts
from tests.unit.test_end_state_classes import active_texts, only, replay, valid_at

SAID = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)
facts = partial(message_facts, at=SAID)


def stated(text: str) -> list[tuple[str, bool, str]]:
    """(text, negated, valid_from day) of each fact."""
    return [(f.text, f.negated, f.valid_from.date().isoformat()) for f in facts(text)]


def has(found: list[tuple[str, bool, str]], word: str, *, negated: bool, day: str = "2026-03-10") -> bool:
    return any(word.lower() in t.lower() and n == negated and d == day for t, n, d in found)


# --- a new value said as "X is my new Y" / "my new Y is X" ----------------------------------------------


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("Helsinki is my new home.", "Helsinki"),
        ("so yeah, Tallinn is my new city!", "Tallinn"),
        ("Rotterdam is my new base now", "Rotterdam"),
        ("my new hometown is Cork", "Cork"),
    ],
)
def test_a_place_said_as_my_new_home_is_where_the_user_lives(said, value):
    found = facts(said)
    assert any(f.slot == "location" and value in f.text and not f.negated for f in found)


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("Kotlin is my new favourite language.", "Kotlin"),
        ("Zig is my new favorite language lol", "Zig"),
    ],
)
def test_a_favourite_said_as_my_new_is_the_favourite(said, value):
    found = facts(said)
    assert any((f.slot or "").startswith("favourite") and value in f.text for f in found)


@pytest.mark.parametrize(
    "said", ["This is my new favourite.", "That is my new home for the week?", "It's my new thing"]
)
def test_a_pronoun_is_no_new_value(said):
    assert not any(f.slot == "location" for f in facts(said))


# --- an ending and a new value: "instead of", "now, not" -------------------------------------------------


@pytest.mark.parametrize(
    ("said", "new", "old"),
    [
        ("I drink tea instead of coffee now.", "tea", "coffee"),
        ("i drink oat milk instead of cows milk these days", "oat milk", "cows milk"),
        ("I use Neovim instead of VS Code now", "Neovim", "VS Code"),
        ("I drink green tea now, not coffee", "green tea", "coffee"),
        ("We use Podman instead of Docker now.", "Podman", "Docker"),
    ],
)
def test_instead_of_ends_the_old_value_and_states_the_new(said, new, old):
    found = stated(said)
    assert has(found, new, negated=False) and has(found, old, negated=True)
    assert not any("instead" in t for t, _, _ in found)


@pytest.mark.parametrize(
    "said",
    [
        "I used tea instead of coffee in the recipe.",  # a past, one-off
        "Should I drink tea instead of coffee?",  # a question
        "If I drank tea instead of coffee, would I sleep better?",  # a hypothetical
    ],
)
def test_instead_of_that_is_no_change_gives_no_ending(said):
    assert not any(n for _, n, _ in stated(said))


# --- endings said as "... is over" -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("my running days are over", "run"),
        ("My smoking days are behind me.", "smok"),
        ("My time at Brackley Foods is over.", "Brackley"),
        ("my days at Orlin are done", "Orlin"),
        ("Yoga is over for me.", "yoga"),
        ("pottery's done for me tbh", "pottery"),
    ],
)
def test_a_thing_said_to_be_over_is_an_ending(said, word):
    found = facts(said)
    assert found and all(f.negated for f in found)
    assert any(word.lower() in f.text.lower() for f in found)


@pytest.mark.parametrize(
    "said", ["My marriage is over.", "our relationship's over", "It's over between me and Dario.", "it's done with Mei"]
)
def test_a_couple_said_to_be_over_is_a_breakup(said):
    found = facts(said)
    assert any(f.slot == "partner" and f.negated for f in found)


@pytest.mark.parametrize(
    "said",
    [
        "The party is over for me, heading home.",  # a night out, nothing that was the user's
        "Is the game over for me?",  # a question
        "It's over, the match I mean.",  # no one named
    ],
)
def test_over_that_ends_nothing_of_the_users_gives_no_ending(said):
    assert not any(f.negated and f.slot in ("partner", "employer") for f in facts(said))


# --- an order the user keeps, a sport switched to ----------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("my doctor said no more coffee", "coffee"),
        ("doc says no more alcohol for me", "alcohol"),
        ("knees said no more running lol", "run"),
        ("my physio told me no more squats", "squats"),
        ("My GP said no more red meat.", "red meat"),
    ],
)
def test_an_order_kept_is_an_ending(said, word):
    found = facts(said)
    assert found and all(f.negated for f in found)
    assert any(word in f.text.lower() for f in found)
    assert not any(" for them" in f.text for f in found)


@pytest.mark.parametrize(
    "said", ["My sister said no more cake for her.", "the teacher said no more talking", "no more questions, thanks"]
)
def test_an_order_to_someone_else_is_no_ending_of_the_users(said):
    assert not any(f.negated for f in facts(said))


@pytest.mark.parametrize(
    ("said", "sport"),
    [
        ("switched to swimming instead", "swimming"),
        ("I switched to cycling instead.", "cycling"),
        ("took up to bouldering twice a week", "bouldering"),
        ("we switched to hiking on weekends", "hiking"),
    ],
)
def test_a_sport_switched_to_is_the_habit_now(said, sport):
    found = facts(said)
    assert any(sport in f.text and not f.negated and (f.slot or "").startswith("habit") for f in found)


def test_a_frequency_is_no_stated_date():
    found = stated("I swim laps 3x a week now.")
    assert found and all(d == "2026-03-10" for _, _, d in found)
    assert not any("on 2026" in t for t, _, _ in stated("I go swimming twice a week now"))


# --- what one is now, said without "I'm" ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("started eating fish again, so pescatarian now", "pescatarian"),
        ("so vegetarian now i guess", "vegetarian"),
    ],
)
def test_so_x_now_is_what_the_user_is_now(said, word):
    assert any(f.slot == "diet" and word in f.text and not f.negated for f in facts(said))


@pytest.mark.parametrize("said", ["so far now it's fine", "so tired now", "so yeah now what"])
def test_so_now_with_no_state_gives_nothing(said):
    assert not any(f.slot == "diet" or (f.slot or "").startswith("trait") for f in facts(said))


# --- a job left, then where one is now --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "old", "new", "new_from"),
    [
        ("I left Acme in April; now at Globex.", "Acme", "Globex", "2026-03-10"),
        ("not at Harwick anymore, I'm at Pellow since January", "Harwick", "Pellow", "2026-01-01"),
        ("quit Dunmore last month, I'm with Rivet Labs now", "Dunmore", "Rivet Labs", "2026-03-10"),
    ],
)
def test_a_job_left_then_another_named_is_the_employer_now(said, old, new, new_from):
    found = facts(said)
    assert any(f.slot == "employer" and f.negated and old in f.text for f in found)
    assert any(
        f.slot == "employer" and not f.negated and new in f.text and f.valid_from.date().isoformat() == new_from
        for f in found
    )


def test_being_at_a_place_with_no_job_left_is_no_employer():
    assert not any(f.slot == "employer" for f in facts("I'm at Heathrow now, flight's delayed"))


# --- the second half of a change, and the place joined named ------------------------------------------


@pytest.mark.parametrize(
    ("said", "org", "day"),
    [
        # the joining date was not stated: the message's (as test_extraction_classes has it)
        ("I quit Google last month and joined a startup called Fennic.", "Fennic", "2026-03-10"),
        ("Left Sperrin in January and joined Oakhurst", "Oakhurst", "2026-03-10"),
        ("I left the bank two weeks ago and started at a studio called Pixelgrove.", "Pixelgrove", "2026-03-10"),
        ("I switched jobs last month, I'm at Corvid now.", "Corvid", "2026-02-01"),  # one event, one time
        ("I joined a consultancy named Veltra.", "Veltra", "2026-03-10"),
    ],
)
def test_the_place_joined_is_the_employer_from_its_own_stated_date(said, org, day):
    found = facts(said)
    assert any(
        f.slot == "employer" and org in f.text and not f.negated and f.valid_from.date().isoformat() == day
        for f in found
    )


@pytest.mark.parametrize("said", ["I joined a gym called FitHaus.", "I joined a choir named Voces last week."])
def test_a_club_joined_is_no_employer(said):
    assert not any(f.slot == "employer" for f in facts(said))


def test_the_second_half_keeps_its_own_stated_time():
    found = facts("I left Nokia in May and joined Ericsson in June.")
    joined = [f for f in found if f.slot == "employer" and not f.negated]
    assert joined and joined[0].valid_from.date().isoformat() == "2025-06-01"


# --- stated times -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "day"),
    [
        ("I moved to Porto this past summer.", "2025-06-01"),
        ("moved to Porto over the summer", "2025-06-01"),
        ("I moved to Porto over the winter.", "2025-12-01"),
        ("I moved to Porto a while back.", "2026-03-10"),  # no date said: the message's time, the fact kept
        ("moved to porto quite a while ago tbh", "2026-03-10"),
    ],
)
def test_a_season_or_an_undated_past_gives_the_move_its_date(said, day):
    found = facts(said)
    assert any(
        f.slot == "location" and "Porto" in f.text.title() and f.valid_from.date().isoformat() == day for f in found
    )


def test_moved_over_the_summer_as_of_answers_the_old_place_before_and_the_new_after():
    run = replay([("I live in Graz.", "2025-01-10"), ("I moved to Linz over the summer.", "2025-10-20")])
    assert only(active_texts(run), "Linz")
    assert only(valid_at(run, "2025-05-01T12:00:00+00:00"), "Graz")
    assert only(valid_at(run, "2025-08-01T12:00:00+00:00"), "Linz")


def test_a_change_joined_with_and_ends_the_old_job_at_the_stated_month_and_states_the_new():
    run = replay(
        [
            ("I work at Sperrin as an analyst.", "2025-09-01"),
            ("Left Sperrin in January and joined a startup called Oakhurst", "2026-03-10"),
        ]
    )
    assert any("Oakhurst" in t for t in active_texts(run))
    assert not any("Sperrin" in t for t in active_texts(run))
    assert any("Sperrin" in t for t in valid_at(run, "2025-12-01T12:00:00+00:00"))
    assert not any("Sperrin" in t for t in valid_at(run, "2026-02-01T12:00:00+00:00"))


# --- non-facts: sarcasm, doubt, plans, games, passing moods -----------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "oh sure, I LOVE Mondays",
        "oh yeah I'm TOTALLY a morning person, that's why I hit snooze five times 🙃",
        "Oh great, I just LOVE sitting in traffic for two hours.",
        "yeah right, I'm SO organised, my desk is a disaster",
        "I'm a morning person 🙄",
        "love my commute /s",
        "we use Postgres? not sure",
        "I think it's Jenkins?? idk",
        "my sister lives in Oslo? or something",
        "i'm going to become a monk and live on a mountain lol",
        "I'm gonna sell everything and move to a beach in Bali",
        "I want to quit and open a bakery",
        "i'm bored in the evenings, ideas?",
        "I'm so tired today.",
        "im hungry rn",
    ],
)
def test_what_is_not_said_in_earnest_gives_nothing(said):
    assert facts(said) == []


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("oh yeah, I live in Dundee btw", "Dundee"),  # an "oh yeah" with nothing shouted is earnest
        ("I use AWS at work, oh and I'm vegan", "vegan"),  # an acronym is not a shout
        ("We use Postgres. Any tips for indexing?", "Postgres"),  # a question after a statement
        ("I'm exhausted, I work nights at Kestrel", "Kestrel"),  # the mood goes, the job stays
        ("I moved to Leeds and adopted a cat", "cat"),  # no plan: both halves are said
    ],
)
def test_what_is_said_in_earnest_beside_such_words_is_kept(said, word):
    assert any(word.lower() in f.text.lower() for f in facts(said))


def test_a_turn_inside_a_game_is_the_characters_not_the_users():
    game = "let's play a game: you're a detective and I'm a retired sea captain called Ezra. you knock. go!"
    assert facts("*squints* I've got a parrot and a shotgun and I live in a lighthouse", game) == []
    assert facts("I have three dogs and a boat", "let's pretend we're pirates") == []


def test_a_turn_after_the_game_ends_is_the_users_again():
    game = "let's role-play: you're a barista and I'm a customer"
    found = facts("ok back to reality, I have a cat named Pip", game, "*orders a flat white*")
    assert any("Pip" in f.text for f in found)
    assert facts("I have a cat named Pip") and said_forms.in_play("I have a cat", ["let's pretend you're a cat"])
    assert not said_forms.in_play("I have a cat", ["we role-play sales calls at work"])


# --- a past said with its end, a gap since a time, a job left then named, an account deleted -------------


@pytest.mark.parametrize(
    ("said", "slot", "word", "day"),
    [
        ("I worked at Shell until last year.", "employer", "Shell", "2025-01-01"),
        ("I used to work for Aldwych Partners until 2020", "employer", "Aldwych", "2020-01-01"),
        ("I was at Trimble until March.", "employer", "Trimble", "2026-03-01"),
        ("I lived in Paris until 2018.", "location", "Paris", "2018-01-01"),
        ("i lived in Cork for five years until two years ago", "location", "Cork", "2024-03-01"),
    ],
)
def test_a_past_said_with_its_end_ends_the_fact_then(said, slot, word, day):
    found = facts(said)
    assert any(
        f.slot == slot and f.negated and word in f.text and f.valid_from.date().isoformat() == day for f in found
    )


@pytest.mark.parametrize(
    ("said", "word", "day"),
    [
        ("I haven't been to the gym since January.", "gym", "2026-01-01"),
        ("I haven't smoked since May.", "smok", "2025-05-01"),
        ("i havent played chess since 2019", "chess", "2019-01-01"),
    ],
)
def test_a_gap_since_a_time_is_an_ending_then(said, word, day):
    found = stated(said)
    assert has(found, word, negated=True, day=day)


@pytest.mark.parametrize("said", ["I haven't seen Tom since May.", "We haven't talked since 2019."])
def test_a_gap_that_is_no_habit_of_the_users_gives_no_positive_fact(said):
    assert not any(not f.negated for f in facts(said))


@pytest.mark.parametrize(
    ("said", "old", "new"),
    [
        ("I left Google in March. Now I'm at Meta.", "Google", "Meta"),
        ("I'm not at Hollin anymore, left in January. now at Brightwater", "Hollin", "Brightwater"),
    ],
)
def test_a_job_left_and_the_new_one_named_after(said, old, new):
    found = facts(said)
    assert any(f.slot == "employer" and f.negated and old in f.text for f in found)
    assert any(f.slot == "employer" and not f.negated and new in f.text for f in found)


def test_not_at_a_job_anymore_dated_by_the_left_that_follows():
    found = facts("I'm not at Google anymore, left in January.")
    assert any(f.negated and "Google" in f.text and f.valid_from.date().isoformat() == "2026-01-01" for f in found)


@pytest.mark.parametrize("said", ["I deleted Instagram last week.", "i finally deleted my TikTok account"])
def test_an_account_deleted_is_an_ending_never_a_job(said):
    found = facts(said)
    assert found and all(f.negated and f.slot != "employer" for f in found)


# --- a doing given up for another, subjectless endings and changes in chat, lower-case names ---------------


def test_instead_of_a_doing_ends_that_doing():
    found = stated("these days i mostly cycle to work instead of driving")
    assert has(found, "driv", negated=True)
    assert not any("cycles driving" in t or "cycling-driving" in t for t, _, _ in found)


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("officially done with twitter as of today", "twitter"),
        ("not doing crossfit anymore, knee issues", "crossfit"),
        ("so, done with Duolingo", "Duolingo"),
    ],
)
def test_a_subjectless_ending_is_the_users_ending(said, word):
    found = facts(said)
    assert found and all(f.negated for f in found)
    assert any(word.lower() in f.text.lower() for f in found)
    assert not any("anymore" in (f.slot or "") for f in found)


def test_an_ending_then_news_after_its_comma_is_both():
    found = facts("ok so update: i'm not vegan anymore, eating fish again")
    assert any(f.slot == "diet" and f.negated for f in found)
    assert not any("anymore" in (f.slot or "") for f in found)


@pytest.mark.parametrize(
    ("said", "old", "new"),
    [
        ("we're not using jira anymore, switched to linear last sprint", "jira", "linear"),
        ("I don't use Trello anymore, moved to Notion this quarter", "Trello", "Notion"),
    ],
)
def test_a_subjectless_change_after_an_ending_states_the_new_value(said, old, new):
    found = facts(said)
    assert any(f.negated and old in f.text for f in found)
    assert any(not f.negated and new in f.text for f in found)


@pytest.mark.parametrize("said", ["my cat luna died last week :(", "my dog biscuit passed away on sunday"])
def test_a_lower_case_pet_name_before_a_death_is_a_name(said):
    found = facts(said)
    assert any(f.negated and (f.slot or "").startswith("pet:") for f in found)


# --- more ways of not meaning it: a mock opener of its own, "... NOT", "jk", a doubt about a statement -------


@pytest.mark.parametrize(
    "said",
    [
        "great, another Monday. I just LOVE my commute",
        "Sure, I'll TOTALLY go to the gym tomorrow lol",
        "wow. I SO enjoy spreadsheets",
        "I'm a vegan... NOT. had a burger today",
        "i'm vegan btw jk",
        "I'm moving to Mars. Just kidding!",
        "I'm not sure if I'm vegan anymore",
        "i dont know whether we still use Jenkins",
    ],
)
def test_more_of_what_is_not_meant_gives_nothing(said):
    found = facts(said)
    assert [f for f in found if f.slot in ("diet", "location") or (f.slot or "").startswith(("like", "tool"))] == []


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("I live in Oslo. I'm a vegan jk", "Oslo"),  # the joke takes back its own sentence only
        ("Great news: I moved to Bergen last week!", "Bergen"),  # an opener with nothing shouted
        ("sure, I use AWS at work", "AWS"),  # an acronym is no shout
        ("I'm not sure which one to buy, but I have a Pixel 7", "Pixel"),  # no doubt about the statement
    ],
)
def test_what_is_meant_beside_a_joke_or_a_doubt_is_kept(said, word):
    assert any(word in f.text for f in facts(said))


# --- a past state or habit, then the present one ----------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "old", "new"),
    [
        ("I was vegetarian but now I eat meat again.", "vegetarian", "meat"),
        ("used to drink coffee, now it's tea", "coffee", "tea"),
        ("I was a smoker, now I vape", "smoker", "vape"),
        ("we used to use Trello; now it's Linear", "Trello", "Linear"),
    ],
)
def test_a_past_state_then_the_present_ends_the_one_and_states_the_other(said, old, new):
    found = stated(said)
    assert has(found, old, negated=True) and has(found, new, negated=False)


def test_a_past_state_inside_a_when_clause_ends_nothing():
    found = facts("I was in Leeds when I was a student, but now I'm in York")
    assert not any("student" in f.text for f in found)
    assert any(f.slot == "location" and "York" in f.text for f in found)


# --- when, said after the news ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "day"),
    [
        ("I moved to Porto. That was back in May.", "2025-05-01"),
        ("moved to porto!! this was two weeks ago", "2026-02-24"),
        ("I moved to Porto - in May actually.", "2025-05-01"),
        ("I moved to Porto in '19.", "2019-01-01"),
        ("I've lived in Porto since '21", "2021-01-01"),
    ],
)
def test_a_time_said_after_the_news_dates_it(said, day):
    found = facts(said)
    assert any(f.slot == "location" and f.valid_from.date().isoformat() == day for f in found)


def test_a_span_said_after_an_ending_dates_it():
    found = stated("I quit smoking. It's been 3 months now.")
    assert has(found, "smok", negated=True, day="2025-12-10")


@pytest.mark.parametrize(
    "said",
    ["I moved to Porto. It was in the news.", "I moved to Porto - in a van lol", "I moved to Porto. It was fun."],
)
def test_a_sentence_after_the_news_that_names_no_time_dates_nothing(said):
    found = facts(said)
    assert any(f.slot == "location" and f.valid_from.date().isoformat() == "2026-03-10" for f in found)


# --- an appointment said without "I have", with a detail after its time --------------------------------------


@pytest.mark.parametrize(
    ("said", "day"),
    [
        ("dentist on friday at 9 for the root canal 😬 can i eat before?", "2026-03-13"),
        ("haircut on Saturday at 11 with Jo", "2026-03-14"),
        ("physio on thursday at 4 for my knee", "2026-03-12"),
        ("my flight on Friday at 7 to Oslo", "2026-03-13"),
    ],
)
def test_an_appointment_with_a_detail_is_a_dated_event(said, day):
    found = facts(said)
    assert any((f.slot or "").startswith("event:") and f.valid_from.date().isoformat() == day for f in found)


@pytest.mark.parametrize("said", ["what on earth at 9 for a meeting?", "there on friday at 9 for you"])
def test_what_names_no_appointment_gives_no_event(said):
    assert not any((f.slot or "").startswith("event:") for f in facts(said))


# --- a job lost or left, said otherwise; what is had no longer; what one is off ------------------------------


@pytest.mark.parametrize(
    ("said", "org", "day"),
    [
        ("they let me go at Cranfield last month", "Cranfield", "2026-02-01"),
        ("my contract at Ostara ended in December", "Ostara", "2025-12-01"),
        ("my internship with Kelda finished last week", "Kelda", "2026-03-02"),
        ("I'm done at Cranfield, last day was Friday.", "Cranfield", "2026-03-06"),
        ("im finished at Brack & Co", "Brack", "2026-03-10"),
    ],
)
def test_a_job_lost_or_left_said_otherwise_ends_the_employer(said, org, day):
    found = facts(said)
    assert any(
        f.slot == "employer" and f.negated and org in f.text and f.valid_from.date().isoformat() == day for f in found
    )


@pytest.mark.parametrize("said", ["my contract with Vodafone ended", "I'm done at the gym, heading home"])
def test_a_contract_or_a_place_that_is_no_job_ends_no_employer(said):
    assert not any(f.slot == "employer" for f in facts(said))


def test_the_thing_had_no_longer_is_the_users():
    found = facts("we don't have the dog anymore")
    assert found and all(f.negated for f in found)
    assert not any("thes" in f.text for f in found)


@pytest.mark.parametrize(("said", "word"), [("I'm off meat now.", "meat"), ("I'm off Twitter for good.", "Twitter")])
def test_off_for_good_is_given_up(said, word):
    found = facts(said)
    assert found and all(f.negated and word in f.text for f in found)


@pytest.mark.parametrize("said", ["I'm off work today.", "I'm off to Paris now", "im off sick now"])
def test_off_somewhere_or_for_a_day_gives_up_nothing(said):
    assert not any(f.negated for f in facts(said))


# --- a couple's news said with the other first, and moving in together -------------------------------------


@pytest.mark.parametrize(
    ("said", "who", "day"),
    [
        ("Priya and I got married last month.", "Priya", "2026-02-01"),
        ("Tom and I got engaged!", "Tom", "2026-03-10"),
        ("Noor and I finally got hitched in January", "Noor", "2026-01-01"),
    ],
)
def test_a_couples_news_said_with_the_other_first_is_the_partner(said, who, day):
    found = facts(said)
    assert any(f.slot == "partner" and who in f.text and f.valid_from.date().isoformat() == day for f in found)


@pytest.mark.parametrize(
    ("said", "day"),
    [
        ("my girlfriend moved in with me last month", "2026-02-01"),
        ("I moved in with my boyfriend in 2024.", "2024-01-01"),
        ("my gf moved in with me", "2026-03-10"),
    ],
)
def test_moving_in_together_is_living_together_from_then(said, day):
    found = facts(said)
    assert any("lives with" in f.text and f.valid_from.date().isoformat() == day for f in found)


@pytest.mark.parametrize("said", ["Sam and I got coffee last week.", "My sister moved in with her boyfriend."])
def test_other_news_of_pairs_is_no_partner_of_the_users(said):
    assert not any(f.slot == "partner" or "lives with" in f.text for f in facts(said))


# --- what one is now, said with a closing "now" ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "slot"),
    [("I'm engaged now!", "partner"), ("i'm married now", "partner"), ("Lisbon is home now.", "location")],
)
def test_a_state_said_with_a_closing_now_is_read(said, slot):
    assert any(f.slot == slot and not f.negated for f in facts(said))


def test_where_one_is_now_is_dated_by_the_move_said_after_it():
    found = facts("I'm in Lisbon now, moved last month.")
    assert any(f.slot == "location" and f.valid_from.date().isoformat() == "2026-02-01" for f in found)


@pytest.mark.parametrize("said", ["My sister is married now.", "Is he engaged now?"])
def test_someone_elses_state_now_is_not_the_users(said):
    assert not any(f.slot == "partner" for f in facts(said))
