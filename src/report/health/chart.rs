//! The two charts of the health report, drawn as SVG by plotters.
//!
//! Colours are the Okabe-Ito palette, which stays distinct for every common colour-vision
//! deficiency; the threshold lines are dashed as well, so nothing relies on colour alone. Text
//! and axes are drawn in [`INK`] and the legend box in `#FFFFFE`: two colours nothing else
//! uses, so a `prefers-color-scheme: dark` rule can swap exactly them ([`DARK_CSS`]).
//!
//! Plotters draws the axes and the series; the caption, the legend, the consolidation markers
//! and their labels are [`Overlay`]s, placed with a fixed width table ([`labels`](super::labels))
//! so no two texts overlap however long the history, and the bytes never depend on the machine.

use super::HealthReport;
use super::labels::{self, Anchor, FONT, Path, Rect};
use super::overlay::{CAPTION_ROOM, LABEL_PX, LEGEND_CHROME, Overlay, RIGHT_MARGIN, Swatch};
use crate::policy::size::SizePoint;
use chrono::Datelike;
use chrono::NaiveDate;
use plotters::coord::CoordTranslate;
use plotters::prelude::*;
use std::io;

/// Chart width in pixels: legible at 800 px as the issue asks.
pub const WIDTH: u32 = 800;
/// The width of the charts the page shows on a phone, drawn at its size so text stays legible.
pub const NARROW: u32 = 400;

pub(super) const BLUE: RGBColor = RGBColor(0x00, 0x72, 0xB2);
pub(super) const VERMILLION: RGBColor = RGBColor(0xD5, 0x5E, 0x00);
pub(super) const GREEN: RGBColor = RGBColor(0x00, 0x9E, 0x73);
pub(super) const ORANGE: RGBColor = RGBColor(0xE6, 0x9F, 0x00);
pub(super) const SKY: RGBColor = RGBColor(0x56, 0xB4, 0xE9);
/// Text and axes.
pub(super) const INK: RGBColor = RGBColor(0x33, 0x33, 0x33);

/// Swaps [`INK`] and the legend's `#FFFFFE` for a dark page, and the blue line for Okabe-Ito's sky blue,
/// which keeps its contrast on a dark background; the HTML report and each SVG carry it.
pub const DARK_CSS: &str = "@media (prefers-color-scheme: dark) {\
 [fill=\"#333333\"] { fill: #E8E8E8; } [stroke=\"#333333\"] { stroke: #E8E8E8; }\
 [fill=\"#FFFFFE\"] { fill: #1B1B1B; } [stroke=\"#FFFFFE\"] { stroke: #1B1B1B; }\
 [fill=\"#0072B2\"] { fill: #56B4E9; } [stroke=\"#0072B2\"] { stroke: #56B4E9; } }";

/// The most consolidations labelled with their number, date and count; the others keep their
/// marker, whose hover says the same, and the page's table lists them all.
const LABELLED: usize = 8;

/// How many titles a marker's hover lists, and how long each may be.
const HOVER_TITLES: usize = 5;
const HOVER_CHARS: usize = 120;

/// How many rows above its marker a label may climb, a leader line joining them.
const ROWS: u32 = 12;

pub(super) type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

pub(super) type Area<'a, 'b> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;

/// The size chart alone, as a standalone SVG document.
pub fn size_svg(report: &HealthReport) -> io::Result<String> {
    size_svg_at(report, WIDTH)
}

/// The size chart `width` pixels wide: the page draws a narrow one for phones.
pub fn size_svg_at(report: &HealthReport, width: u32) -> io::Result<String> {
    render((width, 360), |root| draw_size(root, report))
}

/// A chart `width` × `height` drawn by `draw`, with its overlay and the dark-theme rule.
pub(super) fn render(
    (width, height): (u32, u32),
    draw: impl FnOnce(&Area<'_, '_>) -> Result<Overlay>,
) -> io::Result<String> {
    let mut svg = String::new();
    let overlay = {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        let overlay = draw(&root).map_err(|e| io::Error::other(e.to_string()))?;
        root.present().map_err(|e| io::Error::other(e.to_string()))?;
        overlay
    };
    if let Some(end) = svg.rfind("</svg>") {
        svg.insert_str(end, &overlay.into_svg());
    }
    // The dark-theme rule goes right after the opening tag, so the SVG works alone too.
    let Some(end) = svg.find(">\n") else {
        return Ok(svg);
    };
    svg.insert_str(end + 2, &format!("<style>{DARK_CSS}</style>\n"));
    Ok(svg)
}

/// The size of the axes' text, in pixels: one whose round trip through plotters' 1.24 factor
/// writes a short number (13 would come out as 13.000000000000002).
pub(super) const AXIS_PX: f64 = 12.5;

