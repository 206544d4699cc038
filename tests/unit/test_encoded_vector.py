"""EncodedVector sends what pgvector's own Vector sends (the binary form Postgres reads), made once."""

from __future__ import annotations

import numpy as np
import pytest
from pgvector import Vector

from shared.storage.db import EncodedVector


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_the_same_bytes_and_values_as_pgvector(dtype):
    values = np.random.default_rng(3).standard_normal(384).astype(dtype)
    encoded, reference = EncodedVector(values), Vector(values.astype(np.float32))
    assert encoded.to_binary() == reference.to_binary()
    assert EncodedVector(values.tolist()).to_binary() == reference.to_binary()
    assert encoded.to_list() == reference.to_list() and encoded.dimensions() == 384
    assert reference == encoded


def test_a_matrix_is_refused():
    with pytest.raises(ValueError, match="ndim"):
        EncodedVector(np.zeros((2, 3), dtype=np.float32))
