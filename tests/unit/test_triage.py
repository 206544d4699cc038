import pytest

from shared.domain.triage import worth_extracting


@pytest.mark.parametrize("text", ["Hi!", "thanks so much", "ok", "Got it.", "What's the weather in Paris?", "  "])
def test_nothing_to_remember(text):
    assert not worth_extracting(text)


@pytest.mark.parametrize("text", ["I live in Paris.", "Hi! I'm vegan.", "Where should I eat? I'm vegan."])
def test_worth_a_look(text):
    assert worth_extracting(text)


def test_a_bare_yes_confirms_an_assistant_question():
    assert worth_extracting("yes", follows_assistant_question=True)
    assert not worth_extracting("yes")
