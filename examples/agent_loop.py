"""An agent with long-term memory: a chat model that decides itself when to save and when to search,
through memstream's tools (OpenAI-style function calling, executed by memstream_client.tools).

Two conversations with the same user. In the first the user mentions a fact and the model saves it; the
second starts with an empty history, so the model can only know the fact by recalling it.

With a real model (any OpenAI-compatible endpoint) and a running memstream (`make run`):

    python examples/agent_loop.py --api-url http://127.0.0.1:8080 --api-key ms-dev-key --user alice \\
        --llm-base-url https://api.openai.com/v1 --llm-api-key "$OPENAI_API_KEY" --model gpt-4o-mini

Offline: `--fake-llm` starts the loopback fake LLM server of the test suite (tests/fakes/openai_server.py)
and scripts each model turn with a few rules standing in for the model's judgement (save first-person
statements, search before answering, answer from what came back). Everything else is real: the openai
client, the tool definitions sent with every request, the dispatcher, and memstream itself.
"""

from __future__ import annotations

import argparse
import json
import sys
import uuid
from pathlib import Path
from typing import Any

from memstream_client import MemstreamClient
from memstream_client.tools import MemoryTools
from openai import OpenAI

SYSTEM = (
    "You are a helpful assistant with long-term memory of this user. Before answering a request that may "
    "depend on what the user told you before, call `recall`. When the user tells you a lasting fact about "
    "themselves, call `remember`. Answer briefly."
)
CONVERSATIONS = [
    ["Hi! Quick thing before we plan the trip: I'm allergic to peanuts."],
    ["Can you suggest a snack for my hike tomorrow?"],
]
MAX_STEPS = 5  # model calls per user turn: a loop that keeps calling tools stops here


def agent_turn(llm: OpenAI, model: str, tools: MemoryTools, history: list[dict], text: str, before=None) -> str:
    """One user turn: call the model, run the tools it asks for, feed the results back, until it answers."""
    history.append({"role": "user", "content": text})
    for _ in range(MAX_STEPS):
        if before is not None:
            before(history)
        response = llm.chat.completions.create(model=model, messages=history, tools=tools.definitions())
        message = response.choices[0].message
        history.append(message.model_dump(exclude_none=True))
        if not message.tool_calls:
            return message.content or ""
        for call in message.tool_calls:
            result = tools.run_tool_call(call)
            print(f"    tool {call.function.name}({call.function.arguments}) -> {result['content']}")
            history.append(result)
    return "(no answer within the step limit)"


# --------------------------------------------------------------------------- offline stand-in for the model


class RuleModel:
    """Decides the fake model's next turn from the conversation so far (queued on the fake server just
    before each request)."""

    def next_turn(self, history: list[dict]) -> Any:
        from tests.fakes.openai_server import AssistantTurn

        last = history[-1]
        if last["role"] == "user":
            text = last["content"]
            if " I'm " in f" {text} " or " I am " in f" {text} " or text.startswith("I "):
                statement = text[text.find("I'm") if "I'm" in text else text.find("I ") :]
                return AssistantTurn(tool_calls=(("remember", {"content": statement}),))
            return AssistantTurn(tool_calls=(("recall", {"query": f"{text} (food, allergies, preferences)"}),))
        result = json.loads(last["content"])
        if "changes" in result:
            return AssistantTurn(content="Noted, I'll remember that.")
        # A hit is a fact, or a message (with the facts drawn from it folded in): both are what the user said.
        relevant = [r["text"] for r in result.get("results", [])][:2]
        if not relevant:
            return AssistantTurn(content="How about some fruit and a granola bar?")
        return AssistantTurn(content=f"From what you told me ({'; '.join(relevant)}): trail mix without nuts.")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--api-url", default="http://127.0.0.1:8080")
    parser.add_argument("--api-key", default="ms-dev-key")
    parser.add_argument("--user", default=f"agent-{uuid.uuid4().hex[:6]}")
    parser.add_argument("--llm-base-url", default=None)
    parser.add_argument("--llm-api-key", default="unused")
    parser.add_argument("--model", default="gpt-4o-mini")
    parser.add_argument("--fake-llm", action="store_true", help="the loopback fake LLM, scripted by rules")
    args = parser.parse_args(argv)

    fake = before = None
    if args.fake_llm:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository, for tests.fakes
        from tests.fakes.openai_server import FakeOpenAIServer

        fake = FakeOpenAIServer().start()
        rules = RuleModel()
        args.llm_base_url = fake.base_url

        def before(history: list[dict]) -> None:
            fake.script(rules.next_turn(history))

    llm = OpenAI(base_url=args.llm_base_url, api_key=args.llm_api_key, max_retries=2, timeout=60)
    try:
        with MemstreamClient(args.api_url, args.api_key) as memory:
            tools = MemoryTools(memory, user_id=args.user)  # the app binds the user: the model cannot pick another
            for n, conversation in enumerate(CONVERSATIONS, 1):
                print(f"conversation {n} (user {args.user}, empty history)")
                history: list[dict] = [{"role": "system", "content": SYSTEM}]
                for text in conversation:
                    print(f"  user: {text}")
                    print(f"  assistant: {agent_turn(llm, args.model, tools, history, text, before)}")
    finally:
        if fake is not None:
            fake.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
