//! What the charts draw themselves, over plotters' axes and series: the caption, the legend,
//! the consolidation markers and their labels.
//!
//! Plotters sizes text with a crude estimate and cannot attach an SVG `<title>` (the text a
//! browser shows on hover), so every text whose place depends on its width is written here, with
//! the widths of [`labels`](super::labels), and goes into the document just before `</svg>`.

use super::labels::{Anchor, FONT, Path, Rect, Taken, esc, fit, fit_path};
use plotters::style::RGBColor;
use std::fmt::Write as _;

/// Size of the caption, in pixels.
pub const CAPTION_PX: f64 = 17.0;
/// Size of the legend's and the labels' text, in pixels.
pub const LABEL_PX: f64 = 13.0;
/// Room above the plot for the caption, in pixels.
pub const CAPTION_ROOM: u32 = 44;

/// Room right of the plot, in pixels: half the widest tick label the x axis may end with.
pub const RIGHT_MARGIN: u32 = 48;

/// The legend's swatch for one series.
#[derive(Debug, Clone, Copy)]
pub enum Swatch {
    Line(RGBColor),
    Dashed(RGBColor),
    Triangle(RGBColor),
    Bar(RGBColor),
}

const PAD: f64 = 8.0;
const ROW: f64 = 20.0;
const SWATCH: f64 = 18.0;
/// The width a legend adds to its widest text: padding and swatch.
pub const LEGEND_CHROME: f64 = PAD * 2.0 + SWATCH + 6.0;

/// SVG elements to add to a chart, and the boxes their texts take.
#[derive(Debug, Default)]
pub struct Overlay {
    svg: String,
    /// Every box a text or the legend holds so far.
    pub taken: Taken,
}

fn hex(c: RGBColor) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

impl Overlay {
    /// The elements, ready to go before `</svg>`.
    pub fn into_svg(self) -> String {
        self.svg
    }

    /// Writes one text (baseline at `y`), with `hover` as its `<title>` when given. Does not
    /// check for room: the caller took the box already.
    pub fn text(&mut self, text: &str, px: f64, (x, y): (f64, f64), anchor: Anchor, hover: Option<&str>) {
        self.write_text(text, px, (x, y), anchor, hover, "");
    }

    fn write_text(
        &mut self,
        text: &str,
        px: f64,
        (x, y): (f64, f64),
        anchor: Anchor,
        hover: Option<&str>,
        extra: &str,
    ) {
        let title = hover.map_or(String::new(), |h| format!("<title>{}</title>", esc(h)));
        let _ = writeln!(
            self.svg,
            "<text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"{}\" font-family=\"{FONT}\" font-size=\"{px}\" fill=\"#333333\"{extra}>{title}{}</text>",
            anchor.svg(),
            esc(text)
        );
    }

    /// Takes the box of `text` and writes it, or does nothing and says so when the box is taken,
    /// crosses one of `lines` or leaves `within`.
    pub fn place(
        &mut self,
        text: &str,
        (x, y): (f64, f64),
        anchor: Anchor,
        within: &Rect,
        lines: &[Path],
        hover: Option<&str>,
    ) -> bool {
        let rect = Rect::text(text, LABEL_PX, x, y, anchor);
        if !rect.inside(within) || lines.iter().any(|l| l.crosses(&rect)) || !self.taken.take(rect) {
            return false;
        }
        // A halo in the background colour keeps the label legible where it crosses the line.
        let halo = " stroke=\"#FFFFFE\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\"";
        self.write_text(text, LABEL_PX, (x, y), anchor, hover, halo);
        true
    }

    /// The caption, centred over `width` pixels: `file` then `rest`; a file path too long for
    /// the width loses its start, and the whole caption is on hover.
    pub fn caption(&mut self, file: &str, rest: &str, width: f64) {
        let room = width - 28.0 - super::labels::width(rest, CAPTION_PX);
        let (path, cut) = fit_path(file, CAPTION_PX, room.max(60.0));
        let whole = format!("{file}{rest}");
        let (text, cut_again) = fit(&format!("{path}{rest}"), CAPTION_PX, width - 28.0);
        let hover = (cut || cut_again).then_some(whole.as_str());
        let at = (width / 2.0, 28.0);
        self.taken
            .take(Rect::text(&text, CAPTION_PX, at.0, at.1, Anchor::Middle));
        self.text(&text, CAPTION_PX, at, Anchor::Middle, hover);
    }

