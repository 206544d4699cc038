"""Which kind of clause is this: a durable fact about the speaker, an ending, a change, or no fact.

A linear model (multinomial logistic regression) over hashed word and character n-grams, trained on
the hand-written clauses in ``clause_data/*.tsv`` (English, German, Spanish, French, Italian,
Portuguese). It covers classes of statements instead of phrasings: a clause the rules never saw is
still a "fact" when it looks like the facts it was trained on ("I <verb> <thing> <rhythm>", "My <thing>
is ..."), and "other" when it looks like a question, a request, a hypothetical, a passing state or
someone else's claim.

Why linear and hashed: scoring one clause is a few hundred array lookups (microseconds), so the
extractor keeps its throughput without a model call per clause; the weights are a small ``.npz``
beside the data, rebuilt by ``python -m shared.providers.offline.clause_classifier`` (deterministic:
fixed order, no randomness). Pure functions; the weights load once per process.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

LABELS = ("fact", "ending", "change", "other")
LANGUAGES = ("en", "de", "es", "fr", "it", "pt")
DIMENSIONS = 1 << 14
DATA_DIR = Path(__file__).with_name("clause_data")
WEIGHTS = DATA_DIR / "clause_classifier.npz"

_SPACES = re.compile(r"\s+")
_DIGIT = re.compile(r"\d")
_TOKEN = re.compile(r"[^\W_]+(?:'[^\W_]+)?|[?!]", re.UNICODE)


@dataclass(frozen=True)
class Verdict:
    label: str
    confidence: float  # the winning class's probability

    def is_(self, label: str, at_least: float = 0.5) -> bool:
        return self.label == label and self.confidence >= at_least


_CONTRACTIONS = (
    (re.compile(r"\bi'm\b"), "i am"),
    (re.compile(r"\bcan't\b"), "can not"),
    (re.compile(r"\bwon't\b"), "will not"),
    (re.compile(r"(?<=[a-z])n't\b"), " not"),
    (re.compile(r"(?<=[a-z])'ve\b"), " have"),
    (re.compile(r"(?<=[a-z])'re\b"), " are"),
    (re.compile(r"(?<=[a-z])'ll\b"), " will"),
    (re.compile(r"(?<=[a-z])'d\b"), " would"),
)


def _normalise(text: str) -> str:
    """Lowercase, one kind of apostrophe, English contractions spelt out (the extractor expands them
    before it classifies, the training lines keep them as people type them)."""
    text = unicodedata.normalize("NFKC", text).lower().replace("’", "'")
    for pattern, full in _CONTRACTIONS:
        text = pattern.sub(full, text)
    return _SPACES.sub(" ", text).strip(" .,;:")


def _digits_to_shape(token: str) -> str:
    return _DIGIT.sub("0", token)


def features(text: str) -> np.ndarray:
    """Hashed feature indices of one clause: words, word pairs, the first two words (where English
    and Romance clauses show who speaks and whether they ask), and character 3- and 4-grams (which
    carry verb endings across languages: "-o" of "vivo", "-e" of "ich wohne")."""
    tokens = [_digits_to_shape(t) for t in _TOKEN.findall(_normalise(text))]
    grams = [f"b:{a} {b}" for a, b in zip(tokens, tokens[1:], strict=False)]
    grams += [f"s1:{tokens[0]}"] if tokens else ["s1:"]
    grams += [f"s2:{' '.join(tokens[:2])}"] if len(tokens) > 1 else []
    grams += [f"len:{min(len(tokens), 12) // 3}"]
    hashed = [_hash(g) for g in grams]
    for token in tokens:
        hashed.extend(_token_features(token))
    return np.array(hashed, dtype=np.int64)


def _hash(gram: str) -> int:
    return zlib.crc32(gram.encode()) % DIMENSIONS


@lru_cache(maxsize=65536)
def _token_features(token: str) -> tuple[int, ...]:
    """A word's own features (the word and its character n-grams): the same for every clause it is in."""
    padded = f"<{token}>"
    grams = [f"w:{token}"] + [f"c:{padded[i : i + n]}" for n in (3, 4) for i in range(len(padded) - n + 1)]
    return tuple(_hash(g) for g in grams)


def load_examples(directory: Path = DATA_DIR) -> list[tuple[str, str, str]]:
    """(label, text, language) of every line of the training files ``clauses_<language>.tsv``;
    lines starting with '#' are notes."""
    examples = []
    for path in sorted(directory.glob("clauses_*.tsv")):
        language = path.stem.removeprefix("clauses_")
        if language not in LANGUAGES:
            raise ValueError(f"{path.name}: the file name must end in one of {LANGUAGES}")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            label, sep, text = line.partition("\t")
            if not sep or label not in LABELS or not text.strip():
                raise ValueError(f"{path.name}:{number}: expected '<label>\\t<text>' with a label in {LABELS}")
            examples.append((label, text.strip(), language))
    return examples


