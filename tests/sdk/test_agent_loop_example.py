"""examples/agent_loop.py runs offline against the loopback fake LLM and the real pipeline: the model
saves a fact in one conversation and, in a fresh one, recalls it and answers from it."""

from __future__ import annotations

import subprocess
import sys
import uuid

import pytest

from tests.helpers import ROOT

pytestmark = pytest.mark.timeout(180)


def test_agent_saves_then_recalls_a_fact(pipeline, tenant):
    user = f"agent-{uuid.uuid4().hex[:6]}"
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "agent_loop.py"), "--fake-llm", "--api-url", pipeline.api_url,
         "--api-key", tenant[1], "--user", user],
        cwd=ROOT, capture_output=True, text=True, timeout=150,
    )  # fmt: skip
    print(done.stdout)
    assert done.returncode == 0, done.stderr[-3000:]
    first, second = done.stdout.split("conversation 2")
    assert 'tool remember({"content": "I\'m allergic to peanuts."})' in first
    assert '"op": "ADD"' in first and "peanuts" in first.split("tool remember", 1)[1]
    recall = second.split("tool recall", 1)[1].split("\n")[0]
    assert "peanuts" in recall  # what memstream returned, in a conversation that never mentioned it
    assert "peanuts" in second.split("assistant:", 1)[1]
