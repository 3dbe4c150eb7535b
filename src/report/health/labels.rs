//! Text in the charts without overlaps: a width estimate, a cut rule for long titles, and a
//! placer that keeps a label only where its box touches no other.
//!
//! An SVG cannot measure its text, so the widths come from a table: the advance widths of
//! DejaVu Sans, the first face the charts ask for ([`FONT`]) and the default sans-serif on
//! Linux. It is among the widest common sans faces (Verdana, next in the list, matches it;
//! Arial and Helvetica are narrower), so a box estimated here holds the text wherever it is
//! drawn. Anything outside ASCII counts as a full em, which covers CJK and most symbols.

/// The font family every chart text sets.
pub const FONT: &str = "DejaVu Sans, Verdana, sans-serif";

/// Advance widths of DejaVu Sans for ' ' to '~', in thousandths of an em.
const WIDTHS: [u16; 95] = [
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636,
    636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295,
    295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838,
    500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521,
    392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
];

/// How far a text's box reaches above its baseline, and below, in ems.
pub const ASCENT: f64 = 0.76;
/// See [`ASCENT`].
pub const DESCENT: f64 = 0.24;

/// The estimated width in pixels of `text` set at `px` pixels.
pub fn width(text: &str, px: f64) -> f64 {
    let thousandths: u32 = text
        .chars()
        .map(|c| match c {
            ' '..='~' => u32::from(WIDTHS[c as usize - 32]),
            _ => 1000,
        })
        .sum();
    f64::from(thousandths) * px / 1000.0
}

/// `text` as it fits in `max` pixels at `px`: whole, or its start with `…` after it. `None`
/// when it was cut, so the caller can put the whole text on hover.
pub fn fit(text: &str, px: f64, max: f64) -> (String, bool) {
    if width(text, px) <= max {
        return (text.to_owned(), false);
    }
    let room = max - width("…", px);
    let mut used = 0.0;
    let mut end = 0;
    for (i, c) in text.char_indices() {
        used += width(c.encode_utf8(&mut [0; 4]), px);
        if used > room {
            break;
        }
        end = i + c.len_utf8();
    }
    (format!("{}…", text[..end].trim_end()), true)
}

/// A path as it fits in `max` pixels at `px`: whole, or `…` and its end, which names the file.
pub fn fit_path(path: &str, px: f64, max: f64) -> (String, bool) {
    if width(path, px) <= max {
        return (path.to_owned(), false);
    }
    let room = max - width("…", px);
    let mut used = 0.0;
    let mut start = path.len();
    for (i, c) in path.char_indices().rev() {
        used += width(c.encode_utf8(&mut [0; 4]), px);
        if used > room {
            break;
        }
        start = i;
    }
    (format!("…{}", &path[start..]), true)
}

/// A rectangle in pixels, `x0 <= x1`, `y0 <= y1` (y grows downwards).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
}

/// Where a text's `x` is: its start, middle or end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

impl Anchor {
    /// The SVG `text-anchor` value.
    pub fn svg(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

impl Rect {
    /// The box of `text` at `px` whose baseline is `y` and whose anchor is at `x`.
    pub fn text(text: &str, px: f64, x: f64, y: f64, anchor: Anchor) -> Rect {
        let w = width(text, px);
        let x0 = match anchor {
            Anchor::Start => x,
            Anchor::Middle => x - w / 2.0,
            Anchor::End => x - w,
        };
        Rect {
            x0,
            y0: y - ASCENT * px,
            x1: x0 + w,
            y1: y + DESCENT * px,
        }
    }

    /// Whether the two boxes share any area, once each is grown by `gap` on every side.
    pub fn overlaps(&self, other: &Rect, gap: f64) -> bool {
        self.x0 - gap < other.x1 + gap
            && other.x0 - gap < self.x1 + gap
            && self.y0 - gap < other.y1 + gap
            && other.y0 - gap < self.y1 + gap
    }

    /// Whether this box lies within `outer`.
    pub fn inside(&self, outer: &Rect) -> bool {
        self.x0 >= outer.x0 && self.x1 <= outer.x1 && self.y0 >= outer.y0 && self.y1 <= outer.y1
    }
}

/// The boxes taken so far; a new label goes only where it overlaps none of them.
#[derive(Debug, Default)]
pub struct Taken(Vec<Rect>);

/// The space kept between two labels, in pixels.
pub const GAP: f64 = 2.0;

impl Taken {
    /// Whether `rect` overlaps none of the boxes taken.
    pub fn is_free(&self, rect: &Rect) -> bool {
        !self.0.iter().any(|r| r.overlaps(rect, GAP / 2.0))
    }

    /// Takes `rect` if it is free, and says whether it was.
    pub fn take(&mut self, rect: Rect) -> bool {
        if !self.is_free(&rect) {
            return false;
        }
        self.0.push(rect);
        true
    }
}

/// A drawn line as the boxes of its segments, in the order they run left to right: a label
/// must not cross it.
#[derive(Debug, Default)]
pub struct Path(Vec<Rect>);

impl Path {
    /// The segments joining `points`, which run left to right (x never decreases).
    pub fn through(points: &[(f64, f64)]) -> Path {
        Path(
            points
                .windows(2)
                .map(|w| Rect {
                    x0: w[0].0.min(w[1].0),
                    y0: w[0].1.min(w[1].1),
                    x1: w[0].0.max(w[1].0),
                    y1: w[0].1.max(w[1].1),
                })
                .collect(),
        )
    }

    /// Whether any segment passes through `rect`.
    pub fn crosses(&self, rect: &Rect) -> bool {
        let first = self.0.partition_point(|s| s.x1 < rect.x0);
        self.0[first..]
            .iter()
            .take_while(|s| s.x0 <= rect.x1)
            .any(|s| s.overlaps(rect, 0.0))
    }
}

/// Escapes text for HTML element content and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_come_from_the_table() {
        assert!((width("0", 10.0) - 6.36).abs() < 1e-9);
        assert!((width("é", 10.0) - 10.0).abs() < 1e-9);
        assert!(width("WWW", 12.0) > width("iii", 12.0));
    }

    #[test]
    fn long_texts_are_cut_to_fit_with_an_ellipsis() {
        assert_eq!(fit("short", 12.0, 200.0), ("short".to_owned(), false));
        let (cut, was) = fit(&"word ".repeat(40), 12.0, 100.0);
        assert!(was && cut.ends_with('…') && width(&cut, 12.0) <= 100.0, "{cut}");
        let (cut, was) = fit_path("a/very/long/path/to/agents/learnings.md", 12.0, 120.0);
        assert!(
            was && cut.starts_with('…') && cut.ends_with("learnings.md"),
            "{cut}"
        );
        assert!(width(&cut, 12.0) <= 120.0);
    }

    #[test]
    fn boxes_that_touch_within_the_gap_overlap() {
        let a = Rect::text("label", 10.0, 0.0, 10.0, Anchor::Start);
        let b = Rect::text("label", 10.0, a.x1 + 1.0, 10.0, Anchor::Start);
        let c = Rect::text("label", 10.0, a.x1 + 3.0, 10.0, Anchor::Start);
        let mut taken = Taken::default();
        assert!(taken.take(a));
        assert!(!taken.take(b));
        assert!(taken.take(c));
    }
}
