"""Past events with their stated time, facts about other people, and a stated time as valid time.

Written for this round (#12, branch p10-past) in invented phrasings (none from an evaluation set), each a
class rather than a sentence:

- a past event is a dated fact: its ``valid_from`` is the stated date, resolved against the message's time,
  wherever the time is said (front, end, after a comma, "back in 2019", "a couple of years back", "the
  summer before last", "over Easter", a weekday), never the message's time when a time is stated;
- a time phrase the resolver did not read is read (``past_time.more_dates``), with unit tests of its own;
- "since we spoke" is no date: the news keeps the message's time, and the phrase is not in the fact;
- a relative's or a named friend's news lands on that person's slot (``family:sister:location``,
  ``family:husband:work``, ``person:friend:tom:work``), never on the user's, with its stated time;
- near-misses that must give nothing, or nothing of the user's: a plan ahead (dated ahead, never a past
  fact), a wish, a hypothetical, a question, someone's past asked about, a plan not carried out, and a past
  event worth no memory ("had pasta yesterday", "watched a movie last night").
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from functools import partial

import pytest

from shared.providers.offline.past_time import easter_sunday, more_dates, says_only_when
from tests.unit.exchange import last_line_facts

NOW = datetime(2026, 5, 20, 12, 0, tzinfo=UTC)  # a Wednesday
TODAY = NOW.date()
facts = partial(last_line_facts, at=NOW)


def said(*lines: str) -> list[tuple[str, str | None, str]]:
    return [(("NOT " if f.negated else "") + f.text, f.slot, f.valid_from.date().isoformat()) for f in facts(*lines)]


# --- time phrases the resolver now reads ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "day", "grain"),
    [
        ("I moved the summer before last", date(2024, 6, 1), "month"),
        ("the winter before last was rough", date(2024, 12, 1), "month"),
        ("the year before last", date(2024, 1, 1), "year"),
        ("the month before last", date(2026, 3, 1), "month"),
        ("the week before last", date(2026, 5, 4), "week"),
        ("the weekend before last", date(2026, 5, 9), "weekend"),
        ("two summers ago", date(2024, 6, 1), "month"),
        ("a couple of winters ago", date(2024, 12, 1), "month"),
        ("three weekends ago", date(2026, 5, 2), "weekend"),
        ("a year and a half ago", date(2024, 11, 1), "month"),
        ("about two years and a half ago", date(2023, 11, 1), "month"),
        ("over Easter", date(2026, 4, 5), "day"),
        ("last easter", date(2026, 4, 5), "day"),
        ("since Easter", date(2026, 4, 5), "day"),
    ],
)
def test_time_phrases_past_the_last_one_are_read(text, day, grain):
    found = more_dates(text, TODAY, True)
    assert [(f.day, f.grain) for f in found] == [(day, grain)], found


def test_easter_is_computed_for_any_year():
    assert [easter_sunday(y) for y in (2024, 2025, 2026, 2027, 2038)] == [
        date(2024, 3, 31),
        date(2025, 4, 20),
        date(2026, 4, 5),
        date(2027, 3, 28),
        date(2038, 4, 25),
    ]


def test_easter_ahead_and_easter_as_a_noun():
    assert [f.day for f in more_dates("at easter", date(2026, 2, 1), False)] == [date(2026, 4, 5)]
    assert [f.day for f in more_dates("next easter", TODAY, False)] == [date(2027, 3, 28)]
    assert more_dates("easter eggs are the best", TODAY, False) == []


@pytest.mark.parametrize("text", ["I moved before the last train", "ago", "last summer", "since we spoke", "weekends"])
def test_phrases_that_are_not_these_times_give_none(text):
    assert more_dates(text, TODAY, True) == []


@pytest.mark.parametrize(
    ("rest", "only"),
    [("", True), ("new school btw", True), ("update:", True), ("new job lol", True), ("I moved to Leeds", False)],
)
def test_a_piece_that_says_only_when(rest, only):
    assert says_only_when(rest) is only


# --- a past event is a dated fact ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "words", "since"),
    [
        ("I went to Japan in April", ("Japan",), "2026-04-01"),
        ("went to japan back in april, loved it", ("japan",), "2026-04-01"),
        ("In April we went to Japan", ("Japan",), "2026-04-01"),
        ("I visited Lisbon last month", ("Lisbon",), "2026-04-01"),
        ("Last month I ran my first marathon", ("marathon",), "2026-04-01"),
        ("ran my first ever half marathon on Sunday!!", ("marathon",), "2026-05-17"),
        ("got promoted last week 🎉", ("promoted",), "2026-05-11"),
        ("I got promoted back in march", ("promoted",), "2026-03-01"),
        ("I had my appendix out two years ago", ("appendix",), "2024-05-01"),
        ("I had knee surgery in January", ("surgery",), "2026-01-01"),
        ("Two years ago I had a heart attack", ("heart attack",), "2024-05-01"),
        ("I passed my driving test last tuesday", ("driving test",), "2026-05-19"),
        ("I finished my PhD in 2021", ("PhD",), "2021-01-01"),
        ("i graduated a couple of years back", ("graduated",), "2024-05-01"),
        ("I climbed Kilimanjaro the summer before last", ("Kilimanjaro",), "2024-06-01"),
        ("I won a chess tournament last weekend", ("chess",), "2026-05-16"),
        ("we got married over Easter", ("married",), "2026-04-05"),
        ("I got my black belt the year before last", ("black belt",), "2024-01-01"),
        ("I broke my wrist two summers ago", ("wrist",), "2024-06-01"),
        ("I published my first novel in 2023", ("novel",), "2023-01-01"),
    ],
)
def test_a_past_event_is_dated_by_its_stated_time(line, words, since):
    found = [f for f in facts(line) if all(w in f.text for w in words)]
    assert found, said(line)
    assert found[0].valid_from.date().isoformat() == since, said(line)
    assert found[0].valid_from != NOW


@pytest.mark.parametrize(
    ("line", "slot", "since"),
    [
        ("I moved to Porto the summer before last", "location", "2024-06-01"),
        ("the year before last I moved to Porto", "location", "2024-01-01"),
        ("I quit smoking a year and a half ago", "habit:smoking", "2024-11-01"),
        ("i sold my car the week before last", None, "2026-05-04"),
        ("I adopted a cat two summers ago", "pet:cat", "2024-06-01"),
        ("since last week, I work at Acme", "employer", "2026-05-11"),
        ("as of monday, I'm vegan", "diet", "2026-05-18"),
        ("update: two weeks ago, I moved to Leeds", "location", "2026-05-06"),
        ("new job since march, i'm a nurse at St Mary's now", "employer", "2026-03-01"),
    ],
)
def test_a_stated_time_anywhere_in_the_sentence_is_the_valid_time(line, slot, since):
    found = [f for f in facts(line) if slot is None or f.slot == slot]
    assert found, said(line)
    assert found[0].valid_from.date().isoformat() == since, said(line)


def test_a_time_said_first_dates_a_change_of_workplace():
    found = facts("I teach history at Fernhill School", "new school since april 13th btw, i'm at Oakbury High now")
    assert [(f.slot, f.valid_from.date().isoformat()) for f in found] == [("employer", "2026-04-13")], found


@pytest.mark.parametrize(
    "line",
    ["since we spoke I got a new job at Acme", "I started a new job at Acme since we last spoke"],
)
def test_since_we_spoke_is_news_at_the_message_time(line):
    found = [f for f in facts(line) if f.slot == "employer"]
    assert found and found[0].valid_from == NOW, said(line)
    assert "since" not in found[0].text and "spoke" not in found[0].text


# --- near-misses: no past fact -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "I had pasta yesterday",
        "had a lovely pizza last night",
        "I watched a movie last night",
        "watched the game yesterday with friends",
        "took a nap this afternoon",
        "I went to the supermarket this morning",
        "i had coffee with Sam yesterday",
        "I ate sushi on Friday",
        "we ordered takeaway last night",
        "yesterday, I had pasta",
        "did the laundry this morning",
        "I was supposed to go to Japan in April",
        "I almost got promoted last year",
        "we were going to move to Leeds in March",
        "I tried to quit smoking last year",
        "if I went to Japan in April would it be cold",
        "did you go to Japan in April?",
        "did your sister move to Leeds last year?",
        "I'd love to go to Japan in April",
        "I might have covid",
        "easter eggs are my weakness",
    ],
)
def test_no_past_fact_from_trivia_plans_not_done_hypotheticals_or_questions(line):
    assert [f for f in facts(line) if not (f.slot or "").startswith("like:")] == [], said(line)


@pytest.mark.parametrize(
    "line", ["I'm going to Japan in April", "going to Japan in april!", "I'm flying to Rome on friday"]
)
def test_a_plan_ahead_is_an_event_ahead_never_a_past_fact(line):
    found = facts(line)
    assert found, said(line)
    assert all(f.valid_from > NOW and f.valid_to is not None for f in found), said(line)


# --- another person's news lands on that person ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "slot", "words", "since"),
    [
        ("my brother just started at Google", "family:brother:work", ("brother", "Google"), None),
        ("my brother started a new job at Google last month", "family:brother:work", ("Google",), "2026-04-01"),
        ("so my husband got a new job at Siemens", "family:husband:work", ("husband", "Siemens"), None),
        ("My wife started at Brightwell Bank two weeks ago", "family:wife:work", ("wife", "Brightwell"), "2026-05-06"),
        ("my partner works at the hospital", "family:partner:work", ("partner", "hospital"), None),
        ("my husband is a nurse at St Mary's", "family:husband:work", ("nurse",), None),
        ("my sister just moved to Leeds", "family:sister:location", ("sister", "Leeds"), None),
        (
            "my older sister moved to Leeds the year before last",
            "family:older-sister:location",
            ("Leeds",),
            "2024-01-01",
        ),
        (
            "my best friend Sara moved to Berlin last year",
            "person:best-friend:sara:location",
            ("Sara", "Berlin"),
            "2025-01-01",
        ),
        ("my friend Sara lives in Berlin", "person:friend:sara:location", ("Sara", "Berlin"), None),
        ("my friend Tom just started at Google", "person:friend:tom:work", ("Tom", "Google"), None),
        ("my colleague Priya joined Stripe in March", "person:colleague:priya:work", ("Priya", "Stripe"), "2026-03-01"),
        ("my son broke his arm on Saturday", "family:son:arm", ("son", "his arm"), "2026-05-16"),
        ("my son got into Oxford", "family:son:into-oxford", ("son", "Oxford"), None),
        ("my daughter is learning the violin", "family:daughter:learn-violin", ("daughter", "violin"), None),
    ],
)
def test_a_persons_news_is_on_their_slot_with_its_time(line, slot, words, since):
    found = [f for f in facts(line) if f.slot == slot]
    assert found, said(line)
    assert all(w in found[0].text for w in words), found[0].text
    assert found[0].text.startswith("The user's "), found[0].text
    if since:
        assert found[0].valid_from.date().isoformat() == since, said(line)
    mine = ("employer", "occupation", "location", "pet:", "own:", "event:", "health:", "habit:")
    assert not [f for f in facts(line) if (f.slot or "").startswith(mine)], said(line)


def test_a_relatives_role_and_workplace_are_one_work_fact():
    found = [f for f in facts("my wife started last month as a nurse at Mercy") if f.slot == "family:wife:work"]
    assert len(found) == 1 and found[0].value == "nurse at Mercy", found


@pytest.mark.parametrize(
    "line",
    [
        "my sister wants to move to Leeds",
        "my brother will start at Google in June",
        "my husband might get a job at Siemens",
        "my friend just started at Google",  # which friend: no name, nothing of theirs
        "my manager plays squash every Thursday",  # a boss's habits are not the user's memory
        "my mum is so tired lately",
        "my sister is going to move to Leeds",
        "my dad was supposed to retire in March",
    ],
)
def test_someone_elses_plans_or_unnamed_friends_give_nothing_of_theirs_or_mine(line):
    found = facts(line)
    assert not [f for f in found if (f.slot or "").endswith((":work", ":location"))], said(line)
    assert not [f for f in found if (f.slot or "").startswith(("employer", "location", "occupation"))], said(line)


def test_a_relatives_later_move_replaces_their_home_not_the_users():
    first = facts("my sister lives in York")
    later = facts("my sister moved to Leeds last month")
    assert [f.slot for f in first] == ["family:sister:location"]
    assert [f.slot for f in later] == ["family:sister:location"]
    assert later[0].valid_from.date().isoformat() == "2026-04-01"


# --- a past event said loosely: without its "I", or with a comment after a comma --------------------------------


@pytest.mark.parametrize(
    ("line", "words", "since"),
    [
        ("had my gallbladder out a couple of years back", ("gallbladder",), "2024-05-01"),
        ("had covid in january, still tired", ("covid",), "2026-01-01"),
        ("won a pub quiz on friday lol", ("quiz",), "2026-05-15"),
        ("climbed Snowdon the summer before last", ("Snowdon",), "2024-06-01"),
        ("we went to Peru the summer before last, still dreaming about it", ("Peru",), "2024-06-01"),
        ("I climbed Ben Nevis in 2022, such a view", ("Ben Nevis",), "2022-01-01"),
    ],
)
def test_a_past_event_said_loosely_is_still_dated(line, words, since):
    found = [f for f in facts(line) if all(w in f.text for w in words)]
    assert found, said(line)
    assert found[0].valid_from.date().isoformat() == since, said(line)
    assert not any(w in found[0].text for w in ("still", "such", "dreaming")), found[0].text


@pytest.mark.parametrize(
    "line",
    [
        "had a great time",  # no time said: no event
        "had pasta last night, so good",
        "we went to Peru last summer, not really, I wish",
        "won the lottery last week, jk",
    ],
)
def test_a_loose_past_without_a_time_or_taken_back_says_nothing(line):
    assert facts(line) == [], said(line)


@pytest.mark.parametrize(
    ("line", "slot"),
    [
        ("my mum's moved to Spain", "family:mother:location"),
        ("my brother's just started at Google", "family:brother:work"),
        ("my brother has just joined Siemens", "family:brother:work"),
        ("my friend Tom's moved to Leeds", "person:friend:tom:location"),
        ("my sister has lived in Leeds for years", "family:sister:location"),
    ],
)
def test_a_persons_news_in_the_present_perfect(line, slot):
    assert slot in [f.slot for f in facts(line)], said(line)


@pytest.mark.parametrize("line", ["my mum's car broke down", "my sister's dog is called Rex"])
def test_whose_thing_is_no_news_of_the_person(line):
    assert not [f for f in facts(line) if (f.slot or "").endswith((":work", ":location"))], said(line)


@pytest.mark.parametrize(
    ("line", "thing", "since"),
    [
        ("sold my bike to a colleague last week", "bike", "2026-05-11"),
        ("I sold my guitar to my cousin in March", "guitar", "2026-03-01"),
        ("I sold my car to a dealer in town on friday", "car", "2026-05-15"),
        ("sold the kayak to a guy from work yesterday, one less thing", "kayak", "2026-05-19"),
    ],
)
def test_what_was_sold_ends_on_its_own_slot_whoever_bought_it(line, thing, since):
    ended = [f for f in facts(line) if f.negated]
    assert [f.slot for f in ended] == [f"*:{thing}"], said(line)
    assert ended[0].valid_from.date().isoformat() == since, said(line)


def test_what_follows_from_a_dated_past_event_holds_since_then():
    found = {f.slot: f for f in facts("Passed my bar exam last Tuesday!! so I'm a lawyer now. any tips?")}
    assert "event:passed-their-bar-exam" in found, found
    later = [f for f in found.values() if f.slot != "event:passed-their-bar-exam"]
    assert later and all(f.valid_from.date().isoformat() == "2026-05-19" for f in later), found


@pytest.mark.parametrize(
    "lines",
    [
        ("I passed my driving test last Tuesday. so far so good",),
        ("I'm flying to Rome on friday. so I need an adapter",),
    ],
)
def test_so_after_no_past_event_dates_nothing(lines):
    assert all(
        f.valid_from == NOW or f.valid_from.date() >= TODAY or f.slot.startswith("event:") for f in facts(*lines)
    )


def test_someone_elses_doing_after_a_comma_is_not_part_of_the_event():
    line = "a few days ago i started physio for my shoulder, they gave me exercises but it still hurts"
    found = facts(line)
    assert found and all("exercises" not in f.text for f in found), said(line)


@pytest.mark.parametrize(
    ("line", "slot", "negated", "since"),
    [
        ("my wife left Google the week before last", "family:wife:work", True, "2026-05-04"),
        ("my sister quit her job at the bank in March", "family:sister:work", True, "2026-03-01"),
        ("my brother moved to York in June", "family:brother:location", False, "2025-06-01"),
        ("my husband's been at Siemens since 2020", "family:husband:work", False, "2020-01-01"),
        ("my mum was diagnosed with diabetes last year", "family:mother:diagnosed-with-diabetes", False, "2025-01-01"),
    ],
)
def test_a_persons_news_is_said_once_on_their_slot_with_its_time(line, slot, negated, since):
    found = facts(line)
    assert [(f.slot, f.negated, f.valid_from.date().isoformat()) for f in found] == [(slot, negated, since)], said(line)


@pytest.mark.parametrize("line", ["my grandma died the summer before last", "my uncle passed away over easter"])
def test_a_relatives_death_stays_an_ending_with_its_time(line):
    found = facts(line)
    assert found and all(f.negated for f in found), said(line)
    assert found[0].valid_from.date() < TODAY


@pytest.mark.parametrize(
    ("line", "slot"),
    [
        ("we adopted a greyhound two years ago, Comet, and he still won't climb stairs", "pet:comet"),
        ("got a kitten last week, Miso", "pet:miso"),
        ("I got a rescue dog in March, Bella", "pet:bella"),
    ],
)
def test_a_pet_had_since_a_time_and_named_after_a_comma_is_named(line, slot):
    found = [f for f in facts(line) if f.slot == slot]
    assert found and found[0].valid_from.date() < TODAY, said(line)


def test_a_bare_start_after_a_comma_is_no_event_of_its_own():
    assert not [
        f
        for f in facts("i'm learning the banjo now, started in january, so hard lol")
        if f.text.startswith("The user started")
    ]


@pytest.mark.parametrize(
    ("line", "since"),
    [
        ("I got promoted on tues", "2026-05-19"),
        ("moved to Leeds on sat", "2026-05-16"),
        ("I sold my car on thurs", "2026-05-14"),
        ("adopted a cat last fri", "2026-05-15"),
        ("my sister moved to Leeds on sat", "2026-05-16"),
        ("since mon I'm vegan", "2026-05-18"),
    ],
)
def test_a_weekday_as_chat_shortens_it_dates_the_fact(line, since):
    found = facts(line)
    assert found and found[0].valid_from.date().isoformat() == since, said(line)


def test_a_short_weekday_ahead_and_the_same_words_as_words():
    assert [f.valid_from.date().isoformat() for f in facts("I'm flying to Rome on fri")] == ["2026-05-22"]
    assert [(d.day, d.grain) for d in more_dates("next sat", TODAY, False)] == [(date(2026, 5, 23), "day")]
    for text in ("I sat on the sofa", "the sun was out", "we wed in June", "sat nav broke"):
        assert more_dates(text, TODAY, True) == [], text


def test_what_follows_a_dated_past_event_in_the_same_sentence_holds_since_then():
    found = {f.slot: f for f in facts("passed my driving test last tuesday, so I've got my licence now")}
    assert found["own:licence"].valid_from.date().isoformat() == "2026-05-19", found
    ahead = facts("I'm flying to Rome on friday, so I need an adapter")
    assert all(f.slot.startswith("event:") for f in ahead), ahead


@pytest.mark.parametrize(
    "line",
    [
        "my sister and her kid",
        "my brother and his wife, mostly",
        "my mum with her dog",
        "my cousin in Leeds",
        "my older brother who lives abroad",
    ],
)
def test_a_relative_named_without_a_verb_is_no_news_of_theirs(line):
    assert [f.text for f in facts(line) if "ands" in f.text or "The user's" in f.text] == []
