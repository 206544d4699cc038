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
    (re.compile(r"\bi'm\b", re.IGNORECASE), "i am"),
    (re.compile(r"\bcan't\b", re.IGNORECASE), "can not"),
    (re.compile(r"\bwon't\b", re.IGNORECASE), "will not"),
    (re.compile(r"(?<=[a-z])n't\b", re.IGNORECASE), " not"),
    (re.compile(r"(?<=[a-z])'ve\b", re.IGNORECASE), " have"),
    (re.compile(r"(?<=[a-z])'re\b", re.IGNORECASE), " are"),
    (re.compile(r"(?<=[a-z])'ll\b", re.IGNORECASE), " will"),
    (re.compile(r"(?<=[a-z])'d\b", re.IGNORECASE), " would"),
)


def _normalise(text: str, lower: bool = True) -> str:
    """Lowercase (unless told not to: the form reads capitals), one kind of apostrophe, English
    contractions spelt out (the extractor expands them before it classifies, the training lines keep
    them as people type them)."""
    text = unicodedata.normalize("NFKC", text).replace("’", "'")
    text = text.lower() if lower else text
    for pattern, full in _CONTRACTIONS:
        text = pattern.sub(full, text)
    return _SPACES.sub(" ", text).strip(" .,;:")


def _digits_to_shape(token: str) -> str:
    return _DIGIT.sub("0", token)


def features(text: str, with_form: bool = True) -> np.ndarray:
    """Hashed feature indices of one clause: words, word pairs, the first two words (where English
    and Romance clauses show who speaks and whether they ask), character 3- and 4-grams (which
    carry verb endings across languages: "-o" of "vivo", "-e" of "ich wohne"), and the clause's form
    (``form``): its function words in place, every other word by its shape."""
    said = [_digits_to_shape(t) for t in _TOKEN.findall(_normalise(text, lower=False))]
    tokens = [t.lower() for t in said]
    grams = [f"b:{a} {b}" for a, b in zip(tokens, tokens[1:], strict=False)]
    grams += [f"s1:{tokens[0]}"] if tokens else ["s1:"]
    grams += [f"s2:{' '.join(tokens[:2])}"] if len(tokens) > 1 else []
    grams += [f"len:{min(len(tokens), 12) // 3}"]
    shape = form(said) if with_form else []
    form_grams = [f"k2:{a} {b}" for a, b in zip(shape, shape[1:], strict=False)]
    form_grams += [f"k3:{' '.join(shape[i : i + 3])}" for i in range(len(shape) - 2)]
    form_grams += [f"kp:{' '.join(shape[:4])}"] if shape else []
    grams += form_grams
    hashed = [_hash(g) for g in grams]
    for token in tokens:
        hashed.extend(_token_features(token))
    return np.array(hashed, dtype=np.int64)


# The words a clause's form is made of: who speaks, tense and mood, negation, asking, time, and the
# small words that join a noun to its verb. Every other word is a slot of the form, shown by its shape.
# Whose the clause is: a relative's or a pet's life is the speaker's family's ("my sister lives in Perth"),
# a friend's or a colleague's is theirs ("my colleague lives in Perth"). The form says which, not the word.
_KIN_WORDS = """
    mum mom mother dad father parents sister sisters brother brothers wife husband partner spouse son sons
    daughter daughters kid kids child children baby toddler twins grandma gran nan granny grandmother grandad
    grandpa grandfather grandparents grandson granddaughter grandkids grandchildren aunt uncle cousin cousins
    niece nephew nieces nephews stepdad stepmum stepmom stepson stepdaughter stepkids fiance fiancé fiancee
    fiancée boyfriend girlfriend eldest youngest in-laws mother-in-law father-in-law family household
    dog dogs cat cats puppy kitten rabbit hamster parrot tortoise horse pony pet pets
"""
_KIN = frozenset(_KIN_WORDS.split())
_NOT_KIN_WORDS = """
    friend friends colleague colleagues coworker coworkers boss manager neighbour neighbor neighbours neighbors
    roommate flatmate housemate teacher doctor mate mates buddy classmate client clients customer landlord
    teammate teammates
"""
_NOT_KIN = frozenset(_NOT_KIN_WORDS.split())
_FORM_WORD_LIST = """
    i me my mine myself we us our ours ourselves you your yours he him his she her it its they them their
    this that these those there here someone something anything everything nothing
    a an the some any no every each all both another other
    in on at to for with from by of about into onto over under near after before since until during without
    through around off out up down away back like as than instead
    and or but so because if when while though although unless whether then
    am is are was were be been being have has had do does did done will would can could should might may
    must shall not never ever going gonna wanna gotta let lets
    what how why where who which whose
    now today tonight tomorrow yesterday yet right currently just still already always usually often
    sometimes again anymore anyway really very too also maybe perhaps probably actually basically literally
    soon later ago once twice last next morning evening night afternoon week weekend month year years days
    lol haha please thanks thank sorry yes yeah ok okay sure
    want need wish hope think guess wonder suppose imagine pretend feel know mean trying planning thinking
    looking considering used
    mild chronic severe
"""
_FORM_WORDS = frozenset(_FORM_WORD_LIST.split())
_FORM_SUFFIXES = ("ing", "ed", "ly", "s")


