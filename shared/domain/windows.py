"""Cutting a message into windows for embedding (pure).

A sentence-embedding model reads a bounded number of tokens (MiniLM: 256 word pieces) and one vector
blurs a long text's topics together, so a long message is embedded as overlapping windows of words;
search scores a message by its best window.
"""

from __future__ import annotations

WINDOW_WORDS = 120  # about 160 word pieces of English: inside MiniLM's 256, with room for the speaker
WINDOW_OVERLAP = 30


def windows(text: str, *, size: int = WINDOW_WORDS, overlap: int = WINDOW_OVERLAP) -> list[str]:
    """The text's windows of `size` words, each starting `size - overlap` words after the previous; a
    text of up to `size` words is one window, itself (whitespace as written)."""
    words = text.split()
    if len(words) <= size:
        return [text.strip() or text]
    step = max(1, size - overlap)
    out = []
    for start in range(0, len(words), step):
        out.append(" ".join(words[start : start + size]))
        if start + size >= len(words):
            break
    return out


def embedding_text(window: str, name: str | None) -> str:
    """What is embedded for a window: the words alone. Prefixing the speaker's name was measured (tuning
    split of bench/retrieval_eval.py) and hurt: with MiniLM a short turn such as "Rosa: lol" then lands
    near every question naming Rosa. The name is in the full-text vectors instead."""
    return window
