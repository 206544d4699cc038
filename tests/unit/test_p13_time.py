"""Changes and endings with their stated time (#12, p13-time).

Written before the code, in invented phrasings (none from an evaluation set), with near-misses that must
give nothing of the class:

- a switch to a state of a known kind (a drink one has, a work schedule one works): "switched to decaf two weeks
  ago", "moved to nights last month", "went part-time in april" is the new state from the stated time, not an
  event of that day (and never a home: "moved to night shifts" is no town). A question, a plan, someone else's
  switch, or a switch to a value of no known kind ("switched to the other tab") gives no state of the user;
- a thing got with a holiday as its occasion ("got a new bike for christmas", said in May) was got at the last
  such holiday, not the next one; a booking for a holiday, or a wish, still points ahead or gives nothing;
- "left <a town>" is a move away from it (the user no longer lives there), never an employer; a trip ("left
  Leeds at 6", "left Paris this morning") is no ending at all;
- an activity said with how far, how long or when ("I run 5k most mornings", "swim 40 lengths before work",
  "cycle 20 miles on sundays") is the activity itself, so its ending ("gave up running", "quit swimming last
  month") ends it; an activity with an object ("tennis", "the dog") keeps its object;
- a time said with the filler "like" ("in like march", "since like 2019") is still the time said;
- "haven't <done> since <time>" (a habit or a drink or a smoke) is its ending from that time: "haven't smoked
  since january"; someone seen or called ("haven't seen my dad since christmas"), or no time at all, is no ending;
- "my last day at the <workplace> is/was <day>" ends that job on that day, as it does for a named one;
- a habit moved to another time ("switched my runs to mornings", "moved my swims to lunchtime") is the habit at
  that time, on the habit's own slot (a time is no part of an activity's key either: "runs in the mornings" is
  running); "switched my phone to silent", "moved my swims to the lido" are no such move;
- how wholly a thing ended ("ditched Word entirely", "quit facebook for good") is no part of the thing, so the
  retraction names the thing alone and finds it;
- a service or an app ended by its name in any case ("cancelled netflix in january", "deleted hinge",
  "uninstalled tiktok"), an animal rehomed ("rehomed Miso"), a make scrapped in lower case ("scrapped the golf"):
  the thing's ending from the stated time; "cancelled dinner", "deleted photos", "scrapped the plan" end nothing;
- a degree finished ("finished my law degree in december", "completed my masters last summer") is a graduation
  from the stated time, so the studies end; a thesis draft, a dissertation handed in, a degree certificate are not;
- a doing said in the progressive with "since" ("i'm cycling to work since march", "eating meat again since
  christmas") is that habit from then, not an event of that day; a stay ("staying with my parents") is no habit;
- a passing mood joined on with "and"/"but" ("i work nights and im exhausted") leaves the statement before it
  whole (it was read as "i work nights and", which no reader takes).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.exchange import march_days, message_facts, replay, shown

DAY = datetime(2026, 5, 20, 18, 0, tzinfo=UTC)


def facts(text: str):
    return message_facts(text, at=DAY)


def said(text: str) -> list[tuple[str, str, str]]:
    return [
        (("NOT " if f.negated else "") + f.text, f.slot or "", f.valid_from.date().isoformat() if f.valid_from else "")
        for f in facts(text)
    ]


# --- a switch to a state of a known kind -----------------------------------------------------------------------

SWITCHED_TO_A_STATE = [
    # (message, slot kind prefix, words the fact names, its start)
    ("switched to decaf two weeks ago", "habit:", ("drinks", "decaf"), "2026-05-06"),
    ("i moved over to oat milk last month, way nicer in tea", "habit:", ("drinks", "oat milk"), "2026-04-01"),
    ("Changed to green tea in january 🍵 no more jitters", "habit:", ("drinks", "green tea"), "2026-01-01"),
    (
        "so i switched to night shifts back in march (more pay) and im exhausted",
        "work:hours",
        ("night shifts",),
        "2026-03-01",
    ),
    ("I moved to nights last month", "work:hours", ("nights",), "2026-04-01"),
    ("we went over to a four day week in february!!", "", ("four day week",), "2026-02-01"),
    ("went part-time in april to look after my mum", "work:hours", ("part-time",), "2026-04-01"),
    ("I've switched to alcohol-free beer since new year", "habit:", ("drinks", "alcohol-free beer"), "2026-01-01"),
]


@pytest.mark.parametrize(("text", "slot", "words", "start"), SWITCHED_TO_A_STATE)
def test_a_switch_to_a_state_is_the_state_from_its_time(text, slot, words, start):
    found = said(text)
    assert any(
        not t.startswith("NOT")
        and s.startswith(slot)
        and not s.startswith("event:")
        and all(w.lower() in t.lower() for w in words)
        and f == start
        for t, s, f in found
    ), found
    assert not any(s.startswith(("event:", "location")) for _, s, _ in found), found


def test_an_undated_switch_is_the_state_now():
    found = said("switched to decaf, my heart was racing")
    assert any("drinks decaf" in t and s.startswith("habit:") for t, s, _ in found), found


SWITCH_NEAR_MISSES = [
    "should I switch to decaf?",
    "thinking about switching to night shifts next month",
    "if I switched to oat milk would it froth ok",
    "I switched to the other tab yesterday and lost my work",
    "we moved to a bigger table last night",
]


@pytest.mark.parametrize("text", SWITCH_NEAR_MISSES)
def test_a_switch_that_is_no_state_of_the_user_gives_none(text):
    found = said(text)
    assert not any(s.startswith(("habit:drinking", "work:hours", "location")) for _, s, _ in found), found


def test_someone_elses_switch_is_not_the_users():
    found = said("my wife switched to decaf last week")
    assert not any(t.startswith("The user drinks") for t, _, _ in found), found


@pytest.mark.parametrize(
    "text", ["i work nights and im exhausted", "I work nights, and I'm so tired", "i work nights but i am knackered"]
)
def test_a_passing_mood_joined_on_leaves_the_statement_whole(text):
    assert any(s == "work:hours" and "nights" in t for t, s, _ in said(text)), said(text)


def test_a_dated_switch_replaces_what_it_changes():
    # said in May: the schedule from March is the night shift, the day shift is over
    r = replay([("I work day shifts at the depot", "2026-01-10"), ("switched to nights back in march", "2026-05-20")])
    active = shown(r.active)
    assert any("nights" in a and "work:hours" in a for a in active), active
    assert not any("day shifts" in a and "work:hours" in a for a in active), active


# --- a thing got for a holiday -----------------------------------------------------------------------------------

GOT_FOR_A_HOLIDAY = [
    ("got a new bike for christmas", "bike", "2025-12-25"),
    ("got an air fryer for xmas from my sister", "air fryer", "2025-12-25"),
    ("bought myself a record player for christmas 🎄", "record player", "2025-12-25"),
    ("I was given a sewing machine for christmas", "sewing machine", "2025-12-25"),
]


@pytest.mark.parametrize(("text", "thing", "day"), GOT_FOR_A_HOLIDAY)
def test_a_thing_got_for_a_holiday_was_got_at_the_last_one(text, thing, day):
    found = said(text)
    assert any(thing in t and f == day for t, _, f in found), found
    assert not any(f > "2026-05-20" for _, _, f in found), found


HOLIDAY_AHEAD = [
    "I'm getting a new bike for christmas",
    "booked a cottage in wales for christmas",
    "I'll buy her a drone for christmas",
]


@pytest.mark.parametrize("text", HOLIDAY_AHEAD)
def test_a_holiday_still_ahead_is_never_the_last_one(text):
    found = said(text)
    assert not any(f and f < "2026-05-20" for _, _, f in found), found


def test_a_wish_for_a_holiday_gives_nothing():
    assert said("I want a new bike for christmas") == []


# --- left a town --------------------------------------------------------------------------------------------------

LEFT_A_TOWN = [
    ("I left Leeds", "Leeds", ""),
    ("finally left London in march, rent was insane", "London", "2026-03-01"),
    ("I left Glasgow for good in 2023", "Glasgow", "2023-01-01"),
    ("we left Manchester last year", "Manchester", "2025-01-01"),
]


@pytest.mark.parametrize(("text", "town", "start"), LEFT_A_TOWN)
def test_leaving_a_town_is_living_there_no_more(text, town, start):
    found = said(text)
    assert any(
        t.startswith("NOT") and s == "location" and town in t and (not start or f == start) for t, s, f in found
    ), found
    assert not any(s == "employer" for _, s, _ in found), found


LEFT_ON_A_TRIP = [
    "left Leeds at 6, should be in London by 9",
    "I left Bristol this morning",
    "we left Paris yesterday after a long weekend",
    "did you ever leave Leeds?",
]


@pytest.mark.parametrize("text", LEFT_ON_A_TRIP)
def test_leaving_a_town_on_a_trip_ends_nothing(text):
    found = said(text)
    assert not any(s in ("location", "employer") for _, s, _ in found), found


def test_leaving_an_employer_is_still_one():
    found = said("I left Deloitte in march")
    assert any(t.startswith("NOT") and s == "employer" for t, s, _ in found), found


def test_a_town_left_ends_the_home_there():
    r = replay(march_days(["I live in Leeds", "I left Leeds"]))
    assert not any("Leeds" in a and "location" in a and "neg=False" in a for a in shown(r.active)), shown(r.active)


# --- an activity with a measure ends with the activity -----------------------------------------------------------

MEASURED_THEN_ENDED = [
    ("i run 5k most mornings before work", "gave up running in march, knees are shot"),
    ("I swim 40 lengths every lunchtime", "quit swimming last month"),
    ("I cycle 20 miles on sundays with my brother", "I don't cycle anymore"),
    ("i row 5000m on the erg twice a week", "stopped rowing, the gym closed"),
    ("I walk an hour every evening", "no more walking for me, my hip is bad"),
]


@pytest.mark.parametrize(("habit", "ending"), MEASURED_THEN_ENDED)
def test_the_end_of_an_activity_ends_it_whatever_its_measure(habit, ending):
    r = replay(march_days([habit, ending]))
    assert not any("neg=False" in a and "habit:" in a for a in shown(r.active)), shown(r.active)


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I play tennis twice a week at the club", "habit:playing-tennis"),
        ("I walk the dog every morning", "habit:walking-dog"),
        ("I do 50 pushups every morning", "habit:doing-pushups"),
        ("I run 5k every other morning, mostly before work", "habit:running"),
    ],
)
def test_an_activity_keeps_its_object_and_drops_its_measure(text, slot):
    assert any(s == slot for _, s, _ in said(text)), said(text)


def test_the_end_of_one_activity_leaves_another():
    r = replay(march_days(["I run 5k every morning", "I swim 40 lengths on fridays", "gave up running"]))
    assert any("swim" in a and "neg=False" in a for a in shown(r.active)), shown(r.active)


# --- "like" before a time -----------------------------------------------------------------------------------------

LIKE_A_TIME = [
    ("i moved to Leeds in like march", "Leeds", "2026-03-01"),
    ("been vegan since like 2019 lol", "vegan", "2019-01-01"),
    ("started climbing in like january, obsessed now", "climb", "2026-01-01"),
    ("sold my car on like the 3rd", "car", "2026-05-03"),
]


@pytest.mark.parametrize(("text", "word", "start"), LIKE_A_TIME)
def test_a_time_said_with_like_is_still_the_time(text, word, start):
    found = said(text)
    assert any(word.lower() in t.lower() and f == start for t, _, f in found), found


@pytest.mark.parametrize("text", ["I like march the best", "i would like the 3rd off", "I like winter walks"])
def test_like_as_a_verb_before_a_time_word_is_no_date(text):
    assert not any(f and f != "2026-05-20" for _, _, f in said(text)), said(text)


# --- not done since ---------------------------------------------------------------------------------------------------

NOT_SINCE = [
    ("haven't smoked since january", "smok", "2026-01-01"),
    ("I haven't had a drink since new year's day!!", "drink", "2026-01-01"),
    ("i havent been running since march, my knee", "running", "2026-03-01"),
    ("We haven't eaten meat since 2024", "meat", "2024-01-01"),
    ("haven't had coffee since new year, send help", "coffee", "2026-01-01"),
    ("I have not cycled since april", "cycl", "2026-04-01"),
]


@pytest.mark.parametrize(("text", "word", "start"), NOT_SINCE)
def test_not_done_since_a_time_is_an_ending_from_then(text, word, start):
    found = said(text)
    assert any(t.startswith("NOT") and word in t.lower() and f == start for t, _, f in found), found


@pytest.mark.parametrize(
    "text",
    [
        "I haven't seen my dad since christmas",
        "haven't called my sister since march",
        "I haven't smoked",
        "have you smoked since january?",
    ],
)
def test_not_done_since_that_is_no_habit_or_no_time_ends_nothing(text):
    assert not any(t.startswith("NOT") for t, _, _ in said(text)), said(text)


# --- last day at a workplace ------------------------------------------------------------------------------------------

LAST_DAY_AT = [
    ("my last day at the bank is june 5th", "bank", "2026-06-05"),
    ("last day at the warehouse was friday, free at last", "warehouse", "2026-05-15"),
    ("My last day at the council is the 29th", "council", "2026-05-29"),
    ("last day at Tesco was friday", "Tesco", "2026-05-15"),
]


@pytest.mark.parametrize(("text", "place", "day"), LAST_DAY_AT)
def test_the_last_day_at_a_workplace_ends_the_job(text, place, day):
    found = said(text)
    assert any(t.startswith("NOT") and s == "employer" and place in t and f == day for t, s, f in found), found


def test_the_last_day_of_a_holiday_ends_no_job():
    assert not any(s == "employer" for _, s, _ in said("my last day of holiday is friday"))


# --- a habit moved to another time ---------------------------------------------------------------------------------

HABIT_MOVED = [
    ("switched my runs to mornings bc the evenings got too hot", "habit:running", "mornings"),
    ("moved my swims to lunchtime", "habit:swimming", "lunchtime"),
    ("we moved our yoga classes to thursdays", "habit:doing-yoga", "thursdays"),
    ("I moved my piano lessons to saturdays", "habit:taking-piano-lessons", "saturdays"),
]


@pytest.mark.parametrize(("text", "slot", "when"), HABIT_MOVED)
def test_a_habit_moved_to_another_time_is_the_habit_then(text, slot, when):
    assert any(s == slot and when in t for t, s, _ in said(text)), said(text)


@pytest.mark.parametrize("text", ["switched my phone to silent", "moved my swims to the lido"])
def test_a_move_to_no_time_is_no_habit_moved(text):
    assert not any(s.startswith("habit:") for _, s, _ in said(text)), said(text)


def test_a_habit_moved_replaces_the_habit_at_the_old_time():
    r = replay(march_days(["I run 5k every evening after work", "switched my runs to mornings, 6am now"]))
    active = shown(r.active)
    assert any("mornings" in a for a in active) and not any("evening" in a for a in active), active


# --- how wholly a thing ended --------------------------------------------------------------------------------------

WHOLLY_ENDED = [
    ("ditched word entirely", "*:word"),
    ("quit facebook for good", "*:facebook"),
    ("gave up coffee entirely lol", "*:coffee"),
    ("dropped spotify altogether, youtube music now", "*:spotify"),
]


@pytest.mark.parametrize(("text", "slot"), WHOLLY_ENDED)
def test_how_wholly_a_thing_ended_is_no_part_of_it(text, slot):
    assert any(t.startswith("NOT") and s == slot for t, s, _ in said(text)), said(text)


def test_a_thing_ended_wholly_is_retracted():
    r = replay(march_days(["I write my thesis in Word", "ditched word entirely, it kept crashing"]))
    assert not any("Word" in a and "neg=False" in a for a in shown(r.active)), shown(r.active)


# --- ended by name, in any case -------------------------------------------------------------------------------------

ENDED_BY_NAME = [
    ("cancelled netflix in january, never watched it", "*:netflix", "2026-01-01"),
    ("deleted hinge, taking a break from dating", "*:hinge", "2026-05-20"),
    ("uninstalled tiktok last week", "*:tiktok", "2026-05-11"),
    ("we rehomed Miso last month, the baby is allergic", "*:miso", "2026-04-01"),
    ("scrapped the golf in feb", "*:golf", "2026-02-01"),
    ("my fiesta got written off last week", "*:fiesta", "2026-05-11"),
]


@pytest.mark.parametrize(("text", "slot", "start"), ENDED_BY_NAME)
def test_a_thing_ended_by_its_name_in_any_case(text, slot, start):
    assert any(t.startswith("NOT") and s == slot and f == start for t, s, f in said(text)), said(text)


@pytest.mark.parametrize(
    "text", ["cancelled dinner", "deleted photos", "deleted it", "we scrapped the plan", "the project was scrapped"]
)
def test_what_is_no_thing_used_ends_nothing(text):
    assert not any(t.startswith("NOT") for t, _, _ in said(text)), said(text)


def test_a_service_cancelled_ends_it():
    r = replay(march_days(["I have a Netflix subscription", "cancelled netflix, never watched it"]))
    assert not any("Netflix" in a and "neg=False" in a for a in shown(r.active)), shown(r.active)


# --- a degree finished --------------------------------------------------------------------------------------------

DEGREE_DONE = [
    ("finished my law degree in december!!", "2025-12-01"),
    ("I completed my masters last summer", "2025-06-01"),
    ("we both finally got our degrees in january lol", "2026-01-01"),
]


@pytest.mark.parametrize(("text", "start"), DEGREE_DONE)
def test_a_degree_finished_is_a_graduation(text, start):
    assert any("graduated" in t and f == start for t, _, f in said(text)), said(text)


@pytest.mark.parametrize(
    "text", ["I finished my thesis draft", "finally handed in my dissertation yesterday", "got my degree certificate"]
)
def test_work_on_a_degree_is_no_graduation(text):
    assert not any("graduated" in t for t, _, _ in said(text)), said(text)


def test_a_degree_finished_ends_the_studies():
    r = replay(march_days(["I'm studying law at Leeds", "finished my law degree last week!!"]))
    assert not any("studies law" in a for a in shown(r.active)), shown(r.active)


# --- a doing since a time, in the progressive -----------------------------------------------------------------------

DOING_SINCE = [
    ("eating meat again since christmas tbh", "meat", "2025-12-25"),
    ("I'm running again since april", "run", "2026-04-01"),
    ("i'm cycling to work since march, legs of steel", "cycl", "2026-03-01"),
]


@pytest.mark.parametrize(("text", "word", "start"), DOING_SINCE)
def test_a_doing_since_a_time_is_the_habit_from_then(text, word, start):
    found = said(text)
    assert any(word in t and f == start and not s.startswith("event:") for t, s, f in found), found
    assert not any(s.startswith("event:") for _, s, _ in found), found


def test_a_stay_since_a_time_is_no_habit():
    assert not any(s.startswith("habit:") for _, s, _ in said("I'm staying with my parents since last week"))
