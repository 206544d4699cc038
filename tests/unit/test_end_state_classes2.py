"""End state, by class (continued from test_end_state_classes.py, whose replay this reuses): each case
replays a short conversation through the offline extractor and the consolidation rules, every fact
similar to every other, so only slots keep facts apart.

The phrasings are invented here; none comes from an evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import uuid4

import pytest

from shared.domain.consolidation import ActiveFact, CandidateView, normalize_text, restated_with_less
from shared.domain.models import Op
from tests.unit.test_end_state_classes import active_texts, replay


def _said(*messages: str) -> list[str]:
    days = ("2026-01-10", "2026-02-10", "2026-03-10", "2026-04-10")
    return active_texts(replay(list(zip(messages, days, strict=False))))


# --- Portuguese and Spanish verb forms --------------------------------------------------------------


@pytest.mark.parametrize(
    ("habit", "ending"),
    [
        ("Corro todos os sábados.", "Parei de correr."),  # -er verb: "corro" and "correr" share a stem
        ("Corro todos os sábados.", "Já não corro."),
        ("Nado todos los miércoles.", "Dejé de nadar."),
        ("Nado todos los miércoles.", "Ya no nado."),
    ],
)
def test_a_habit_said_by_its_verb_is_ended_by_the_verbs_infinitive_or_negation(habit, ending):
    assert _said(habit, ending) == []


def test_a_portuguese_habit_of_an_er_verb_is_written_in_the_third_person():
    assert any("corre " in text for text in _said("Corro todos os domingos."))


@pytest.mark.parametrize(
    ("habit", "left"),
    [
        ("Vou ao ginásio às quintas.", "Deixei o ginásio."),
        ("Voy al gimnasio los jueves.", "Dejé el gimnasio."),
    ],
)
def test_leaving_something_one_attends_ends_the_habit(habit, left):
    assert _said(habit, left) == []


def test_leaving_a_thing_somewhere_ends_nothing():
    assert len(_said("Tengo una bici.", "Dejé la bici en el garaje.")) == 1


@pytest.mark.parametrize(
    ("diet", "again", "word"),
    [
        ("Sou vegana.", "Voltei a comer carne.", "carne"),
        ("Soy vegana.", "Volví a comer pescado.", "pescado"),
    ],
)
def test_eating_meat_again_replaces_a_meatless_diet(diet, again, word):
    active = _said(diet, again)
    assert len(active) == 1 and word in active[0]


@pytest.mark.parametrize(
    ("partner", "ending"),
    [
        ("A minha namorada chama-se Inês.", "Acabei com a Inês."),
        ("Mi novio se llama Bruno.", "Terminé con Bruno."),
    ],
)
def test_ending_it_with_a_named_partner_retracts_the_partner(partner, ending):
    assert _said(partner, ending) == []


def test_a_portuguese_tool_named_with_its_article_is_replaced_by_a_switch_at_work():
    active = _said("Uso o Postgres no trabalho.", "No trabalho passámos para o MariaDB.")
    assert len(active) == 1 and "MariaDB" in active[0]


def test_a_spanish_switch_said_with_we_replaces_the_tool():
    active = _said("En el trabajo usamos Postgres.", "En el trabajo cambiamos a MariaDB.")
    assert len(active) == 1 and "MariaDB" in active[0]


def test_a_portuguese_pet_named_with_its_article_dies():
    assert _said("Tenho um gato chamado Tico.", "O Tico morreu ontem.") == []


# --- a relative's place, work and other facts: one slot per aspect ------------------------------------


@pytest.mark.parametrize(
    "moved",
    ["My sister moved to Tartu.", "My sister lives in Tartu now.", "my sister has relocated to Tartu"],
)
def test_a_relatives_new_place_replaces_their_old_one(moved):
    active = _said("My sister lives in Riga.", moved)
    assert len(active) == 1 and "Tartu" in active[0] and "sister" in active[0]


def test_a_relatives_place_is_kept_apart_from_the_users_own():
    active = _said("I live in Riga.", "My grandpa still lives on a farm near Tartu.")
    assert len(active) == 2


def test_a_relative_who_died_ends_the_facts_said_of_them_without_a_name():
    assert _said("My uncle lives in Quito.", "My uncle passed away last spring.") == []


def test_two_things_said_of_one_relative_both_stay():
    active = _said("My mum is a pharmacist.", "My mum lives in Cork.")
    assert len(active) == 2


# --- an ending and a new activity in one message --------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "change", "kept"),
    [
        ("I have a climbing gym pass.", "I cancelled my climbing gym pass and now I swim at the lido.", "swim"),
        ("I drive a Fiat Panda.", "I sold my car and now I walk to work.", "walk"),
    ],
)
def test_an_activity_taken_up_after_an_ending_is_a_new_habit_not_the_ended_things_new_value(before, change, kept):
    active = _said(before, change)
    assert len(active) == 1 and kept in active[0]


def test_a_thing_consumed_instead_still_replaces_the_old_one():
    active = _said("I drink cola every day.", "I gave up cola, I drink sparkling water now.")
    assert len(active) == 1 and "sparkling water" in active[0]


def test_a_context_said_only_in_a_later_clause_scopes_only_that_clause():
    run = replay(
        [
            ("I have a ticket for the gym.", "2026-01-10"),
            ("I cancelled my gym ticket, I train at home now.", "2026-02-10"),
        ]
    )
    ended = [f for f in run.predicted if f.negated]
    assert len(ended) == 1 and "at home" not in ended[0].text and "@" not in (ended[0].slot or "")
    assert not any("gym" in text for text in active_texts(run))


# --- tools: kinds a team has one of, one more tool, the kind said as the subject -----------------------


@pytest.mark.parametrize(
    ("before", "after", "word"),
    [
        ("At work we track issues in Jira.", "At work we moved to YouTrack.", "YouTrack"),
        ("We build on Jenkins at work.", "At work we migrated to Buildkite.", "Buildkite"),
        ("Our team uses Mattermost for chat.", "We switched to Zulip.", "Zulip"),
    ],
)
def test_a_move_to_another_tool_of_the_same_kind_replaces_it(before, after, word):
    active = _said(before, after)
    assert len(active) == 1 and word in active[0]


@pytest.mark.parametrize("more", ["I also write Elixir.", "I use Elixir too."])
def test_one_more_tool_of_a_kind_keeps_the_first(more):
    assert len(_said("I write Haskell.", more)) == 2


def test_the_kind_of_tool_said_as_the_subject_is_the_tools_slot():
    active = _said("At work our database is Oracle.", "At work we migrated to Postgres.")
    assert len(active) == 1 and "Postgres" in active[0]


# --- multi-fact: relatives counted and named -----------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "names"),
    [
        ("I have two kids, Oskar and Lene.", ["Lene", "Oskar"]),
        ("We've got three daughters: Pia, Rut and Sol.", ["Pia", "Rut", "Sol"]),
        ("I have two sons, Aki is 9 and Timo is 6.", ["Aki", "Timo"]),
    ],
)
def test_relatives_counted_then_named_are_one_fact_per_name(said, names):
    active = _said(said)
    assert len(active) == len(names)
    assert all(any(name in text for text in active) for name in names)


def test_relatives_counted_without_names_stay_a_count():
    assert _said("I have two kids, which keeps me busy.") == ["The user has two kids"]


# --- endings: who one broke up with, a group one left ---------------------------------------------------


@pytest.mark.parametrize(
    ("partner", "ending"),
    [
        ("My girlfriend Wiebke and I are off to Crete.", "wiebke and I broke up."),  # a name typed in lower case
        ("I'm dating Jonas.", "Jonas and I split."),
    ],
)
def test_a_break_up_with_the_named_partner_ends_the_partner(partner, ending):
    assert _said(partner, ending) == []


@pytest.mark.parametrize("said", ["My sister and I split the bill.", "my brother and I split"])
def test_a_relative_and_i_splitting_is_no_break_up(said):
    run = replay([(said, "2026-01-10")])
    assert not any(f.negated for f in run.predicted)


@pytest.mark.parametrize(
    ("member", "left"),
    [
        ("I sing in a choir on Thursdays.", "I left the choir last month."),
        ("I play drums in a band.", "I left the band."),
    ],
)
def test_leaving_a_group_ends_what_the_user_did_in_it(member, left):
    assert _said(member, left) == []


def test_leaving_a_thing_somewhere_in_english_ends_nothing():
    assert len(_said("I have a scooter.", "I left the scooter at my mum's.")) == 1


# --- habits: how often is no part of the activity; one way to get to work --------------------------------


@pytest.mark.parametrize(
    ("said", "slot"),
    [
        ("I do pilates most evenings.", "habit:doing-pilates"),
        ("I practise the cello an hour a day.", "habit:practising-cello"),
        ("I drink about three teas a day.", "habit:drinking-teas"),
    ],
)
def test_a_habits_slot_names_the_activity_not_how_often(said, slot):
    run = replay([(said, "2026-01-10")])
    assert [f.slot for f in run.predicted] == [slot]


@pytest.mark.parametrize(
    ("before", "after", "word"),
    [
        ("I cycle to work.", "I take the tram to work now.", "tram"),
        ("I usually drive to the office.", "I walk to the office now.", "walk"),
    ],
)
def test_a_new_way_to_get_to_work_replaces_the_old_one(before, after, word):
    active = _said(before, after)
    assert len(active) == 1 and word in active[0]


def test_no_longer_commuting_one_way_ends_it():
    assert _said("I cycle to work.", "I no longer cycle to work.") == []


# --- we-statements about work, said with the system as the subject ----------------------------------------


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("At my job everything lives in Postgres, sadly.", "Postgres"),
        ("Our CI runs on Buildkite.", "Buildkite"),
        ("The backend is hosted on Heroku.", "Heroku"),
    ],
)
def test_what_the_teams_systems_run_on_is_a_tool_the_user_uses(said, word):
    active = _said(said)
    assert len(active) == 1 and word in active[0]


def test_a_work_database_said_of_everything_is_kept_apart_from_a_side_projects():
    active = _said("At my job everything lives in Postgres.", "For my side project I went with SQLite.")
    assert len(active) == 2


def test_an_acronym_is_no_function_word_of_another_language():
    run = replay([("Our CI runs on Buildkite.", "2026-01-10")])
    assert [f.language for f in run.predicted] == ["en"]


# --- preferences about the assistant: one slot per thing asked ---------------------------------------------


def test_a_preference_with_a_ban_is_two_preferences_on_their_own_slots():
    run = replay([("I prefer concise answers without emojis.", "2026-01-10")])
    assert sorted(f.slot for f in run.predicted) == ["style:emojis", "style:length"]


def test_a_format_preference_does_not_replace_a_length_preference():
    assert len(_said("I prefer brief answers.", "I like my answers in bullet points.")) == 2


def test_a_new_length_preference_replaces_the_old_one():
    active = _said("I prefer brief answers.", "I prefer detailed answers.")
    assert len(active) == 1 and "detailed" in active[0]


# --- diets said as habits ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("diet", "change"),
    [
        ("I'm vegetarian.", "I'm doing keto now."),
        ("Je mange de la viande.", "Je ne mange plus de viande."),
        ("Mangio carne.", "Ho smesso di mangiare carne."),
    ],
)
def test_a_diet_said_as_a_habit_lands_on_the_diet_slot(diet, change):
    run = replay([(diet, "2026-01-10"), (change, "2026-02-10")])
    assert [f.slot for f in run.predicted] == ["diet", "diet"]
    assert len(active_texts(run)) <= 1


def test_fish_on_fridays_is_a_habit_not_a_diet():
    assert _said("I'm vegetarian.", "I eat fish on Fridays.") != []
    run = replay([("I eat fish on Fridays.", "2026-01-10")])
    assert run.predicted[0].slot.startswith("habit:")


# --- Portuguese and Spanish: children named after their count, a language being learnt -------------------


def test_portuguese_children_named_after_their_count_are_one_fact_each_with_the_articles_gender():
    run = replay([("Tenho dois filhos, o Tiago e a Marta.", "2026-01-10")])
    assert sorted(f.slot for f in run.predicted) == ["family:daughter:marta", "family:son:tiago"]


def test_spanish_children_named_after_their_count_are_one_fact_each():
    active = _said("Tengo dos hijos, Bruno y Olga.")
    assert len(active) == 2 and all(any(n in t for t in active) for n in ("Bruno", "Olga"))


@pytest.mark.parametrize(
    ("learning", "ended"),
    [
        ("Estoy aprendiendo ruso.", "Dejé el ruso."),
        ("Estoy aprendiendo ruso.", "Dejé de aprender ruso."),
        ("Estou a aprender russo.", "Desisti do russo."),
    ],
)
def test_giving_up_a_language_being_learnt_ends_the_goal(learning, ended):
    assert _said(learning, ended) == []


# --- changes of job, role and belongings said in other words ----------------------------------------------


@pytest.mark.parametrize(
    ("before", "after", "word"),
    [
        ("I'm a pharmacist.", "I retrained as a midwife.", "midwife"),
        ("I'm a developer.", "I was promoted to team lead.", "team lead"),
        ("I work at Globex.", "I got hired by Initrode.", "Initrode"),
        ("My phone is a Galaxy S21.", "I got a new phone, a Pixel 9.", "Pixel"),
    ],
)
def test_a_new_role_employer_or_thing_said_in_other_words_replaces_the_old_one(before, after, word):
    active = _said(before, after)
    assert len(active) == 1 and word in active[0]


def test_a_promotion_to_no_role_says_nothing():
    assert _said("I got promoted to the moon lol") == []


# --- where the user lives, said in other words -------------------------------------------------------------


@pytest.mark.parametrize(
    "moved",
    ["Home is Utrecht these days.", "I moved back to my hometown, Utrecht.", "I rent a small flat in Utrecht."],
)
def test_a_place_said_in_other_words_replaces_the_old_one(moved):
    active = _said("I live in Delft.", moved)
    assert len(active) == 1 and "Utrecht" in active[0]


def test_home_is_where_the_heart_is_says_nothing():
    assert _said("Home is where the heart is.") == []


# --- a partner said as a companion; a thinner restatement keeps the fuller fact ------------------------------


@pytest.mark.parametrize(
    "said", ["My husband and I go bouldering on Fridays.", "Me and my girlfriend cook every Sunday."]
)
def test_doing_something_with_ones_partner_says_the_user_has_one(said):
    active = _said(said)
    assert len(active) == 2 and any(t.startswith("The user has a ") for t in active)


def test_a_partner_said_again_without_the_name_keeps_the_named_fact():
    active = _said("My husband Piet is a baker.", "My husband and I moved to Zwolle.")
    assert any("Piet" in t for t in active)


def _active(text: str, slot: str) -> ActiveFact:
    return ActiveFact(uuid4(), text, normalize_text(text), slot, datetime(2026, 1, 1, tzinfo=UTC), 0.8, "en")


def test_a_valueless_restatement_on_a_single_valued_slot_is_nothing_new():
    said = CandidateView("The user has a wife", "partner", False, datetime(2026, 2, 1, tzinfo=UTC), value=None)
    decision = restated_with_less(said, [_active("The user's wife is Karen", "partner")])
    assert decision is not None and decision.op is Op.NONE


def test_a_short_new_value_is_no_restatement():
    said = CandidateView("The user lives in York", "location", False, datetime(2026, 2, 1, tzinfo=UTC), value="York")
    assert restated_with_less(said, [_active("The user lives in York, Maine", "location")]) is None


@pytest.mark.parametrize(
    ("said", "slot"),
    [("We have two boys.", "family:sons"), ("I have a 4-year-old daughter.", "family:daughters")],
)
def test_children_counted_as_boys_girls_or_with_an_age_are_sons_or_daughters(said, slot):
    run = replay([(said, "2026-01-10")])
    assert [f.slot for f in run.predicted] == [slot]


# --- context: a context's thing as what a switch is made to ------------------------------------------------


@pytest.mark.parametrize(
    ("switch", "kept", "new"),
    [
        ("I switched my home computer to macOS.", "Windows", "macOS"),
        ("We switched our work laptops to Ubuntu.", "Debian", "Ubuntu"),
    ],
)
def test_a_switch_of_one_contexts_thing_changes_only_that_context(switch, kept, new):
    before = ["At the office we use Windows.", "At home I use Debian."]
    active = _said(*before, switch)
    assert len(active) == 2 and any(new in t for t in active) and any(kept in t for t in active)


@pytest.mark.parametrize(
    ("said", "slot"),
    [("I also have mild eczema if that matters.", "health:eczema"), ("I also have three kids.", "family:kids")],
)
def test_also_before_have_keeps_the_fact_its_kind(said, slot):
    run = replay([(said, "2026-01-10")])
    assert [f.slot for f in run.predicted] == [slot]


@pytest.mark.parametrize(
    ("said", "count"),
    [("Hablo inglés y francés.", 2), ("Ich spreche Deutsch und Englisch.", 2)],
)
def test_a_list_of_languages_is_one_fact_each(said, count):
    assert len(_said(said)) == count


@pytest.mark.parametrize(
    ("said", "slot"),
    [("Estudio arquitectura en Granada.", "education"), ("Estudo enfermagem em Braga.", "education")],
)
def test_what_the_user_studies_in_spanish_or_portuguese_is_their_education(said, slot):
    run = replay([(said, "2026-01-10")])
    assert [f.slot for f in run.predicted] == [slot]


def test_a_spanish_habit_said_with_salir_a_ends_with_its_negation():
    assert _said("Salgo a caminar todos los días.", "Ya no salgo a caminar.") == []


@pytest.mark.parametrize("said", ["Je fais de la natation le mardi.", "Gioco a calcetto il giovedì."])
def test_a_weekday_with_its_article_in_the_present_is_a_rhythm_not_a_date(said):
    run = replay([(said, "2026-01-10")])
    assert len(run.predicted) == 1 and run.predicted[0].slot.startswith("habit:")
    assert "(20" not in run.predicted[0].text


def test_a_weekday_said_with_this_is_still_a_date():
    run = replay([("J'ai rendez-vous chez le dentiste ce vendredi.", "2026-01-10")])
    assert any("2026-01-16" in f.text for f in run.predicted)


# --- endings: a named thing quit that is no employer; coming off, stepping down ----------------------------


@pytest.mark.parametrize(
    ("before", "ending"),
    [
        ("I do Pilates Plus on Mondays.", "I quit Pilates Plus."),
        ("I'm on Metformin.", "I came off Metformin last month."),
        ("I'm on the board of a charity.", "I stepped down from the board."),
    ],
)
def test_a_thing_quit_ends_the_fact_that_names_it(before, ending):
    assert _said(before, ending) == []


def test_quitting_a_named_employer_still_ends_the_job():
    run = replay([("I work at Globex.", "2026-01-10"), ("I quit Globex.", "2026-02-10")])
    assert active_texts(run) == [] and any(f.negated and f.slot == "employer" for f in run.predicted)
