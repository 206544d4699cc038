"""Which stages run in the background: only work nothing in the pipeline waits for."""

from services.workers import STAGES, _specs


def test_only_the_message_embedder_yields_the_cpu():
    specs = _specs()
    assert set(specs) == set(STAGES)
    assert {stage for stage, spec in specs.items() if spec.background} == {"message-embedder"}
