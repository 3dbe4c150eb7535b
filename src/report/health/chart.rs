//! The two charts of the health report, drawn as SVG by plotters.
//!
//! Colours are the Okabe-Ito palette, which stays distinct for every common colour-vision
//! deficiency; the threshold lines are dashed as well, so nothing relies on colour alone. Text
//! and axes are drawn in [`INK`] and the legend box in [`PAPER`]: two colours nothing else
//! uses, so a `prefers-color-scheme: dark` rule can swap exactly them ([`DARK_CSS`]). Text is
//! laid out with plotters' built-in metrics, not system fonts, so the bytes never depend on the
//! machine.

use super::HealthReport;
use crate::policy::size::SizePoint;
use chrono::NaiveDate;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::io;

/// Chart width in pixels: legible at 800 px as the issue asks.
pub const WIDTH: u32 = 800;

const BLUE: RGBColor = RGBColor(0x00, 0x72, 0xB2);
const VERMILLION: RGBColor = RGBColor(0xD5, 0x5E, 0x00);
const GREEN: RGBColor = RGBColor(0x00, 0x9E, 0x73);
const ORANGE: RGBColor = RGBColor(0xE6, 0x9F, 0x00);
const SKY: RGBColor = RGBColor(0x56, 0xB4, 0xE9);
/// Text and axes.
const INK: RGBColor = RGBColor(0x33, 0x33, 0x33);
/// The legend's background.
const PAPER: RGBColor = RGBColor(0xFF, 0xFF, 0xFE);
const FONT: &str = "sans-serif";

/// Swaps [`INK`] and [`PAPER`] for a dark page, and the blue line for Okabe-Ito's sky blue,
/// which keeps its contrast on a dark background; the HTML report and each SVG carry it.
pub const DARK_CSS: &str = "@media (prefers-color-scheme: dark) {\
 [fill=\"#333333\"] { fill: #E8E8E8; } [stroke=\"#333333\"] { stroke: #E8E8E8; }\
 [fill=\"#FFFFFE\"] { fill: #1B1B1B; }\
 [fill=\"#0072B2\"] { fill: #56B4E9; } [stroke=\"#0072B2\"] { stroke: #56B4E9; } }";

/// Consolidations labelled with their date and count; older ones keep only their marker.
const LABELLED: usize = 8;

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// The size chart alone, as a standalone SVG document.
pub fn size_svg(report: &HealthReport) -> io::Result<String> {
    render(360, |root| draw_size(root, report))
}

/// The age histogram alone, as a standalone SVG document.
pub fn ages_svg(report: &HealthReport) -> io::Result<String> {
    render(320, |root| draw_ages(root, report))
}

fn render(
    height: u32,
    draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, plotters::coord::Shift>) -> Result<()>,
) -> io::Result<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        draw(&root).map_err(|e| io::Error::other(e.to_string()))?;
        root.present().map_err(|e| io::Error::other(e.to_string()))?;
    }
    // The dark-theme rule goes right after the opening tag, so the SVG works alone too.
    let Some(end) = svg.find(">\n") else {
        return Ok(svg);
    };
    svg.insert_str(end + 2, &format!("<style>{DARK_CSS}</style>\n"));
    Ok(svg)
}

fn text(size: u32) -> TextStyle<'static> {
    (FONT, size).into_font().color(&INK)
}

fn day(date: NaiveDate) -> i32 {
    date.num_days_from_ce()
}

fn date(day: i32) -> String {
    NaiveDate::from_num_days_from_ce_opt(day).map_or_else(String::new, |d| d.to_string())
}

use chrono::Datelike;

