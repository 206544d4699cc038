"""A prompt-ready memory block for the next LLM turn, inside a token budget.

Pinned (most important) facts, then what is relevant to the query: the facts, and, where no fact
covers it, excerpts of the messages themselves with when they were said and by whom, then the
session's rolling summary. Every item names its sources (fact ids, message ids). Tokens are counted
with the embedding model's own tokenizer (all-MiniLM-L6-v2's WordPiece), not estimated from characters.
"""

from __future__ import annotations

import asyncio
import functools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal
from xml.sax.saxutils import escape, quoteattr

import asyncpg

from shared.contracts.events import FactSnapshot
from shared.domain.ranking import Fused
from shared.domain.strength import faded
from shared.service_layer.search import QueryEmbedder, SearchTuning, SearchUnavailable, hybrid_search
from shared.storage import user_data as store
from shared.storage.facts import snapshot_of

ContextFormat = Literal["text", "xml", "json"]
TOKEN_ESTIMATE = "all-MiniLM-L6-v2 tokenizer (WordPiece), special tokens excluded"
EXCERPT_MAX_WORDS = 80  # a long message is cut here in the block (its id leads to the whole of it)


@functools.cache
def _tokenizer():
    from tokenizers import Tokenizer

    from shared.providers.offline.minilm import default_model_dir

    tok = Tokenizer.from_file(str(default_model_dir() / "tokenizer.json"))
    tok.no_padding()
    tok.no_truncation()
    return tok


def count_tokens(text: str) -> int:
    """Tokens of `text` by the embedding model's tokenizer. Other models' tokenizers differ (GPT-style
    BPE counts English prose a little lower), so leave some headroom."""
    if not text:
        return 0
    return len(_tokenizer().encode(text, add_special_tokens=False).ids)


estimate_tokens = count_tokens  # the name callers knew

# The tokenizer splits on whitespace and punctuation before anything else, so a text's count is the sum
# of its pieces' counts when it is cut just before a newline or a "{": the greedy fill below re-measures
# the block after every item, and counts each line (or JSON object) once instead of the whole block.
_PIECE = re.compile(r"(?=[\n{])")


@functools.lru_cache(maxsize=8192)
def _piece_tokens(piece: str) -> int:
    return count_tokens(piece)


def count_block_tokens(text: str) -> int:
    """count_tokens(text), from cached counts of its lines and JSON objects."""
    return sum(_piece_tokens(piece) for piece in _PIECE.split(text) if piece)


@dataclass(frozen=True)
class Excerpt:
    """A message as the context shows it."""

    event_id: str
    session_id: str
    role: str
    name: str | None
    content: str
    created_at: datetime

    @classmethod
    def of(cls, row: Mapping[str, Any]) -> Excerpt:
        words = row["content"].split()
        content = row["content"] if len(words) <= EXCERPT_MAX_WORDS else " ".join(words[:EXCERPT_MAX_WORDS]) + " …"
        return cls(row["event_id"], row["session_id"], row["role"], row["name"], content, row["created_at"])

    @property
    def speaker(self) -> str:
        return self.name or self.role


@dataclass
class ContextItem:
    fact: FactSnapshot | None
    why: Literal["pinned", "relevant", "excerpt"]
    score: float | None = None
    excerpt: Excerpt | None = None
    source_ids: list[str] = field(default_factory=list)  # fact ids and message ids this item stands for

    def __post_init__(self) -> None:
        if not self.source_ids:
            if self.fact is not None:
                self.source_ids = [self.fact.fact_id, *self.fact.source_message_ids]
            elif self.excerpt is not None:
                self.source_ids = [self.excerpt.event_id]


def _since(fact: FactSnapshot) -> str:
    return fact.valid_from.date().isoformat()


def _fact_line(i: ContextItem) -> str:
    assert i.fact is not None
    return f"- {i.fact.text} ({i.fact.category}, since {_since(i.fact)})"


def _excerpt_line(i: ContextItem) -> str:
    assert i.excerpt is not None
    e = i.excerpt
    return f"- [{e.created_at.date().isoformat()}] {e.speaker}: {e.content}"


