"""Past the arithmetic limits, which are fixed (4,096 characters, 256 bits), the hint said
"--memory MB sets the limit". Now it names what ``--memory`` changes and what nothing changes."""
FIXED = ("; --memory MB sets the memory limit; the limits of arithmetic (texts of 4,096 characters, numbers of "
         "256 bits) are fixed\n")


def test_a_text_too_long_names_the_fixed_limits(liuyao):
    code, out, err = liuyao("ask", "X == '子' * 5000")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "arithmetic made a text longer than 4,096 characters" in err and err.endswith(FIXED)


def test_a_number_too_large_names_them_too(liuyao):
    code, out, err = liuyao("ask", f"X == {10 ** 40} * {10 ** 40}")
    assert code == 2 and "more than 256 bits" in err and err.endswith(FIXED)