    /// The box of [`Overlay::legend`] with the same arguments.
    pub fn legend_rect((x, y): (f64, f64), right: bool, items: &[(Swatch, String)], room: f64) -> Rect {
        let items = fitted(items, room);
        let text_w = items
            .iter()
            .map(|(_, t, _)| super::labels::width(t, LABEL_PX))
            .fold(0.0, f64::max);
        let w = LEGEND_CHROME + text_w;
        let h = PAD * 2.0 + ROW * items.len() as f64 - (ROW - LABEL_PX);
        let x0 = if right { x - w } else { x };
        Rect {
            x0,
            y0: y,
            x1: x0 + w,
            y1: y + h,
        }
    }

    /// A legend box with its top-left or top-right corner at `(x, y)`, at most `room` wide (a
    /// text too long is cut, whole on hover); it takes its box.
    pub fn legend(&mut self, at: (f64, f64), right: bool, items: &[(Swatch, String)], room: f64) -> Rect {
        let rect = Self::legend_rect(at, right, items, room);
        self.taken.take(rect);
        let (x0, y, w, h) = (rect.x0, rect.y0, rect.x1 - rect.x0, rect.y1 - rect.y0);
        let _ = writeln!(
            self.svg,
            "<rect x=\"{x0:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" fill=\"#FFFFFE\" stroke=\"#333333\" stroke-opacity=\"0.4\"/>"
        );
        for (i, (swatch, text, cut)) in fitted(items, room).iter().enumerate() {
            let mid = y + PAD + ROW * i as f64 + LABEL_PX / 2.0;
            let sx = x0 + PAD;
            let shape = match swatch {
                Swatch::Line(c) => line(sx, mid, SWATCH, *c, ""),
                Swatch::Dashed(c) => line(sx, mid, SWATCH, *c, " stroke-dasharray=\"6 3\""),
                Swatch::Triangle(c) => triangle((sx + SWATCH / 2.0, mid), 6.0, *c, None),
                Swatch::Bar(c) => format!(
                    "<rect x=\"{sx:.1}\" y=\"{:.1}\" width=\"{SWATCH}\" height=\"10\" fill=\"{}\"/>",
                    mid - 5.0,
                    hex(*c)
                ),
            };
            let _ = writeln!(self.svg, "{shape}");
            let baseline = mid + LABEL_PX * 0.35;
            let hover = cut.then_some(items[i].1.as_str());
            self.text(
                text,
                LABEL_PX,
                (sx + SWATCH + 6.0, baseline),
                Anchor::Start,
                hover,
            );
        }
        rect
    }

    /// A filled triangle pointing up, centred on `at`, with `hover` as its `<title>`.
    pub fn marker(&mut self, at: (f64, f64), size: f64, colour: RGBColor, hover: &str) {
        let _ = writeln!(self.svg, "{}", triangle(at, size, colour, Some(hover)));
    }

    /// A thin line from `from` to `to`, in the text colour.
    pub fn leader(&mut self, from: (f64, f64), to: (f64, f64)) {
        let _ = writeln!(
            self.svg,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#333333\" stroke-opacity=\"0.5\"/>",
            from.0, from.1, to.0, to.1
        );
    }
}

/// The legend's texts cut to what a box `room` wide holds, and whether each was cut.
fn fitted(items: &[(Swatch, String)], room: f64) -> Vec<(Swatch, String, bool)> {
    let text_room = room - LEGEND_CHROME;
    items
        .iter()
        .map(|(swatch, text)| {
            let (shown, cut) = fit(text, LABEL_PX, text_room);
            (*swatch, shown, cut)
        })
        .collect()
}

fn line(x: f64, y: f64, len: f64, colour: RGBColor, extra: &str) -> String {
    format!(
        "<line x1=\"{x:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"{}\" stroke-width=\"2\"{extra}/>",
        x + len,
        hex(colour)
    )
}

fn triangle((x, y): (f64, f64), size: f64, colour: RGBColor, hover: Option<&str>) -> String {
    let h = size * 0.87;
    let points = format!(
        "{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
        x,
        y - h,
        x - size,
        y + h,
        x + size,
        y + h
    );
    match hover {
        Some(h) => format!(
            "<polygon points=\"{points}\" fill=\"{}\"><title>{}</title></polygon>",
            hex(colour),
            esc(h)
        ),
        None => format!("<polygon points=\"{points}\" fill=\"{}\"/>", hex(colour)),
    }
}
