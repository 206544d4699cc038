"""A context block's token count is the sum of its pieces' counts (shared/service_layer/context.py):
the tokenizer splits on whitespace and punctuation first, so a cut just before a newline or a "{" changes
no token. The fill measures blocks that way, and the answer reports the count that way too."""

from __future__ import annotations

import pytest

from shared.service_layer.context import count_block_tokens, count_tokens

BLOCKS = [
    'Memory of u-1:\n- The user is vegan (preference)\n- said 2024-03-01 by Maya: "my bike got a flat"',
    '<memory user="u-2">\n<fact id="f1" why="pinned">The user{likes} green tea</fact>\n</memory>',
    '[{"fact_id": "f1", "text": "The user lives in Berlin"}, {"fact_id": "f2", "text": "café{naïve}"}]',
    "a{b\n\n  {c",
    "😀{😀\n😀 don't{can't}\n   \n{",
    "ｆｕｌｌ{ｗｉｄｔｈ}\nRosa dijo que se muda a Valencia en marzo",
]


@pytest.mark.parametrize("block", BLOCKS)
def test_the_pieces_add_up_to_the_whole(block):
    assert count_block_tokens(block) == count_tokens(block)


def test_an_empty_block_has_no_tokens():
    assert count_block_tokens("") == count_tokens("") == 0