/// Plotters' text at `px` pixels: its SVG backend writes the size divided by 1.24.
pub(super) fn text(px: f64) -> TextStyle<'static> {
    (FONT, px * 1.24).into_font().color(&INK)
}

/// The plot area's pixels.
pub(super) fn plot_rect<DB: DrawingBackend, CT: CoordTranslate>(area: &DrawingArea<DB, CT>) -> Rect {
    let (x, y) = area.get_pixel_range();
    Rect {
        x0: f64::from(x.start),
        y0: f64::from(y.start),
        x1: f64::from(x.end),
        y1: f64::from(y.end),
    }
}

/// How many dates fit side by side under a plot in a chart `width` wide, at most six.
fn date_ticks(width: f64) -> usize {
    let plot = width - 14.0 - f64::from(RIGHT_MARGIN) - 70.0;
    let date = labels::width("2026-12-31", AXIS_PX) + 16.0;
    ((plot / date).floor() as usize).clamp(1, 6)
}

fn day(date: NaiveDate) -> i32 {
    date.num_days_from_ce()
}

fn date(day: i32) -> String {
    NaiveDate::from_num_days_from_ce_opt(day).map_or_else(String::new, |d| d.to_string())
}

fn draw_size(root: &Area<'_, '_>, report: &HealthReport) -> Result<Overlay> {
    let size = report.plan.thresholds.size;
    let history = &report.history;
    let mut overlay = Overlay::default();
    let width = f64::from(root.dim_in_pixel().0);
    let (Some(first), Some(last)) = (history.first(), history.last()) else {
        overlay.caption(&report.file, ": no committed history yet", width);
        return Ok(overlay);
    };
    let rest = if width < 600.0 {
        ": lines per commit"
    } else {
        ": lines at each commit that changed it"
    };
    overlay.caption(&report.file, rest, width);
    let start = day(first.date);
    let end = day(report.as_of.unwrap_or(last.date).max(last.date));
    let pad = ((end - start) / 40).max(1);
    let top = history.iter().map(|p| p.lines).max().unwrap_or(0).max(size);
    // Headroom above the highest line keeps the legend and the labels off the data.
    let y_max = top + top * 3 / 5 + 1;
    let mut chart = ChartBuilder::on(root)
        .margin(14)
        .margin_top(CAPTION_ROOM)
        .margin_right(RIGHT_MARGIN)
        .x_label_area_size(34)
        .y_label_area_size(70)
        .build_cartesian_2d((start - pad)..(end + pad), 0..y_max)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .bold_line_style(INK.mix(0.15))
        .light_line_style(TRANSPARENT)
        .axis_style(INK)
        .label_style(text(AXIS_PX))
        .axis_desc_style(text(AXIS_PX))
        .x_labels(date_ticks(width))
        .y_labels(8)
        .x_label_formatter(&|d| date(*d))
        .y_desc("lines")
        .draw()?;

    let mut steps = Vec::with_capacity(history.len() * 2 + 1);
    for (i, p) in history.iter().enumerate() {
        if i > 0 {
            steps.push((day(p.date), history[i - 1].lines));
        }
        steps.push((day(p.date), p.lines));
    }
    steps.push((end, last.lines));
    let pixels = |points: &[(i32, usize)]| -> Vec<(f64, f64)> {
        points
            .iter()
            .map(|p| {
                let (x, y) = chart.backend_coord(p);
                (f64::from(x), f64::from(y))
            })
            .collect()
    };
    let lines = [
        Path::through(&pixels(&steps)),
        Path::through(&pixels(&[(start - pad, size), (end + pad, size)])),
    ];
    chart.draw_series(LineSeries::new(steps, BLUE.stroke_width(2)))?;
    if history.len() <= 200 {
        chart.draw_series(
            history
                .iter()
                .map(|p| Circle::new((day(p.date), p.lines), 3, BLUE.filled())),
        )?;
    }
    chart.draw_series(DashedLineSeries::new(
        [(start - pad, size), (end + pad, size)],
        8,
        5,
        VERMILLION.stroke_width(2),
    ))?;

    let plot = plot_rect(chart.plotting_area());
    let consolidations: Vec<Consolidation> = history
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_consolidation())
        .enumerate()
        .map(|(n, (i, p))| {
            let before = history[i.saturating_sub(1)].lines;
            let (x, y) = chart.backend_coord(&(day(p.date), before.max(p.lines)));
            Consolidation {
                number: n + 1,
                point: p,
                at: (f64::from(x), f64::from(y)),
            }
        })
        .collect();
    let mut legend = vec![
        (Swatch::Line(BLUE), "lines".to_owned()),
        (Swatch::Dashed(VERMILLION), format!("size trigger: {size} lines")),
    ];
    if !consolidations.is_empty() {
        legend.push((Swatch::Triangle(GREEN), String::new()));
    }
    let count = consolidations.len();
    // Many markers shrink, so the line stays visible between them.
    let marker = if count > 40 { 4.5 } else { 7.0 };
    for c in &consolidations {
        overlay.marker(c.at, marker, GREEN, &c.hover());
    }
    let labelled = label_consolidations(&mut overlay, &consolidations, &plot, &lines, &mut legend);
    if let Some(item) = legend.get_mut(2) {
        item.1 = if labelled == count {
            format!("consolidation ({count}): number, date, entries that left")
        } else {
            format!("consolidation ({count}): {labelled} labelled, largest first")
        };
        // A narrow chart says the count alone rather than a cut sentence.
        if labels::width(&item.1, LABEL_PX) > plot.x1 - plot.x0 - 20.0 - LEGEND_CHROME {
            item.1 = format!("consolidation ({count})");
        }
    }
    overlay.legend(
        (plot.x0 + 10.0, plot.y0 + 10.0),
        false,
        &legend,
        plot.x1 - plot.x0 - 20.0,
    );
    Ok(overlay)
}

