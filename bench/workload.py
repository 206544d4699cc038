"""A deterministic synthetic chat workload: users who state facts, change their minds and chat.

Used by the correctness tests (replay, crash, scale-out) and by the benchmark. The same seed gives
the same events, byte for byte, for any tenant.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

CITIES = ["Paris", "Berlin", "Lisbon", "Madrid", "Rome", "Vienna", "Prague", "Oslo", "Dublin", "Warsaw"]
JOBS = ["data engineer", "teacher", "nurse", "software engineer", "designer", "chef", "lawyer", "pilot"]
COMPANIES = ["Google", "Spotify", "Siemens", "Airbus", "Zalando", "Shopify", "Stripe", "SAP"]
DATABASES = ["Postgres", "MySQL", "SQLite", "MongoDB", "Redis"]
LIKES = ["jazz", "sushi", "hiking", "chess", "climbing", "opera", "tennis", "pottery", "jogging", "board games"]
PETS = ["Rex", "Luna", "Pixel", "Milo", "Nala", "Bruno"]
PARTNERS = ["Anna", "Maria", "Sofia", "Lena", "Clara"]
LANGUAGES = ["Spanish", "German", "French", "Italian", "Portuguese"]
FILLER = [
    "Hi!",
    "Thanks!",
    "ok",
    "Got it.",
    "What's the weather like today?",
    "Can you help me write an email?",
    "Sounds good.",
    "How do I boil an egg?",
    "Cool, thanks a lot!",
    "Could you summarise that?",
]
ASSISTANT = [
    "Sure, happy to help.",
    "Noted!",
    "Here is a draft for you.",
    "Got it, thanks for sharing.",
    "Interesting! Tell me more.",
    "Of course.",
]


def _statements(rng: random.Random) -> list[str]:
    """One user's life story: a few facts, then changes of mind."""
    city, new_city = rng.sample(CITIES, 2)
    db, new_db = rng.sample(DATABASES, 2)
    partner = rng.choice(PARTNERS)
    story = [
        f"I live in {city}.",
        f"I work as a {rng.choice(JOBS)}.",
        f"I work at {rng.choice(COMPANIES)}.",
        f"My girlfriend is {partner}.",
        f"At work we use {db} for everything.",
        f"I love {rng.choice(LIKES)}.",
        f"I have a dog named {rng.choice(PETS)}.",
        f"I speak {rng.choice(LANGUAGES)}.",
        rng.choice(["I'm vegan.", "I'm vegetarian.", "I'm pescatarian."]),
        f"I moved to {new_city}.",
        f"We switched from {db} to {new_db}.",
        rng.choice(["I eat chicken now.", "I'm no longer vegan."]),
        rng.choice([f"I broke up with {partner}.", f"I married {partner}."]),
    ]
    return story


def conversations(
    tenant_id: str, *, users: int = 40, messages_per_user: int = 50, seed: int = 7, start: datetime | None = None
) -> list[dict]:
    """ChatMessage payloads (dicts), ordered by time within each session."""
    start = start or datetime(2026, 1, 1, tzinfo=UTC)
    rng = random.Random(seed)
    events: list[dict] = []
    for u in range(users):
        user_id = f"user-{u:04d}"
        story = _statements(rng)
        sessions = 3
        per_session = messages_per_user // sessions
        user_turns = 0
        for s in range(sessions):
            session_id = f"{user_id}-s{s}"
            count = per_session if s < sessions - 1 else messages_per_user - per_session * (sessions - 1)
            session_start = start + timedelta(days=10 * s, minutes=u)
            for i in range(count):
                # Every other user turn tells the next part of the story; the rest is chat.
                if i % 2 == 1:
                    role, content = "assistant", rng.choice(ASSISTANT)
                else:
                    user_turns += 1
                    role = "user"
                    content = story.pop(0) if story and user_turns % 2 == 1 else rng.choice(FILLER)
                events.append(
                    {
                        "event_id": f"{tenant_id}-{session_id}-{i}",
                        "tenant_id": tenant_id,
                        "user_id": user_id,
                        "session_id": session_id,
                        "role": role,
                        "content": content,
                        "created_at": (session_start + timedelta(minutes=i)).isoformat(),
                    }
                )
    return events
