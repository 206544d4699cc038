"""The embedder's pure chunk plan: each text is embedded once, by the first chunk that needs it."""

from services.embedder.stage import plan_chunks


def test_each_missing_text_is_embedded_by_the_first_chunk_that_needs_it():
    hashes = ["a", "b", "a", "c", "d", "b", "e"]
    chunks = plan_chunks(hashes, cached={"c"}, size=3)
    assert [hashes[where] for where, _ in chunks] == [["a", "b", "a"], ["c", "d", "b"], ["e"]]
    assert [fresh for _, fresh in chunks] == [["a", "b"], ["d"], ["e"]]


def test_an_all_cached_batch_embeds_nothing():
    assert [fresh for _, fresh in plan_chunks(["x", "y"], cached={"x", "y"}, size=64)] == [[]]