def render_context(
    user_id: str, pinned: Sequence[ContextItem], relevant: Sequence[ContextItem], summary: Sequence[str], fmt: str
) -> str:
    if not pinned and not relevant and not summary:
        return ""
    facts = [i for i in relevant if i.fact is not None]
    excerpts = [i for i in relevant if i.excerpt is not None]
    if fmt == "json":

        def item(i: ContextItem) -> dict[str, Any]:
            assert i.fact is not None
            return {
                "text": i.fact.text,
                "category": i.fact.category,
                "importance": i.fact.importance,
                "since": _since(i.fact),
            }

        def said(i: ContextItem) -> dict[str, Any]:
            assert i.excerpt is not None
            e = i.excerpt
            return {
                "said_at": e.created_at.isoformat(),
                "speaker": e.speaker,
                "text": e.content,
            }

        block: dict[str, Any] = {"user_id": user_id}
        if pinned:
            block["pinned"] = [item(i) for i in pinned]
        if facts:
            block["relevant"] = [item(i) for i in facts]
        if excerpts:
            block["excerpts"] = [said(i) for i in excerpts]
        if summary:
            block["session_summary"] = "\n".join(summary)
        return json.dumps(block, ensure_ascii=False, separators=(",", ":"))
    if fmt == "xml":

        def facts_xml(tag: str, items: Sequence[ContextItem]) -> str:
            inner = "".join(
                f'<fact category={quoteattr(i.fact.category)} importance="{i.fact.importance}" '
                f'since="{_since(i.fact)}">{escape(i.fact.text)}</fact>\n'
                for i in items
                if i.fact is not None
            )
            return f"<{tag}>\n{inner}</{tag}>\n"

        parts = [f"<memory user={quoteattr(user_id)}>\n"]
        if pinned:
            parts.append(facts_xml("pinned", pinned))
        if facts:
            parts.append(facts_xml("relevant", facts))
        if excerpts:
            inner = "".join(
                f"<message said={quoteattr(i.excerpt.created_at.date().isoformat())} "
                f"speaker={quoteattr(i.excerpt.speaker)}>{escape(i.excerpt.content)}</message>\n"
                for i in excerpts
                if i.excerpt is not None
            )
            parts.append(f"<excerpts>\n{inner}</excerpts>\n")
        if summary:
            parts.append(f"<session_summary>{escape(chr(10).join(summary))}</session_summary>\n")
        parts.append("</memory>")
        return "".join(parts)
    lines = ["What you remember about this user (from earlier conversations):"]
    if pinned:
        lines.append("Key facts:")
        lines += [_fact_line(i) for i in pinned]
    if facts:
        lines.append("Relevant to this message:")
        lines += [_fact_line(i) for i in facts]
    if excerpts:
        lines.append("From earlier conversations (date, speaker):")
        lines += [_excerpt_line(i) for i in excerpts]
    if summary:
        lines.append("This conversation so far:")
        lines += summary
    return "\n".join(lines)


@dataclass
class ContextResult:
    text: str
    tokens: int
    pinned: list[ContextItem]
    relevant: list[ContextItem]
    summary_included: bool
    degraded: list[str]
    memory_enabled: bool = True


def fit_context(
    user_id: str,
    pinned: Sequence[ContextItem],
    relevant: Sequence[ContextItem],
    summary_lines: Sequence[str],
    fmt: str,
    max_tokens: int,
) -> tuple[list[ContextItem], list[ContextItem], list[str]]:
    """Greedy fill in priority order, measuring the rendered block each time so the result never exceeds
    the budget: pinned facts up to 40% of it, then relevant facts and excerpts (in relevance order)
    leaving room for (up to 25% of) the session summary, then the summary, then whatever still fits.
    The top item of each section gets in whenever it fits at all."""
    chosen_p: list[ContextItem] = []
    chosen_r: list[ContextItem] = []
    chosen_s: list[str] = []

    def size() -> int:
        return count_block_tokens(render_context(user_id, chosen_p, chosen_r, chosen_s, fmt))

    def fill(source: Sequence[Any], into: list[Any], limit: int) -> None:
        """Add items in order while the block stays within `limit`; the first item of a section only
        needs to fit the whole budget (a section's share must not starve its most important item)."""
        for item in source:
            if item in into:
                continue
            into.append(item)
            if size() > (max_tokens if len(into) == 1 else limit):
                into.pop()
                break

    summary_need = count_block_tokens("\n".join(summary_lines)) + 8 if summary_lines else 0
    fill(pinned, chosen_p, int(max_tokens * 0.4))
    fill(relevant, chosen_r, max_tokens - min(summary_need, int(max_tokens * 0.25)))
    fill(summary_lines, chosen_s, max_tokens)
    fill(pinned, chosen_p, max_tokens)
    fill(relevant, chosen_r, max_tokens)
    # keep relevance order within the relevant section whatever order the fills added them in
    order = {id(item): n for n, item in enumerate(relevant)}
    chosen_r.sort(key=lambda i: order.get(id(i), len(order)))
    return chosen_p, chosen_r, chosen_s