def train(
    examples: list[tuple[str, str]],
    labels: tuple[str, ...] = LABELS,
    *,
    epochs: int = 400,
    rate: float = 4.0,
    l2: float = 1e-4,
) -> tuple[np.ndarray, np.ndarray]:
    """Full-batch gradient descent on the softmax loss over (label, text) pairs; deterministic.
    Returns (weights, bias)."""
    rows = [features(text) for _, text in examples]
    x = np.zeros((len(rows), DIMENSIONS), dtype=np.float32)
    for i, idx in enumerate(rows):
        np.add.at(x[i], idx, 1.0)
        x[i] /= max(np.linalg.norm(x[i]), 1.0)
    y = np.array([labels.index(label) for label, _ in examples])
    onehot = np.eye(len(labels), dtype=np.float32)[y]
    # Classes are weighted so that the many "fact" and "other" lines do not drown endings and changes.
    counts = onehot.sum(axis=0)
    sample_weight = (len(y) / (len(labels) * counts))[y][:, None]
    w = np.zeros((DIMENSIONS, len(labels)), dtype=np.float32)
    b = np.zeros(len(labels), dtype=np.float32)
    for _ in range(epochs):
        logits = x @ w + b
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        grad = (p - onehot) * sample_weight / len(y)
        w -= rate * (x.T @ grad + l2 * w)
        b -= rate * grad.sum(axis=0)
    return w, b


Model = tuple[np.ndarray, np.ndarray]


@lru_cache(maxsize=1)
def _models() -> tuple[Model, Model]:
    if not WEIGHTS.exists():
        raise FileNotFoundError(
            f"{WEIGHTS} is missing: rebuild it with `python -m shared.providers.offline.clause_classifier`"
        )
    with np.load(WEIGHTS) as stored:
        clause = stored["weights"].astype(np.float32), stored["bias"].astype(np.float32)
        language = stored["language_weights"].astype(np.float32), stored["language_bias"].astype(np.float32)
    return clause, language


def _scores(text: str, model: Model, labels: tuple[str, ...]) -> dict[str, float]:
    w, b = model
    idx = features(text)
    if len(idx):
        nonzero, repeats = np.unique(idx, return_counts=True)
        values = repeats.astype(np.float32) / max(float(np.linalg.norm(repeats)), 1.0)
        logits = values @ w[nonzero] + b
    else:
        logits = b.copy()
    logits = logits - logits.max()
    p = np.exp(logits)
    p /= p.sum()
    return {label: float(p[i]) for i, label in enumerate(labels)}


def probabilities(text: str, model: Model | None = None) -> dict[str, float]:
    """P(class | clause) for the clause classes."""
    return _scores(text, model if model is not None else _models()[0], LABELS)


@lru_cache(maxsize=4096)
def language_of(text: str) -> Verdict:
    """The language of a short text by its character n-grams (for texts with no marker word of any
    language, which the marker vote cannot place)."""
    p = _scores(text, _models()[1], LANGUAGES)
    label = max(p, key=p.__getitem__)
    return Verdict(label, p[label])


@lru_cache(maxsize=4096)
def classify(text: str, among: tuple[str, ...] = LABELS) -> Verdict:
    """The clause's most likely class among ``among`` and its probability renormalised over them
    (cached: chats repeat clauses). The caller narrows the classes by what the grammar already says:
    a clause in the present tense cannot report an ending, so it is a fact, a change or nothing."""
    p = probabilities(text)
    total = sum(p[label] for label in among) or 1.0
    label = max(among, key=p.__getitem__)
    return Verdict(label, p[label] / total)


def sources_digest(directory: Path = DATA_DIR) -> str:
    """SHA-256 of the training files, stored with the weights: a changed line without a rebuild shows."""
    digest = hashlib.sha256()
    for path in sorted(directory.glob("clauses_*.tsv")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def trained(directory: Path = DATA_DIR) -> tuple[Model, Model]:
    """Both models from the training lines: the clause classes, and the language."""
    examples = load_examples(directory)
    clause = train([(label, text) for label, text, _ in examples], LABELS)
    language = train([(lang, text) for _, text, lang in examples], LANGUAGES)
    return clause, language


def rebuild(directory: Path = DATA_DIR) -> Path:
    (w, b), (lw, lb) = trained(directory)
    np.savez_compressed(
        directory / WEIGHTS.name,
        weights=w.astype(np.float16),
        bias=b.astype(np.float32),
        language_weights=lw.astype(np.float16),
        language_bias=lb.astype(np.float32),
        sources=np.array(sources_digest(directory)),
    )
    _models.cache_clear()
    classify.cache_clear()
    language_of.cache_clear()
    return directory / WEIGHTS.name


if __name__ == "__main__":
    print(f"wrote {rebuild()}")
