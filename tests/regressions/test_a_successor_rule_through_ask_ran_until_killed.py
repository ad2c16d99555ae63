"""``liuyao ask "count_up(X)" --kb …`` with a successor rule ran until killed (1.7 GB in 60 s):
nothing bounded a question outside the REPL. Now the engine stops it at its time limit with
one line naming the predicate, exit status 2."""
from .programs import COUNT_UP


def test_a_successor_rule_stops_at_the_time_limit_with_one_line(folder, liuyao):
    path = folder({"kb/count.dl": COUNT_UP})
    code, out, err = liuyao("ask", "count_up(X)", "--kb", path, "--timeout", "0.5")
    assert code == 2 and out == ""
    assert err.startswith("liuyao: computing count_up took longer than the limit of 0.5 s")
    assert err.endswith("--timeout SECONDS sets the limit\n") and err.count("\n") == 1


def test_the_memory_limit_stops_it_too(folder, liuyao):
    path = folder({"kb/count.dl": COUNT_UP})
    code, _, err = liuyao("ask", "count_up(X)", "--kb", path, "--timeout", "0", "--memory", "1")
    assert code == 2 and "computing count_up needed more than the limit of 1 MB" in err
    assert err.endswith("--memory MB sets the memory limit; the limits of arithmetic (texts of 4,096 characters, "
                        "numbers of 256 bits) are fixed\n")
