//! The `tabletop snapshot` report of every shipped game, pinned with insta: a change of any
//! rule, of move generation, of notation or of drawing shows up here for review.

/// Options that keep each report quick: smaller boards where the default one has
/// thousands of moves.
fn options(game: &str) -> Vec<(String, String)> {
    match game {
        "nex" => vec![("size".into(), "7".into())],
        "connect6" => vec![("size".into(), "9".into())],
        _ => Vec::new(),
    }
}

#[test]
fn every_shipped_game_has_a_snapshot_report() {
    let opts = tabletop::SnapshotOptions {
        seed: 7,
        max_plies: 200,
        ..Default::default()
    };
    for name in tabletop::shipped_names() {
        let game = tabletop::load_shipped(name, &options(name)).unwrap();
        let report = tabletop::snapshot(&game, &opts);
        insta::assert_snapshot!(format!("report_{name}"), report);
    }
}
