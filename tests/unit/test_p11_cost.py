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


# --- the date patterns' gate (_find_date runs a pattern only on a text holding one of its needles) -------------

# one phrase or more of every kind of date the patterns read
DATE_PHRASES = {
    "iso": ("on 2024-03-05", "by 2026-11-30"),
    "dmy": ("on the 3rd of March 2024", "since 14 Feb"),
    "mdy": ("on March 3rd, 2024", "Sept 9"),
    "my": ("in May 2023", "since Dec. 2019"),
    "month": ("since April", "next October"),
    "year": ("in 2019", "since 1998"),
    "range": ("from the 10th to the 24th of October", "between 3 and 5 June"),
    "weekend": ("over the weekend", "at the weekend"),
    "dom": ("on the 14th", "the 2nd"),
    "word": ("yesterday evening", "the day after tomorrow", "tonight"),
    "in": ("in two weeks' time", "within 3 months"),
    "ago": ("3 years ago", "a couple of months back"),
    "ago1": ("a month back", "a fortnight ago"),
    "other_day": ("the other day", "a few days back"),
    "holiday": ("last Christmas", "over New Year's Eve", "at Halloween"),
    "wd_dom": ("Tuesday the 24th", "on Friday, the 3rd"),
    "numeric": ("on 24/03/2025", "by 3/24"),
    "after_next": ("the week after next", "the year after next"),
    "for": ("for 6 months", "for the past two years"),
    "season": ("last summer", "in the spring of 2024", "since the autumn"),
    "part": ("in early March", "since mid-2024", "at the end of last month"),
    "rel": ("next week", "this past weekend"),
    "weekday": ("last Friday", "on Monday", "this coming Sunday"),
}


def _date_texts() -> list[str]:
    frames = ("I moved to Oslo {}", "{} we switched to Rust", "my sister got married {}, finally")
    texts = [frame.format(p) for phrases in DATE_PHRASES.values() for p in phrases for frame in frames]
    return texts + [t.upper() for t in texts] + [t.title() for t in texts]


def test_every_date_pattern_is_exercised_by_the_phrases() -> None:
    kinds = {kind for kind, pattern in er._DATE_PATTERNS for t in _date_texts() if pattern.search(t)}
    assert kinds == {kind for kind, _ in er._DATE_PATTERNS}


def test_the_date_gate_never_skips_a_pattern_that_matches() -> None:
    from shared.domain.needles import lowered_ascii, may_match, of_pattern

    skipped = [
        (kind, text)
        for text in _date_texts()
        for kind, pattern in er._DATE_PATTERNS
        if pattern.search(text) and not may_match(of_pattern(pattern), lowered_ascii(text))
    ]
    assert skipped == []


def test_dates_are_found_as_without_the_gate(monkeypatch) -> None:
    """The gated reader finds what it finds with every pattern run on every text."""
    gated = [er._find_date(text, TODAY, past) for text in _date_texts() for past in (True, False)]
    monkeypatch.setattr(er, "may_match", lambda *_: True)
    assert [er._find_date(text, TODAY, past) for text in _date_texts() for past in (True, False)] == gated
    assert sum(hit is not None for hit in gated) > len(gated) * 0.9


# --- the spelling vote of the language detector, cached per word --------------------------------------------


def test_a_words_spellings_are_the_spelling_patterns_it_matches() -> None:
    words = ("murió", "volví", "mudança", "larguei", "Wohnung", "Freiheit", "stazione", "chàteau", "bureaux", "the")
    for word in words:
        expected = tuple(lang for spelling, lang in er._SPELLINGS if spelling.search(word))
        assert er._spelled_as(word) == expected
    assert er._spelled_as("the") == ()
    assert er._spelled_as("wohnungen") == ("de",)
    assert er._spelled_as("informação") == ("pt",)


# --- a clause's context, cached -------------------------------------------------------------------------------


def test_a_clauses_context_cached_is_what_it_finds() -> None:
    from shared.providers.offline import frames

    said = (
        ("At work we use Postgres", "en"),
        ("for my side project I use SQLite", "en"),
        ("I switched my home computer to macOS", "en"),
        ("I live in Paris", "en"),
        ("Bei der Arbeit nutzen wir Jira", "de"),
    )
    frames.find_context.cache_clear()
    first = [frames.find_context(text, language) for text, language in said]
    assert first == [frames.find_context.__wrapped__(text, language) for text, language in said]
    assert first == [frames.find_context(text, language) for text, language in said]  # from the cache
    assert first[0] == ("work", "we use Postgres")
    assert first[3] == (None, "I live in Paris")


# --- triage, cached per turn -----------------------------------------------------------------------------------


def test_triage_cached_is_triage() -> None:
    from shared.domain import triage

    turns = ("Thanks!", "ok", "yes", "I moved to Lisbon.", "Can you help me write an email?", "  ", "yep, 6 years now")
    triage.triage.cache_clear()
    for asked in (False, True):
        first = [triage.triage(t, follows_assistant_question=asked) for t in turns]
        assert first == [triage.triage.__wrapped__(t, follows_assistant_question=asked) for t in turns]
        assert first == [triage.triage(t, follows_assistant_question=asked) for t in turns]  # from the cache
    assert triage.triage("yes", follows_assistant_question=True) is triage.Triage.CONFIRMATION
    assert triage.triage("yes") is not triage.Triage.CONFIRMATION


# --- a role-play set up by the assistant, each earlier turn searched once -------------------------------------


def test_play_searches_cached_are_the_searches() -> None:
    said = (
        "Let's play a game: you are a knight and I am the dragon. What do you do?",
        "ok, game over, back to normal",
        "I live in Paris.",
        "Sure, happy to help.",
    )
    for text in said:
        assert er._play_over(text) == bool(er._PLAY_OVER.search(text))
        assert er._sets_play(text) == bool(er._ASSISTANT_SETS_PLAY.search(text))
