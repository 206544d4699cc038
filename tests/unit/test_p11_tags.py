"""Issue #12, session 11: classes of statements about work tooling, diets and preferences that the blind halves
miss, read by their structure.

- a tool named in chat's lower case is known by its KIND (package manager, framework, code host, chat app, design
  tool, ...), so "we switched to pnpm" is a change of the team's package manager and replaces "we use npm", and a
  word that is only sometimes a tool's name ("yarn", "poetry", "flask") is never taken for one;
- a new tool of a kind in one context (a side project, a club) does not replace another context's tool.

Every line was written for this file; none comes from an evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shared.domain.models import ExtractedFact, ExtractionInput, Turn
from shared.providers.offline import tool_kinds
from shared.providers.offline.extraction_rules import extract_facts

SAID = datetime(2026, 5, 20, 18, 30, tzinfo=UTC)


def said(text: str) -> list[ExtractedFact]:
    return extract_facts(ExtractionInput(new_turns=(Turn("t1", "user", text, SAID),)))


def texts(facts: list[ExtractedFact]) -> list[str]:
    return [f"{f.text} [{f.slot}]" for f in facts]


# --- tools known by kind -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        ("our team switched to pnpm last sprint", "pnpm", "package-manager"),
        ("we moved everything to bitbucket in march", "bitbucket", "code-host"),
        ("we use confluence for all our docs", "confluence", "docs"),
        ("at work we're on webex for every call lol", "webex", "video-calls"),
        ("the data team keeps everything in snowflake", "snowflake", "warehouse"),
        ("we migrated to sveltekit this week", "sveltekit", "frontend"),
        ("we deploy on firebase", "firebase", "cloud"),
    ],
)
def test_a_lower_case_tool_is_known_by_its_kind(text: str, value: str, kind: str) -> None:
    facts = said(text)
    assert any(value in f.text.lower() and f.slot and f.slot.startswith(f"tool:{kind}") for f in facts), texts(facts)


def test_kinds_are_one_slot_each_so_a_change_replaces() -> None:
    assert tool_kinds.kind_of("npm") == tool_kinds.kind_of("pnpm") == "package-manager"
    assert tool_kinds.kind_of("gitlab") == tool_kinds.kind_of("GitHub") == "code-host"
    assert tool_kinds.kind_of("discord") == "group-chat"  # a band's chat is never work's chat (see tool_kinds)
    assert tool_kinds.kind_of("astro") == tool_kinds.kind_of("jekyll") == "frontend"


@pytest.mark.parametrize("word", ["yarn", "poetry", "flask", "cargo", "bun", "chef", "nomad", "phoenix", "hugo"])
def test_a_word_that_is_only_sometimes_a_tool_has_no_kind(word: str) -> None:
    assert tool_kinds.kind_of(word) is None


@pytest.mark.parametrize(
    "text",
    [
        "should we switch to pnpm?",
        "we might move to bitbucket next year",
        "my friend's team uses confluence",
        "i bought some yarn for the scarf",
        "I use poetry to cope",
    ],
)
def test_near_misses_give_no_tool(text: str) -> None:
    assert not [f for f in said(text) if f.slot and f.slot.startswith("tool:")], texts(said(text))


# --- any team as the subject --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the data team keeps everything in snowflake", "snowflake"),
        ("our eng team switched to Linear last month", "linear"),
        ("My dev squad uses gitlab for everything", "gitlab"),
        ("the platform team is on kubernetes now", "kubernetes"),
        ("our whole engineering org runs on aws", "aws"),
    ],
)
def test_a_team_named_by_its_department_is_we(text: str, value: str) -> None:
    facts = said(text)
    assert any(value in f.text.lower() and f.slot and f.slot.startswith("tool:") for f in facts), texts(facts)


@pytest.mark.parametrize(
    "text",
    [
        "the sales team might move to hubspot next year",
        "their data team uses snowflake",
        "the marketing team is on holiday",
        "our team is on fire this week",
    ],
)
def test_a_team_near_miss_gives_no_tool(text: str) -> None:
    assert not [f for f in said(text) if f.slot and f.slot.startswith("tool:")], texts(said(text))


@pytest.mark.parametrize("text", ["I live in Phoenix, it's so hot", "we live in Phoenix"])
def test_a_city_named_like_a_tool_is_still_where_one_lives(text: str) -> None:
    assert any(f.slot == "location" for f in said(text)), texts(said(text))


# --- how the assistant is to talk: a standing request ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("don't sugarcoat it", "sugarcoat"),
        ("pls never apologise", "apologise"),
        ("no need to lecture me", "lecture"),
        ("Do not hedge everything", "hedge"),
        ("talk to me like a friend", "friend"),
        ("just speak to me like i'm a normal person lol", "normal person"),
        ("be straight with me", "straight"),
        ("write to me as if I'm a colleague please", "colleague"),
    ],
)
def test_how_the_assistant_is_to_talk_is_kept(text: str, word: str) -> None:
    facts = said(text)
    assert any(word in f.text and f.slot and f.slot.startswith("style:") for f in facts), texts(facts)


@pytest.mark.parametrize(
    "text",
    [
        "talk to me about rome",
        "my boss talks to me like a child",
        "don't apologise to her",
        "can you talk to me like a pirate just this once",
        "be careful with the oven",
        "she never apologises",
    ],
)
def test_a_manner_near_miss_gives_nothing(text: str) -> None:
    assert not [f for f in said(text) if f.slot and f.slot.startswith("style:")], texts(said(text))


def test_a_later_manner_replaces_the_earlier_one() -> None:
    first = [f for f in said("talk to me like a friend") if f.slot and f.slot.startswith("style:")]
    second = [f for f in said("be formal with me from now on") if f.slot and f.slot.startswith("style:")]
    assert first and second and first[0].slot == second[0].slot == "style:tone"


def test_a_clubs_chat_app_does_not_take_works_chat() -> None:
    facts = said("at work we're on slack, my climbing club uses whatsapp")
    assert any("slack" in f.text for f in facts), texts(facts)
    assert not any("whatsapp" in f.text and f.slot in ("tool:chat", "tool:chat@work") for f in facts), texts(facts)


# --- how many a team is ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "n"),
    [
        ("we're a team of six", "six"),
        ("our eng team is 40 people", "40"),
        ("the startup has about 25 employees now", "25"),
        ("We are a small company of 9 people.", "9"),
        ("my team is 5 devs", "5"),
    ],
)
def test_how_many_a_team_is(text: str, n: str) -> None:
    facts = said(text)
    assert any(f.slot == "team:size" and n in f.text for f in facts), texts(facts)


@pytest.mark.parametrize(
    "text",
    ["we're a family of four", "should we be a team of six?", "their team is 40 people", "we are 4 people tonight"],
)
def test_a_size_near_miss_gives_no_team_size(text: str) -> None:
    assert not [f for f in said(text) if f.slot == "team:size"], texts(said(text))
