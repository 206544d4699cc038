"""The extractor's CPU savings change no output: each cache or gate gives what the code without it gives."""

from __future__ import annotations

from datetime import date

from shared.providers.offline import extraction_rules as er

TODAY = date(2026, 3, 9)
# statements of several classes, a question, a foreign sentence and chat: what the text reader is given
TEXTS = (
    "I live in Paris.",
    "I'm vegan.",
    "We switched from Postgres to MySQL.",
    "I moved to Berlin last March and started at Siemens in April.",
    "my sister just moved to Leeds, and I got a dog named Rex",
    "Can you help me write an email?",
    "Ich wohne seit 2019 in Hamburg.",
    "haha ok",
)


def test_the_text_reader_cached_gives_what_it_reads() -> None:
    er._drafts_from_text_cached.cache_clear()
    for text in TEXTS:
        language = er.detect_language(text)
        assert er._drafts_from_text(text, TODAY, language) == er._drafts_read_from_text(text, TODAY, language)
        # asked again (from the cache): the same
        assert er._drafts_from_text(text, TODAY, language) == er._drafts_read_from_text(text, TODAY, language)


def test_a_cached_reading_is_a_fresh_list_each_time() -> None:
    """A caller that extends the list it got does not change what the next caller gets."""
    er._drafts_from_text_cached.cache_clear()
    first = er._drafts_from_text("I live in Paris.", TODAY, "en")
    assert first
    first.append(first[0])
    first.clear()
    again = er._drafts_from_text("I live in Paris.", TODAY, "en")
    assert again == er._drafts_read_from_text("I live in Paris.", TODAY, "en")


def test_the_day_is_part_of_the_key() -> None:
    """The same words on another day are read for that day ("last March" is another month)."""
    er._drafts_from_text_cached.cache_clear()
    text = "I moved to Berlin last March."
    one = er._drafts_from_text(text, TODAY, "en")
    other = er._drafts_from_text(text, date(2027, 5, 1), "en")
    assert one == er._drafts_read_from_text(text, TODAY, "en")
    assert other == er._drafts_read_from_text(text, date(2027, 5, 1), "en")
    assert [d.valid_from for d in one] != [d.valid_from for d in other]
