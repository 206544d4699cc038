"""The embedder's pure chunk plan: each text is embedded once, by the first chunk that needs it, and
the last chunk (whose publish nothing overlaps) is short."""

from services.embedder.stage import chunk_bounds, plan_chunks, requests_by_chunk


def test_each_missing_text_is_embedded_by_the_first_chunk_that_needs_it():
    hashes = ["a", "b", "a", "c", "d", "b", "e"]
    chunks = plan_chunks(hashes, cached={"c"}, size=3, tail=1)
    assert [hashes[where] for where, _ in chunks] == [["a", "b", "a"], ["c", "d", "b"], ["e"]]
    assert [fresh for _, fresh in chunks] == [["a", "b"], ["d"], ["e"]]


def test_an_all_cached_batch_embeds_nothing():
    assert [fresh for _, fresh in plan_chunks(["x", "y"], cached={"x", "y"}, size=64)] == [[]]


def test_chunks_cover_the_batch_once_and_end_with_a_short_one():
    assert chunk_bounds(2048, 1024, 128) == [(0, 1024), (1024, 1920), (1920, 2048)]
    assert chunk_bounds(952, 1024, 128) == [(0, 824), (824, 952)]
    assert chunk_bounds(200, 1024, 128) == [(0, 200)]  # too small to be worth a split
    assert chunk_bounds(0, 1024, 128) == []
    for count in range(0, 3000, 37):
        bounds = chunk_bounds(count, 1024, 128)
        assert [b for _, b in bounds[:-1]] == [a for a, _ in bounds[1:]] and (not bounds or bounds[-1][1] == count)
        assert all(0 < end - start <= 1024 + 128 for start, end in bounds)


def test_texts_asked_for_ahead_are_grouped_as_the_chunks_will_claim_them():
    keys = [f"k{i}" for i in range(10)] + ["k0"]  # a repeated text is asked for once, by its first chunk
    missing = [k for k in keys[:10] if k not in {"k2", "k8"}]  # k2, k8: cached, or asked for already
    assert chunk_bounds(len(keys), 4, 2) == [(0, 4), (4, 8), (8, 11)]
    assert requests_by_chunk(keys, missing, size=4, tail=2) == [["k0", "k1", "k3"], ["k4", "k5", "k6", "k7"], ["k9"]]
    assert requests_by_chunk(keys, [], size=4, tail=2) == []  # nothing to ask: no empty request
