from __future__ import annotations

import random

import numpy as np
import pytest

from vision.cardfaces import HELD_OUT, design_names, find_index_box, load_design
from vision.index_fonts import HELD_OUT_FONTS, rank_fonts, suit_fonts
from vision.procedural_cards import draw_procedural_face


def blank_card() -> np.ndarray:
    card = np.zeros((360, 250, 4), np.uint8)
    card[:, :, :3] = 255
    card[:, :, 3] = 255
    return card


def test_find_index_box_takes_rank_and_suit_but_not_the_pips() -> None:
    card = blank_card()
    card[20:60, 12:32, :3] = 0      # the rank glyph
    card[66:88, 14:30, :3] = 0      # the suit under it
    card[60:100, 110:140, :3] = 0   # a pip in the middle of the card
    x1, y1, x2, y2 = find_index_box(card)
    assert x1 <= 12 and y1 <= 20 and x2 >= 32 and y2 >= 88
    assert x2 < 110  # the pip stays out


def test_find_index_box_reaches_a_suit_printed_further_under_a_big_rank() -> None:
    card = blank_card()
    card[20:80, 12:40, :3] = 0      # a big rank glyph, a sixth of the card's height
    card[100:122, 14:38, :3] = 0    # its suit, 20 px under it: further than ranks and suits
    card[60:100, 110:140, :3] = 0   # a pip in the middle of the card
    x1, y1, x2, y2 = find_index_box(card)
    assert y1 <= 20 and y2 >= 122 and x1 <= 12 and x2 >= 40
    assert x2 < 110


def test_find_index_box_leaves_what_lies_beside_a_rank_without_a_suit_under_it() -> None:
    card = blank_card()
    card[20:80, 12:40, :3] = 0      # a rank with nothing under it
    card[100:122, 60:84, :3] = 0    # ink below but off to the side: not its suit
    assert find_index_box(card)[3] < 100


def test_find_index_box_reports_none_on_a_blank_corner() -> None:
    assert find_index_box(blank_card()) is None


def ink_share(face, box) -> float:
    x1, y1, x2, y2 = box
    patch = face.image[y1:y2, x1:x2, :3].astype(int)
    paper = np.median(face.image[150:200, 8:12, :3].reshape(-1, 3), axis=0)
    return float((np.abs(patch - paper).sum(axis=2) > 90).mean())


@pytest.mark.parametrize("design", ["aisleriot/anglo", "aisleriot/Атласные"])
def test_rendered_card_label_boxes_hold_the_index(design: str) -> None:
    faces = load_design(design).faces
    assert len(faces) == 52
    for code in ("AS", "10H", "QD", "6C"):
        face = faces[code]
        height, width = face.image.shape[:2]
        top_left, bottom_right = face.index_boxes
        # In the corner, the size of an index, with ink in it ...
        assert top_left[2] < width * 0.3 and top_left[3] < height * 0.4
        assert 0.05 * height < top_left[3] - top_left[1] < 0.3 * height
        assert ink_share(face, top_left) > 0.08
        # ... and printed again, turned, in the opposite corner.
        assert bottom_right[0] > width * 0.7 and bottom_right[1] > height * 0.6
        assert ink_share(face, bottom_right) > 0.08


def test_procedural_face_index_boxes_hold_its_ink() -> None:
    face = draw_procedural_face("10D", random.Random(3), russian=True)
    for box in face.index_boxes:
        assert ink_share(face, box) > 0.05
    blank_corner = (face.image.shape[1] // 2 - 10, face.image.shape[0] // 2 - 100,
                    face.image.shape[1] // 2 + 10, face.image.shape[0] // 2 - 90)
    assert ink_share(face, blank_corner) < ink_share(face, face.index_boxes[0])


def test_held_out_designs_and_fonts_never_reach_training() -> None:
    train = design_names("train")
    assert not set(train) & HELD_OUT
    assert not any("neoclassical" in n or n.endswith("/paris") or "gm-paris" in n for n in train)
    assert set(design_names("heldout")) <= HELD_OUT
    for fonts in (rank_fonts, suit_fonts):
        assert fonts("train") and fonts("heldout")
        assert not any(p.name.startswith(HELD_OUT_FONTS) for p in fonts("train"))
        assert all(p.name.startswith(HELD_OUT_FONTS) for p in fonts("heldout"))


def test_a_font_without_cyrillic_is_no_rank_font(tmp_path) -> None:
    from vision.index_fonts import RANK_GLYPHS, SUIT_GLYPHS, draws_all

    dejavu = next(p for p in rank_fonts("train") if p.name == "DejaVuSans.ttf")
    assert draws_all(dejavu, RANK_GLYPHS) and draws_all(dejavu, SUIT_GLYPHS)
    cantarell = [p for p in rank_fonts("train") if p.name.startswith("Cantarell")]
    assert not any(draws_all(p, SUIT_GLYPHS) for p in cantarell)  # ranks only
    broken = tmp_path / "broken.ttf"
    broken.write_bytes(b"not a font")
    assert not draws_all(broken, RANK_GLYPHS)


def test_a_font_that_draws_clubs_at_the_spade_code_point_gets_its_suits_swapped() -> None:
    from vision.index_fonts import suit_glyphs
    from vision.procedural_cards import index_text

    fonts = {p.name: p for p in suit_fonts("train") + suit_fonts("heldout")}
    # GNU FreeFont's FreeSerifBold draws a club at U+2660 and a spade at U+2663.
    assert suit_glyphs(fonts["FreeSerifBold.ttf"]) == {"S": "♣", "H": "♥", "D": "♦", "C": "♠"}
    for name in ("FreeSerif.ttf", "DejaVuSansMono.ttf", "LiberationSans-Regular.ttf"):
        assert suit_glyphs(fonts[name]) == {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    assert index_text("QS", True, fonts["FreeSerifBold.ttf"]) == ("Д", "♣")
    assert index_text("QS", False, fonts["FreeSerif.ttf"]) == ("Q", "♠")