fn draw_size(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    report: &HealthReport,
) -> Result<()> {
    let size = report.plan.thresholds.size;
    let history = &report.history;
    let caption = format!("{}: lines at each commit that changed it", report.file);
    let (Some(first), Some(last)) = (history.first(), history.last()) else {
        root.draw(&Text::new(
            format!("{}: no committed history yet", report.file),
            (20, 40),
            text(16),
        ))?;
        return Ok(());
    };
    let start = day(first.date);
    let end = day(report.as_of.unwrap_or(last.date).max(last.date));
    let pad = ((end - start) / 40).max(1);
    let top = history.iter().map(|p| p.lines).max().unwrap_or(0).max(size);
    // Headroom above the highest line keeps the legend off the data and the trigger.
    let y_max = top + top * 9 / 20 + 1;
    let mut chart = ChartBuilder::on(root)
        .caption(caption, text(21))
        .margin(14)
        .x_label_area_size(34)
        .y_label_area_size(70)
        .build_cartesian_2d((start - pad)..(end + pad), 0..y_max)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .bold_line_style(INK.mix(0.15))
        .light_line_style(TRANSPARENT)
        .axis_style(INK)
        .label_style(text(16))
        .axis_desc_style(text(16))
        .x_labels(6)
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
    chart
        .draw_series(LineSeries::new(steps, BLUE.stroke_width(2)))?
        .label("lines")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], BLUE.stroke_width(2)));
    if history.len() <= 200 {
        chart.draw_series(
            history
                .iter()
                .map(|p| Circle::new((day(p.date), p.lines), 3, BLUE.filled())),
        )?;
    }
    chart
        .draw_series(DashedLineSeries::new(
            [(start - pad, size), (end + pad, size)],
            8,
            5,
            VERMILLION.stroke_width(2),
        ))?
        .label(format!("size trigger: {size} lines"))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], VERMILLION.stroke_width(2)));

    let consolidations: Vec<(usize, &SizePoint)> = history
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_consolidation())
        .collect();
    let label = format!(
        "consolidation ({}): date, entries that left",
        consolidations.len()
    );
    chart
        .draw_series(consolidations.iter().map(|&(i, p)| {
            let before = history[i.saturating_sub(1)].lines;
            TriangleMarker::new((day(p.date), before.max(p.lines)), 7, GREEN.filled())
        }))?
        .label(label)
        .legend(|(x, y)| TriangleMarker::new((x + 9, y), 6, GREEN.filled()));
    let labelled = consolidations.len().saturating_sub(LABELLED);
    let right_edge = end - (end - start) / 4;
    for &(i, p) in &consolidations[labelled..] {
        let before = history[i.saturating_sub(1)].lines;
        let x = day(p.date);
        let anchor = if x > right_edge { HPos::Right } else { HPos::Left };
        let words = match p.removed.len() {
            1 => "1 entry left".to_owned(),
            n => format!("{n} entries left"),
        };
        let style = text(15).pos(Pos::new(anchor, VPos::Bottom));
        chart.draw_series(std::iter::once(Text::new(
            format!("{}: {words}", p.date),
            (x, before.max(p.lines) + y_max / 40 + 1),
            style,
        )))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font(text(16))
        .background_style(PAPER)
        .border_style(INK.mix(0.4))
        .draw()?;
    Ok(())
}

/// The most bars the histogram draws.
const MAX_BARS: usize = 30;

/// The histogram's bars as inclusive ranges of age: one day each while that makes at most
/// [`MAX_BARS`]; otherwise the young ones share the first bar and the eligible ones are spread
/// evenly over the rest, so no bar ever straddles the freshness age.
fn bins(max_age: usize, freshness: usize) -> Vec<(usize, usize)> {
    if max_age < MAX_BARS {
        return (0..=max_age).map(|a| (a, a)).collect();
    }
    let mut bins = Vec::with_capacity(MAX_BARS);
    if freshness > 0 {
        bins.push((0, freshness - 1));
    }
    let width = (max_age + 1 - freshness).div_ceil(MAX_BARS - bins.len());
    let mut start = freshness;
    while start <= max_age {
        bins.push((start, start + width - 1));
        start += width;
    }
    bins
}