def relevant_items(found: Sequence[Fused]) -> list[ContextItem]:
    """The search's results as context items: a result led by a fact is that fact; one led by a message
    (no fact of it ranked higher: facts do not cover it) is an excerpt, naming any fact folded in."""
    out = []
    for f in found:
        if f.kind == "fact":
            out.append(ContextItem(snapshot_of(f.row), "relevant", f.score))
        else:
            ids = [f.id] + [m.id for m in f.members if m.kind == "fact"]
            out.append(ContextItem(None, "excerpt", f.score, excerpt=Excerpt.of(f.row), source_ids=ids))
    return out


async def build_context(
    pool: asyncpg.Pool,
    embedder: QueryEmbedder,
    tenant_id: str,
    user_id: str,
    *,
    query: str | None,
    session_id: str | None,
    max_tokens: int,
    fmt: ContextFormat,
    pinned_min_importance: int,
    max_facts: int,
    include_messages: bool = True,
    detail: bool = False,
    tuning: SearchTuning = SearchTuning(),
) -> ContextResult:
    """A prompt-ready block: pinned facts, the results most relevant to ``query`` and the session's
    summary, inside ``max_tokens``. Faded facts (strength under the threshold) stay out unless ``detail``."""
    search = None
    if query and query.strip():  # starts embedding the query now, while the other reads run
        search = asyncio.create_task(
            hybrid_search(
                pool,
                embedder,
                tenant_id,
                user_id,
                query,
                k=max_facts,
                scope="both" if include_messages else "facts",
                tuning=tuning,
                include_faded=detail,
            )
        )
    try:
        async with pool.acquire() as conn:  # memory on?, pinned facts, the session's summary: one statement
            enabled, pinned_facts, summary_text = await store.context_reads(
                conn, tenant_id, user_id, min_importance=pinned_min_importance, limit=max_facts, session_id=session_id
            )
    except BaseException:
        if search is not None:
            search.cancel()
        raise
    if not enabled:
        if search is not None:
            search.cancel()
        return ContextResult("", 0, [], [], False, [], memory_enabled=False)
    degraded: list[str] = []
    relevant: list[ContextItem] = []
    if search is not None:
        try:
            found = await search
            degraded = found.degraded
            relevant = relevant_items(found.items)
        except SearchUnavailable:
            degraded = ["vector_facts", "vector_messages", "fulltext_facts", "fulltext_messages"]
    pinned = [
        ContextItem(f, "pinned")
        for f in pinned_facts
        if detail or f.strength is None or not faded(f.strength, tuning.strength)
    ]
    pinned_ids = {i.fact.fact_id for i in pinned if i.fact is not None}
    relevant = [i for i in relevant if i.fact is None or i.fact.fact_id not in pinned_ids]
    summary_lines = [line for line in (summary_text or "").splitlines() if line.strip()]
    chosen_p, chosen_r, chosen_s = fit_context(user_id, pinned, relevant, summary_lines, fmt, max_tokens)
    text = render_context(user_id, chosen_p, chosen_r, chosen_s, fmt)
    # count_tokens(text), from the pieces the fill has already counted: tokenizing the whole block again
    # cost about half a millisecond of CPU per context of 800 tokens
    return ContextResult(text, count_block_tokens(text), chosen_p, chosen_r, bool(chosen_s), degraded)
