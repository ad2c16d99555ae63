"""The statistics against counts made by hand: the Wilson interval, direction agreement, the
timing by rank and unit, and each rule that decided; outcomes answering the checks."""
from datetime import date

import pytest

from queries.journal import entry
from queries.journal.outcome import answer_check, covers, due, record_outcome
from queries.journal.stats import stats, wilson

from .conftest import made_up


def test_the_wilson_interval_of_seven_in_ten_is_the_one_computed_by_hand():
    # p = 0.7, z = 1.96, z²/n = 0.38415: centre (0.7 + 0.19207) / 1.38415 = 0.64449,
    # half 1.95996 / 1.38415 · √(0.021 + 0.0096037) = 1.41600 · 0.17494 = 0.24771
    assert wilson(7, 10) == pytest.approx((0.39678, 0.89221), abs=1e-5)
    # p = 0: centre and half are both (z²/10) / (1 + z²/5) = 0.21724
    assert wilson(0, 5) == pytest.approx((0.0, 0.43448), abs=1e-5)
    assert wilson(0, 0) == (0.0, 1.0)


def test_stats_count_the_outcomes_the_checks_and_the_rules_that_decided(journal):
    agreeing = entry.keep(journal, made_up(1, deciding=("r.a", "r.b")))
    disagreeing = entry.keep(journal, made_up(1, deciding=("r.a",)))
    waiting = entry.keep(journal, made_up(1))
    gone = entry.keep(journal, made_up(1, deciding=("r.a",)))
    other_knowledge = entry.keep(journal, made_up(2, direction="favourable"))
    record_outcome(journal, agreeing, "mixed")
    record_outcome(journal, agreeing, "unfavourable", "2024-10-09")      # the last outcome counts: a hit
    record_outcome(journal, disagreeing, "favourable", "2024-10-10")     # a miss
    record_outcome(journal, gone, "unfavourable")
    entry.delete(journal, gone)
    record_outcome(journal, other_knowledge, "favourable")
    first, second = stats(journal)
    assert (first["knowledge"], first["entries"], first["with_outcome"]) == (f"{1:064x}", 3, 2)
    assert first["direction"]["agreed"] == 1 and first["direction"]["count"] == 2
    assert (first["direction"]["low"], first["direction"]["high"]) == wilson(1, 2)
    assert first["rules"]["r.a"]["agreed"] == 1 and first["rules"]["r.a"]["count"] == 2
    assert first["rules"]["r.b"]["count"] == 1 and first["rules"]["r.b"]["few"]
    assert first["rules"]["r.a"]["decided"] == 2 and first["rules"]["r000.3.body_hurt"]["decided"] == 1
    assert first["rules"]["r000.3.body_hurt"]["count"] == 0         # the entry waiting decided, with no outcome
    assert (first["timing"]["first"]["agreed"], first["timing"]["first"]["count"]) == (1, 2)
    assert first["timing"]["units"]["day"]["count"] == 2 and waiting not in (agreeing, disagreeing)
    assert second["direction"]["agreed"] == 1 and second["rules"]["r000.3.body_hurt"]["count"] == 1


def test_a_check_comes_due_on_its_date_until_answered(journal):
    kept = entry.keep(journal, made_up(dates=("2024-10-09", "2024-10-21")))
    assert due(journal, date(2024, 10, 8)) == []
    found = due(journal, date(2024, 10, 21))
    assert [c["on_date"] for c in found] == ["2024-10-09", "2024-10-21"]
    answer_check(journal, found[0]["id"], "no")
    assert [c["on_date"] for c in due(journal, date(2024, 10, 21))] == ["2024-10-21"]
    assert record_outcome(journal, kept, "unfavourable", "2024-10-21")[1] == 1
    assert due(journal, date(2024, 10, 30)) == []
    checks = entry.find(journal, kept)["checks"]
    assert [(c["happened"], c["by"]) for c in checks] == [(0, "check"), (1, "outcome")]


@pytest.mark.parametrize("unit, branch, start, day, hit", [
    ("day", "午", "2024-10-09", "2024-10-09", True),
    ("day", "午", "2024-10-09", "2024-10-10", False),
    ("month", "午", "2025-06-05", "2025-07-06", True),         # 小暑 2025 is on 7 July: still the 午 month
    ("month", "午", "2025-06-05", "2025-07-08", False),
    ("year", "巳", "2025-02-03", "2026-01-20", True),          # before 立春 2026: still 乙巳
    ("year", "巳", "2025-02-03", "2026-02-05", False),
])
def test_an_outcomes_date_falls_in_a_candidates_day_month_or_year(unit, branch, start, day, hit):
    assert covers({"unit": unit, "branch": branch, "on_date": start}, date.fromisoformat(day), "Asia/Seoul") == hit
