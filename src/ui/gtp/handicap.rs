//! Where handicap stones go on a square board, as columns and rows from the lower left
//! (0-based): the GTP 2 specification's fixed placement (`fixed_handicap`), and the
//! engine's own choice for `place_free_handicap`, which starts from the same points.

/// The fixed handicap points for `n` stones on a `size` × `size` board, in the order GNU Go
/// answers them (top row first); `None` for a number or size the specification does not
/// define: boards under 7, more than 4 stones on a board without a centre point or under 9,
/// more than 9 stones, fewer than 2.
pub fn fixed(size: u32, n: u32) -> Option<Vec<(i32, i32)>> {
    let most = if size % 2 == 1 && size >= 9 { 9 } else { 4 };
    if size < 7 || !(2..=most).contains(&n) {
        return None;
    }
    let size = size as i32;
    // The 4-4 points from 13 × 13 up, the 3-3 points below.
    let edge = if size >= 13 { 3 } else { 2 };
    let (low, high, mid) = (edge, size - 1 - edge, size / 2);
    let mut points = vec![(high, high), (low, low)];
    if n >= 3 {
        points.push((low, high));
    }
    if n >= 4 {
        points.push((high, low));
    }
    if n >= 6 {
        points.extend([(low, mid), (high, mid)]);
    }
    if n >= 8 {
        points.extend([(mid, low), (mid, high)]);
    }
    if n % 2 == 1 && n >= 5 {
        points.push((mid, mid));
    }
    // Top row first, then left to right.
    points.sort_by_key(|&(c, r)| (-r, c));
    Some(points)
}

/// `n` handicap points of the engine's choice: the fixed points as far as the board has
/// them, then the points farthest from every stone so far, off the first two lines where
/// the board is large enough. `None` when the board has fewer than `n + 1` points.
pub fn free(size: u32, n: u32) -> Option<Vec<(i32, i32)>> {
    if n < 2 || u64::from(n) >= u64::from(size) * u64::from(size) {
        return None;
    }
    let most = (2..=n)
        .rev()
        .find_map(|k| fixed(size, k))
        .unwrap_or_default();
    let mut points = most;
    let size = size as i32;
    let margin = if size >= 7 { 2 } else { 0 };
    let inner = |m: i32| {
        (0..size)
            .flat_map(move |c| (0..size).map(move |r| (c, r)))
            .filter(move |&(c, r)| c >= m && r >= m && c < size - m && r < size - m)
    };
    while points.len() < n as usize {
        let far = |p: &(i32, i32)| {
            points
                .iter()
                .map(|q| (p.0 - q.0).abs().max((p.1 - q.1).abs()))
                .min()
                .unwrap_or(i32::MAX)
        };
        let best = inner(margin)
            .chain(inner(0))
            .filter(|p| !points.contains(p))
            .max_by_key(|p| (far(p), -p.1, -p.0))?;
        points.push(best);
    }
    Some(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Points as GTP vertices, for comparing with GNU Go's answers.
    fn vertices(points: &[(i32, i32)]) -> String {
        const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRST";
        points
            .iter()
            .map(|&(c, r)| format!("{}{}", LETTERS[c as usize] as char, r + 1))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn fixed_points_are_gnu_gos() {
        // GNU Go 3.8's answers to `fixed_handicap`.
        let cases = [
            (7, 2, "E5 C3"),
            (8, 4, "C6 F6 C3 F3"),
            (9, 5, "C7 G7 E5 C3 G3"),
            (9, 9, "C7 E7 G7 C5 E5 G5 C3 E3 G3"),
            (13, 6, "D10 K10 D7 K7 D4 K4"),
            (19, 2, "Q16 D4"),
            (19, 3, "D16 Q16 D4"),
            (19, 7, "D16 Q16 D10 K10 Q10 D4 Q4"),
            (19, 8, "D16 K16 Q16 D10 Q10 D4 K4 Q4"),
        ];
        for (size, n, expected) in cases {
            let points = fixed(size, n).expect("defined");
            assert_eq!(vertices(&points), expected, "{size} × {size}, {n} stones");
        }
    }

    #[test]
    fn undefined_handicaps_are_refused() {
        assert_eq!(fixed(19, 1), None);
        assert_eq!(fixed(19, 10), None);
        assert_eq!(fixed(10, 5), None);
        assert_eq!(fixed(7, 5), None);
        assert_eq!(fixed(5, 2), None);
    }

    #[test]
    fn free_points_go_beyond_the_fixed_ones() {
        assert_eq!(free(19, 4), fixed(19, 4));
        let twelve = free(19, 12).expect("room");
        assert_eq!(twelve.len(), 12);
        let mut unique = twelve.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), 12);
        assert_eq!(free(5, 3).map(|p| p.len()), Some(3));
        assert_eq!(free(3, 9), None);
    }
}
