"""SVG pictures: valid, self-contained XML with one face per card and wild cards marked."""

from __future__ import annotations

import ast
import xml.etree.ElementTree as ET
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import threethirteen as tt
from threethirteen import _faces, svg
from threethirteen.hands.cards import JOKER

NS = "http://www.w3.org/2000/svg"
SVG = f"{{{NS}}}"
SOURCE = Path(tt.__file__).parent
JOKERS = tt.Rules.preset("pagat", ["jokers"])


def parse(picture: str) -> ET.Element:
    """Parse a picture and check what every picture must be; return its root."""
    root = ET.fromstring(picture)
    assert root.tag == SVG + "svg"
    view_box = root.get("viewBox")
    assert view_box is not None
    left, top, width, height = (float(part) for part in view_box.split())
    assert (left, top) == (0, 0)
    assert width > 0
    assert height > 0
    assert float(root.get("width", "0")) > 0
    assert picture.replace(f'xmlns="{NS}"', "").count("http") == 0
    assert "<image" not in picture
    assert "href" not in picture
    assert "url(" not in picture
    assert "@import" not in picture
    for element in root.iter():
        assert element.tag.startswith(SVG), element.tag
        assert "href" not in "".join(element.attrib)
    return root


def faces(root: ET.Element) -> list[ET.Element]:
    return [element for element in root.iter(SVG + "g") if element.get("class") == "card"]


def texts(element: ET.Element) -> list[str]:
    return [text.text or "" for text in element.iter(SVG + "text")]


def labels(root: ET.Element) -> list[str]:
    return [text.text or "" for text in root.iter(SVG + "text") if text.get("class") == "label"]


def test_card() -> None:
    root = parse(svg.card("10h"))
    [face] = faces(root)
    assert face.get("data-card") == "10h"
    assert face.get("data-stands-for") is None
    assert texts(face) == ["10", "♥", "♥"]
    assert [text.get("fill") for text in face.iter(SVG + "text")] == ["#c8102e"] * 3
    assert root.findtext(SVG + "title") == "10♥"


def test_black_suits_are_black() -> None:
    [face] = faces(parse(svg.card(tt.Card.parse("Qs"))))
    assert texts(face) == ["Q", "♠", "♠"]
    assert {text.get("fill") for text in face.iter(SVG + "text")} == {"#1a1a1a"}


def test_joker_is_drawn_wild() -> None:
    [face] = faces(parse(svg.card("Jk")))
    assert face.get("data-card") == "Jk"
    assert "JOKER" in texts(face)
    assert "wild" in texts(face)
    assert face.findtext(SVG + "title") == "★ (wild)"


def test_hand_has_one_face_per_card_in_hand_order() -> None:
    hand = tt.parse_hand("9s 9h 9h 4h Kd Jk Ac")
    root = parse(svg.hand(hand))
    assert [face.get("data-card") for face in faces(root)] == [str(card) for card in hand]
    assert labels(root) == []


def test_hand_marks_the_wild_rank() -> None:
    root = parse(svg.hand("6c 6h 9s Jk", wild=6))
    marked = [face.get("data-card") for face in faces(root) if "wild" in texts(face)]
    assert marked == ["6c", "6h", "Jk"]


@pytest.mark.parametrize("wild", [0, 14, True, "X"])
def test_hand_refuses_a_bad_wild_rank(wild: int) -> None:
    with pytest.raises(tt.InvalidWildError, match="bad wild rank"):
        svg.hand("6c", wild=wild)


