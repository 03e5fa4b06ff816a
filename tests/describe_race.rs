//! `describe` of race games: the dice with the chance of each roll, the tracks, the stacks
//! and the greedy player's `prefer` weights; and none of these for games without them.

use tabletop::tools::describe::describe;

fn describe_shipped(name: &str) -> String {
    describe(&tabletop::load_shipped(name, &[]).unwrap())
}

#[test]
fn ur_finkel_lists_its_dice_track_and_preferences() {
    let d = describe_shipped("ur-finkel");
    assert!(d.contains("dice: 4 dice from 0 to 1\n"), "{d}");
    // Four two-sided dice: 1, 4, 6, 4, 1 of the 16 throws.
    assert!(
        d.contains("chance of each roll: 0 = 1/16, 1 = 4/16, 2 = 6/16, 3 = 4/16, 4 = 1/16\n"),
        "{d}"
    );
    assert!(
        d.contains("White: d1 c1 b1 a1 a2 b2 c2 d2 e2 f2 g2 h2 h1 g1 (14 cells)\n"),
        "{d}"
    );
    assert!(
        d.contains("stone at start: 7 for White, 7 for Black\n"),
        "{d}"
    );
    assert!(d.contains("  prefer from(d2) by -300\n"), "{d}");
    assert!(!d.contains("stacks"), "Finkel's rules have no stacks:\n{d}");
}

#[test]
fn ur_skiryuk_maps_no_marked_side_to_four_and_shows_its_stacks() {
    let d = describe_shipped("ur");
    // Three two-sided dice; a throw with no marked side (1 in 8) counts as 4.
    assert!(
        d.contains("chance of each roll: 1 = 3/8, 2 = 3/8, 3 = 1/8, 4 = 1/8\n"),
        "{d}"
    );
    let white_path = d
        .lines()
        .find(|l| l.trim_start().starts_with("path"))
        .unwrap();
    assert!(
        white_path.contains("White: d1 c1 b1 a1 a2 "),
        "{white_path}"
    );
    assert!(white_path.ends_with("b2 a2 (23 cells)"), "{white_path}");
    assert!(
        d.contains("b1 d1 g2 b3 d3   up to 4, one side at a time\n"),
        "{d}"
    );
    assert!(d.contains("c2 f2            up to 4, shared"), "{d}");
    // In file order.
    let first = d.find("prefer bears-off and not from(a2) by 1000").unwrap();
    let last = d.find("prefer promotes by -10").unwrap();
    assert!(first < last);
    assert!(d.contains("prefer noise 10   (a random 0 to 9"), "{d}");
}

#[test]
fn games_without_dice_have_no_race_sections() {
    for name in ["chess", "go", "morris", "hex"] {
        let d = describe_shipped(name);
        for section in ["dice:", "tracks (", "stacks (", "prefer ("] {
            assert!(!d.contains(section), "{name} shows '{section}':\n{d}");
        }
    }
}

/// Finkel's Ur with other dice: the game's own `dice` line replaced by `line`.
fn finkel_with_dice(line: &str) -> tabletop::Game {
    let source = tabletop::games::shipped_source("ur-finkel")
        .unwrap()
        .replace("dice 4 from 0 to 1", line);
    tabletop::compile_source("ur-finkel", "ur-finkel.game", &source, &[]).unwrap()
}

#[test]
fn two_six_sided_dice_are_counted_in_36ths() {
    let g = finkel_with_dice("dice 2 from 1 to 6");
    let d = describe(&g);
    assert!(
        d.contains(
            "chance of each roll: 2 = 1/36, 3 = 2/36, 4 = 3/36, 5 = 4/36, 6 = 5/36, \
             7 = 6/36, 8 = 5/36, 9 = 4/36, 10 = 3/36, 11 = 2/36, 12 = 1/36\n"
        ),
        "{d}"
    );
}

#[test]
fn chances_without_a_small_common_denominator_are_decimals() {
    // 9 dice of 27 faces: 27^9 (about 7.6e12) equally likely throws, and sums up to 234.
    let g = finkel_with_dice("dice 9 from 0 to 26");
    let d = describe(&g);
    assert!(
        d.contains("chance of each roll: 0 = 1.31e-13, 1 = 1.18e-12, "),
        "{d}"
    );
}
