//! The age histogram: entries by age in active days, the freshness threshold between the
//! young bars and the ones eligible by age.

use super::HealthReport;
use super::chart::WIDTH;
use super::chart::{AXIS_PX, Area, INK, ORANGE, Result, SKY, VERMILLION, plot_rect, text};
use super::labels;
use super::overlay::{CAPTION_ROOM, Overlay, RIGHT_MARGIN, Swatch};
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;

/// The age histogram alone, as a standalone SVG document.
pub fn ages_svg(report: &HealthReport) -> std::io::Result<String> {
    ages_svg_at(report, WIDTH)
}

/// The age histogram `width` pixels wide: the page draws a narrow one for phones.
pub fn ages_svg_at(report: &HealthReport, width: u32) -> std::io::Result<String> {
    super::chart::render((width, 320), |root| draw(root, report))
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

/// The gap kept between two tick labels, in pixels.
const TICK_GAP: f64 = 10.0;

pub(super) fn draw(root: &Area<'_, '_>, report: &HealthReport) -> Result<Overlay> {
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
    let y_max = highest + (highest * 3).div_ceil(4) + 1;
    let mut caption = format!(" ({} committed", ages.len());
    if uncommitted > 0 {
        caption.push_str(&format!(", {uncommitted} uncommitted not shown"));
    }
    caption.push(')');
    let mut overlay = Overlay::default();
    let width = f64::from(root.dim_in_pixel().0);
    let what = if width < 600.0 {
        "Entries by age"
    } else {
        "Entries by age in active days"
    };
    overlay.caption(what, &caption, width);
    let tick = |k: usize| match edges.get(k) {
        Some((a, b)) if a == b => a.to_string(),
        Some((a, b)) => format!("{a}-{b}"),
        None => String::new(),
    };
    // As many tick labels as fit side by side, the widest setting the pace; plotters spaces
    // them at least that far apart.
    let widest = (0..bins)
        .map(|k| labels::width(&tick(k), AXIS_PX))
        .fold(0.0, f64::max);
    let room = width - 14.0 - f64::from(RIGHT_MARGIN) - 70.0;
    let fit = (room / (widest + TICK_GAP)).floor() as usize;
    let mut chart = ChartBuilder::on(root)
        .margin(14)
        .margin_top(CAPTION_ROOM)
        .margin_right(RIGHT_MARGIN)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d((0..bins).into_segmented(), 0..y_max)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .bold_line_style(INK.mix(0.15))
        .light_line_style(TRANSPARENT)
        .axis_style(INK)
        .label_style(text(AXIS_PX))
        .axis_desc_style(text(AXIS_PX))
        .x_labels(bins.min(fit).max(1))
        .y_labels(y_max.min(8))
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(k) => tick(*k),
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
    chart.draw_series(
        (0..bins.min(fresh_bin))
            .filter(|&k| counts[k] > 0)
            .map(|k| bar(k, SKY)),
    )?;
    chart.draw_series(
        (fresh_bin..bins)
            .filter(|&k| counts[k] > 0)
            .map(|k| bar(k, ORANGE)),
    )?;
    chart.draw_series(DashedLineSeries::new(
        [
            (SegmentValue::Exact(fresh_bin), 0),
            (SegmentValue::Exact(fresh_bin), y_max),
        ],
        8,
        5,
        VERMILLION.stroke_width(2),
    ))?;
    let plot = plot_rect(chart.plotting_area());
    let legend = [
        (Swatch::Bar(SKY), format!("younger than {freshness} active days")),
        (
            Swatch::Bar(ORANGE),
            format!("{freshness}+ active days: eligible by age"),
        ),
        (
            Swatch::Dashed(VERMILLION),
            format!("freshness threshold: {freshness} active days"),
        ),
    ];
    overlay.legend(
        (plot.x1 - 10.0, plot.y0 + 10.0),
        true,
        &legend,
        plot.x1 - plot.x0 - 20.0,
    );
    Ok(overlay)
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
