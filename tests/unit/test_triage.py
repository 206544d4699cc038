"""Triage, by class: each class in several phrasings and languages. The recall cost (fact-bearing
turns skipped) on the eval set is checked in test_eval_set_recall_cost."""

import json
from pathlib import Path

import pytest

from shared.domain.triage import Triage, triage, worth_extracting

PLEASANTRIES = [
    "Hi!",
    "thanks so much",
    "ok",
    "Got it.",
    "  Thanks for all the help!! ",
    "haha ok",
    "Perfect, thanks.",
    "good morning!! hope you're well",
    "thx, that's all for now 😊",
    "no way, I didn't know that",
    "Danke schön, sehr hilfreich!",
    "Merci beaucoup, à bientôt",
    "Gracias, muy útil.",
    "Grazie mille!",
    "Valeu, tchau",
]

ASKS = [  # questions and requests to the assistant that disclose nothing
    "What's the weather in Paris?",
    "How do I add an index concurrently?",
    "Can you write a haiku about autumn?",
    "Make it sadder.",
    "lol make it rhyme better",
    "Now add a docstring.",
    "Fix this function: it returns None when the list is empty.",
    "Translate this to Spanish: 'I live in Berlin and work as a nurse.'",
    "Sounds good. Which vegetables work best?",
    "Can you show me how to add a column with a default?",
    "¿Qué tiempo hace normalmente en Madrid en octubre?",
    "Erkläre mir bitte den Unterschied zwischen TCP und UDP.",
    "Explique la différence entre TCP et UDP.",
    "Spiega come funziona un indice.",
    "Escreve um poema sobre o mar.",
]

DISCLOSURES = [  # must reach the extractor: each states something about the user
    "I live in Paris.",
    "Hi! I'm vegan.",
    "Where should I eat? I'm vegan.",
    "got promoted to team lead 🎉 any advice for first-time managers?",
    "Been learning Spanish for 6 months now, can you quiz me on the subjunctive?",
    "flying to Lagos next Tuesday evening, what should I pack for the heat?",
    "Doctor's appointment this Thursday at 10:30 about my knee, what should I mention?",
    "Me cambié al iPhone 15 el mes pasado, ¿cómo paso mis fotos?",
    "Soy alérgica a los frutos secos, ¿es un problema allí?",
    "Thanks! By the way, my sister Ana lives in Porto.",
    "Write me a toast for my brother's wedding.",
    "Ich wohne seit März in Graz.",
    "J'habite à Lyon depuis deux ans.",
    "Lavoro come infermiera a Milano.",
    "Moro em Recife e trabalho como professora.",
    "We switched to Postgres last week.",
    "Fix this function: my tests fail since I upgraded to Python 3.12.",
]


@pytest.mark.parametrize("text", PLEASANTRIES)
def test_pleasantries_are_skipped(text):
    assert triage(text) is Triage.PLEASANTRY
    assert not worth_extracting(text)


@pytest.mark.parametrize("text", ASKS)
def test_questions_and_requests_without_disclosure_are_skipped(text):
    assert triage(text) is Triage.ASK
    assert not worth_extracting(text)


@pytest.mark.parametrize("text", DISCLOSURES)
def test_anything_that_discloses_is_worth_a_call(text):
    assert triage(text) is Triage.WORTH
    assert worth_extracting(text)


@pytest.mark.parametrize("text", ["", "   ", "\n"])
def test_empty(text):
    assert triage(text) is Triage.EMPTY


@pytest.mark.parametrize("text", ["yes", "Yes!", "nope", "sí", "ja"])
def test_a_bare_yes_or_no_confirms_an_assistant_question(text):
    assert triage(text, follows_assistant_question=True) is Triage.CONFIRMATION
    assert worth_extracting(text, follows_assistant_question=True)
    assert not worth_extracting(text)


def test_eval_set_recall_cost():
    """No user turn that carries an expected fact is skipped, on either split of either eval set;
    and triage does skip a good share of the turns that carry none."""
    data = Path(__file__).parents[2] / "bench" / "data"
    fact_turns = skipped_fact_turns = empty_turns = skipped_empty_turns = 0
    for name in ("eval_conversations.jsonl", "eval_conversations_v2.jsonl", "eval_conversations_v3.jsonl"):
        for line in (data / name).read_text().splitlines():
            if not line.strip():
                continue
            conversation = json.loads(line)
            with_facts = {fact["msg"] for fact in conversation.get("expected_facts", [])}
            messages = conversation["messages"]
            for i, message in enumerate(messages):
                if message["role"] != "user":
                    continue
                asked = (
                    i > 0
                    and messages[i - 1]["role"] == "assistant"
                    and messages[i - 1]["content"].rstrip().endswith("?")
                )
                skipped = not worth_extracting(message["content"], follows_assistant_question=asked)
                if i in with_facts:
                    fact_turns += 1
                    skipped_fact_turns += skipped
                else:
                    empty_turns += 1
                    skipped_empty_turns += skipped
    assert fact_turns > 300 and skipped_fact_turns == 0
    assert skipped_empty_turns >= empty_turns // 3