def test_hand_takes_a_wild_rank_as_people_write_it() -> None:
    assert svg.hand("6c Jd", wild="J") == svg.hand("6c Jd", wild=11)
    assert svg.hand("6c Jd", wild="J").count(">wild<") == 1


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: svg.card(None), tt.InvalidCardError, "a card is a Card or its text"),
        (lambda: svg.meld(None), tt.InvalidMeldError, "a meld is a Meld or its text"),
        (lambda: svg.melding(None), tt.InvalidHandError, "a melding is a Melding"),
        (lambda: svg.hand("9s", size="x"), tt.ThreeThirteenError, "size must be a finite number"),
        (lambda: svg.hand("9s", size=0), tt.ThreeThirteenError, "size must be above 0"),
        (
            lambda: svg.card("9s", size=float("nan")),
            tt.ThreeThirteenError,
            "size must be a finite number",
        ),
    ],
)
def test_bad_input_is_refused_with_the_librarys_errors(
    call: Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        call()


def test_meld_shows_what_wild_cards_stand_for() -> None:
    root = parse(svg.meld("4h 5h 6c=6h"))
    cards = faces(root)
    assert [face.get("data-card") for face in cards] == ["4h", "5h", "6c"]
    assert [face.get("data-stands-for") for face in cards] == [None, None, "6h"]
    assert "=6♥" in texts(cards[2])
    assert not any(text.startswith("=") for face in cards[:2] for text in texts(face))
    assert labels(root) == ["run"]


def test_melding_with_sixes_wild() -> None:
    melding = tt.best_melds("4h 5h 6c", wild=6)
    root = parse(svg.melding(melding))
    cards = faces(root)
    assert len(cards) == 3
    [wild] = [face for face in cards if face.get("data-card") == "6c"]
    assert wild.get("data-stands-for") == "6h"
    assert "=6♥" in texts(wild)
    assert "(wild, stands for 6♥)" in (wild.findtext(SVG + "title") or "")
    assert labels(root) == ["run"]


def test_melding_groups_melds_then_deadwood_and_the_score() -> None:
    melding = tt.best_melds("9s 9h 9d 4h 5h 6c Kd Jk 2c", wild=6, rules=JOKERS)
    root = parse(svg.melding(melding))
    groups = [group for group in root.iter(SVG + "g") if group.get("class") == "group"]
    assert len(groups) == len(melding.melds) + 1
    for group, meld in zip(groups, melding.melds, strict=False):
        assert [face.get("data-card") for face in faces(group)] == [str(c) for c in meld.cards]
    assert [face.get("data-card") for face in faces(groups[-1])] == [
        str(card) for card in melding.deadwood
    ]
    assert labels(root) == [meld.kind for meld in melding.melds] + ["deadwood"]
    captions = [text.text for text in root.iter(SVG + "text") if text.get("class") == "caption"]
    assert captions == [f"deadwood score: {melding.score}"]
    wild_count = sum(len(meld.wilds) for meld in melding.melds)
    assert wild_count > 0
    assert sum(face.get("data-stands-for") is not None for face in faces(root)) == wild_count


def test_melding_without_deadwood_or_score() -> None:
    melding = tt.best_melds("9s 9h 9d", wild=None)
    root = parse(svg.melding(melding, score=False))
    assert len(faces(root)) == 3
    assert labels(root) == ["set"]
    assert not [text for text in root.iter(SVG + "text") if text.get("class") == "caption"]


def test_size_scales_the_picture_not_the_view_box() -> None:
    small = parse(svg.hand("9s 9h", size=34))
    large = parse(svg.hand("9s 9h", size=136))
    assert small.get("viewBox") == large.get("viewBox")
    assert float(large.get("height", "0")) == 4 * float(small.get("height", "0"))
    assert float(large.get("width", "0")) == 4 * float(small.get("width", "0"))


def test_text_is_escaped() -> None:
    picture = _faces.row_svg([[(0, None)]], ["<b>&\"'"], caption="a < b & c", title="x&y")
    root = parse(picture)
    assert labels(root) == ["<b>&\"'"]
    assert root.findtext(SVG + "title") == "x&y"


def test_empty_hand_is_still_a_picture() -> None:
    root = parse(svg.hand(""))
    assert faces(root) == []


@pytest.mark.parametrize("code", [-1, 53, True, 2.0])
def test_faces_refuse_bad_codes(code: int) -> None:
    with pytest.raises(ValueError, match="card code"):
        _faces.card_svg(code)


def test_faces_refuse_a_joker_as_identity() -> None:
    with pytest.raises(ValueError, match="stand for a joker"):
        _faces.card_svg(5, stands_for=52)


def test_faces_tables_agree_with_cards() -> None:
    for code in range(JOKER + 1):
        card = tt.Card(code)
        assert _faces.card_name(code) == str(card)
        assert _faces.card_unicode(code) == card.unicode()


@given(
    st.lists(st.integers(min_value=0, max_value=52), max_size=20), st.none() | st.integers(1, 13)
)
def test_every_hand_renders(codes: list[int], wild: int | None) -> None:
    hand = tt.Hand.from_codes(codes)
    root = parse(svg.hand(hand, wild=wild))
    assert [face.get("data-card") for face in faces(root)] == [str(card) for card in hand]
    assert hand._repr_svg_() == svg.hand(hand)


@given(
    st.lists(st.integers(min_value=0, max_value=52), min_size=1, max_size=10, unique=True),
    st.integers(1, 13),
)
def test_every_melding_renders(codes: list[int], wild: int) -> None:
    hand = tt.Hand.from_codes(codes)
    melding = tt.best_melds(hand, wild=wild, rules=JOKERS)
    root = parse(svg.melding(melding))
    assert sorted(face.get("data-card") or "" for face in faces(root)) == sorted(
        str(card) for card in hand
    )
    stands_for = [face.get("data-stands-for") for face in faces(root)]
    assert sum(item is not None for item in stands_for) == sum(
        len(meld.wilds) for meld in melding.melds
    )
    assert melding._repr_svg_() == svg.melding(melding)


def test_repr_svg_matches_the_module() -> None:
    card = tt.Card.parse("Jk")
    hand = tt.parse_hand("9s 9h 6c")
    meld = tt.Meld.parse("9s 9h Jk=9c")
    melding = tt.best_melds("9s 9h 9d 4h 5h 6c Kd", wild=6)
    assert card._repr_svg_() == svg.card(card)
    assert hand._repr_svg_() == svg.hand(hand)
    assert meld._repr_svg_() == svg.meld(meld)
    assert melding._repr_svg_() == svg.melding(melding)
    for picture in (card, hand, meld, melding):
        parse(picture._repr_svg_())


def test_repr_svg_of_a_melding_built_later() -> None:
    discard = tt.best_discard("9s 9h 9d 4h 5h 6c Kd 2c", wild=6)
    root = parse(discard.melding._repr_svg_())
    assert len(faces(root)) == 7


def test_save_writes_a_picture(tmp_path: Path) -> None:
    melding = tt.best_melds("4h 5h 6c Kd", wild=6)
    drawn: list[tuple[str, tt.Card | tt.Hand | tt.Meld | tt.Melding | str]] = [
        ("card.svg", tt.Card.parse("Ah")),
        ("hand.svg", "9s 9h"),
        ("hand2.svg", tt.parse_hand("9s 9h 9d")),
        ("meld.svg", tt.Meld.parse("4h 5h 6c=6h")),
        ("melding.svg", melding),
    ]
    for name, obj in drawn:
        path = tmp_path / name
        svg.save(obj, path)
        root = parse(path.read_text(encoding="utf-8"))
        assert faces(root)
    root = parse((tmp_path / "melding.svg").read_text(encoding="utf-8"))
    assert len(faces(root)) == 4
    svg.save(melding, str(tmp_path / "small.svg"), size=34)
    assert ET.parse(tmp_path / "small.svg").getroot().get("height") == str(
        float(root.get("height", "0")) / 2
    ).removesuffix(".0")


def test_save_refuses_other_things(tmp_path: Path) -> None:
    with pytest.raises(tt.ThreeThirteenError, match="cannot draw 3"):
        svg.save(3, tmp_path / "x.svg")  # type: ignore[arg-type]
    assert not (tmp_path / "x.svg").exists()


def test_faces_is_the_bottom_layer() -> None:
    """_faces imports nothing of the package, even inside functions; cards only _faces
    and the modules below it (the checks of input, the errors)."""
    tree = ast.parse((SOURCE / "_faces.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0, ast.unparse(node)
            assert not (node.module or "").startswith("threethirteen")
        if isinstance(node, ast.Import):
            assert not any(alias.name.startswith("threethirteen") for alias in node.names)
    tree = ast.parse((SOURCE / "hands/cards.py").read_text(encoding="utf-8"))
    imported = {
        (node.module, tuple(alias.name for alias in node.names))
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.level
    }
    assert imported == {
        (None, ("_faces",)),
        ("_validate", ("check_int", "quote")),
        ("errors", ("InvalidCardError", "InvalidInputError")),
    }


def test_faces_do_not_overlap_and_fit_the_view_box() -> None:
    melding = tt.best_melds("9s 9h 9d 4h 5h 6c Kd Jk 2c", wild=6, rules=JOKERS)
    root = parse(svg.melding(melding))
    lefts = []
    for face in faces(root):
        transform = face.get("transform", "")
        assert transform.startswith("translate(")
        x, y = (float(part) for part in transform[len("translate(") : -1].split(","))
        lefts.append(x)
        assert y >= 0
    width = float(root.get("viewBox", "").split()[2])
    assert len(lefts) == 9
    assert all(b - a >= _faces.CARD_WIDTH for a, b in pairwise(lefts))
    assert lefts[0] >= 0
    assert lefts[-1] + _faces.CARD_WIDTH <= width


def test_docs_example_is_current() -> None:
    """docs/_static/melding.svg is what docs/pictures.md draws, drawn today."""
    docs = Path(__file__).resolve().parent.parent / "docs"
    page = (docs / "pictures.md").read_text(encoding="utf-8")
    assert "](_static/melding.svg)" in page
    melding = tt.best_melds("9s 9h 9d 4h 5h 6c 10c 10d Jk Kd 2c", wild=6, rules=JOKERS)
    committed = (docs / "_static" / "melding.svg").read_text(encoding="utf-8")
    assert committed == svg.melding(melding), "regenerate it with svg.save(melding, path)"
    assert len(faces(parse(committed))) == 11


def test_an_empty_melding_renders() -> None:
    """best_melds refuses an empty hand; a Melding without cards still draws."""
    root = parse(svg.melding(tt.Melding((), (), 0)))
    assert faces(root) == []
