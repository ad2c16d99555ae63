"""``--set zi_hour=… --zi-hour …`` in conflict was accepted (one of them silently won)."""


def test_two_values_of_one_convention_are_refused(liuyao):
    code, out, err = liuyao("chart", "787889", "--month", "戌", "--day", "乙巳", "--zi-hour", "next-day",
                            "--set", "zi_hour=same-day")
    assert code == 2 and out == ""
    assert err == "liuyao: --zi-hour next-day and --set zi_hour=same-day disagree; give one of them\n"
    code, _, err = liuyao("chart", "787889", "--month", "戌", "--day", "乙巳", "--set", "body=world-body",
                          "--set", "body=line-body")
    assert code == 2 and "--set body=world-body and body=line-body disagree" in err


def test_the_same_value_twice_is_one_choice(liuyao):
    code, _, _ = liuyao("chart", "787889", "--month", "戌", "--day", "乙巳", "--zi-hour", "next-day",
                        "--set", "zi_hour=next-day")
    assert code == 0