fn draw_ages(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    report: &HealthReport,
) -> Result<()> {
    let freshness = report.plan.thresholds.freshness;
    let ages: Vec<usize> = report
        .entries
        .iter()
        .filter(|e| !e.uncommitted())
        .map(|e| e.age)
        .collect();
    let uncommitted = report.entries.len() - ages.len();
    let max_age = ages.iter().copied().max().unwrap_or(0).max(freshness);
    let edges = bins(max_age, freshness);
    let bins = edges.len();
    let mut counts = vec![0usize; bins];
    for age in &ages {
        counts[edges.partition_point(|&(_, end)| end < *age)] += 1;
    }
    let fresh_bin = edges.partition_point(|&(start, _)| start < freshness);
    let highest = counts.iter().copied().max().unwrap_or(0);
    let y_max = highest + highest.div_ceil(2) + 1;
    let mut caption = format!("Entries by age in active days ({} committed", ages.len());
    if uncommitted > 0 {
        caption.push_str(&format!(", {uncommitted} uncommitted not shown"));
    }
    caption.push(')');
    let mut chart = ChartBuilder::on(root)
        .caption(caption, text(21))
        .margin(14)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d((0..bins).into_segmented(), 0..y_max)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .bold_line_style(INK.mix(0.15))
        .light_line_style(TRANSPARENT)
        .axis_style(INK)
        .label_style(text(16))
        .axis_desc_style(text(16))
        .x_labels(if edges.iter().all(|(a, b)| a == b) {
            bins.min(16)
        } else {
            8
        })
        .y_labels(y_max.min(10))
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(k) => match edges.get(*k) {
                Some((a, b)) if a == b => a.to_string(),
                Some((a, b)) => format!("{a}-{b}"),
                None => String::new(),
            },
            _ => String::new(),
        })
        .x_desc("age (active days)")
        .y_desc("entries")
        .draw()?;
    let bar = |k: usize, colour: RGBColor| {
        let mut r = Rectangle::new(
            [
                (SegmentValue::Exact(k), 0),
                (SegmentValue::Exact(k + 1), counts[k]),
            ],
            colour.filled(),
        );
        r.set_margin(0, 0, 3, 3);
        r
    };
    chart
        .draw_series(
            (0..bins.min(fresh_bin))
                .filter(|&k| counts[k] > 0)
                .map(|k| bar(k, SKY)),
        )?
        .label(format!("younger than {freshness} active days"))
        .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 18, y + 5)], SKY.filled()));
    chart
        .draw_series(
            (fresh_bin..bins)
                .filter(|&k| counts[k] > 0)
                .map(|k| bar(k, ORANGE)),
        )?
        .label(format!("{freshness}+ active days: eligible by age"))
        .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 18, y + 5)], ORANGE.filled()));
    chart
        .draw_series(DashedLineSeries::new(
            [
                (SegmentValue::Exact(fresh_bin), 0),
                (SegmentValue::Exact(fresh_bin), y_max),
            ],
            8,
            5,
            VERMILLION.stroke_width(2),
        ))?
        .label(format!("freshness threshold: {freshness} active days"))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], VERMILLION.stroke_width(2)));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .label_font(text(16))
        .background_style(PAPER)
        .border_style(INK.mix(0.4))
        .draw()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn bars_span_one_day_until_there_would_be_too_many() {
        assert_eq!(super::bins(2, 7), vec![(0, 0), (1, 1), (2, 2)]);
        assert_eq!(super::bins(29, 7).len(), 30);
        let wide = super::bins(300, 7);
        assert_eq!(wide[0], (0, 6));
        assert_eq!(wide[1].0, 7);
        assert!(wide.len() <= super::MAX_BARS);
        assert!(wide.last().is_some_and(|&(_, end)| end >= 300));
        assert_eq!(super::bins(40, 0)[0], (0, 1));
    }
}