/// One consolidation marker: its number (1 the oldest), its version, where it is drawn.
struct Consolidation<'a> {
    number: usize,
    point: &'a SizePoint,
    at: (f64, f64),
}

impl Consolidation<'_> {
    fn words(&self) -> String {
        match self.point.removed.len() {
            1 => "1 entry left".to_owned(),
            n => format!("{n} entries left"),
        }
    }

    fn label(&self) -> String {
        format!("#{} {}: {}", self.number, self.point.date, self.words())
    }

    /// The label with the titles that left: the first [`HOVER_TITLES`], each cut to
    /// [`HOVER_CHARS`]; the page's table has them all.
    fn hover(&self) -> String {
        let removed = &self.point.removed;
        let shown: Vec<String> = removed
            .iter()
            .take(HOVER_TITLES)
            .map(|t| crate::base::words::cut(t, HOVER_CHARS))
            .collect();
        let mut hover = format!("{}: {}", self.label(), shown.join("; "));
        if removed.len() > HOVER_TITLES {
            hover.push_str(&format!("; and {} more", removed.len() - HOVER_TITLES));
        }
        hover
    }
}

/// Labels the largest consolidations (then the newest) where a label fits: above its marker,
/// starting or ending there, up to [`ROWS`] rows up; never over another label, the legend, the
/// line or the size trigger. The
/// legend's box is reserved first (its third text is not known yet, so the longest wording is).
/// Returns how many were labelled.
fn label_consolidations(
    overlay: &mut Overlay,
    consolidations: &[Consolidation],
    plot: &Rect,
    lines: &[Path],
    legend: &mut [(Swatch, String)],
) -> usize {
    let mut widest = legend.to_vec();
    if let Some(item) = widest.get_mut(2) {
        item.1 = format!(
            "consolidation ({}): number, date, entries that left",
            consolidations.len()
        );
    }
    let room = plot.x1 - plot.x0 - 20.0;
    let reserve = Overlay::legend_rect((plot.x0 + 10.0, plot.y0 + 10.0), false, &widest, room);
    overlay.taken.take(reserve);
    let mut order: Vec<&Consolidation> = consolidations.iter().collect();
    order.sort_by_key(|c| {
        (
            std::cmp::Reverse(c.point.removed.len()),
            std::cmp::Reverse(c.number),
        )
    });
    let row = LABEL_PX + 4.0;
    let mut labelled = 0;
    for c in order {
        if labelled == LABELLED {
            break;
        }
        let (x, y) = c.at;
        let hover = c.hover();
        // The whole label where it fits, else its number alone, which the page's table repeats.
        let placed = [c.label(), format!("#{}", c.number)].iter().any(|text| {
            (0..ROWS).any(|level| {
                let baseline = y - 11.0 - row * f64::from(level);
                // A label above its row joins its marker by a leader, which must cross no label.
                let leader = Rect {
                    x0: x - 0.5,
                    y0: baseline + 4.0,
                    x1: x + 0.5,
                    y1: y - 6.0,
                };
                if level > 0 && !overlay.taken.is_free(&leader) {
                    return false;
                }
                let spots = [(x - 4.0, Anchor::Start), (x + 4.0, Anchor::End)];
                let done = spots.into_iter().any(|(lx, anchor)| {
                    overlay.place(text, (lx, baseline), anchor, plot, lines, Some(&hover))
                });
                if done && level > 0 {
                    overlay.taken.take(leader);
                    overlay.leader((x, leader.y1), (x, leader.y0));
                }
                done
            })
        });
        if placed {
            labelled += 1;
        }
    }
    labelled
}