_FORM_SUBJECTS = frozenset(("i", "we", "my", "our"))


def form(tokens: list[str]) -> list[str]:
    """A clause's form: its function words as they are, every other word by its shape ("N" a name said
    with a capital, "0" a number, "~ing"/"~ed"/"~ly"/"~s"/"~" a lowercase word by its ending). So
    "I have mild asthma" and "I have chronic migraines" share a form, and a model that learns from
    one learns the other: what makes a fact is how the clause is said, more than the noun in it.
    The form is English: it starts at the speaker's subject ("I", "we", "my", "our"), and a clause
    without one (another language, someone else's clause) has none."""
    start = next((i for i, token in enumerate(tokens) if token.lower() in _FORM_SUBJECTS), None)
    if start is None:
        return []
    shapes = []
    for position, token in enumerate(tokens[start:]):
        lower = token.lower()
        if lower in _FORM_WORDS:
            shapes.append(lower)
        elif lower in _KIN or lower in _NOT_KIN:
            shapes.append("KIN" if lower in _KIN else "OTHER")
        elif token[:1].isdigit():
            shapes.append("0")
        elif position and token[:1].isupper():
            shapes.append("N")
        else:
            ending = next((e for e in _FORM_SUFFIXES if lower.endswith(e) and len(lower) > len(e) + 2), "")
            shapes.append("~" + ("" if ending == "s" and lower.endswith("ss") else ending))
    return shapes


def _hash(gram: str) -> int:
    return zlib.crc32(gram.encode()) % DIMENSIONS


@lru_cache(maxsize=65536)
def _token_features(token: str) -> tuple[int, ...]:
    """A word's own features (the word and its character n-grams): the same for every clause it is in."""
    padded = f"<{token}>"
    grams = [f"w:{token}"] + [f"c:{padded[i : i + n]}" for n in (3, 4) for i in range(len(padded) - n + 1)]
    return tuple(_hash(g) for g in grams)


def load_examples(directory: Path = DATA_DIR, composed: bool = True) -> list[tuple[str, str, str]]:
    """(label, text, language) of every line of the training files ``clauses_<language>.tsv`` (and,
    unless ``composed`` is false, ``clauses_<language>_composed.tsv``); lines starting with '#' are notes."""
    examples = []
    for path in sorted(directory.glob("clauses_*.tsv")):
        if not composed and path.stem.endswith("_composed"):
            continue
        language = path.stem.removeprefix("clauses_").split("_")[0]  # "clauses_en_composed": English
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
    epochs: int = 200,
    rate: float = 0.05,
    l2: float = 1e-4,
    with_form: bool = True,
) -> tuple[np.ndarray, np.ndarray]:
    """Full-batch Adam on the softmax loss over (label, text) pairs; deterministic (no sampling, a fixed
    order). Returns (weights, bias). Adam, not plain gradient descent: with thousands of lines whose
    features are mostly their own, plain descent stopped short of fitting the training lines themselves
    (about one in ten came out of the wrong class), so a form the lines taught still scored a coin toss."""
    x = _design(examples, with_form)
    used = np.flatnonzero(x.any(axis=0))  # only the hashed features some line has: a smaller problem
    x = x[:, used]
    y = np.array([labels.index(label) for label, _ in examples])
    onehot = np.eye(len(labels), dtype=np.float32)[y]
    # Classes are weighted so that the many "fact" and "other" lines do not drown endings and changes.
    counts = onehot.sum(axis=0)
    sample_weight = (len(y) / (len(labels) * np.maximum(counts, 1.0)))[y][:, None]
    w = np.zeros((len(used), len(labels)), dtype=np.float32)
    b = np.zeros(len(labels), dtype=np.float32)
    moments = [np.zeros_like(w), np.zeros_like(w), np.zeros_like(b), np.zeros_like(b)]
    for step in range(1, epochs + 1):
        logits = x @ w + b
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        grad = (p - onehot) * sample_weight / len(y)
        for param, g, first, second in ((w, x.T @ grad + l2 * w, *moments[:2]), (b, grad.sum(axis=0), *moments[2:])):
            first *= 0.9
            first += 0.1 * g
            second *= 0.999
            second += 0.001 * g * g
            param -= rate * (first / (1 - 0.9**step)) / (np.sqrt(second / (1 - 0.999**step)) + 1e-8)
    weights = np.zeros((DIMENSIONS, len(labels)), dtype=np.float32)
    weights[used] = w
    return weights, b


