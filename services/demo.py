"""The demo conversation `make run` feeds through the API, so a newcomer sees facts appear."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta

import httpx

DEMO_USER = "demo-user"

# Two sessions a month apart: the second one changes the first one's facts.
_FIRST = [
    ("user", "Hi there!"),
    ("assistant", "Hello! How can I help you today?"),
    ("user", "I live in Paris and I work as a data engineer."),
    ("user", "I'm vegan. At work we use Postgres for everything."),
    ("user", "I have a dog named Pixel."),
]
_SECOND = [
    ("user", "Big news: I moved to Berlin last week."),
    ("assistant", "Congratulations on the move!"),
    ("user", "We switched from Postgres to SQLite for the side project."),
]


def demo_messages(now: datetime | None = None) -> list[dict]:
    now = now or datetime.now(UTC)
    messages = []
    for session, turns, start in (("demo-s1", _FIRST, now - timedelta(days=30)), ("demo-s2", _SECOND, now)):
        for i, (role, content) in enumerate(turns):
            messages.append(
                {
                    "event_id": f"{session}-{i}",
                    "user_id": DEMO_USER,
                    "session_id": session,
                    "role": role,
                    "content": content,
                    "created_at": (start + timedelta(seconds=i)).isoformat(),
                }
            )
    return messages


def run_demo(api_url: str, api_key: str, stop: threading.Event, timeout_s: float = 60.0) -> None:
    headers = {"Authorization": f"Bearer {api_key}"}
    with httpx.Client(base_url=api_url, headers=headers, timeout=10) as client:
        first, second = demo_messages()[: len(_FIRST)], demo_messages()[len(_FIRST) :]
        print(f"demo: sending {len(first)} messages of session demo-s1 (a month ago)", flush=True)
        client.post("/v1/messages", json={"messages": first}).raise_for_status()
        seen: dict[str, str] = {}
        _watch(client, stop, seen, time.monotonic() + timeout_s, until=lambda facts: len(facts) >= 3)
        print(f"demo: sending {len(second)} messages of session demo-s2 (today)", flush=True)
        client.post("/v1/messages", json={"messages": second}).raise_for_status()
        _watch(
            client,
            stop,
            seen,
            time.monotonic() + timeout_s,
            until=lambda facts: any(f["superseded_by"] for f in facts.values()),
        )
    print(
        f"\ndemo: done. Try  curl -H 'Authorization: Bearer {api_key}' "
        f"'{api_url}/v1/users/{DEMO_USER}/facts?include_history=true'\n",
        flush=True,
    )


def _watch(client: httpx.Client, stop: threading.Event, seen: dict[str, str], deadline: float, until) -> None:
    """Print each fact as it appears or changes status, until ``until(facts)`` holds."""
    facts: dict[str, dict] = {}
    while not stop.is_set() and time.monotonic() < deadline:
        response = client.get(f"/v1/users/{DEMO_USER}/facts", params={"include_history": "true"})
        facts = {f["fact_id"]: f for f in response.json()["facts"]}
        for fact_id, fact in facts.items():
            if seen.get(fact_id) != fact["status"]:
                seen[fact_id] = fact["status"]
                print(f"  {_describe(fact, facts)}", flush=True)
        if until(facts):
            return
        stop.wait(0.5)


def _describe(fact: dict, facts: dict[str, dict]) -> str:
    if fact["status"] == "superseded":
        newer = facts.get(fact["superseded_by"] or "", {}).get("text", "?")
        return f"~ {fact['text']}  (superseded by: {newer}; the old row is kept)"
    if fact["status"] == "retracted":
        return f"- {fact['text']}  (retracted)"
    return f"+ {fact['text']}  [{fact['category']}, importance {fact['importance']}]"
