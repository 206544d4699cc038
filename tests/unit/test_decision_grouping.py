"""Which candidates share a decider call, and when a decision made before the batch changed things
still holds."""

from datetime import UTC, datetime
from uuid import uuid4

from shared.domain.consolidation import ActiveFact, CandidateView, still_decided
from shared.domain.models import Decision, DecisionItem, Op
from shared.service_layer.consolidate import decision_calls

T = datetime(2026, 1, 1, tzinfo=UTC)


def items(n: int) -> list[DecisionItem]:
    return [DecisionItem("x", None, False, ()) for _ in range(n)]


def test_calls_group_users_of_one_tenant_up_to_the_cap_and_never_split_a_user():
    wanted = {("t1", "a"): items(2), ("t1", "b"): items(3), ("t2", "c"): items(1), ("t1", "d"): items(30)}
    assert decision_calls(wanted, 5) == [[("t1", "a"), ("t1", "b")], [("t1", "d")], [("t2", "c")]]
    assert decision_calls(wanted, 100) == [[("t1", "a"), ("t1", "b"), ("t1", "d")], [("t2", "c")]]
    assert decision_calls({("t1", "a"): []}, 5) == []


def fact(slot: str | None = None) -> ActiveFact:
    return ActiveFact(uuid4(), "text", "text", slot, T, 0.8)


def test_a_decision_still_holds_unless_its_facts_changed():
    a, b, c = fact("job"), fact("pet"), fact("hobby")
    view = CandidateView("The user works at Zeiss", "job", False, T)
    update_a = Decision(Op.UPDATE, 0, "new job")
    # The same facts in another order: the target is the same fact at its new position.
    assert still_decided(update_a, view, [a, b], [b, a]) == Decision(Op.UPDATE, 1, "new job")
    assert still_decided(Decision(Op.ADD), view, [a], [a]) == Decision(Op.ADD)
    # A fact it saw was retired, or a new fact is among its neighbours: decide again (as a batch
    # that had seen that fact would have).
    assert still_decided(update_a, view, [a, b], [b]) is None
    assert still_decided(Decision(Op.ADD), view, [b], [b, c]) is None
