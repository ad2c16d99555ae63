"""Fixtures of the journal's tests: a journal file of the test's own, and what an entry keeps
made up without judging (``made_up``), so a test writes many entries in milliseconds."""
import pytest

from queries.journal import Journal


def made_up(n: int = 0, direction="unfavourable", deciding=("r000.3.body_hurt",), dates=("2024-10-09",)) -> dict:
    """An entry's record as ``entry.record`` makes it, of a cast that was not judged."""
    return {
        "question": {"topic": "wealth"},
        "cast": {"lines": "787889", "casting": {"method": "values", "values": "787889"}, "at": "2024-10-08T12:00:00",
                 "tz": "Asia/Seoul", "date": "2024-10-08",
                 "pillars": {"year": "甲辰", "month": "甲戌", "day": "乙巳", "hour": "壬午"}},
        "conventions": {"zi_hour": "same-day"}, "hexagram": "山火賁", "changed": "地火明夷",
        "version": "0.1.0", "knowledge": f"{n:064x}",
        "prediction": {"direction": direction, "degree": "小凶", "grade": "受克無救", "factor": "factor.body_hurt",
                       "use_god": {"relative": "妻財", "position": 5},
                       "deciding": [{"id": rule, "rule": rule, "class": "body", "polarity": direction, "weight": "deciding"}
                                    for rule in deciding],
                       "readings": [], "timing": [{"rank": 1, "unit": "day", "branch": "午", "kind": "沖用",
                                                   "polarity": "against", "rule": "timing_branch.34",
                                                   "dates": list(dates), "listed": True}]}}


@pytest.fixture
def path(tmp_path):
    return tmp_path / "data" / "liuyao-kb" / "journal.sqlite3"


@pytest.fixture
def journal(path):
    with Journal(path, write=True) as opened:
        yield opened
