"""The REPL's ``:keep`` keeps the question judged, ``:journal`` runs a journal command."""
import json

from queries.repl import Repl
from queries.session import Session


def test_keep_and_journal_in_the_repl(path):
    repl = Repl(Session())
    file = f"journal-file {path}"
    assert repl.run_script([":cast 787889 at 2024-10-08T12:00 tz Asia/Seoul", f":keep {file}"]) == 2
    assert "no question yet" in repl.output().splitlines()[-1]
    repl = Repl(Session())
    assert repl.run_script([":cast 787889 at 2024-10-08T12:00 tz Asia/Seoul", ":judge wealth",
                            f":keep note '첫 시도' {file}", f":journal show 1 --json --journal-file {path}",
                            ":lang ko", f":journal list --journal-file {path}"]) == 0
    said = repl.output()
    assert f"kept as entry #1 ({path})" in said
    shown = json.loads(said[said.index("\n{") + 1:said.index("\n}") + 2])
    assert shown["question"] == {"topic": "wealth", "note": "첫 시도"} and shown["prediction"]["direction"] == "unfavourable"
    assert said.rstrip().endswith("#1  " + shown["made"][:10] + "  재물  山火賁 → 地火明夷  예측: 흉하다 (小凶)  결과 아직 없음")
