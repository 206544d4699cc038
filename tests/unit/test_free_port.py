"""Ports promised to processes that have not bound them yet are never handed out again (a pipeline starts all
its processes before any of them binds its /metrics port)."""

from __future__ import annotations

import itertools

import shared.embedded as embedded


def test_a_promised_port_is_skipped_even_though_nothing_is_bound_to_it(monkeypatch):
    draws = itertools.chain([20_001, 20_001, 20_002], itertools.repeat(20_003))
    monkeypatch.setattr(embedded.random, "randint", lambda low, high: next(draws))
    first = embedded.free_port()
    second = embedded.free_port(taken={first})
    assert (first, second) == (20_001, 20_002)


def test_ports_picked_one_after_another_are_all_different():
    ports: list[int] = []
    for _ in range(50):
        ports.append(embedded.free_port(taken=ports))
    assert len(set(ports)) == 50
