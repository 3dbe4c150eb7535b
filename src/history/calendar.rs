//! The calendar of active days: the distinct dates of all commits reachable from HEAD.

use super::{DateKind, Error, Repository, git_error, local_date};
use chrono::NaiveDate;
use gix::ObjectId;
use gix::objs::{CommitRef, FindExt};
use std::collections::{BTreeSet, HashSet};

/// Sorted distinct commit dates, each in its commit's own offset.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Calendar {
    dates: Vec<NaiveDate>,
}

impl Calendar {
    /// A calendar from any dates (duplicates and order do not matter).
    pub fn from_dates(dates: impl IntoIterator<Item = NaiveDate>) -> Self {
        let set: BTreeSet<NaiveDate> = dates.into_iter().collect();
        Calendar {
            dates: set.into_iter().collect(),
        }
    }

    /// Active days strictly after `date`: the age of something that happened on `date`.
    pub fn days_after(&self, date: NaiveDate) -> usize {
        self.dates.len() - self.dates.partition_point(|&d| d <= date)
    }

    /// The newest active day.
    pub fn last(&self) -> Option<NaiveDate> {
        self.dates.last().copied()
    }

    /// How many active days there are.
    pub fn len(&self) -> usize {
        self.dates.len()
    }

    /// The active days, oldest first.
    pub fn dates(&self) -> &[NaiveDate] {
        &self.dates
    }

    /// Whether there are no commits at all.
    pub fn is_empty(&self) -> bool {
        self.dates.is_empty()
    }
}

impl Repository {
    /// Reads the date of every commit reachable from `head` (all parents, not only the first).
    pub fn calendar(&self, head: ObjectId, kind: DateKind) -> Result<Calendar, Error> {
        let err = git_error(&self.root);
        let mut seen: HashSet<ObjectId> = HashSet::new();
        let mut stack = vec![head];
        let mut dates = BTreeSet::new();
        let mut buf = Vec::new();
        let progress = crate::base::progress::start("reading commit dates", None);
        while let Some(id) = stack.pop() {
            if !seen.insert(id) {
                continue;
            }
            progress.step();
            let data = self.repo.objects.find(&id, &mut buf).map_err(&err)?;
            let commit = CommitRef::from_bytes(data.data, data.object_hash).map_err(&err)?;
            dates.insert(date_of(&commit, kind).map_err(|e| git_error(&self.root)(&*e))?);
            if !self.shallow.contains(&id) {
                stack.extend(commit.parents().filter(|p| !seen.contains(p)));
            }
        }
        Ok(Calendar {
            dates: dates.into_iter().collect(),
        })
    }
}

impl Repository {
    /// The dates of the commits reachable from `head` but not from `known` (an ancestor whose
    /// calendar is known): with it, `head`'s calendar. gix paints the two histories as git
    /// does; a commit it cannot rule out counts again, which adds no day the calendar of
    /// `known` lacks.
    pub fn dates_since(
        &self,
        head: ObjectId,
        known: ObjectId,
        kind: DateKind,
    ) -> Result<Vec<NaiveDate>, Error> {
        if let Some(dates) = self.linear_dates_since(head, known, kind)? {
            return Ok(dates);
        }
        let err = git_error(&self.root);
        let walk = self
            .repo
            .rev_walk([head])
            .with_hidden([known])
            .all()
            .map_err(&err)?;
        let mut dates = BTreeSet::new();
        let mut buf = Vec::new();
        for info in walk {
            let info = info.map_err(&err)?;
            let data = self.repo.objects.find(&info.id, &mut buf).map_err(&err)?;
            let commit = CommitRef::from_bytes(data.data, data.object_hash).map_err(&err)?;
            dates.insert(date_of(&commit, kind).map_err(|e| git_error(&self.root)(&*e))?);
        }
        Ok(dates.into_iter().collect())
    }
}

impl Repository {
    /// The dates of the commits from `head` down to `known` (excluded) when none of them is a
    /// merge: then they are all the commits `known` cannot reach, read without the painting walk
    /// (which, ordered by commit time, wandered far back for a commit dated before its parent).
    fn linear_dates_since(
        &self,
        head: ObjectId,
        known: ObjectId,
        kind: DateKind,
    ) -> Result<Option<Vec<NaiveDate>>, Error> {
        let err = git_error(&self.root);
        let mut dates = Vec::new();
        let mut buf = Vec::new();
        let mut current = head;
        for _ in 0..LINEAR_LIMIT {
            if current == known {
                return Ok(Some(dates));
            }
            let data = self.repo.objects.find(&current, &mut buf).map_err(&err)?;
            let commit = CommitRef::from_bytes(data.data, data.object_hash).map_err(&err)?;
            dates.push(date_of(&commit, kind).map_err(|e| git_error(&self.root)(&*e))?);
            let mut parents = commit.parents();
            match (parents.next(), parents.next()) {
                (Some(parent), None) => current = parent,
                _ => return Ok(None),
            }
        }
        Ok(None)
    }
}

/// Commits followed down to a checkpoint before the painting walk takes over.
const LINEAR_LIMIT: usize = 10_000;

/// The date of `commit` that `kind` names, in the commit's own offset.
fn date_of(
    commit: &CommitRef<'_>,
    kind: DateKind,
) -> Result<NaiveDate, Box<dyn std::error::Error + Send + Sync>> {
    let signature = match kind {
        DateKind::Author => commit.author(),
        DateKind::Committer => commit.committer(),
    }?;
    let time = signature.time()?;
    Ok(local_date(time.seconds, time.offset))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        s.parse().expect("date")
    }

    #[test]
    fn age_counts_active_days_strictly_after() {
        let cal = Calendar::from_dates([d("2024-01-01"), d("2024-01-03"), d("2024-01-03"), d("2024-01-09")]);
        assert_eq!(cal.len(), 3);
        assert_eq!(cal.days_after(d("2024-01-09")), 0);
        assert_eq!(cal.days_after(d("2024-01-03")), 1);
        assert_eq!(cal.days_after(d("2024-01-02")), 2);
        assert_eq!(cal.days_after(d("2023-12-31")), 3);
    }
}