def _design(examples: list[tuple[str, str]], with_form: bool = True) -> np.ndarray:
    """The lines' features as rows of a dense matrix, each row of unit length."""
    x = np.zeros((len(examples), DIMENSIONS), dtype=np.float32)
    for i, (_, text) in enumerate(examples):
        np.add.at(x[i], features(text, with_form), 1.0)
        x[i] /= max(np.linalg.norm(x[i]), 1.0)
    return x


def train_by_descent(
    examples: list[tuple[str, str]], labels: tuple[str, ...], *, epochs: int = 400, rate: float = 4.0, l2: float = 1e-4
) -> tuple[np.ndarray, np.ndarray]:
    """Full-batch gradient descent on the softmax loss, without the form features: the language model
    (a few hundred lines, whose letters tell their language apart; it needs no more)."""
    x = _design(examples, with_form=False)
    y = np.array([labels.index(label) for label, _ in examples])
    onehot = np.eye(len(labels), dtype=np.float32)[y]
    counts = onehot.sum(axis=0)
    sample_weight = (len(y) / (len(labels) * np.maximum(counts, 1.0)))[y][:, None]
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


@dataclass(frozen=True)
class Models:
    english: Model  # the clause classes of English clauses: every training line, composed ones too, and the form
    written: Model  # the clause classes of clauses in other languages: the hand-written lines, words and letters
    language: Model  # which of LANGUAGES a text is in


@lru_cache(maxsize=1)
def _models() -> Models:
    if not WEIGHTS.exists():
        raise FileNotFoundError(
            f"{WEIGHTS} is missing: rebuild it with `python -m shared.providers.offline.clause_classifier`"
        )
    with np.load(WEIGHTS) as stored:
        english = stored["weights"].astype(np.float32), stored["bias"].astype(np.float32)
        written = stored["written_weights"].astype(np.float32), stored["written_bias"].astype(np.float32)
        language = stored["language_weights"].astype(np.float32), stored["language_bias"].astype(np.float32)
    return Models(english, written, language)


def _scores(text: str, model: Model, labels: tuple[str, ...], with_form: bool = True) -> dict[str, float]:
    w, b = model
    idx = features(text, with_form)
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
    """P(class | clause) for the clause classes. An English clause (one with the speaker's English
    subject: "I", "we", "my", "our") is read by the model that knows the composed lines and the form;
    any other by the model of the hand-written lines alone, which has lines of all six languages (the
    composed lines and the form are English, and would tip a German or Italian clause's score)."""
    if model is not None:
        return _scores(text, model, LABELS)
    if is_english_clause(text):
        return _scores(text, _models().english, LABELS)
    return _scores(text, _models().written, LABELS, with_form=False)


def is_english_clause(text: str) -> bool:
    """Whether the clause has the speaker's English subject ("I", "we", "my", "our"), so a form."""
    return bool(form(_TOKEN.findall(_normalise(text, lower=False))))


@lru_cache(maxsize=4096)
def language_of(text: str) -> Verdict:
    """The language of a short text by its character n-grams (for texts with no marker word of any
    language, which the marker vote cannot place)."""
    p = _scores(text, _models().language, LANGUAGES, with_form=False)
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


def trained(directory: Path = DATA_DIR) -> Models:
    """The three models from the training lines (see ``Models``)."""
    english = train([(label, text) for label, text, _ in load_examples(directory)], LABELS)
    # The other two read words and letters only, from the hand-written lines of every language (the
    # composed lines are English and would tip them towards English).
    written_lines = load_examples(directory, composed=False)
    written = train_by_descent([(label, text) for label, text, _ in written_lines], LABELS)
    language = train_by_descent([(lang, text) for _, text, lang in written_lines], LANGUAGES)
    return Models(english, written, language)


COMPOSED = DATA_DIR / "clauses_en_composed.tsv"


def composed_text() -> str:
    """The composed training lines (``clause_compose``) as the tsv file they are kept in."""
    # The composer (several hundred lines of templates) is needed only to rebuild, never to classify.
    from shared.providers.offline import clause_compose  # noqa: PLC0415

    header = "# Composed by shared/providers/offline/clause_compose.py: do not edit, rebuild the classifier.\n"
    return header + "".join(f"{label}\t{text}\n" for label, text in clause_compose.compose())


def rebuild(directory: Path = DATA_DIR) -> Path:
    (directory / COMPOSED.name).write_text(composed_text(), encoding="utf-8")
    models = trained(directory)
    np.savez_compressed(
        directory / WEIGHTS.name,
        weights=models.english[0].astype(np.float16),
        bias=models.english[1].astype(np.float32),
        written_weights=models.written[0].astype(np.float16),
        written_bias=models.written[1].astype(np.float32),
        language_weights=models.language[0].astype(np.float16),
        language_bias=models.language[1].astype(np.float32),
        sources=np.array(sources_digest(directory)),
    )
    _models.cache_clear()
    classify.cache_clear()
    language_of.cache_clear()
    return directory / WEIGHTS.name


if __name__ == "__main__":
    print(f"wrote {rebuild()}")
