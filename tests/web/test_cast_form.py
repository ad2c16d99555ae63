"""The page's cast form and the API's cast fields (issue 31): every way to cast, the coin's two
faces drawn and what each counts, the clock, and how each cast was made."""
import re


def test_the_coin_form_draws_both_faces_and_says_which_counts_three(client):
    page = client.get("/?lang=ko").text
    assert page.count("<circle") >= 4 and "<svg class=\"coin\"" in page and ">乾</text>" in page
    assert "왼쪽: 글자 면 字 = 앞면 (H)" in page and "三背為重" in page
    assert "글자 면(字)이 3, 뒷면(背)이 2 (기본값)" in page and 'id="f-yarrow"' in page and 'id="f-numbers"' in page


def test_a_chosen_coin_face_is_marked_and_read(client):
    page = client.get("/chart", params={"coins": "HHH,TTT,HHT,HTT,3,0", "month": "戌", "day": "乙巳",
                                        "set": "coin_face=back-3", "lang": "en"}).text
    assert "the back 背 (tails) 3, the inscribed face 字 2 ✓" in page
    assert '<span class="how">cast: coins HHH,TTT,HHT,HTT,3,0</span>' in page


def test_a_yarrow_cast_on_the_page_links_to_the_same_cast(client):
    page = client.get("/chart", params={"yarrow": "1", "month": "戌", "day": "乙巳", "lang": "en"}).text
    seed = re.search(r"yarrow stalks 大衍筮法, seed (\d+)", page).group(1)
    assert f"yarrow=1&amp;seed={seed}&amp;month=" in page


def test_a_cast_from_now_on_the_page_links_to_its_moment(client):
    page = client.get("/chart", params={"by_time": "1", "tz": "Asia/Seoul", "lang": "zh"}).text
    assert "起卦: 時間起卦 " in page and re.search(r"by_time=1&amp;at=\d{4}-\d\d-\d\dT", page)


def test_the_page_reads_the_clock_and_names_the_other_hour_in_korean(client):
    response = client.get("/chart", params={"values": "787889", "at": "2024-10-08T23:20", "tz": "Asia/Seoul",
                                            "set": "clock=true-solar", "longitude": "서울", "lang": "ko"})
    assert response.status_code == 200
    assert "시계: 진태양시 (균시차까지), 동경 126.98°: 2024-10-08T23:00:33" in response.text
    assert "경계 너머로 읽으면 戊子시가 아니라 丁亥시입니다" in response.text


def test_a_wrong_number_is_said_at_its_field(client):
    page = client.get("/chart", params={"numbers": "3", "month": "戌", "day": "乙巳", "lang": "ko"}).text
    assert re.search(r'class="field bad">두 수', page) and "정수 두 개를 주십시오" in page


def test_the_api_casts_every_way_and_records_it(client):
    for body, method in (({"yarrow": True, "seed": 7}, "yarrow"), ({"numbers": "3,8", "hour": "丙子"}, "numbers"),
                         ({"coins": "3,2,1,0,2,1"}, "coins"), ({"values": "山火賁"}, "name")):
        data = client.post("/api/chart", json={**body, "month": "戌", "day": "乙巳"}).json()
        assert data["casting"]["method"] == method
    data = client.post("/api/chart", json={"by_time": True, "at": "2025-01-16T16:00", "tz": "Asia/Shanghai"}).json()
    assert data["hexagram"]["name"] == "澤火革" and data["casting"]["numbers"] == [5, 12, 17, 9]
    solar = client.post("/api/chart", json={"values": "787889", "at": "2024-10-08T23:20", "tz": "Asia/Seoul",
                                            "set": ["clock=mean-solar"], "longitude": "126.98"}).json()
    assert solar["calendar"]["hour"] == "丁亥"
    wrong = client.post("/api/chart", json={"numbers": "3,x", "month": "戌", "day": "乙巳"})
    assert wrong.status_code == 400 and wrong.json()["field"] == "numbers"
